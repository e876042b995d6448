"""The launcher's second file (:mod:`cgs_bridge.systems.mathematica.launcher`, copied with it into
the sandbox's scratch folder and loaded by it from there, by path, before any program code
exists; standalone: it imports only Mathics3): the text of expressions built from the Python
objects, the calls the audit makes after the program, and :func:`_choose`, the choice of the
symbols it judges: given names or calls, else what the program called while it ran (the launcher's
``Trace``), else the names detected from the text if defined, else a table the program filled.
"""


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


def _table_entry(value, p):
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
            passed = sorted(trace.others.get("call:" + role, set()))
            if len(passed) > 1:  # e.g. gr[p, 1] and gr[p, 2]: which one is judged is not clear
                names = [a[1] for a in calls[role]["args"] if a[0] == "sym"]
                chosen[role] = (calls[role]["text"], f"given as a call, but the program passed "
                                f"{len(passed)} different values for {', '.join(names)} "
                                f"({'; '.join(', '.join(v) for v in passed[:4])}): name the one to "
                                "judge as an integer", "ambiguous")
                continue
            count = sum(1 for p in box if p in trace.calls.get("call:" + role, {}))
            chosen[role] = (calls[role]["text"], f"given as a call, recorded at {count} positions of "
                            "the box while the program ran (the others called after the program)",
                            "call")
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
        elif role == "grundy" and _by_table(definitions, trace.n, box)[0]:
            table, count = _by_table(definitions, trace.n, box)
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
    drawn from, else the largest list whose every entry got a Grundy value; two candidates with
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
                  "drawn from another list by a filter") if not values else ({}, ""))
    best = _minimal(pool, smallest=bool(parents))
    if len(best) == 1:
        k = best[0]
        return (k.split("`")[-1], f"found by evidence: {_program_name(k)}, {why} ({len(lists[k])} positions)"), pchoice
    if len(best) > 1:
        names = ", ".join(f"{_program_name(k)} ({len(lists[k])} positions)" for k in best)
        return (None, f"ambiguous: {why}: {names}; name it with --positions", "ambiguous"), pchoice
    if lists:
        names = ", ".join(sorted(_program_name(k) for k in lists))
        return (None, f"no evidence which list holds the positions (none had P-positions drawn "
                f"from it or a Grundy value at every entry): {names}; name it with --positions",
                "ambiguous"), pchoice
    return (None, "none: the program assigns no list of positions"), pchoice


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
