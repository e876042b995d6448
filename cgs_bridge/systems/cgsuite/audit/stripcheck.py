"""Judging programs whose positions are strips of coins (issue 47): CGSuite's
``game.strip.Turning(code)`` (read from CGSuite's own ``Turning.cgs`` and ``StripRuleset.cgs``)
and any program class whose positions hold one ``Strip`` of coins (0 tails, 1 heads).

The rule (Winning Ways ch. 14, "Turning Turtles"; Turning.cgs, "The Heap Representation"): in
normal play a strip with heads at the coins ``H`` (numbered from 1) is the disjunctive sum of the
heaps ``h`` in ``H`` of the spec's heap game, since two equal heaps sum to 0; so

- its Grundy value is the nim-sum of the spec's values of the heaps in ``H``;
- its options are the spec's moves from one heap ``h`` in ``H`` with parity collapse: the move of
  heap ``h`` to the heaps ``a, b`` is the strip ``H`` with the coins ``h``, ``a`` and ``b`` turned.

Every strip judged (those whose value the program asked for, and with ``--bound N`` every strip of
coins of length at most ``N``) has its value and its option set (mapped to sets of heads) compared
with the spec's. A strip with an entry other than 0 and 1, an option that is not a strip of the
same class, a spec that is not a heap game, or several strip rulesets in one run cannot be judged:
an error check naming it. Misère play is refused where it is asked
(``cgscript.games.game_member``): a turning game's misère play is not its heap form's.
"""

from __future__ import annotations

import itertools

from cgs_bridge.foundation.errors import CgsBridgeError
from cgs_bridge.systems.auditing.judge import Check
from cgs_bridge.systems.cgsuite.cgscript.evaluator import PYTHON_ERRORS, error_text
from cgs_bridge.systems.cgsuite.cgscript.strips import Strip, heads
from cgs_bridge.systems.cgsuite.cgscript.values import GameObject

from .judge import rows_check

#: The longest strips ``--bound`` enumerates (2^(N+1) - 1 strips).
MAX_BOUND = 14


def judge_strip_values(interp, ruleset, box=None, printed: str | None = None) -> Check | None:
    """The check ``strips`` of one script run (None when the program valued no strip position).

    Args:
        interp: the interpreter after the run; ``interp.strip_values`` maps ``(class, ruleset
            instance)`` to ``{Strip: value the program asked for}``, ``interp.strip_games`` to a
            position of that class (the template the other strips are put in).
        ruleset: the spec (:class:`cgs_bridge.model.game.Ruleset`), a heap game of one coordinate.
        box: a :class:`solvers.Box` (``--bound N``): every strip of length at most ``N``; None:
            the strips the program valued.
        printed: ``--printed``: what the script printed is judged instead; strips that have no
            heap form (not coins, or a spec that is not a heap game) are then skipped, not errors.
    """
    check = _strip_check(interp, ruleset, box)
    if check is not None and printed and check.verdict == "error" and _NO_HEAP_FORM in check.summary:
        return Check("strips", "skipped", f"{check.summary}; what the script printed is judged (--printed {printed})")
    return check


_NO_HEAP_FORM = "no heap form"


def _strip_check(interp, ruleset, box) -> Check | None:
    asked = {k: dict(v) for k, v in interp.strip_values.items() if v}
    if not asked:
        return None
    names = ", ".join(sorted(_name(interp, interp.strip_games[k]) for k in asked))
    if len(asked) > 1:
        return Check("strips", "error", f"the program values strips of {len(asked)} rulesets or classes ({names}): "
                     "which one is the spec's game is not known; audit a program that values one")
    if ruleset.n != 1 or ruleset.takebreak is None:
        return Check("strips", "error", f"the program values strips ({names}), but the spec "
                     f"{ruleset.describe()} is not a heap game (spawn n into a, b): a strip of coins is judged "
                     f"against its heap form, and these strips have {_NO_HEAP_FORM} in this spec")
    key, values = next(iter(asked.items()))
    template = interp.strip_games[key]
    if box is not None:
        top = box.upper[0]
        if top > MAX_BOUND:
            return Check("strips", "error", f"--bound {top}: at most {MAX_BOUND} for strips (every strip of coins "
                         f"of length <= N is judged, 2^(N+1) - 1 of them)")
        box_strips = [Strip(bits) for n in range(top + 1) for bits in itertools.product((0, 1), repeat=n)]
        strips = box_strips + sorted(set(values) - set(box_strips), key=Strip.sort_key)  # and those valued
    else:
        strips = sorted(values, key=Strip.sort_key)
    try:
        return _judge(interp, ruleset, template, strips, values, names, box.upper[0] if box is not None else None)
    except (CgsBridgeError,) + PYTHON_ERRORS as e:
        return Check("strips", "error", f"evaluating a strip of {names}: {error_text(e)}")


def _judge(interp, ruleset, template, strips, values, names, whole) -> Check:
    from solvers import Box, solve
    bad = next((s for s in strips if heads(s) is None), None)
    if bad is not None:
        return Check("strips", "error", f"{bad} (a position of {names}) has an entry other than 0 (tails) and "
                     f"1 (heads): not a strip of coins, so it has {_NO_HEAP_FORM} to judge")
    top = max((len(s.entries) for s in strips), default=0)
    invalid = [h for h in range(1, top + 1) if not ruleset.is_valid((h,))]
    if invalid:
        return Check("strips", "error", f"heap {invalid[0]} is not a valid position of {ruleset.describe()}: "
                     "the coin there cannot be judged")
    try:
        sol = solve(ruleset, Box(tuple(ruleset.coords), (top,)))
    except CgsBridgeError as e:
        return Check("strips", "error", f"the spec cannot be solved up to heap {top}: {e}")
    rows = []
    for s in strips:
        g = _position(interp, template, s)
        h = heads(s)
        want = 0
        for c in h:
            want ^= sol.value((c,))
        got = values[s] if s in values else _value(interp, g)
        if got != want:
            rows.append({"position": str(s), "program": got, "spec": want,
                         "detail": f"value (heads at {_coins(h)})"})
        program, why = _program_options(interp, template, g)
        if program is None:
            return Check("strips", "error", f"an option of {_name(interp, g)} cannot be judged: {why}")
        spec = _spec_options(ruleset, h)
        for o in sorted(program - spec, key=sorted):
            rows.append({"position": str(s), "program": _coins(o), "spec": "", "detail": "program-only option (heads)"})
        for o in sorted(spec - program, key=sorted):
            rows.append({"position": str(s), "program": "", "spec": _coins(o), "detail": "spec-only option (heads)"})
    what = ("the strips the program valued" if whole is None
            else f"every strip of coins of length <= {whole}, and the strips the program valued")
    rule = "heads <-> heaps, a strip <-> the sum of its heaps, options with parity collapse"
    return rows_check("strips", rows,
                      f"{len(rows)} differences on {len(strips)} strips of {names} ({what}) against {ruleset.describe()} "
                      f"({rule})",
                      f"all {len(strips)} strips of {names} ({what}) have the spec's values and options "
                      f"({ruleset.describe()}; {rule}; normal play)",
                      lambda r: f"{r['position']}: {r['detail']}: program {r['program'] or '-'}, spec {r['spec'] or '-'}")


def _value(interp, g: GameObject) -> int:
    """The program's value of ``g``: its class's own ``NimValue`` (Turning's, from the heap form),
    else the mex recursion over its options (a ``Game`` class that is impartial on strips too)."""
    if interp.library.method(interp, interp.classes[g.cls], "NimValue", 0) is not None:
        return interp.games.game_member(interp, g, "NimValue", None, None)
    return interp.games.nim_value(interp, g)


def _position(interp, template: GameObject, s: Strip) -> GameObject:
    """``template`` with its strip replaced by ``s`` (its other fields and ruleset kept)."""
    return GameObject(template.cls, tuple((k, s if isinstance(v, Strip) else v) for k, v in template.fields),
                      template.outer)


def _program_options(interp, template, g):
    """``(set of frozensets of heads, None)`` for the options of ``g``, or ``(None, why)``."""
    out = set()
    for o in interp.games.options(interp, g):
        if not (isinstance(o, GameObject) and o.cls == template.cls and o.outer == template.outer):
            return None, f"{interp.builtins.show(interp, o)[:60]} is not a position of the same strip class"
        strip = next(v for _, v in o.fields if isinstance(v, Strip))
        h = heads(strip)
        if h is None:
            return None, f"{strip} has an entry other than 0 and 1"
        out.add(h)
    return out, None


def _spec_options(ruleset, h: frozenset) -> set:
    """The strips (sets of heads) the spec's moves from the sum of the heaps ``h`` reach, with
    parity collapse (a heap met twice is no heap)."""
    out = set()
    for c in h:
        for option in ruleset.option_set((c,)):
            new = set(h) ^ {c}
            for a in option:
                if int(a) != 0:
                    new ^= {int(a)}
            out.add(frozenset(new))
    return out


def _coins(h) -> str:
    return "{" + ",".join(str(c) for c in sorted(h)) + "}"


def _name(interp, g: GameObject) -> str:
    outer = g.outer
    if isinstance(outer, GameObject) and outer.fields:
        rules = next((v for _, v in outer.fields), None)
        return f"{interp.classes[outer.cls].name}({interp.builtins.show(interp, rules)})"
    return interp.classes[outer.cls].name if isinstance(outer, GameObject) else interp.classes[g.cls].name
