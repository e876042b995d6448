"""``cgs-bridge sweep``: solve and check a game at every combination of parameter values and
bounds, on Dask (a local cluster of processes, or an existing scheduler); one row per cell."""

from __future__ import annotations

import json
import sys
import time

from cgs_bridge.foundation.errors import ParameterError
from cgs_bridge.foundation.results import render

from .common import add_claim_args, claim_texts


def register(sub) -> None:
    p = sub.add_parser(
        "sweep", help="solve and check a grid of parameter values and bounds (Dask)",
        description="Every combination of -p values and --bound values is one cell: solved, claims "
                    "checked, one table row (parameters, bound, positions, P-positions, max Grundy "
                    "value, per claim status / failures / first counterexample, seconds, worker). "
                    "Values: 5, 1,5,9, 1..41, 1..41:2 (a function parameter: 'floor(t/2);floor(t/4)'). "
                    "With -o the table (.parquet or .csv) is rewritten after every finished cell and "
                    "cells already in it are not recomputed. Exit 0 when every cell ran and no claim "
                    "fails, 1 when a claim fails, 2 on input errors or a cell that could not run.")
    p.add_argument("game", metavar="GAME", help="a catalog name (see 'cgs-bridge catalog') or a spec file")
    p.add_argument("-p", "--param", action="append", default=[], metavar="NAME=VALUES",
                   help="parameter values: k=5, k=1,5,9, k=1..41:2; repeat -p for a grid")
    p.add_argument("--game-name", metavar="NAME", help="which game of a multi-game spec file (default: the last)")
    p.add_argument("--bound", action="append", required=True, metavar="N[,N...] | a..b:s | c=N,...",
                   help="inclusive bound(s): 200, 100,200, 100..400:100 (every coordinate), or one "
                        "box x=20,y=10,z=20; repeatable")
    add_claim_args(p)
    p.add_argument("-o", "--output", metavar="FILE", help="the table: FILE.parquet or FILE.csv (resumable)")
    p.add_argument("--force", action="store_true", help="replace an existing --html file, or an output file that "
                   "is not a sweep table (a sweep table is resumed)")
    p.add_argument("--json", action="store_true", help="print the table as JSON (for scripts)")
    p.add_argument("--workers", type=int, metavar="N",
                   help="worker processes of the local Dask cluster (default: one per CPU; 0: serial)")
    p.add_argument("--scheduler", metavar="ADDRESS", help="use an existing Dask scheduler, e.g. tcp://host:8786")
    p.add_argument("--method", choices=["auto", "fast", "reference"], default="auto")
    p.add_argument("--limit", type=int, default=3, help="counterexamples kept per claim (default 3)")
    p.add_argument("--html", metavar="FILE", help="also write one self-contained HTML report (verdict, "
                   "per-claim summary, failing cells, failures chart, command, versions, time)")
    p.add_argument("--yes", action="store_true", help=f"run a sweep of more than {MAX_CELLS:,} cells "
                   "(without it such a sweep is refused with an estimate of its time)")
    p.set_defaults(func=run)


#: Cells a sweep may have without ``--yes``.
MAX_CELLS = 1000


def grid_args(items) -> dict:
    """``-p NAME=VALUES`` items as ``{name: text}``. Raises ParameterError on a malformed item or a
    parameter given twice."""
    out: dict = {}
    for item in items:
        name, eq, value = item.partition("=")
        name = name.strip()
        if not eq or not name:
            raise ParameterError(f"-p expects NAME=VALUES (e.g. k=1..41:2), got {item!r}")
        if name in out:
            raise ParameterError(f"parameter {name} given twice; give every value in one -p "
                                 f"(e.g. -p {name}=1,5,9)")
        out[name] = value
    return out


def run(args) -> int:
    from cgs_bridge.jobs.sweep import plan_sweep, run_plan
    if args.workers is not None and args.workers < 0:
        raise ParameterError(f"--workers must be >= 0, got {args.workers}")
    if args.html:
        from cgs_bridge.presentation import report_html
        report_html.check_html_path(args.html, overwrite=args.force)
    t0 = time.monotonic()
    plan = plan_sweep(args.game, grid_args(args.param), args.bound, claim_texts(args), args.game_name,
                      max_cells=None if args.yes else MAX_CELLS)
    res = run_plan(plan, args.output, workers=args.workers, scheduler=args.scheduler, progress=True,
                   method=args.method, limit=args.limit, force=args.force)
    if args.json:
        doc = {"claims": res.claims, "computed": res.computed, "reused": res.reused,
               "workers": res.workers, "output": str(res.output) if res.output else None,
               "compiles": res.compiles, "cache_loads": res.cache_loads, "cells": json.loads(res.frame.to_json(orient="records"))}
        print(json.dumps(doc, indent=1))
    elif args.quiet:  # only the verdict line
        print(res.verdict())
    else:
        print(render(res, "report"))
        if res.output:
            print(f"wrote {res.output}", file=sys.stderr)
    if args.html:
        from cgs_bridge.presentation import report_html
        page = report_html.sweep_page(res.frame, command=getattr(args, "command_line", None),
                                      timings=[("sweep", time.monotonic() - t0)],
                                      title=f"cgs-bridge sweep: {args.game}")
        written = report_html.write_html(args.html, page, overwrite=args.force)
        if not args.quiet:
            print(f"wrote {written}", file=sys.stderr)
    return res.exit_code
