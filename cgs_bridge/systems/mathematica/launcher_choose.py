"""The audit's choice of the symbols it judges (part of the launcher,
:mod:`cgs_bridge.systems.mathematica.launcher`, copied with it into the sandbox's scratch folder and
loaded by it from there before any program code exists; standalone: it imports only Mathics3).

:func:`choose`: the Grundy function, the move function and the position list of a program that
has run: given names, else what the program called while it ran (the launcher's ``Trace``), else
the names detected from the text if defined, else a table the program filled.
"""


def kind_of(expr, n: int) -> str:
    """``int``, ``options`` (a list of n-integer lists), or ``other``."""
    from mathics.core.atoms import Integer
    from mathics.core.list import ListExpression
    if isinstance(expr, Integer):
        return "int"
    if isinstance(expr, ListExpression) and all(
            isinstance(q, ListExpression) and len(q.elements) == n
            and all(isinstance(v, Integer) for v in q.elements) for q in expr.elements):
        return "options"
    return "other"


def _by_evidence(trace, box, kind: str):
    """The traced function with the most values of ``kind`` at positions of the box, and how many."""
    best, count = None, 0
    for name, calls in trace.calls.items():
        c = sum(1 for p in box if p in calls and kind_of(calls[p], trace.n) == kind)
        if kind == "options" and not any(kind_of(v, trace.n) == kind and v.elements for v in calls.values()):
            c = 0  # only empty lists: not a move function
        if c > count:
            best, count = name, c
    return best, count


def _position_lists(definitions, n: int):
    """``Global``` symbols whose value is a list of n-integer lists: name -> set of positions."""
    out = {}
    for name in definitions.get_user_names():
        if not name.startswith("Global`"):
            continue
        rules = definitions.get_ownvalues(name)
        if len(rules) == 1:
            value = rules[0].replace
            if getattr(value, "elements", None) and kind_of(value, n) == "options":
                out[name] = {tuple(v.value for v in q.elements) for q in value.elements}
    return out


def table_entry(value, p):
    """``value[[p1 + 1, p2 + 1, ...]]`` of a nested list, or None."""
    for i in p:
        elements = getattr(value, "elements", None)
        if elements is None or not 0 <= i < len(elements) or value.get_head_name() != "System`List":
            return None
        value = elements[i]
    return value


def _by_table(definitions, n: int, box):
    """The ``Global``` symbol whose value is a nested list of depth n holding an integer at
    ``[[p1 + 1, ..., pn + 1]]`` for the most positions p of the box (a table filled by loops)."""
    from mathics.core.atoms import Integer
    best, count = None, 0
    for name in definitions.get_user_names():
        rules = definitions.get_ownvalues(name) if name.startswith("Global`") else []
        if len(rules) != 1 or rules[0].replace.get_head_name() != "System`List":
            continue
        c = sum(isinstance(table_entry(rules[0].replace, p), Integer) for p in box)
        if c > count:
            best, count = name, c
    return best, count


def choose(plan, definitions, trace, box):
    """The Grundy function, the move function and the position list: given names, else what the
    program called while it ran (evidence), else the names detected from the text if defined."""
    chosen = {}
    for role, kind in (("grundy", "int"), ("moves", "options")):
        name = plan.get(role)
        if plan.get("given", {}).get(role) or not name:
            chosen[role] = (name, "given" if name else "not checked")
            continue
        found, count = _by_evidence(trace, box, kind)
        if found:
            what = "integer values" if kind == "int" else "lists of options"
            chosen[role] = (found.split("`")[-1], f"found by evidence: called at {count} positions of "
                            f"the box while the program ran, with {what}")
        elif definitions.get_downvalues(definitions.lookup_name(name)):
            chosen[role] = (name, "detected from the text (defined; no value of it recorded while the program ran)")
        elif role == "grundy" and _by_table(definitions, trace.n, box)[0]:
            table, count = _by_table(definitions, trace.n, box)
            chosen[role] = (table.split("`")[-1], f"found by evidence: a table the program filled, "
                            f"holding an integer at [[c + 1, ...]] for {count} positions of the box",
                            "table")
        else:
            chosen[role] = (None, f"none found: no function was called at positions of the box with "
                            f"{'integer values' if kind == 'int' else 'lists of options'}")
    name = plan.get("positions")
    if plan.get("given", {}).get("positions"):
        chosen["positions"] = (name, "given")
    else:
        lists = _position_lists(definitions, trace.n)
        for local in plan.get("loop_locals", []):
            lists.pop("Global`" + local, None)
        full = definitions.lookup_name(name) if name else None
        valued = set(trace.calls.get(definitions.lookup_name(chosen["grundy"][0] or "$"), {}))
        graded = {k: v for k, v in lists.items() if valued and v <= valued}
        if full in lists:
            chosen["positions"] = (name, f"detected from the text (a list of {len(lists[full])} positions)")
        elif lists:
            pool = graded or lists
            best = max(pool, key=lambda k: len(pool[k]))
            chosen["positions"] = (best.split("`")[-1], "found by evidence: the largest list of "
                                   "positions the program assigned"
                                   + (" whose every entry it computed a Grundy value of" if graded else "")
                                   + f" ({len(lists[best])} positions)")
        else:
            chosen["positions"] = (None, "none: the program assigns no list of positions")
    return chosen
