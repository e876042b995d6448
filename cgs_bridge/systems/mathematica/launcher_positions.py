"""The launcher's third file (:mod:`cgs_bridge.systems.mathematica.launcher`, copied with it into
the sandbox's scratch folder and loaded by it from there, by path, as
:mod:`cgs_bridge.systems.mathematica.launcher_choose` is; standalone: it imports only Mathics3):
the program's lists of positions and the choice among them of the position list and the
P-position list (issue 34), the program's own names of the engine's symbols, and the heads the
program calls without defining them, the text of the chosen list, and :func:`_kind`, what a value is (an integer, a list of
options, True/False).
"""

# The second file's functions (launcher_choose.py), made globals here by the launcher.
_call = _evaluate = _build = None


def _kind(expr, n: int) -> str:
    """``int``, ``options`` (a list of n-integer lists), ``bool`` (True/False), or ``other``."""
    from mathics.core.atoms import Integer
    from mathics.core.list import ListExpression
    if isinstance(expr, Integer):
        return "int"
    if getattr(expr, "name", None) in ("System`True", "System`False"):
        return "bool"
    if isinstance(expr, ListExpression) and all(
            isinstance(q, ListExpression) and len(q.elements) == n
            and all(isinstance(v, Integer) for v in q.elements) for q in expr.elements):
        return "options"
    return "other"


def _position_lists(definitions, n: int):
    """``Global``` symbols whose value is a list of n-integer lists: name -> set of positions."""
    out = {}
    for name in definitions.get_user_names():
        if not name.startswith("Global`"):
            continue
        rules = definitions.get_ownvalues(name)
        if len(rules) == 1:
            value = rules[0].replace
            if getattr(value, "elements", None) and _kind(value, n) == "options":
                out[name] = {tuple(v.value for v in q.elements) for q in value.elements}
    return out


def _program_name(full: str) -> str:
    """The program's own name of a ``Global``` symbol: ``gv`` for the engine's ``Global`gv$12``
    (a ``Module`` local), else the short name."""
    import re
    return re.sub(r"\$\d+$", "", full.split("`")[-1])


def _program_lists(plan, definitions, n: int) -> dict:
    """The program's lists of positions: name -> set, without loop temporaries (``opts`` inside a
    ``Do``), per-call locals of a function (``rows`` of ``f[p_] := Module[{rows}, ...]``, and any
    ``Module`` local the engine made more than one instance of), which are never the program's
    list."""
    lists = _position_lists(definitions, n)
    skip = set(plan.get("loop_locals", [])) | set(plan.get("per_call", []))
    bases: dict = {}
    for full in definitions.get_user_names():
        if full.startswith("Global`") and full != "Global`" + _program_name(full):
            bases[_program_name(full)] = bases.get(_program_name(full), 0) + 1
    return {k: v for k, v in lists.items()
            if _program_name(k) not in skip and not (k != "Global`" + _program_name(k)
                                                     and bases.get(_program_name(k), 0) > 1)}


def _minimal(pool: dict, smallest: bool) -> list:
    """Names in ``pool`` (name -> set) whose set contains no other's (``smallest``) or is
    contained in no other's, one name per distinct set."""
    out, seen = [], []
    for k in sorted(pool):
        v = pool[k]
        if any((w < v if smallest else v < w) for w in pool.values()) or v in seen:
            continue
        out.append(k)
        seen.append(v)
    return out


def _choose_positions(plan, definitions, trace, calls, grundy):
    """The position list's ``(name, how it was chosen[, kind])`` and the P-position list's, by
    evidence (issue 34): a P-position list holds only positions of value 0 by the program's own
    values and is drawn from another list; the position list is the smallest list P-positions are
    drawn from, else the largest list whose every entry got a Grundy value, else (no Grundy value
    recorded, and not ``plan["printed"]``) the largest list drawn from another by a filter, marked
    ``filtered`` (it may be the P-positions: its differences are not judged); two candidates with
    different content: ambiguous (``--positions`` names it)."""
    name = plan.get("positions")
    if calls.get("positions", {}).get("args") is not None:
        return (calls["positions"]["text"], "given as a call, evaluated after the program", "call"), None
    lists = _program_lists(plan, definitions, trace.n)
    values = trace.calls.get("call:grundy" if grundy[2:] in (("call",), ("ambiguous",)) else
                             definitions.lookup_name(grundy[0] or "$"), {})
    zero = {p for p, v in values.items() if _kind(v, trace.n) == "int" and v.value == 0}
    plists = {k: v for k, v in lists.items() if v and v <= zero
              and any(v < w and not w <= zero for w in lists.values())}
    pchoice = None
    if plists:
        best = _minimal(plists, smallest=False)
        pchoice = (best[0].split("`")[-1], f"found by evidence: {_program_name(best[0])} holds only positions of "
                   f"value 0 by the program's own values, drawn from another list") if len(best) == 1 else None
    if plan.get("given", {}).get("positions"):
        return (name, "given"), pchoice
    rest = {k: v for k, v in lists.items() if k not in plists}
    parents = {k: v for k, v in rest.items() if any(w < v for w in plists.values())}
    graded = {k: v for k, v in rest.items() if values and v <= set(values)}
    filtered = {k: v for k, v in rest.items() if any(v < w for w in rest.values())}
    pool, why = ((parents, "the list the P-positions are drawn from") if parents else
                 (graded, "the largest list whose every entry got a Grundy value") if graded else
                 (filtered, "no Grundy value was recorded while the program ran; the largest list "
                  "drawn from another list by a filter") if not values and not plan.get("printed") else ({}, ""))
    best = _minimal(pool, smallest=bool(parents))
    if len(best) == 1:
        k = best[0]
        weak = ("filtered",) if pool is filtered else ()  # may be the P-positions: core.py
        return (k.split("`")[-1], f"found by evidence: {_program_name(k)}, {why} ({len(lists[k])} positions)",
                *weak), pchoice
    if len(best) > 1:
        names = ", ".join(f"{_program_name(k)} ({len(lists[k])} positions)" for k in best)
        return (None, f"ambiguous: {why}: {names}; name it with --positions", "ambiguous"), pchoice
    if lists:
        names = ", ".join(sorted(_program_name(k) for k in lists))
        if plan.get("printed"):  # the user named what the program printed: that is judged
            return (None, f"not chosen: no evidence which of {names} holds the positions (a list "
                    "drawn by a filter may be the printed P-positions); name one with --positions to "
                    "judge it"), pchoice
        return (None, f"no evidence which list holds the positions (none had P-positions drawn "
                f"from it or a Grundy value at every entry): {names}; name it with --positions",
                "ambiguous"), pchoice
    return (None, "none: the program assigns no list of positions"), pchoice


def _positions_text(plan, definitions, evaluation_class, output, chosen, seen: set) -> str:
    """The text of the chosen position list ``chosen`` (``(name or call text, how[, kind])``) after
    the program: a given call (``--positions 'cases[n]'``) built and evaluated, ``$Failed[...]``
    naming its symbols that have no value (added to ``seen``); a name evaluated."""
    if chosen[2:] != ("call",):
        return _call(definitions, evaluation_class, output, chosen[0], None)
    call = plan["calls"]["positions"]
    unset = [a[1] for a in call["args"] if a[0] == "sym"
             and not definitions.get_ownvalues(definitions.lookup_name(a[1]))]
    seen.update(definitions.lookup_name(a) for a in unset)
    if unset:
        return (f'$Failed["{call["text"]}: {", ".join(unset)} has no value after the program; give '
                'the value in the call"]')
    return _evaluate(definitions, evaluation_class, output, _build(definitions, call, None))


def _undefined(plan, definitions) -> list:
    """The heads the program calls that have no definition (a ``Module`` local ``f`` is defined
    as the engine's ``f$12``)."""
    undefined, temporaries = [], {}
    for n in definitions.get_user_names():  # a Module local f is defined as the engine's f$12
        base = n.rstrip("0123456789")
        if base.endswith("$") and base != n:
            temporaries.setdefault(base[:-1], []).append(n)
    for h in plan.get("heads", []):
        name = definitions.lookup_name(h)
        if not name.startswith("Global`"):
            continue
        if not any(definitions.get_downvalues(n) or definitions.get_ownvalues(n)
                   or definitions.get_subvalues(n) or definitions.get_upvalues(n)
                   for n in [name] + temporaries.get(name, [])):
            undefined.append(h)
    return undefined
