"""``cgs-bridge compare``: diff CGSuite / Mathematica outputs and typed claims against Python."""

from __future__ import annotations

import sys
import time

from cgs_bridge.foundation.errors import InputError
from cgs_bridge.foundation.results import render
from cgs_bridge.presentation import report_html
from cgs_bridge.systems.registry import SYSTEMS

from .common import (add_claim_args, box_from_args, game_parser, progress_callback, published_claims,
                     ruleset_from_args)


def register(sub) -> None:
    p = game_parser(sub, "compare", help="compare CGSuite / Mathematica output with Python, position by position",
                    description="Exit 0 when every source agrees with Python on every position of "
                                "the box, 1 on any difference (value, missing, invalid, outside "
                                "the box), 2 on input errors.")
    add_source_args(p)
    p.add_argument("-o", "--output-dir", metavar="DIR", help="also write comparison.txt/.csv/.json into "
                   "DIR (created when missing, as generate -o and audit -o do)")
    p.set_defaults(func=run)


def add_source_args(p) -> None:
    for system in SYSTEMS.values():  # --cgsuite FILE, --mathematica FILE, ...
        p.add_argument(f"--{system.name}", metavar="FILE", help=system.source_help)
    add_claim_args(p, published=True)
    p.add_argument("--table-axes", metavar="rows=X,cols=Y", help="read a CGSuite Table grid with these axes")
    p.add_argument("--fixed", metavar="c=V,...", default="", help="the other coordinates of a Table grid")
    p.add_argument("--misere", action="store_true", help="compare misère values too")
    p.add_argument("--shown", type=int, default=10, help="differences listed per source (default 10)")
    p.add_argument("--html", metavar="FILE", help="also write one self-contained HTML report (verdict, "
                   "summary, differences with options, figures, programs, versions, timings)")
    p.add_argument("--force", action="store_true", help="replace existing output files (--html, -o DIR's "
                   "comparison files); without it an existing file is never overwritten")


def build(ruleset, sol, args, claims=None, sources=None):
    """Compare the given sources with ``sol``; see :func:`cgs_bridge.jobs.compare.compare_sources`."""
    from cgs_bridge.jobs.compare import compare_sources  # pandas: not imported by other commands
    return compare_sources(ruleset, sol, sources, claims, getattr(args, "table_axes", None),
                           getattr(args, "fixed", ""))


def sources_of(args) -> dict:
    """``{system name: FILE}`` of the ``--<system> FILE`` options given."""
    return {name: getattr(args, name) for name in SYSTEMS if getattr(args, name, None)}


def run(args) -> int:
    from solvers import solve
    if not (sources_of(args) or args.claims or args.claim):
        raise InputError(f"nothing to compare: give {', '.join('--' + n for n in SYSTEMS)} and/or --claim, "
                         "--claims")
    ruleset = ruleset_from_args(args, published=True)
    box = box_from_args(args, ruleset)
    check_inputs(args)
    if args.output_dir:
        check_output_dir(args.output_dir, args.force)
    if published_claims(args):  # a malformed claims file is refused before the solve, not after it
        from cgs_bridge.model.claims import load_claims
        load_claims(args.claims)
    t0 = time.monotonic()
    sol = solve(ruleset, box, misere=args.misere, progress=progress_callback("solving"))
    timings = [("python solve", time.monotonic() - t0)]
    comp = build(ruleset, sol, args, claims=published_claims(args), sources=sources_of(args))
    hint = ("see comparison.csv" if args.output_dir else
            "--shown N lists more; -o DIR writes them all to DIR/comparison.csv")
    sys.stdout.write(quiet_verdict(comp) if args.quiet
                     else render(comp, "report", solution=sol, shown=args.shown, more_hint=hint))
    if args.output_dir:
        for p in comp.write(args.output_dir, sol, overwrite=args.force):
            if not args.quiet:
                print(f"wrote {p}", file=sys.stderr)
    if args.html:
        write_html_report(args, comp, sol, timings)
    return comp.exit_code


def quiet_verdict(comp) -> str:
    """What ``--quiet`` prints: the cross-check verdict, and the claims' verdict when the spec
    has claims (a failing claim is a verdict of its own, exit 1)."""
    claims = comp.claims_verdict()
    return f"VERDICT: {comp.verdict()}\n" + (f"CLAIMS: {claims}\n" if claims else "")


def check_inputs(args) -> None:
    """Every input file and output path of the source options, checked before any work starts
    (solving, engines): a missing or unreadable file, a folder where a file is expected, an
    ``--html`` path that cannot be written."""
    for option in (*SYSTEMS, "claims"):
        path = getattr(args, option, None)
        if path:
            check_input_file(path, f"--{option}")
    if getattr(args, "html", None):
        report_html.check_html_path(args.html, overwrite=getattr(args, "force", False))


def check_input_file(path, option: str) -> None:
    """Raise InputError when ``path`` (given with ``option``) is missing, a folder or unreadable
    (a pipe or device is left to the reader, which enforces the size limit)."""
    import os
    from pathlib import Path
    p = Path(path)
    if not p.exists():
        raise InputError(f"{option} {path}: no such file")
    if p.is_dir():
        raise InputError(f"{option} {path}: is a folder, not a file")
    if not os.access(p, os.R_OK):
        raise InputError(f"{option} {path}: not readable (permission denied)")


#: What ``compare -o DIR`` writes into DIR (:meth:`cgs_bridge.jobs.compare.Comparison.write`).
COMPARISON_FILES = ("comparison.txt", "comparison.csv", "comparison.json")


def check_output_dir(path, force: bool = False) -> None:
    """An output folder: created when missing (with its parents); an existing non-folder is an
    error, and so is a comparison file already in it unless ``force`` (the one rule for every
    output: an existing file is never overwritten without ``--force``). The same rule for every
    command's ``-o DIR``."""
    from pathlib import Path
    p = Path(path)
    if p.exists() and not p.is_dir():
        raise InputError(f"-o {path}: exists and is not a folder")
    taken = [name for name in COMPARISON_FILES if (p / name).exists()]
    if taken and not force:
        raise InputError(f"-o {path}: {p / taken[0]} exists; pass --force to replace it")
    try:
        p.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise InputError(f"-o {path}: cannot create the folder: {e.strerror}") from None


def write_html_report(args, comp, sol, timings, programs=()) -> None:
    """Write ``--html`` (the page of :func:`cgs_bridge.presentation.report_html.comparison_page`)."""
    page = report_html.comparison_page(comp, sol, command=getattr(args, "command_line", None),
                                       timings=timings, programs=programs)
    written = report_html.write_html(args.html, page, overwrite=getattr(args, "force", False))
    if not getattr(args, "quiet", False):
        print(f"wrote {written}", file=sys.stderr)
