"""``cgs-bridge compare``: diff CGSuite / Mathematica outputs and typed claims against Python."""

from __future__ import annotations

import sys
import time

from .. import report_html
from ..errors import InputError
from .common import add_game_args, box_from_args, progress_callback, ruleset_from_args


def register(sub) -> None:
    p = sub.add_parser("compare", help="compare CGSuite / Mathematica output with Python, position by position",
                       description="Exit 0 when every source agrees with Python on every position of "
                                   "the box, 1 on any difference (value, missing, invalid, outside "
                                   "the box), 2 on input errors.")
    add_game_args(p)
    add_source_args(p)
    p.add_argument("-o", "--output-dir", metavar="DIR", help="also write comparison.txt/.csv/.json into DIR")
    p.set_defaults(func=run)


def add_source_args(p) -> None:
    p.add_argument("--cgsuite", metavar="FILE", help="a CGSuite stdout transcript")
    p.add_argument("--mathematica", metavar="FILE", help="the CSV the emitted .wl wrote, or a printed {{...}} list")
    p.add_argument("--claims", metavar="FILE", help="published claims typed from a paper (YAML, docs/claims-format.md)")
    p.add_argument("--table-axes", metavar="rows=X,cols=Y", help="read a CGSuite Table grid with these axes")
    p.add_argument("--fixed", metavar="c=V,...", default="", help="the other coordinates of a Table grid")
    p.add_argument("--misere", action="store_true", help="compare misère values too")
    p.add_argument("--shown", type=int, default=10, help="differences listed per source (default 10)")
    p.add_argument("--html", metavar="FILE", help="also write one self-contained HTML report (verdict, "
                   "summary, differences with options, figures, programs, versions, timings)")


def build(ruleset, sol, args, cgsuite=None, mathematica=None, claims=None) -> Comparison:
    """Compare the given sources with ``sol``; see :func:`cgs_bridge.compare.compare_sources`."""
    from ..compare import compare_sources  # pandas: not imported by other commands
    return compare_sources(ruleset, sol, cgsuite, mathematica, claims,
                           getattr(args, "table_axes", None), getattr(args, "fixed", ""))


def run(args) -> int:
    from solvers import solve
    if not (args.cgsuite or args.mathematica or args.claims):
        raise InputError("nothing to compare: give --cgsuite, --mathematica and/or --claims")
    ruleset = ruleset_from_args(args)
    box = box_from_args(args, ruleset)
    if args.html:
        report_html.check_html_path(args.html)
    if args.claims:  # a malformed claims file is refused before the solve, not after it
        from ..importers.claims import load_claims
        load_claims(args.claims)
    t0 = time.monotonic()
    sol = solve(ruleset, box, misere=args.misere, progress=progress_callback("solving"))
    timings = [("python solve", time.monotonic() - t0)]
    comp = build(ruleset, sol, args, args.cgsuite, args.mathematica, args.claims)
    sys.stdout.write(comp.render(sol, args.shown))
    if args.output_dir:
        for p in comp.write(args.output_dir, sol):
            print(f"wrote {p}", file=sys.stderr)
    if args.html:
        write_html_report(args, comp, sol, timings)
    return 0 if comp.agree else 1


def write_html_report(args, comp, sol, timings, programs=()) -> None:
    """Write ``--html`` (the page of :func:`cgs_bridge.report_html.comparison_page`)."""
    page = report_html.comparison_page(comp, sol, command=getattr(args, "command_line", None),
                                       timings=timings, programs=programs)
    print(f"wrote {report_html.write_html(args.html, page)}", file=sys.stderr)
