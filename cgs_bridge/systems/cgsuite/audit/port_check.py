"""Write and check a CGSuite 2.x port (:mod:`.port`) of an audited program.

Checks added to the report (run label ``port``):

- ``port-grammar``: every written file against the emitted-CGScript grammar
  (:func:`cgs_bridge.systems.cgsuite.check.parse_cgscript`); a construct that grammar lacks
  is reported (verdict info: the grammar covers what cgs_bridge emits, not all of CGScript);
- ``port-moves``: the port's class interpreted as CGScript 2.x has the same option sets as the
  original at every valid position of the ``--bound`` box;
- ``port-run``: the port's script interpreted as CGScript 2.x prints what the original printed
  (a port that stops with an error is an error, exit 2, not a difference of the program);
- ``cgsuite``: with ``--cgsuite-cmd``, the port run in a real CGSuite REPL (a copy of the folder
  appended as class path, the script at the run's ``--scale`` fed on stdin, then ``:quit``; ``> ``
  prompts stripped, strings unquoted) prints what the original printed. It runs in the bubblewrap
  sandbox unless ``--no-sandbox``, under ``--memory`` with JVM sizes from :mod:`cgs_bridge.systems.cgsuite.jvm`. A
  run that prints a CGSuite error or a Java exception (the REPL goes on after one and prints the
  later values), exits non-zero or times out is an engine error (exit 2) naming the first error
  line: the lines printed after a crash are never compared.
"""

from __future__ import annotations

from pathlib import Path

from cgs_bridge.foundation.errors import CgsBridgeError, InputError
from cgs_bridge.foundation.io import atomic_write_text
from cgs_bridge.systems.auditing.judge import Check
from cgs_bridge.systems.cgsuite.cgscript import games as G
from cgs_bridge.systems.cgsuite.cgscript.evaluator import PYTHON_ERRORS, Limits, error_text

from .core import _interpreter, load_source
from .port import port_files


def repl_lines(stdout: str) -> list:
    """Values a CGSuite REPL printed: banner and class-path lines dropped, ``> `` prompts
    stripped (several may precede one value), quotes of printed strings removed, ``Nothing`` and
    empty lines dropped (issue-9 notes, ../shared/fixtures/cgsuite/emitted/README.md)."""
    out = []
    for line in stdout.splitlines():
        if line.startswith(("Welcome to the CGSuite REPL", "Type CGScript", "Adding folder")):
            continue
        while line.startswith(">"):
            line = line[1:].lstrip(" ")
        line = line.strip()
        if not line or line == "Nothing":
            continue
        if len(line) >= 2 and line[0] == line[-1] == '"':
            line = line[1:-1]
        out.append(line)
    return out


def _grammar_checks(files: dict) -> Check:
    from cgs_bridge.systems.cgsuite.check import parse_cgscript
    problems = []
    for rel, text in files.items():
        try:
            parse_cgscript(text, rel)
        except CgsBridgeError as e:
            problems.append(str(e).splitlines()[0])
    if not problems:
        return Check("port-grammar", "agree", f"{len(files)} files accepted by the CGScript 2.x check of emitted code")
    return Check("port-grammar", "info", "the CGScript 2.x check of emitted code rejects: "
                 + "; ".join(problems))


def _port_moves(report, sources, box, ruleset, mapping) -> Check:
    """The port's class and the original's: the same option sets at every valid box position."""
    from solvers.box import lexicographic

    from .core import _game_class
    from .judge import Binding
    orig_it = _interpreter(report.sources, "1.x", Limits(), None)
    port_it = _interpreter(sources, "2.x", Limits(), None)
    okey = _game_class(report.sources, None)
    key = next((k for k in port_it.classes if k == okey), _game_class(sources, None))
    ob, pb = Binding(orig_it, okey, ruleset, mapping), Binding(port_it, key, ruleset, mapping)
    bad, n = [], 0
    for p in lexicographic(box):
        if not ruleset.is_valid(p):
            continue
        n += 1
        a = {ob.position(o)[0] for o in G.options(orig_it, ob.make(orig_it, p))}
        b = {pb.position(o)[0] for o in G.options(port_it, pb.make(port_it, p))}
        if a != b:
            bad.append({"position": str(p), "program": str(sorted(b)), "spec": str(sorted(a)),
                        "detail": "port options differ from the original's"})
    return Check("port-moves", "differ" if bad else "agree",
                 f"the port's {key} vs the original's {okey} at {n} valid positions: "
                 + (f"{len(bad)} differ" if bad else "same option sets"), bad)


def _run_port(folder: Path, files: dict, report, box, ruleset, mapping) -> list:
    checks = []
    sources = [load_source(str(folder / rel), package=".".join(Path(rel).parts[:-1]), dialect="2.x")
               for rel in files if not rel.endswith("_2x.cgs")]
    originals = [s for s in report.sources if s.program.classes]
    if box is not None and originals and sources:
        try:
            checks.append(_port_moves(report, sources, box, ruleset, mapping))
        except (CgsBridgeError,) + PYTHON_ERRORS as e:
            checks.append(Check("port-moves", "error", error_text(e)))
    scripts = [rel for rel in files if rel.endswith("_2x.cgs")]
    if scripts and report.printed:
        label, want = next(iter(report.printed.items()))
        script = load_source(str(folder / scripts[0]), dialect="2.x")
        it = _interpreter(sources or report.sources, "2.x", Limits(), None)
        from .core import scale_program
        prog = script.program
        if label != "as printed":
            prog = scale_program(prog, dict(part.split("=") for part in label.split(",")))
        try:
            it.run(prog.statements)
            # CGSuite 2.x prints a string with its quotes (1.x without): compare the text
            shown = [ln[1:-1] if len(ln) >= 2 and ln[0] == ln[-1] == '"' else ln for ln in it.printed]
            same = shown == want
            checks.append(Check("port-run", "agree" if same else "differ",
                                f"the port interpreted as CGScript 2.x ({label}) prints "
                                + ("what the original printed" if same else f"{shown[:2]} instead of {want[:2]}")))
        except (CgsBridgeError,) + PYTHON_ERRORS as e:
            checks.append(Check("port-run", "error", f"the port interpreted as CGScript 2.x ({label}) "
                                f"stops where the original ran (no verdict): {error_text(e)}"))
    return checks


def port_report(report, out_dir, force=False, cgsuite_cmd=None, timeout=600.0, ruleset=None,
                box=None, mapping=None, package: str = "examples", memory: int | None = None,
                sandboxed: bool = False) -> None:
    """Write the 2.x port of ``report``'s sources into ``out_dir`` and add the port checks;
    ``memory`` (bytes of address space) and ``sandboxed`` apply to the real CGSuite run.

    Raises:
        InputError: a construct the port does not translate; an existing different file (no force).
    """
    files, notes = port_files(report.sources, package)
    folder = Path(out_dir)
    for rel in files:  # identifiers only (port_files); and never a path outside -o (issue 37)
        if Path(rel).is_absolute() or ".." in Path(rel).parts:
            raise InputError(f"-o {out_dir}: the port file {rel} would lie outside the folder")
    for rel, text in files.items():
        report.port_files.append(str(atomic_write_text(folder / rel, text, overwrite=force, make_parent=True)))
    report.notes += [f"port: {n}" for n in notes]
    report.checks.append(("port", _grammar_checks(files)))
    report.checks += [("port", c) for c in _run_port(folder, files, report, box, ruleset, mapping)]
    if cgsuite_cmd:
        report.checks.append(("port", _run_cgsuite(cgsuite_cmd, folder, files, report, timeout,
                                                   memory, sandboxed)))


def cgsuite_failure(res, memory: int | None = None) -> str | None:
    """Why a CGSuite run is no evidence (an engine error, exit 2), or None: the JVM could not
    start or ran out of memory (the limit named), it timed out, exited non-zero, or printed an
    error message or a Java exception anywhere (the REPL prints both on stdout and goes on, so a
    value printed after a crash is never compared). The first error line is quoted."""
    from cgs_bridge.systems.cgsuite.jvm import memory_failure
    from cgs_bridge.systems.cgsuite.reader import (
        EOF_EXCEPTION,
        CGSuiteRunError,
        check_error_transcript,
        java_exceptions,
    )
    text = res.stdout + "\n" + res.stderr
    why = memory_failure(text, memory)
    if why:
        return why
    if res.truncated:
        return f"CGSuite printed more than the output limit and was stopped:\n{res.tail(5)}"
    if res.timed_out:
        return f"CGSuite exceeded its time limit after {res.seconds:.0f} s:\n{res.tail(5)}"
    try:
        check_error_transcript(text, "CGSuite output")
    except CGSuiteRunError as e:
        return str(e)
    if res.returncode not in (0, None) and not (res.returncode == 1 and java_exceptions(res.stderr) == [EOF_EXCEPTION]):
        return f"CGSuite failed (exit {res.returncode}):\n{res.tail()}"
    return None


def _scaled(script: str, label: str) -> str:
    """The port's script at the size of the run labelled ``label`` (``x=6,y=3,z=6`` from
    ``--scale``; ``as printed`` leaves it): its top-level ``name := <integer>;`` lines set."""
    import re
    if label == "as printed":
        return script
    sizes = dict(part.split("=") for part in label.split(","))
    return "\n".join(re.sub(r"^(\w+) := -?\d+;$", lambda m: f"{m.group(1)} := {int(sizes[m.group(1)])};"
                            if m.group(1) in sizes else m.group(0), line) for line in script.split("\n"))


def _cgsuite_command(cmd: str, folder: Path, scratch: Path) -> tuple:
    """``(argv, read-only host paths)``: the REPL command with ``folder`` as class path; every
    existing absolute path in the command (a CGSuite jar, its class path entries) is bound
    read-only into the sandbox."""
    from cgs_bridge.systems.cgsuite.jvm import host_paths
    from cgs_bridge.systems.cgsuite.runner import cgsuite_argv
    argv = cgsuite_argv(cmd)
    paths = {Path(p) for a in argv[1:] for p in a.split(":") if p.startswith("/") and Path(p).exists()}
    return argv + [str(folder)], sorted(paths | set(host_paths()))


def _run_cgsuite(cmd: str, folder: Path, files: dict, report, timeout: float,
                 memory: int | None = None, sandboxed: bool = False) -> Check:
    """Run the port's script in the CGSuite REPL (a copy of the port folder in a private scratch
    folder; inside the bubblewrap sandbox when ``sandboxed``, under ``memory`` bytes of address
    space with JVM sizes from :mod:`cgs_bridge.systems.cgsuite.jvm`) and judge what it printed."""
    import shutil
    import tempfile

    from cgs_bridge.systems import sandbox
    from cgs_bridge.systems.cgsuite import jvm
    from cgs_bridge.systems.engines import run
    scripts = [rel for rel in files if rel.endswith("_2x.cgs")]
    if not scripts:
        return Check("cgsuite", "skipped", "no script to run (a class alone)")
    label, want = next(iter(report.printed.items()))
    script = _scaled(files[scripts[0]], label)
    if sandboxed and sandbox.unavailable_reason():
        return Check("cgsuite", "error", f"no sandbox for CGSuite: {sandbox.unavailable_reason()}; "
                     + sandbox.INSTALL_HINT)
    with tempfile.TemporaryDirectory(prefix="cgsb-cgsuite-") as parent:
        scratch = sandbox.make_scratch(parent)
        classes = scratch / "port"
        shutil.copytree(folder, classes, ignore=shutil.ignore_patterns("*.json", "*.txt", "*.csv"))
        command, read_only = _cgsuite_command(cmd, classes, scratch)
        env = jvm.environment(memory, str(scratch))
        if sandboxed:
            limits = sandbox.Limits(cpu_seconds=int(timeout) + 30, memory=memory,
                                    processes=sandbox.Limits().processes)
            res = run(command, scratch, timeout=timeout, stdin=script + ":quit\n", env=env,
                      sandbox=limits, read_only=read_only)
        else:
            res = run(command, scratch, timeout=timeout, memory=memory, stdin=script + ":quit\n",
                      env=env)
    failed = cgsuite_failure(res, memory)
    if failed:
        return Check("cgsuite", "error", f"engine error, no verdict: {failed}")
    got = repl_lines(res.stdout)
    tail = got[-len(want):] if want else []
    if tail == want:
        return Check("cgsuite", "agree", f"CGSuite printed what the original printed ({label}): {want[:2]}")
    return Check("cgsuite", "differ", f"CGSuite printed {got[-3:]} where the original printed {want[:3]}",
                 [{"position": label, "program": " | ".join(got[-5:]), "spec": " | ".join(want), "detail": "printed"}])
