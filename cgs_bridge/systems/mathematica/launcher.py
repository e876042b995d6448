"""Run a Wolfram Language file in Mathics3 with its process, file, network and code-loading
builtins removed before the file is read (defence in depth inside the OS sandbox).

Standalone script (it is copied into the sandbox's scratch folder and run by the interpreter that
runs Mathics3; it does not import cgs_bridge): ``python mathics_launcher.py [--audit | --open] FILE``.
Mathics3 starts without cyclic garbage collections (:func:`_start_without_collections`); ``--open``
(verify's emitted programs, never an audit) is ``mathics -q -f FILE`` alone. Otherwise it

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

#: The launcher's other files (``launcher_choose.py``, ``launcher_positions.py``, copied beside it
#: as ``<this file's stem>_choose.py``, ``_positions.py``), loaded by path before any program code
#: exists; the functions named here become globals of this module and of each of those files.
_second = None
PARTS = {"choose": ("_text", "_call", "_position", "_templates", "_match", "_build", "_evaluate",
                    "_table_entry", "_choose"),
         "positions": ("_kind", "_undefined", "_choose_positions", "_program_name", "_positions_text")}
_text = _call = _position = _templates = _match = _build = _evaluate = _kind = _table_entry = None
_choose = _undefined = _positions_text = None

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


def _start_without_collections() -> None:
    """Mathics3's start-up (imports, builtins, autoload: about a million objects, kept all run)
    runs with the cyclic garbage collector off (``main`` switches it off); once the shell is built,
    before any program statement, all of it is frozen (permanent generation) and the collector is
    on again for the program. Start-up: 6.2-6.7 s of processor time with collections, 4.4 s without
    (``Print[1+1]``, same peak memory); the tests' emitted batch 31.6 s, 26.6 s (frozen: not walked)."""
    import gc

    import mathics.__main__ as shell_module
    original = shell_module.TerminalShell.__init__

    def started(self, *args, **kwargs):
        original(self, *args, **kwargs)
        gc.freeze()
        gc.enable()

    gc.disable()
    shell_module.TerminalShell.__init__ = started


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


def _run_text(definitions, output, text: str):
    """Evaluate ``text`` statement by statement as ``mathics -f`` would: ``(status, last value)``,
    the status ``ok`` or why a statement did not end normally."""
    from mathics.core.evaluation import Evaluation
    from mathics.core.parser import MathicsMultiLineFeeder
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


def audit_run(plan: dict) -> int:
    """Evaluate the program of ``plan`` statement by statement, then make the checks (module
    docstring). Returns the process exit code (0; a Quit of the program ends the process)."""
    _load_second()
    from mathics.__main__ import TerminalOutput, TerminalShell
    from mathics.core.definitions import Definitions
    from mathics.core.evaluation import Evaluation
    from mathics.settings import default_pymathics_modules
    channel = Channel(plan["key"])
    definitions = Definitions(add_builtin=True, extension_modules=tuple(default_pymathics_modules))
    definitions.set_line_no(0)
    shell = TerminalShell(definitions, "NoColor", want_readline=False, want_completion=False,
                          autoload=True)
    output = TerminalOutput(shell)

    def run(text: str):
        return _run_text(definitions, output, text)

    if plan.get("prelude"):
        run(plan["prelude"])
    trace = Trace(int(plan.get("n", 0)), _templates(plan, definitions))
    trace.spread |= {definitions.lookup_name(f) for f, k in plan.get("memoised", [])
                     if k == trace.n}
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
        #: the last position read was a bare integer (``a[5]`` of a one-coordinate game); the
        #: integers after it (``T[n, 3]``: a position, then other arguments)
        self.bare, self.extra = False, None

    def position(self, elements, evaluation):
        from mathics.core.atoms import Integer
        from mathics.core.list import ListExpression
        from mathics.core.symbols import Symbol

        def value(e):
            return e.evaluate(evaluation) if isinstance(e, Symbol) else e
        if len(elements) == 1:
            e = value(elements[0])
            if self.n == 1 and isinstance(e, Integer):  # a[5] of a one-coordinate game
                self.bare = True
                return (e.value,)
            if not isinstance(e, ListExpression):
                return None
            elements = e.elements
        if len(elements) > self.n > 0 and len(elements) <= self.n + 2 and all(
                isinstance(value(e), Integer) for e in elements):  # T[n, k]: a position, then k
            self.extra = tuple(value(e).value for e in elements[self.n:])
            return tuple(value(e).value for e in elements[:self.n])
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
            # the prelude's helpers (CGSBprelude*: BitXor's digits...) are the audit's, never a candidate
            if not (trace.on and isinstance(head, Symbol) and head.name.startswith("Global`")) \
                    or head.name.startswith("Global`CGSBprelude"):
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
                    trace.bare, trace.extra = False, None
                    key, p = head.name, trace.position(expr._elements, evaluation)
                    if trace.extra is not None:  # recorded as T@3, a candidate when nothing else is
                        key = head.name + "@" + ",".join(map(str, trace.extra))
                    elif p is not None and (len(expr._elements) > 1 or trace.bare):
                        trace.spread.add(head.name)  # f[x, y, z], a[5]: called so after the program too
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
    if chosen["positions"][0]:
        channel.emit("positions", _positions_text(plan, definitions, evaluation_class, output,
                                                  chosen["positions"], seen))
    if chosen.get("ppositions"):
        channel.emit("ppositions", _call(definitions, evaluation_class, output, chosen["ppositions"][0], None))
    for tag, role in (("values", "grundy"), ("moves", "moves"), ("win", "win")):
        head = chosen.get(role, (None,))[0]
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
    undefined = _undefined(plan, definitions)
    channel.emit("undefined", "{" + ", ".join('"' + h + '"' for h in undefined) + "}")


def _load_second():
    """The files of :data:`PARTS` beside this file, loaded by their paths (the launcher runs with
    ``python -I``: its folder is not on ``sys.path``, and stays off it); their functions named
    there become globals here and of each file. Called by :func:`main` at start, and by
    :func:`audit_run` (a test may call it in its own process)."""
    global _second
    if _second is None:
        import importlib.util
        import os
        stem, _ = os.path.splitext(os.path.abspath(__file__))
        shared, modules = {}, []
        for part, names in PARTS.items():
            spec = importlib.util.spec_from_file_location("cgsb_launcher_" + part, f"{stem}_{part}.py")
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            shared.update({name: getattr(module, name) for name in names})
            modules.append(module)
        for module in modules:
            vars(module).update(shared)
        globals().update(shared)
        _second = modules
    return _second


def main() -> int:
    # every line printed reaches the pipe at once: a run killed at a limit keeps its output so far
    # (Mathics3's print() is block-buffered into a pipe; the sandbox has no PYTHONUNBUFFERED)
    sys.stdout.reconfigure(line_buffering=True)
    import gc
    import json
    gc.disable()  # until the shell is built (:func:`_start_without_collections`)
    _load_second()  # before any program code exists
    mode = sys.argv[1] if len(sys.argv) == 3 and sys.argv[1] in ("--audit", "--open") else None
    if len(sys.argv) != 2 and mode is None:
        print("usage: mathics_launcher.py [--audit | --open] FILE", file=sys.stderr)
        return 2
    plan = json.loads(sys.stdin.read()) if mode == "--audit" else None  # before any program code exists
    if mode != "--open":
        _lock_down()
    _start_without_collections()
    if plan is not None:
        return audit_run(plan)
    from mathics.__main__ import main as mathics_main
    sys.argv = ["mathics", "-q", "-f", sys.argv[-1]]
    return mathics_main() or 0


if __name__ == "__main__":
    sys.exit(main())
