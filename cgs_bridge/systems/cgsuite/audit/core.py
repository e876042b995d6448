"""The CGScript audit as a whole (issue 13): normalise and parse the program and its classes,
interpret the class's ``Options`` on a box and the worksheet script (as printed or ``--scale``d),
judge everything against the spec, optionally port to CGSuite 2.x; exit 0 agree, 1 differ, 2 error.

Entry point: :func:`audit_cgscript`. User documentation: docs/audit.md (CGScript section).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path

from cgs_bridge.foundation.errors import CgsBridgeError, InputError
from cgs_bridge.systems.auditing.judge import Check
from cgs_bridge.systems.auditing.report import ProgramAudit
from cgs_bridge.systems.cgsuite.cgscript import ast as A
from cgs_bridge.systems.cgsuite.cgscript.evaluator import PYTHON_ERRORS, Interpreter, Limits, error_text
from cgs_bridge.systems.cgsuite.cgscript.parse import parse_file_text

from .graphcheck import judge_graph_values
from .gridcheck import judge_grid_box, judge_grid_values
from .heapcheck import judge_heap_values
from .judge import Binding, declared, judge_class_moves, judge_printed, judge_script_values
from .overrides import judge_own_values
from .stripcheck import judge_strip_values


@dataclass
class Source:
    """One parsed file: ``path``, ``package`` (``examples`` for ``DIR/examples/Choco3D.cgs``),
    the :class:`~.ast.Program` and its normalisation."""

    path: str
    package: str
    program: A.Program
    normalized: object


@dataclass
class CGScriptReport(ProgramAudit):
    """What the audit found; ``checks`` is a list of ``(run label, Check)``; ``printed`` maps run
    labels to what the script printed. A
    :class:`~cgs_bridge.systems.auditing.report.ProgramAudit` (text and HTML by the presentation
    layer)."""

    language = "cgscript"

    program_path: str
    spec: str
    sources: list
    checks: list = field(default_factory=list)
    printed: dict = field(default_factory=dict)
    notes: list = field(default_factory=list)
    port_files: list = field(default_factory=list)

    @property
    def game(self) -> str:
        return self.spec

    def programs(self) -> list:
        return [(f"normalised {s.path}", s.normalized.text) for s in self.sources]

    @property
    def exit_code(self) -> int:
        """The verdict rules (:func:`cgs_bridge.systems.auditing.verdict.interpreted_exit_code`)."""
        from cgs_bridge.systems.auditing.verdict import interpreted_exit_code
        return interpreted_exit_code(self.checks)

    def verdict(self) -> str:
        from cgs_bridge.systems.auditing.report import RESULT
        return RESULT[self.exit_code].replace("engine", "evaluation")

    @property
    def frame(self):
        """Every difference row: columns run, check, position, program, spec, detail (text)."""
        from cgs_bridge.systems.auditing.report import to_frame
        return to_frame(self)


def load_source(path: str, text: str | None = None, package: str = "", dialect: str | None = None) -> Source:
    """Read, normalise and parse one CGScript file. Raises InputError (unreadable, syntax)."""
    if text is None:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise InputError(f"cannot read CGScript file {path}: {e}") from None
    program, norm = parse_file_text(text, str(path), dialect)
    return Source(str(path), package, program, norm)


def referenced_names(program: A.Program) -> set:
    """Names and member names the program uses (candidates for class files)."""
    from cgs_bridge.systems.cgsuite.cgscript.dialect import walk
    out = set()
    for n in walk(tuple(program.classes) + tuple(program.statements)):
        if isinstance(n, A.Name):
            out.add(n.id)
        elif isinstance(n, A.Member):
            out.add(n.name)
    return out


def wanted_names(sources) -> set:
    """The names the program and its ``--class`` files use, with the classes those extend
    (``class G extends game.heap.HeapRuleset`` needs the class path's HeapRuleset.cgs)."""
    out = set()
    for src in sources:
        out |= referenced_names(src.program)
        out |= {e.split(".")[-1] for c in src.program.classes for e in (c.extends or ())}
    return out


def class_path_sources(dirs, dialect=None, names=None) -> list:
    """The class files under the class-path folders that ``names`` refers to (all when None), and
    those their classes refer to in turn (a superclass: ``GenWythoff extends CoordinateRuleset``),
    as CGSuite finds them: a file in a subfolder belongs to the package named by the subfolder
    (``DIR/examples/Choco3D.cgs`` is ``examples.Choco3D``)."""
    files = []
    for d in dirs or []:
        root = Path(d)
        if not root.is_dir():
            raise InputError(f"--class-path {d}: not a folder")
        files += [(f, ".".join(f.relative_to(root).parts[:-1])) for f in sorted(root.rglob("*.cgs"))]
    from cgs_bridge.systems.cgsuite.cgscript.builtins import STATICS  # interpreted: Graph, Integer.Parse, ...
    from cgs_bridge.systems.cgsuite.cgscript.heaprules import NATIVE  # game.heap.Spawning: interpreted
    from cgs_bridge.systems.cgsuite.cgscript.variants import MIRRORED
    files = [(f, pkg) for f, pkg in files if not (pkg == "game.heap" and f.stem in NATIVE)]
    STATICS = STATICS | MIRRORED   # Game.cgs, ImpartialGame.cgs: given by the interpreter (external methods)
    out, wanted, done = [], None if names is None else _implied(set(names)) - STATICS, set()
    while True:
        new = [(f, pkg) for f, pkg in files if f not in done and (wanted is None or f.stem in wanted)]
        if not new and wanted is not None:
            new = _constants_files(files, wanted, done, dialect)
        if not new:
            return out
        for f, pkg in new:
            done.add(f)
            src = load_source(str(f), package=pkg, dialect=dialect)
            if src.program.classes:
                out.append(src)
                if wanted is not None and f.stem != "constants":
                    wanted |= (referenced_names(src.program) | {e.split(".")[-1] for c in src.program.classes
                                                                for e in c.extends}) - STATICS


def _implied(names: set) -> set:
    """``names`` and the class files they need though they do not name them (``.ImpartialVariant``:
    game/variant/ImpartialVariantGame.cgs; ``game.heap.PartizanSubtraction``: PartizanHeapRuleset.cgs)."""
    from cgs_bridge.systems.cgsuite.cgscript.heaprules import IMPLIED as HEAPS
    from cgs_bridge.systems.cgsuite.cgscript.variants import IMPLIED
    out = set(names)
    for table in (IMPLIED, HEAPS if "heap" in names else {}):
        for n in names & set(table):
            out |= set(table[n])
    return out


def _constants_files(files, wanted, done, dialect) -> list:
    """The ``constants.cgs`` of a referenced package (``game.graph``) that defines a referenced
    name (``var ArcKayles := GenArcKayles();``); the names its used definitions refer to are
    added to ``wanted`` (its other definitions stay unread: Hackenbush's ``Color`` is an enum)."""
    from cgs_bridge.systems.cgsuite.cgscript.dialect import walk
    found = []
    for f, pkg in files:
        if f in done or f.stem != "constants" or pkg.split(".")[-1] not in wanted:
            continue
        done.add(f)
        try:
            src = load_source(str(f), package=pkg, dialect=dialect)
        except CgsBridgeError:
            continue
        defs = [(name, e) for c in src.program.classes for name, e in c.inits]
        defs += [(m.name, m) for c in src.program.classes for m in c.methods]   # def TakeAway(limit) := ...
        used, seen = [], set()
        while True:   # FibonacciNim := TakeAway(2), and TakeAway's body names GenMem
            new = [(name, e) for name, e in defs if name in wanted and name not in seen]
            if not new:
                break
            seen |= {name for name, _ in new}
            used += [e for _, e in new]
            wanted |= _implied({n.id if isinstance(n, A.Name) else n.name for n in walk(tuple(used))
                                if isinstance(n, (A.Name, A.Member))})   # Domineering.ImpartialVariant
        if used:
            found.append((f, pkg))
    return found


def scale_program(program: A.Program, scale: dict) -> A.Program:
    """``program`` with its top-level ``name := <integer>`` statements set to ``scale[name]``.
    Raises InputError when a name is not assigned that way."""
    stmts = list(program.statements)
    for name, value in scale.items():
        hits = [k for k, s in enumerate(stmts) if isinstance(s, A.ExprStmt) and isinstance(s.expr, A.Assign)
                and isinstance(s.expr.target, A.Name) and s.expr.target.id == name
                and isinstance(s.expr.value, A.Num)]
        if not hits:
            raise InputError(f"--scale {name}={value}: the script has no top-level {name} := <integer>")
        for k in hits:
            s = stmts[k]
            stmts[k] = dataclasses.replace(s, expr=dataclasses.replace(
                s.expr, value=dataclasses.replace(s.expr.value, value=int(value))))
    return dataclasses.replace(program, statements=tuple(stmts))


def _interpreter(sources, dialect, limits, where) -> Interpreter:
    """An interpreter with every source's classes; an error in a method of a class file other than
    the program's names that file (``game/graph/GenHackenbush.cgs:7:7``)."""
    it = Interpreter(dialect, limits, where)
    for k, s in enumerate(sources):
        for c in s.program.classes:
            it.add_class(c, s.package)
            if k:
                name = "/".join(s.package.split(".") + [Path(s.path).name]) if s.package else Path(s.path).name
                it.method_files.update({id(m): name for m in _methods(c)})
    return it


def _methods(cls) -> list:
    return list(cls.methods) + [m for inner in cls.classes for m in _methods(inner)]


def _game_class(sources, name: str | None, own: int | None = None):
    """The qualified name of the class to judge: ``name`` or the only class with ``Options``; of
    several, the only one of the first ``own`` sources (the program and its --class files), or
    None when they all come from the class path (CGSuite's library: ``game.heap.Kayles`` loads
    heap/constants.cgs and its rulesets; what the program asks of them is judged, check ``heaps``)."""
    found, mine = [], []
    for k_src, s in enumerate(sources):
        if s.package == "game.variant":   # the variants wrap a game: never the game judged
            continue
        for c in s.program.classes:
            top = f"{s.package}.{c.name}" if s.package else c.name
            for k in [c] + list(c.classes):
                if k.method("Options") is not None:
                    found.append(top if k is c else f"{top}.{k.name}")
                    mine += [found[-1]] if own is None or k_src < own else []
    if not name and len(found) > 1 and own is not None and len(mine) <= 1:
        return mine[0] if mine else None
    if name:
        match = [f for f in found if f == name or f.split(".")[-1] == name]
        if not match:
            raise InputError(f"--class-name {name}: no class with Options of that name ({', '.join(found) or 'none'})")
        return match[0]
    if len(found) > 1:
        raise InputError(f"several classes define Options ({', '.join(found)}): choose one with --class-name")
    return found[0] if found else None


def _judge_box(report, sources, dia, limits, main, target, ruleset, mapping, box) -> None:
    """``--bound``: judge the game class's Options and its own values on ``box``; appends the
    checks and notes to ``report``. Raises InputError when no class with Options was given."""
    if target is None:
        raise InputError("--bound judges a class's Options, but no class with Options was given")
    it = _interpreter(sources, dia, limits, main.normalized.where)
    kind = _holds(it, target)
    if kind == "strip" and main.program.statements:
        report.notes.append(f"the positions of {target} are strips: --bound judges every strip of coins of "
                            "that length (check strips)")
        return
    if kind == "grid":  # boards of strips (Cram): gridcheck.judge_grid_box
        variant = bool({"Cram", "ImpartialVariant"} & referenced_names(main.program))  # game.grid.Cram
        report.checks += [("box", c) for c in judge_grid_box(it, target, ruleset, max(box.upper, default=0), variant)]
        return
    binding = Binding(it, target, ruleset, mapping)
    try:
        report.checks += [("box", c) for c in judge_class_moves(it, binding, ruleset, box)]
    except (CgsBridgeError,) + PYTHON_ERRORS as e:
        report.checks.append(("box", Check("evaluation", "error", error_text(e))))
    own = judge_own_values(_interpreter(sources, dia, limits, main.normalized.where), binding, ruleset, box)
    report.checks += [("box", own)] if own is not None else []
    report.notes += it.notes


def _holds(it, target: str) -> str | None:
    """``"graph"``, ``"grid"`` or ``"strip"`` when ``target`` is a class of positions made of one
    ``Graph`` (GenArcKayles.Position), ``Grid`` (Domineering.Position) or ``Strip``
    (Turning.Position), else None."""
    params = it.classes[target].params or ()
    kind = (params[0].type or "").split(".")[-1] if len(params) == 1 else ""
    return kind.lower() if kind in ("Graph", "Grid", "Strip") else None


def _script_run(report, label, sc, it, main, target, ruleset, mapping, box, expect, printed) -> None:
    """One run of the worksheet script (``sc``: its ``--scale`` values) in the interpreter ``it``:
    the run, the values of the games it valued, the printed outputs (``--expect``, ``--printed``),
    the class's own values; appends the checks, what it printed and its notes to ``report``."""
    prog = scale_program(main.program, sc) if sc else main.program
    try:
        it.run(prog.statements)
        report.checks.append((label, Check("run", "ok", f"{it.steps:,} evaluation steps, "
                                           f"{len(it.nim_cache)} games valued")))
    except (CgsBridgeError,) + PYTHON_ERRORS as e:
        report.checks.append((label, Check("run", "error", error_text(e))))
    report.printed[label] = list(it.printed)
    binding = None
    kind = _holds(it, target) if target is not None else None
    if kind is not None:
        report.checks.append((label, Check("values", "skipped", f"the positions of {target} are {kind}s: "
                                           f"judged {kind} by {kind} (check {kind}s)")))
    elif target is not None:
        try:
            binding = Binding(it, target, ruleset, mapping)
        except InputError as e:
            stopped = report.checks[-1][1].name == "run" and report.checks[-1][1].verdict == "error"
            if not printed and not any(it.heap_values.values()) and not stopped:
                raise
            judged = (f"what the script printed is (--printed {printed})" if printed else
                      "the heap values the program asked for are (check heaps)" if not stopped else
                      "the run stopped (check run)")   # a variant of a heap game, or a refused run
            report.checks.append((label, Check("values", "skipped", f"the class {target} is not judged ({e}); {judged}")))
    if binding is not None and it.nim_cache:
        try:
            report.checks.append((label, judge_script_values(it, binding, ruleset)))
        except (CgsBridgeError,) + PYTHON_ERRORS as e:
            report.checks.append((label, Check("values", "error", error_text(e))))
    heaps = judge_heap_values(it, ruleset)  # game.heap.TakeAndBreak heaps the program valued
    report.checks += [(label, heaps)] if heaps is not None else []
    graphs = judge_graph_values(it, ruleset)  # positions holding a Graph (game.graph.GenArcKayles)
    report.checks += [(label, graphs)] if graphs is not None else []
    strips = judge_strip_values(it, ruleset, None if printed else box, printed)  # positions holding a Strip (Turning)
    report.checks += [(label, strips)] if strips is not None else []
    grids = judge_grid_values(it, ruleset)  # positions holding a Grid (Cram, a program's grid class)
    report.checks += [(label, grids)] if grids is not None else []
    report.checks.append((label, judge_printed(expect, it.printed, bool(sc))))
    if printed:
        report.checks.append((label, declared(it.printed, ruleset, box, printed)))
    if binding is not None and box is None:   # with a box, judged once above
        own = judge_own_values(it, binding, ruleset, None)
        report.checks += [(label, own)] if own is not None else []
    report.notes += [n for n in it.notes if n not in report.notes]


def audit_cgscript(program_path: str, ruleset, text: str | None = None, classes=(), class_path=(),
                   box=None, scales=(), as_printed=None, expect=None, mapping=None,
                   limits: Limits | None = None, class_name: str | None = None,
                   dialect: str | None = None, printed: str | None = None) -> CGScriptReport:
    """Audit a CGScript program (a class, a worksheet script, or both) against ``ruleset``.

    Args:
        classes: more class files (paths), no package (``examples.X`` then resolves to ``X``).
        class_path: folders searched like CGSuite's class path (subfolder = package).
        box: a :class:`solvers.Box`: judge the class's Options and values on it (``--bound``).
        scales: dicts name -> int text, one script run each (``--scale x=5,y=5,z=5``).
        expect: entries from :func:`cgs_bridge.systems.auditing.judge.load_expect`.
        mapping: class constructor name -> spec coordinate/parameter name (``--map``).
        printed: what the script prints (``--printed grundy|p-positions``), judged on ``box``
            (:func:`cgs_bridge.systems.auditing.declared.judge_declared`; no box: an error).
    Raises:
        InputError: unreadable or unsupported input (with line and column), a bad mapping.
    """
    main = load_source(program_path, text, dialect=dialect)
    sources = [main] + [load_source(p, dialect=dialect) for p in classes]
    sources += class_path_sources(class_path, dialect, wanted_names(sources))
    report = CGScriptReport(program_path, ruleset.describe(), sources)
    report.checks.append(("", Check("normalization", "info", "; ".join(
        f"{Path(s.path).name}: {len(s.normalized.changes)} changes" for s in sources))))
    report.checks.append(("", Check("parse", "info", "; ".join(
        f"{Path(s.path).name}: CGScript {s.program.dialect}, classes "
        f"{', '.join(c.name for c in s.program.classes) or 'none'}, {len(s.program.statements)} statements"
        for s in sources))))
    limits = limits or Limits()
    dia = main.program.dialect if main.program.classes or len(sources) == 1 else sources[-1].program.dialect
    target = _game_class(sources, class_name, 1 + len(classes))
    if box is not None and not printed:  # --printed: the box judges what the script printed
        _judge_box(report, sources, dia, limits, main, target, ruleset, mapping, box)
    if main.program.statements:
        plans = []
        if as_printed or (as_printed is None and not scales):
            plans.append(("as printed", {}))
        plans += [(",".join(f"{k}={v}" for k, v in sc.items()), sc) for sc in scales]
        for label, sc in plans:
            it = _interpreter(sources, dia, limits, main.normalized.where)
            _script_run(report, label, sc, it, main, target, ruleset, mapping, box, expect, printed)
    if box is None and not main.program.statements:
        report.checks.append(("", Check("moves", "skipped", "a class alone is judged on a box: give --bound")))
    if not any(c.verdict in ("agree", "differ", "error") for _, c in report.checks):
        report.checks.append(("", Check("judged", "error", "nothing the program computed or printed was compared "
                                        "with the spec (no value of a position asked, no --printed, no class judged "
                                        "on --bound): cannot judge")))   # never an agree on nothing (rule 4)
    return report
