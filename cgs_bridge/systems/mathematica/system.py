"""Mathematica as a :class:`~cgs_bridge.systems.base.System`: the ``mathematica`` target (one
``.wl`` program writing ``<stem>.csv``), its output reader, the engine runner (Mathics3 or
wolframscript) and the Wolfram Language auditor."""

from __future__ import annotations

import re
from pathlib import Path

from cgs_bridge.systems.base import Auditor, BenchCase, Runner, System, lazy_run

from . import heaps, runner
from .audit import entry, report
from .reader import read_output


def read(path, ruleset, partial: bool, options: dict):
    """The :attr:`System.read` of Mathematica: the CSV the emitted ``.wl`` wrote, or a printed
    ``{{...}}`` list."""
    return read_output(path, ruleset.coords, partial)


def _prepare(choice, given):
    if choice == "none":
        return None
    name, _ = runner.mathematica_engine(None if choice in (None, "auto") else choice)
    return name


def _run_notes(engine, files, run_dir, source) -> list:
    """The claim checks the emitted ``.wl`` printed after its table (lines that are lists)."""
    if engine is None:
        return []
    log = (Path(run_dir) / f"{engine}.log").read_text(encoding="utf-8")
    checks = [ln.strip() for ln in log.splitlines() if ln.strip().startswith("{")]
    if not checks:
        return []
    held = sum(c == "{}" for c in checks)
    return [f"the Mathematica program checked {len(checks)} claim(s) of the spec as the papers "
            f"do: {held} printed {{}} (holds on the box)"
            + ("" if held == len(checks) else f", {len(checks) - held} listed positions "
               f"where it fails (see {engine}.log)")]


def _run_checks(engine, files, run_dir) -> list:
    """The claim checks the emitted ``.wl`` printed after its table: ``[(log line, positions
    listed)]``; a printed list may be wrapped over several lines (read until its braces close)."""
    if engine is None:
        return []
    log = Path(run_dir) / f"{engine}.log"
    if not log.exists():
        return []
    out, start, text = [], None, ""
    for no, line in enumerate(log.read_text(encoding="utf-8").splitlines(), 1):
        if start is None and not line.strip().startswith("{"):
            continue
        start = start or no
        text += line.strip()
        if text.count("{") == text.count("}"):
            inner = text[1:-1].strip()
            out.append((start, 0 if not inner else inner.count("{")))
            start, text = None, ""
    return out


SIGNS = re.compile(r"\w\[\[|\b(Table|Select|Module|Block|Flatten|Union|Map)\[")

RUNNER = Runner("mathematica_engine", runner.ENGINES, "auto: wolframscript when on PATH, else Mathics3",
                _prepare, runner.run_program, lambda engine: (engine, f"{engine} run"), _run_notes,
                _run_checks)

#: The cases of ``cgs-bridge bench`` that run Mathics3 (:mod:`.bench`, :mod:`.bench_verify`,
#: :mod:`.bench_audit_reading`, each loaded when its case runs).
BENCH = (
    BenchCase("mathics", lazy_run(__package__ + ".bench"), (
        (("--mathics-bound",), dict(metavar="N", type=int, default=10,
                                    help="box x, y, z <= N of the mathics case (default 10: 484 positions, about "
                                         "a minute; 20 is the paper's box, 3,234 positions: the published program "
                                         "alone takes about 13 minutes on an idle 2-core machine)")),),
              ranges={"mathics_bound": (0, 1000, "")}),
    BenchCase("verify", lazy_run(__package__ + ".bench_verify"), (
        (("--verify-bound",), dict(metavar="N", type=int, default=20,
                                   help="box x, y, z <= N of the verify case (default 20, the paper's box: about a "
                                        "minute on an idle 2-core machine; the target of 90 s is printed there)")),),
              ranges={"verify_bound": (1, 1000, "")}),
    BenchCase("audit-reading", lazy_run(__package__ + ".bench_audit_reading")))

SYSTEM = System(name="mathematica", target=heaps.TARGET, read=read,
                source_help="the CSV the emitted .wl wrote, or a printed {{...}} list", runner=RUNNER,
                run_order=0,
                auditor=Auditor("mathematica", (".wl", ".m", ".nb", ".wls"), SIGNS, entry.audit,
                                report.mathematica_text, report.write_mathematica, entry.ARGUMENTS,
                                entry.options),
                bench=BENCH, packages=("Mathics3",))
