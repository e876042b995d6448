"""Judging take-and-break programs (issues 47 item 6 and 49 item 5): the heaps of a
``game.heap.TakeAndBreak`` ruleset whose values the program asked for (``R(n).NimValue``,
``MisereNimValue``, ``CanonicalForm``, ``HeapNimValue``, ``NimValueSequence``), compared heap by
heap with the spec (heap ``n`` is the spec's position ``(n,)``), and the options of a program's
own class that are sums of its positions (``K(a) + K(b)``), read as the heaps they leave.

The rule is the audit's (docs/audit.md, "Verdict rules"): agree only when every value the program
computed equals the spec's; a difference names the heap, both values and the ruleset; what cannot
be judged (a spec of more than one coordinate, several rulesets in one run, a spec that cannot be
solved that far) is an error check with its reason, never a verdict.
"""

from __future__ import annotations

from cgs_bridge.foundation.errors import CgsBridgeError
from cgs_bridge.systems.auditing.judge import EXAMPLES, Check
from cgs_bridge.systems.cgsuite.cgscript.heaprules import GameSum, HeapPosition
from cgs_bridge.systems.cgsuite.cgscript.values import GameObject

KINDS = {"normal": "nim value (NimValue, Grundy value)", "misere": "misère nim value (MisereNimValue)"}


def judge_heap_values(interp, ruleset) -> Check | None:
    """The check ``heaps`` of one script run (None when the program valued no TakeAndBreak heap).

    Args:
        interp: the :class:`~cgs_bridge.systems.cgsuite.cgscript.evaluator.Interpreter` after the
            run; ``interp.heap_values`` maps ``(code text, "normal"|"misere")`` to
            ``{heap size: value}``.
        ruleset: the spec (:class:`cgs_bridge.model.game.Ruleset`).
    """
    from solvers import Box, solve
    asked = {k: v for k, v in interp.heap_values.items() if v}
    if not asked:
        return None
    codes = sorted({code for code, _ in asked})
    named = ", ".join(codes)   # TakeAndBreak("0.77"), Spawning("1-3")
    if ruleset.n != 1:
        return Check("heaps", "error", f"the program values heaps of {named}, but the spec {ruleset.describe()} "
                     f"has {ruleset.n} coordinates ({', '.join(ruleset.coords)}): a heap is one coordinate")
    if len(codes) > 1:
        return Check("heaps", "error", f"the program values heaps of {len(codes)} rulesets ({named}): which "
                     "one is the spec's game is not known; audit a program that values one")
    wide = _more_than_two_heaps(codes[0])
    if wide:
        return Check("heaps", "error", wide)
    top = max(n for values in asked.values() for n in values)
    misere = any(kind == "misere" for _, kind in asked)
    try:
        sol = solve(ruleset, Box(tuple(ruleset.coords), (top,)), misere=misere)
    except CgsBridgeError as e:
        return Check("heaps", "error", f"the spec cannot be solved up to heap {top}: {e}")
    rows, count = [], 0
    for (_, kind), values in sorted(asked.items()):
        for n, v in sorted(values.items()):
            count += 1
            if not ruleset.is_valid((n,)):
                rows.append({"position": f"({n})", "program": v, "spec": "not valid", "detail": f"{kind} position"})
                continue
            want = sol.value((n,)) if kind == "normal" else sol.misere_value((n,))
            if v != want:
                rows.append({"position": f"({n})", "program": v, "spec": want, "detail": KINDS[kind]})
    kinds = " and ".join(KINDS[k] for k in sorted({k for _, k in asked}, reverse=True))
    if rows:
        return Check("heaps", "differ", f"{len(rows)} of {count} values of {named} the program computed differ "
                     f"from the spec's ({ruleset.describe()}): " + ", ".join(
                         f"heap {r['position']}: {r['detail']}: program {r['program']}, spec {r['spec']}"
                         for r in rows[:EXAMPLES]), rows)
    return Check("heaps", "agree", f"all {count} heap values of {named} the program computed ({kinds}; heaps "
                 f"{_span(asked)}) equal the spec's ({ruleset.describe()})")


def _more_than_two_heaps(named: str) -> str:
    """Why a ``Spawning`` ruleset cannot be judged against a spec ("" when it can): a move leaving
    more than two heaps (issue 47), which no spec states (``spawn n into a, b`` leaves at most two)."""
    if not named.startswith('Spawning("'):
        return ""
    from cgs_bridge.systems.cgsuite.cgscript.turning import parse_turning
    code = parse_turning(named[len('Spawning("'):-2])
    if code.max_heaps is not None and code.max_heaps <= 2:
        return ""
    most = "any number of" if code.max_heaps is None else f"up to {code.max_heaps + 1}"
    return (f"not judged: {named} turns {most} coins, so a move leaves more than two heaps; a spec states at "
            "most two (spawn n into a, b), so no spec can be this program's game")


def _span(asked) -> str:
    heaps = sorted({n for values in asked.values() for n in values})
    whole = heaps == list(range(heaps[0], heaps[-1] + 1))
    return f"{heaps[0]}..{heaps[-1]}" if whole else f"{len(heaps)} between {heaps[0]} and {heaps[-1]}"


def option_position(binding, ruleset, o):
    """The spec option that the option ``o`` of the bound class is: ``binding.position(o)`` for
    one position; for a take-and-break spec, the heaps left as a nondecreasing tuple (``0``, the
    empty game, is no heap; a part at heap 0 is dropped, since heap 0 is checked as a position of
    its own), which equals the spec's :class:`~cgs_bridge.model.heaps.HeapSum`. Returns
    ``(option, None)`` or ``(None, why)``."""
    if ruleset.takebreak is None:
        if isinstance(o, GameSum):
            return None, "a sum of games, but the spec's moves lead to one position"
        return binding.position(o)
    if not isinstance(o, (GameSum, GameObject, HeapPosition)):
        if isinstance(o, int) and not isinstance(o, bool) and o == 0:
            return (), None
        return binding.position(o)
    heaps = []
    for part in (o.parts if isinstance(o, GameSum) else (o,)):
        q, why = binding.position(part)
        if q is None:
            return None, why
        heaps += [q[0]] if q[0] != 0 else []
    return tuple(sorted(heaps)), None
