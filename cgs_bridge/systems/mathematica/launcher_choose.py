"""The launcher's second file (:mod:`cgs_bridge.systems.mathematica.launcher`, copied with it into
the sandbox's scratch folder and loaded by it from there, by path, before any program code
exists; standalone: it imports only Mathics3): the text of expressions built from the Python
objects, the calls the audit makes after the program, and :func:`_choose`, the choice of the
symbols it judges: given names or calls, else what the program called while it ran (the launcher's
``Trace``), else the names detected from the text if defined, else a table the program filled.
"""

# The third file's functions (launcher_positions.py), made globals here by the launcher.
_kind = _program_name = _choose_positions = None


def _text(expr, depth=0, symbols=None) -> str:
    """InputForm-like text of ``expr`` built from the Python objects (never by the engine's own
    formatting, which the program can redefine): integers, lists, strings, symbols, calls. The
    ``Global``` symbols met are added to the set ``symbols`` when given."""
    from mathics.core.atoms import Integer, String
    from mathics.core.symbols import Symbol
    if depth > 200:
        return "$Deep"
    if isinstance(expr, Integer):
        return str(expr.value)
    if isinstance(expr, String):
        return '"' + expr.value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(expr, Symbol):
        name = expr.get_name()
        if symbols is not None and name.startswith("Global`"):
            symbols.add(name)
        return name.split("`")[-1] if name.startswith(("Global`", "System`")) else name
    elements = getattr(expr, "elements", None)
    if elements is None:
        return str(expr)
    inner = ", ".join(_text(e, depth + 1, symbols) for e in elements)
    head = expr.get_head()
    if isinstance(head, Symbol) and head.get_name() == "System`List":
        return "{" + inner + "}"
    return _text(head, depth + 1, symbols) + "[" + inner + "]"


def _call(definitions, evaluation_class, output, head: str, arg, seen=None):
    """``head[arg]`` (``head`` alone when ``arg`` is None) evaluated directly (no ``$Pre``/
    ``$Post``), as text; ``Global``` symbols in a non-integer result are added to ``seen``; a Quit
    propagates."""
    from mathics.core.expression import Expression
    from mathics.core.symbols import Symbol
    expr = Symbol(definitions.lookup_name(head)) if arg is None else Expression(
        Symbol(definitions.lookup_name(head)), arg)
    return _evaluate(definitions, evaluation_class, output, expr, seen)


def _position(p):
    from mathics.core.atoms import Integer
    from mathics.core.list import ListExpression
    return ListExpression(*[Integer(int(v)) for v in p])


def _templates(plan, definitions) -> dict:
    """The calls given with other arguments (``--moves 'opts[#, k]'``, ``plan["calls"]``): full
    head name -> [(key, args)], the key under which :class:`Trace` records them (``call:moves``)."""
    out = {}
    for role, call in (plan.get("calls") or {}).items():
        if role in ("grundy", "moves") and call.get("args") is not None:
            out.setdefault(definitions.lookup_name(call["head"]), []).append(
                ("call:" + role, [tuple(a) for a in call["args"]]))
    return out


def _match(n: int, args, elements, evaluation, others=None):
    """The position of a call whose ``elements`` fit ``args`` (``slot``: a list of n integers,
    ``seq``: n integers, ``int``: that integer, ``sym``: anything the program passed, its text
    appended to ``others``), or None. Only symbols among the elements are evaluated (as
    :meth:`Trace.position` does)."""
    from mathics.core.atoms import Integer
    from mathics.core.list import ListExpression
    from mathics.core.symbols import Symbol
    width = sum(n if a[0] == "seq" else 1 for a in args)
    if len(elements) != width:
        return None

    def value(e):
        return e.evaluate(evaluation) if isinstance(e, Symbol) else e
    i, p = 0, None
    for a in args:
        if a[0] == "seq":
            got = [value(e) for e in elements[i:i + n]]
            if not all(isinstance(v, Integer) for v in got):
                return None
            p, i = tuple(v.value for v in got), i + n
            continue
        e = elements[i]
        i += 1
        if a[0] == "slot":
            e = value(e)
            if not (isinstance(e, ListExpression) and len(e.elements) == n
                    and all(isinstance(v, Integer) for v in e.elements)):
                return None
            p = tuple(v.value for v in e.elements)
        elif a[0] == "int":
            e = value(e)
            if not (isinstance(e, Integer) and e.value == a[1]):
                return None
        elif others is not None:
            others.append(_text(value(e)))
    return p


def _build(definitions, call, p):
    """The expression of a given call (``plan["calls"][role]``) at position ``p`` (None: no
    position, ``--positions``), built from its parts (never parsed from text)."""
    from mathics.core.atoms import Integer
    from mathics.core.expression import Expression
    from mathics.core.symbols import Symbol
    parts = []
    for a in call["args"]:
        if a[0] == "slot":
            parts.append(_position(p))
        elif a[0] == "seq":
            parts += [Integer(int(v)) for v in p]
        elif a[0] == "int":
            parts.append(Integer(int(a[1])))
        else:
            parts.append(Symbol(definitions.lookup_name(a[1])))
    return Expression(Symbol(definitions.lookup_name(call["head"])), *parts)


def _evaluate(definitions, evaluation_class, output, expr, seen=None) -> str:
    """``expr`` evaluated directly (as :func:`_call`), as text."""
    from mathics.core.atoms import Integer
    ev = evaluation_class(definitions, output=output, catch_interrupt=False)
    try:
        value = expr.evaluate(ev)
    except SystemExit:
        raise
    except Exception as e:
        return "$Failed[" + '"' + type(e).__name__ + '"' + "]"
    finally:
        ev.stop()
    return _text(value, symbols=None if isinstance(value, Integer) else seen)


def _by_evidence(trace, box, kind: str, extended: bool = False):
    """The traced function with the most values of ``kind`` at positions of the box, and how many;
    ``extended``: among the calls with other integer arguments after the position (``T@3`` for
    ``T[n, 3]``), else among the others."""
    best, count = None, 0
    for name, calls in trace.calls.items():
        if ("@" in name) != extended or name.startswith("call:"):
            continue
        c = sum(1 for p in box if p in calls and _kind(calls[p], trace.n) == kind)
        if kind == "options" and not any(_kind(v, trace.n) == kind and v.elements for v in calls.values()):
            c = 0  # only empty lists: not a move function
        if c > count:
            best, count = name, c
    return best, count


def _rivals(trace, box, kind: str, found, count: int) -> list:
    """Other traced functions with as many values of ``kind`` in the box as ``found`` whose values
    differ from its at some position: the evidence does not say which one is meant."""
    if not found:
        return []
    mine = trace.calls[found]
    out = []
    for name, calls in trace.calls.items():
        if name == found or ("@" in name) != ("@" in found) or sum(1 for p in box if p in calls and _kind(calls[p], trace.n) == kind) != count:
            continue
        if any(p in calls and p in mine and _text(calls[p]) != _text(mine[p]) for p in box):
            out.append(name)
    return out


def _table_entry(value, p):
    """``value[[p1 + 1, p2 + 1, ...]]`` of a nested list, or None."""
    for i in p:
        elements = getattr(value, "elements", None)
        if elements is None or not 0 <= i < len(elements) or value.get_head_name() != "System`List":
            return None
        value = elements[i]
    return value


def _by_table(plan, definitions, n: int, box):
    """The ``Global``` symbol whose value is a nested list of depth n holding an integer at
    ``[[p1 + 1, ..., pn + 1]]`` for the most positions p of the box: a table the program filled
    by index (``plan["part_filled"]``: ``g[[a + 1, b + 1]] = ...`` in its text). A list built
    otherwise (``AppendTo``, ``Join``, ``Select``), or for n >= 2 a list of positions, is never a
    table: ``{0, 4, 8}`` of P-positions read as values of heaps 0, 1, 2 made correct programs
    differ (issue 47)."""
    from mathics.core.atoms import Integer
    filled = set(plan.get("part_filled", []))
    best, count = None, 0
    for name in definitions.get_user_names():
        rules = definitions.get_ownvalues(name) if name.startswith("Global`") else []
        if (len(rules) != 1 or rules[0].replace.get_head_name() != "System`List"
                or _program_name(name) not in filled or (n > 1 and _kind(rules[0].replace, n) == "options")):
            continue
        c = sum(isinstance(_table_entry(rules[0].replace, p), Integer) for p in box)
        if c > count:
            best, count = name, c
    return best, count


def _choose(plan, definitions, trace, box):
    """The Grundy function, the move function and the position list: given names, else what the
    program called while it ran (evidence), else the names detected from the text if defined."""
    chosen = {}
    calls = plan.get("calls") or {}
    for role, kind in (("grundy", "int"), ("moves", "options")):
        name = plan.get(role)
        if calls.get(role, {}).get("args") is not None:
            chosen[role] = _given_call(calls[role], trace, box, role)
            continue
        if plan.get("given", {}).get(role) or not name:
            chosen[role] = (name, "given" if name else "not checked")
            continue
        found, count = _by_evidence(trace, box, kind)
        if not found:
            found, count = _by_evidence(trace, box, kind, extended=True)
        rivals = _rivals(trace, box, kind, found, count)
        if rivals:
            names = ", ".join(_program_name(f) for f in [found] + rivals)
            chosen[role] = (found.split("`")[-1], f"ambiguous: {names} were each called at {count} "
                            "positions of the box with different results; name one with "
                            f"--{'grundy' if role == 'grundy' else 'moves'}", "ambiguous")
        elif found and "@" in found:
            chosen[role] = _extended(plan, trace, role, found, count)
        elif found:
            what = "integer values" if kind == "int" else "lists of options"
            chosen[role] = (found.split("`")[-1], f"found by evidence{_local_note(found)}: called at "
                            f"{count} positions of "
                            f"the box while the program ran, with {what}")
        elif (definitions.lookup_name(name).startswith("Global`")  # never a builtin (Select)
              and definitions.get_downvalues(definitions.lookup_name(name))):
            chosen[role] = (name, "detected from the text (defined; no value of it recorded while the program ran)")
        elif role == "grundy" and _memoised(plan, definitions, trace.n):
            chosen[role] = _memoised(plan, definitions, trace.n)
        elif role == "grundy" and _by_table(plan, definitions, trace.n, box)[0]:
            table, count = _by_table(plan, definitions, trace.n, box)
            chosen[role] = (table.split("`")[-1], f"found by evidence: a table the program filled, "
                            f"holding an integer at [[c + 1, ...]] for {count} positions of the box",
                            "table")
        else:
            chosen[role] = (None, f"none found: no function was called at positions of the box with "
                            f"{'integer values' if kind == 'int' else 'lists of options'}")
    if chosen["grundy"][0] is None and not calls.get("grundy"):
        win = _win(trace, box)
        if win:
            chosen["win"] = win
    chosen["positions"], pchoice = _choose_positions(plan, definitions, trace, calls, chosen["grundy"])
    if pchoice:
        chosen["ppositions"] = pchoice
    return chosen


def _given_call(call: dict, trace, box, role: str):
    """The choice of a role given as a call (``--grundy 'gr[##, k]'``): ambiguous when the program
    passed different values for its symbols (``gr[p, 1]`` and ``gr[p, 2]``), else the call with
    how many positions of the box it was recorded at while the program ran."""
    passed = sorted(trace.others.get("call:" + role, set()))
    if len(passed) > 1:
        names = [a[1] for a in call["args"] if a[0] == "sym"]
        return (call["text"], f"given as a call, but the program passed {len(passed)} different "
                f"values for {', '.join(names)} ({'; '.join(', '.join(v) for v in passed[:4])}): "
                "name the one to judge as an integer", "ambiguous")
    count = sum(1 for p in box if p in trace.calls.get("call:" + role, {}))
    return (call["text"], f"given as a call, recorded at {count} positions of the box while the "
            "program ran (the others called after the program)", "call")


def _win(trace, box):
    """A win predicate (issue 47): the function called at the most positions of the box with
    True/False values, when no function had integer values; ``(name, how)``, ``(name, how,
    "ambiguous")`` when another such function differs from it, or None."""
    found, count = _by_evidence(trace, box, "bool")
    if not found:
        return None
    rivals = _rivals(trace, box, "bool", found, count)
    if rivals:
        names = ", ".join(_program_name(f) for f in [found] + rivals)
        return (found.split("`")[-1], f"ambiguous: {names} were each called at {count} positions of "
                "the box with different True/False values; name one with --grundy", "ambiguous")
    return (found.split("`")[-1], f"found by evidence{_local_note(found)}: called at {count} "
            "positions of the box while the program ran, with True/False values")


def _extended(plan, trace, role: str, found: str, count: int):
    """A function called with a position and then other integers (``T[n, 3]`` of a one-heap game
    with a parameter), chosen by evidence: made the role's given call (``T[##, 3]``), its recorded
    values those of the call, as ``(text, how, "call")``."""
    full, _, rest = found.partition("@")
    short = full.split("`")[-1]
    plan.setdefault("calls", {})[role] = {
        "head": short, "args": [["seq"]] + [["int", int(v)] for v in rest.split(",")],
        "text": f"{short}[##, {rest.replace(',', ', ')}]"}
    trace.calls["call:" + role] = trace.calls[found]
    return (plan["calls"][role]["text"], f"found by evidence: {short} called at {count} positions "
            f"of the box while the program ran with the position and then {rest} (always these "
            "values), with integer values", "call")


def _memoised(plan, definitions, n: int):
    """The Grundy function's choice when the run recorded none: the program's memoised
    definitions of a position (``a[n_] := a[n] = ...``, ``T[n_, k_] := T[n, k] = ...`` with n
    coordinates, or one list argument), defined after the program; one: it (called by the audit
    at every position of the box); several: ambiguous, naming them; none: None."""
    found = [f for f, k in plan.get("memoised", []) if k in (n, 0)
             and definitions.get_downvalues(definitions.lookup_name(f))]
    if len(found) == 1:
        return (found[0], "the program's only memoised definition of a position (f[...] := f[...] "
                "= ...); never called at a position of the box while the program ran (display code "
                "removed, or not called): called by the audit after the program")
    if found:
        return (found[0], f"ambiguous: memoised definitions {', '.join(found)}, none called at a "
                "position of the box while the program ran; name one with --grundy", "ambiguous")
    return None


def _local_note(full: str) -> str:
    """`` (the program's gv, a Module local)`` for the engine's ``Global`gv$12``, else empty."""
    base = _program_name(full)
    return "" if full.split("`")[-1] == base else f" (the program's {base}, a Module local)"
