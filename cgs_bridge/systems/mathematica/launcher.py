"""Run a Wolfram Language file in Mathics3 with its process, file, network and code-loading
builtins removed before the file is read (defence in depth inside the OS sandbox).

Standalone script (it is copied into the sandbox's scratch folder and run by the interpreter that
runs Mathics3; it does not import cgs_bridge): ``python mathics_launcher.py FILE``. It

1. switches Mathics3's own sandbox settings off (``ENABLE_SYSTEM_COMMANDS``: ``Run`` and friends
   print ``dis`` and fail; ``ENABLE_FILES_MODULE``: the ``files_io`` builtins — streams, ``Get``,
   ``Put``, ``Import``, ``Export``, ``ReadList``, ``OpenWrite``, ``CopyFile``, ``DeleteFile``,
   ``SetDirectory``, ``FileNames``, ``URLFetch`` ... — are never loaded);
2. deletes the definitions of every name in :data:`DENY` from the engine's builtins, so a call to
   one stays unevaluated whatever its spelling (``System`Run``, ``\\:0052un``, ``Symbol["Run"]``,
   ``ToExpression``, ``Uncompress``): there is nothing left to call, and ``Block``/``Remove`` cannot
   bring it back;
3. runs ``mathics -q -f FILE`` (the same output as the plain command), or, with ``--audit``, the
   audit's run (:func:`audit_run`): the plan (a JSON document: the channel key, the prelude, the
   program's statements, the symbols to check and the positions of the audit's box) is read from
   standard input *before* any program code exists in the engine; the statements are evaluated one
   by one as ``mathics -f`` would; then the checks are made here, in Python, after the program:
   each symbol is called on each position with ``expr.evaluate`` (no ``$Pre``/``$Post``/``Print``/
   ``ToString`` of the program is involved) and the results are written as text built in Python,
   on lines tagged with the key. The program never sees the key (it is in no symbol, file or
   environment variable) and its own output can therefore not imitate the audit's lines; a
   ``Quit``/``Exit``/``Abort``/uncaught ``Throw`` of a statement is recorded, and when the program
   ends the process no final ``done`` line is written. Protocol: docs/audit.md, "Results the
   program cannot forge".
"""

import sys

#: Builtins removed (those of the modules Mathics3 already skips are listed too, for other versions).
DENY = (
    # processes, shell, the Python side of the engine
    "Run", "RunProcess", "StartProcess", "KillProcess", "ProcessConnection", "RunThrough",
    "SystemOpen", "Install", "LinkLaunch", "LoadModule", "Share", "Breakpoint",
    "ExternalEvaluate", "StartExternalSession", "LibraryFunctionLoad",
    # environment and host identity
    "Environment", "GetEnvironment", "SetEnvironment", "$CommandLine", "$ScriptCommandLine",
    "$UserName", "$MachineName", "$ProcessID", "$ParentProcessID", "$HomeDirectory",
    "$UserBaseDirectory", "$InitialDirectory", "$InstallationDirectory", "$TemporaryDirectory",
    "$BaseDirectory", "$RootDirectory", "$Path", "HomeDirectory",
    # files and directories
    "FindList", "FileHash", "FileDate", "SetFileDate", "FileType", "CreateDirectory",
    "DeleteDirectory", "RenameDirectory", "CopyDirectory", "Get", "Put", "PutAppend", "Needs",
    "Import", "Export", "ReadList", "Read", "ReadString", "ReadLine", "OpenRead", "OpenWrite",
    "OpenAppend", "Write", "WriteString", "WriteLine", "BinaryRead", "BinaryWrite", "FilePrint",
    "FileNames", "CopyFile", "RenameFile", "DeleteFile", "CreateFile", "CreateTemporary",
    "SetDirectory", "ResetDirectory", "Directory", "DirectoryStack", "FileExistsQ",
    "FileInformation", "FileByteCount", "FindFile", "Save", "DumpSave", "Splice",
    # network
    "URLFetch", "URLSave", "URLRead", "URLExecute", "URLDownload", "URLSubmit", "HTTPRequest",
    "SocketConnect", "SocketOpen", "SendMail",
)


def _lock_down() -> None:
    import mathics.settings as settings
    settings.ENABLE_SYSTEM_COMMANDS = False
    settings.ENABLE_FILES_MODULE = False
    import mathics.core.definitions as definitions

    original = definitions.Definitions.__init__

    def locked_init(self, *args, **kwargs):
        original(self, *args, **kwargs)
        for name in DENY:
            self.builtin.pop("System`" + name, None)

    definitions.Definitions.__init__ = locked_init


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


class Channel:
    """The audit's lines on standard output: ``@@CGSB-<key>@@ <tag> <payload> @@END-<key>@@``."""

    def __init__(self, key: str):
        self.key = key

    def emit(self, tag: str, payload: str) -> None:
        sys.stdout.flush()
        sys.stdout.write(f"\n@@CGSB-{self.key}@@ {tag} {payload} @@END-{self.key}@@\n")
        sys.stdout.flush()


def _statement_status(evaluation) -> str:
    """``ok`` or why the statement did not end normally (``$Aborted``, ``Hold[Throw[...]]``)."""
    from mathics.core.symbols import SymbolNull
    exc = evaluation.exc_result
    if exc is None or exc is SymbolNull or exc == SymbolNull:
        return "ok"
    return _text(exc)


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


def audit_run(plan: dict) -> int:
    """Evaluate the program of ``plan`` statement by statement, then make the checks (module
    docstring). Returns the process exit code (0; a Quit of the program ends the process)."""
    from mathics.__main__ import TerminalOutput, TerminalShell
    from mathics.core.definitions import Definitions
    from mathics.core.evaluation import Evaluation
    from mathics.core.parser import MathicsMultiLineFeeder
    from mathics.settings import default_pymathics_modules
    channel = Channel(plan["key"])
    definitions = Definitions(add_builtin=True, extension_modules=tuple(default_pymathics_modules))
    definitions.set_line_no(0)
    shell = TerminalShell(definitions, "NoColor", want_readline=False, want_completion=False,
                          autoload=True)
    output = TerminalOutput(shell)

    def run(text: str):
        feeder = MathicsMultiLineFeeder(text, "program.wl")
        status, value = "ok", None
        while not feeder.empty():
            evaluation = Evaluation(definitions, output=output, catch_interrupt=False)
            query = evaluation.parse_feeder(feeder)
            if query is None:
                continue
            try:
                evaluation.evaluate(query)
            except (SystemExit, KeyboardInterrupt):
                raise
            except BaseException as e:  # an engine limit (RecursionError, MemoryError) or bug
                return '$Failed["' + type(e).__name__ + '"]', None
            value = evaluation.last_eval
            if _statement_status(evaluation) != "ok":
                status = _statement_status(evaluation)
        return status, value

    if plan.get("prelude"):
        run(plan["prelude"])
    trace = Trace(int(plan.get("n", 0)), _templates(plan, definitions))
    trace.install()
    trace.on = True
    channel.emit("started", "1")
    stopped = None
    for n, st in enumerate(plan["statements"], 1):
        try:
            status, value = run(st["text"] if st["show"] else st["text"] + ";")
        except SystemExit:
            stopped = f"statement {n} ended the engine (Quit or Exit)"
            break
        if status != "ok":
            channel.emit("status", f"{n} {status}")
        if st["show"] and value is not None and _text(value) != "Null":
            channel.emit("out", f"{n} {_text(value)}")
    trace.record = False  # the checks' own calls are guarded against endless recursion, not recorded
    if trace.cycle:
        channel.emit("cycle", trace.cycle)
    if stopped:
        channel.emit("stopped", stopped)
        channel.emit("done", "1")
        return 0
    try:
        _checks(plan, definitions, Evaluation, output, channel, trace)
    except SystemExit:
        channel.emit("stopped", "the program ended the engine (Quit or Exit) during the checks")
    channel.emit("done", "1")
    return 0


class Trace:
    """Evidence recorded while the program runs: every call ``f[position]`` (or ``f[x, y, z]``) of a
    ``Global``` function and its value, in the program's own dynamic scope (so ``Block``-local
    parameters are bound). Installed as a wrapper of ``Expression.evaluate``; ``record`` is switched
    off after the program. A call ``f[p]`` made while ``f[p]`` is being evaluated can never end (a
    position among its own options): it is aborted at once and named in ``cycle``."""

    def __init__(self, n: int, templates=None):
        self.n, self.on, self.record, self.calls = n, False, True, {}
        #: head -> [(key, args)]: calls given with their other arguments (``opts[#, k]``)
        self.templates = templates or {}
        #: functions called with the coordinates as separate arguments (``g[x, y]``)
        self.spread = set()
        #: key of a given call -> the values the program passed for its symbol arguments
        self.others = {}
        #: calls under evaluation, and the first call found to call itself with the same argument
        self.active, self.cycle = set(), None

    def position(self, elements, evaluation):
        from mathics.core.atoms import Integer
        from mathics.core.list import ListExpression
        from mathics.core.symbols import Symbol

        def value(e):
            return e.evaluate(evaluation) if isinstance(e, Symbol) else e
        if len(elements) == 1:
            e = value(elements[0])
            if not isinstance(e, ListExpression):
                return None
            elements = e.elements
        if len(elements) != self.n:
            return None
        out = []
        for e in elements:
            e = value(e)
            if not isinstance(e, Integer):
                return None
            out.append(e.value)
        return tuple(out)

    def install(self) -> None:
        from mathics.core.expression import Expression
        from mathics.core.symbols import Symbol
        original, trace = Expression.evaluate, self

        def evaluate(expr, evaluation):
            head = expr._head
            if not (trace.on and isinstance(head, Symbol) and head.name.startswith("Global`")):
                return original(expr, evaluation)
            trace.on = False  # evaluating the arguments is not itself traced
            key = head.name
            try:
                p = None
                for key, args in trace.templates.get(head.name, ()):
                    others = []
                    p = _match(trace.n, args, expr._elements, evaluation, others)
                    if p is not None:
                        trace.others.setdefault(key, set()).add(tuple(others))
                        break
                else:
                    key, p = head.name, trace.position(expr._elements, evaluation)
                    if p is not None and len(expr._elements) > 1:
                        trace.spread.add(head.name)  # f[x, y, z]: called so after the program too
            except Exception:
                p = None
            finally:
                trace.on = True
            if p is None:
                return original(expr, evaluation)
            call = (key, p)
            if call in trace.active:  # f[p] needs f[p]: the recursion can never end
                from mathics.core.interrupt import AbortInterrupt
                trace.cycle = trace.cycle or f"{head.name.split('`')[-1]}[{{{', '.join(map(str, p))}}}]"
                raise AbortInterrupt
            trace.active.add(call)
            try:
                result = original(expr, evaluation)
            finally:
                trace.active.discard(call)
            if result is not None and trace.record:
                trace.calls.setdefault(key, {}).setdefault(p, result)
            return result
        Expression.evaluate = evaluate


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
        c = sum(1 for p in box if p in calls and _kind(calls[p], trace.n) == kind)
        if kind == "options" and not any(_kind(v, trace.n) == kind and v.elements for v in calls.values()):
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
    if calls.get("positions", {}).get("args") is not None:
        chosen["positions"] = (calls["positions"]["text"], "given as a call, evaluated after the "
                               "program", "call")
    elif plan.get("given", {}).get("positions"):
        chosen["positions"] = (name, "given")
    else:
        lists = _position_lists(definitions, trace.n)
        for local in plan.get("loop_locals", []):
            lists.pop("Global`" + local, None)
        full = definitions.lookup_name(name) if name else None
        valued = set(trace.calls.get("call:grundy" if chosen["grundy"][2:] in (("call",), ("ambiguous",)) else
                                     definitions.lookup_name(chosen["grundy"][0] or "$"), {}))
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


def _checks(plan, definitions, evaluation_class, output, channel, trace) -> None:
    """The audit's checks after the program: the symbols chosen (:func:`_choose`), the position
    list, each function at each position of the audit's box (what the program computed while it
    ran when it did, else a call now), then the heads the program calls that have no definition."""
    import json
    points = [tuple(p) for p in plan.get("box", [])]
    chosen = _choose(plan, definitions, trace, points)
    channel.emit("symbols", json.dumps(chosen))
    calls = plan.get("calls") or {}
    seen: set = set()
    if chosen["positions"][2:] == ("call",):
        call = calls["positions"]
        unset = [a[1] for a in call["args"] if a[0] == "sym"
                 and not definitions.get_ownvalues(definitions.lookup_name(a[1]))]
        seen.update(definitions.lookup_name(a) for a in unset)
        channel.emit("positions", f'$Failed["{call["text"]}: {", ".join(unset)} has no value after '
                     'the program; give the value in the call"]' if unset else
                     _evaluate(definitions, evaluation_class, output, _build(definitions, call, None)))
    elif chosen["positions"][0]:
        channel.emit("positions", _call(definitions, evaluation_class, output, chosen["positions"][0], None))
    for tag, role in (("values", "grundy"), ("moves", "moves")):
        head = chosen[role][0]
        if not head:
            continue
        if chosen[role][2:] == ("table",):
            rules = definitions.get_ownvalues(definitions.lookup_name(head))
            entries = [_table_entry(rules[0].replace, p) if rules else None for p in points]
            channel.emit(tag, "{" + ", ".join("Missing[]" if e is None else _text(e, symbols=seen)
                                              for e in entries) + "}")
            continue
        if chosen[role][2:] == ("ambiguous",):
            channel.emit(tag, '$Failed["' + chosen[role][1].replace('"', "'") + '"]')
            continue
        given = chosen[role][2:] == ("call",)
        recorded = trace.calls.get("call:" + role if given else definitions.lookup_name(head), {})
        texts = []
        for p in points:
            if p in recorded:
                texts.append(_text(recorded[p], symbols=None if _kind(recorded[p], trace.n) != "other" else seen))
            elif given:
                texts.append(_evaluate(definitions, evaluation_class, output,
                                       _build(definitions, calls[role], p), seen))
            elif definitions.lookup_name(head) in trace.spread:
                texts.append(_evaluate(definitions, evaluation_class, output, _build(
                    definitions, {"head": head, "args": [("seq",)]}, p), seen))
            else:
                texts.append(_call(definitions, evaluation_class, output, head, _position(p), seen))
        channel.emit(tag, "{" + ", ".join(texts) + "}")
    unbound = sorted(n.split("`")[-1] for n in seen if not definitions.get_ownvalues(n)
                     and not definitions.get_downvalues(n))
    channel.emit("unbound", "{" + ", ".join('"' + n + '"' for n in unbound) + "}")
    undefined = []
    for h in plan.get("heads", []):
        name = definitions.lookup_name(h)
        if not name.startswith("Global`"):
            continue
        if not (definitions.get_downvalues(name) or definitions.get_ownvalues(name)
                or definitions.get_subvalues(name) or definitions.get_upvalues(name)):
            undefined.append(h)
    channel.emit("undefined", "{" + ", ".join('"' + h + '"' for h in undefined) + "}")


def main() -> int:
    audit = len(sys.argv) == 3 and sys.argv[1] == "--audit"
    if len(sys.argv) != 2 and not audit:
        print("usage: mathics_launcher.py [--audit] FILE", file=sys.stderr)
        return 2
    plan = None
    if audit:  # read before any program code exists in this process; stdin is then at its end
        import json
        plan = json.loads(sys.stdin.read())
    _lock_down()
    if plan is not None:
        return audit_run(plan)
    from mathics.__main__ import main as mathics_main
    sys.argv = ["mathics", "-q", "-f", sys.argv[1]]
    return mathics_main() or 0


if __name__ == "__main__":
    sys.exit(main())
