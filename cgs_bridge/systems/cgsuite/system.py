"""CGSuite as a :class:`~cgs_bridge.systems.base.System`: the ``cgsuite`` target (class +
worksheet script), its transcript reader, the REPL runner (``--cgsuite-cmd`` or
``$CGS_BRIDGE_CGSUITE_CMD``) and the CGScript auditor."""

from __future__ import annotations

import re

from cgs_bridge.foundation.errors import InputError
from cgs_bridge.foundation.io import read_input_text
from cgs_bridge.systems.base import Auditor, BenchCase, Runner, System, lazy_run

from . import heaps, runner
from .audit import entry, report
from .reader import parse_table, parse_transcript


def _pairs(text, what: str) -> dict:
    if isinstance(text, dict):
        return {str(k): str(v) for k, v in text.items()}
    out = {}
    for part in filter(None, (x.strip() for x in (text or "").split(","))):
        k, eq, v = part.partition("=")
        if not eq:
            raise InputError(f"{what} expects name=value pairs, got {part!r}")
        out[k.strip()] = v.strip()
    return out


def import_cgsuite(path, ruleset, table_axes=None, fixed=None, partial: bool = False):
    """Read a CGSuite transcript (``table_axes``: ``"rows=X,cols=Y"`` or a dict for a ``Table``
    grid, with the other coordinates in ``fixed``: ``"c=V,..."`` or a dict). ``partial``: the
    output of a run that was cut off, whose last line may be incomplete (then dropped).

    Raises:
        InputError: unreadable file, malformed axes or fixed values, or a malformed transcript
            (the line named).
    """
    text = read_input_text(path, "CGSuite transcript")
    if partial:
        text = text[: text.rfind("\n") + 1]
    if table_axes:
        axes = _pairs(table_axes, "--table-axes")
        if set(axes) != {"rows", "cols"}:
            raise InputError("--table-axes expects rows=COORD,cols=COORD")
        try:
            fixed = {k: int(v) for k, v in _pairs(fixed, "--fixed").items()}
        except ValueError:
            raise InputError("--fixed values must be integers") from None
        return parse_table(text, ruleset.coords, axes["rows"], axes["cols"], fixed, str(path))
    return parse_transcript(text, ruleset.n, str(path))


def read(path, ruleset, partial: bool, options: dict):
    """The :attr:`System.read` of CGSuite (``options``: ``table_axes``, ``fixed``)."""
    return import_cgsuite(path, ruleset, options.get("table_axes"), options.get("fixed"), partial)


def notes(t) -> list:
    """What a transcript says beyond its rows: the REPL's input ended without ``:quit``, the
    emitted claim checks, lone values."""
    out = []
    if t.ended_without_quit:
        out.append("the CGSuite REPL's input ended without :quit (EndOfFileException); "
                   "every value before it was read")
    for line, failing in t.checks:
        out.append(f"cgsuite claim check at line {line}: "
                   + ("holds on the box ([])" if not failing else
                      f"FAILS at {len(failing)} position(s), e.g. {failing[0]}"))
    for line, value in t.scalars:
        out.append(f"cgsuite printed the single value {value} at line {line} (not a table row)")
    return out


def _prepare(cmd, given):
    argv = runner.cgsuite_argv(cmd)  # before any work: an unsplittable command is an input error
    return argv if argv and not given else None


def _run_notes(argv, files, run_dir, source) -> list:
    if source:
        return []
    script = files["script.cgs.j2"]
    return ["CGSuite was not run. To add it: put the folder on CGSuite's class path and run "
            f"{script.name} in a worksheet, or run `java -cp <cgsuite.jar> org.cgsuite.lang.Repl "
            f"{run_dir} < {script}` and save stdout; then `cgs-bridge verify ... --cgsuite FILE` "
            f"(or --cgsuite-cmd / ${runner.CGSUITE_ENV})."]


SIGNS = re.compile(r"\bclass\s+\w+\s+extends\b|\bfor\s+\w+\s+from\b.*\bdo\b|Worksheet\.Print|"
                   r"\.CanonicalForm|\bend\s*;?\s*$|\boverride\s+(method|def)\b", re.S | re.M)

RUNNER = Runner("cgsuite_cmd", (), "command that starts the CGSuite REPL, e.g. 'java -cp cgsuite.jar "
                "org.cgsuite.lang.Repl' (or set $" + runner.CGSUITE_ENV + ")", _prepare, runner.run_script,
                lambda argv: ("cgsuite", "CGSuite run"), _run_notes)

#: The ``cgsuite`` case of ``cgs-bridge bench`` (:mod:`.bench`, loaded when the case runs).
BENCH = BenchCase("cgsuite", lazy_run(__package__ + ".bench"), (
    (("--cgsuite-bound",), dict(metavar="N", type=int, default=20,
                                help="box x, y, z <= N of the cgsuite case (default 20: 3,234 positions)")),
    (("--cgsuite-cmd",), dict(metavar="CMD", help="the cgsuite case: command starting the CGSuite "
                                                  "REPL (default $CGS_BRIDGE_CGSUITE_CMD)"))),
    ranges={"cgsuite_bound": (1, 1000, "")})

SYSTEM = System(name="cgsuite", target=heaps.TARGET, read=read, notes=notes,
                source_help="a CGSuite stdout transcript", runner=RUNNER, run_order=1,
                auditor=Auditor("cgscript", (".cgs",), SIGNS, entry.audit, report.cgscript_text,
                                report.write_cgscript, entry.ARGUMENTS, entry.options),
                bench=(BENCH,))
