"""Write and check a CGSuite 2.x port (:mod:`.port`) of an audited program.

Checks added to the report (run label ``port``):

- ``port-grammar``: every written file against the emitted-CGScript grammar
  (:func:`cgs_bridge.printing.cgscript_check.parse_cgscript`); a construct that grammar lacks
  is reported (verdict info: the grammar covers what cgs_bridge emits, not all of CGScript);
- ``port-moves``: the port's class interpreted as CGScript 2.x has the same option sets as the
  original at every valid position of the ``--bound`` box;
- ``port-run``: the port's script interpreted as CGScript 2.x prints what the original printed;
- ``cgsuite``: with ``--cgsuite-cmd``, the port run in a real CGSuite REPL (the folder appended as
  class path, the script fed on stdin, then ``:quit``; ``> `` prompts stripped, strings unquoted)
  prints what the original printed.
"""

from __future__ import annotations

import shlex
from pathlib import Path

from ...errors import CgsBridgeError, InputError
from ...io import atomic_write_text
from ..judge import Check
from . import builtins as B
from .core import _interpreter, load_source
from .evaluator import PYTHON_ERRORS, Limits, error_text
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
    from ...printing.cgscript_check import parse_cgscript
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
        a = {ob.position(o)[0] for o in B.options(orig_it, ob.make(orig_it, p))}
        b = {pb.position(o)[0] for o in B.options(port_it, pb.make(port_it, p))}
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
            checks.append(Check("port-run", "differ", f"the port interpreted as CGScript 2.x ({label}) "
                                f"stops where the original ran: {error_text(e)}"))
    return checks


def port_report(report, out_dir, force=False, cgsuite_cmd=None, timeout=600.0, ruleset=None,
                box=None, mapping=None, package: str = "examples") -> None:
    """Write the 2.x port of ``report``'s sources into ``out_dir`` and add the port checks.

    Raises:
        InputError: a construct the port does not translate; an existing different file (no force).
    """
    files, notes = port_files(report.sources, package)
    folder = Path(out_dir)
    for rel, text in files.items():
        report.port_files.append(str(atomic_write_text(folder / rel, text, overwrite=force, make_parent=True)))
    report.notes += [f"port: {n}" for n in notes]
    report.checks.append(("port", _grammar_checks(files)))
    report.checks += [("port", c) for c in _run_port(folder, files, report, box, ruleset, mapping)]
    if cgsuite_cmd:
        report.checks.append(("port", _run_cgsuite(cgsuite_cmd, folder, files, report, timeout)))


def _run_cgsuite(cmd: str, folder: Path, files: dict, report, timeout: float) -> Check:
    from ...engines import run
    scripts = [rel for rel in files if rel.endswith("_2x.cgs")]
    if not scripts:
        return Check("cgsuite", "skipped", "no script to run (a class alone)")
    command = shlex.split(cmd) + [str(folder.resolve())]
    if not command:
        raise InputError("--cgsuite-cmd is empty")
    res = run(command, folder, timeout=timeout, stdin=files[scripts[0]] + ":quit\n")
    if res.timed_out or res.returncode not in (0, None):
        return Check("cgsuite", "error", f"CGSuite failed (exit {res.returncode}, "
                     f"{'timed out' if res.timed_out else 'error'}):\n{res.tail()}")
    got = repl_lines(res.stdout)
    label, want = next(iter(report.printed.items()))
    tail = got[-len(want):] if want else []
    if tail == want:
        return Check("cgsuite", "agree", f"CGSuite printed what the original printed ({label}): {want[:2]}")
    return Check("cgsuite", "differ", f"CGSuite printed {got[-3:]} where the original printed {want[:3]}",
                 [{"position": label, "program": " | ".join(got[-5:]), "spec": " | ".join(want), "detail": "printed"}])
