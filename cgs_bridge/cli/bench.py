"""``cgs-bridge bench``: the benchmark set of issue 6, with the C yardstick in the same run."""

from __future__ import annotations

from pathlib import Path


def register(sub) -> None:
    from solvers.bench import CASES
    p = sub.add_parser("bench", help="benchmark the fast solver against the C yardstick",
                       description="Solve the benchmark cases and print, per case, positions, seconds "
                                   "(solve; compile separately), positions per second, peak MiB and, when "
                                   "gcc can build shared/bench/limit_tri.c, its seconds in the same run, "
                                   "the ratio ours / C and whether the checksums agree. Exit 1 when a "
                                   "checksum differs.")
    p.add_argument("--quick", action="store_true", help="skip the hexagon search (about a minute)")
    p.add_argument("--cases", nargs="+", choices=CASES + SWEEP, default=list(CASES + SWEEP), metavar="CASE",
                   help=f"cases to run (default all): {', '.join(CASES + SWEEP)}")
    p.add_argument("--yardstick", metavar="PATH", type=Path,
                   help="limit_tri.c to compile (default <repo>/../shared/bench/limit_tri.c)")
    p.add_argument("--hexagon-budget", metavar="SECONDS", type=float, default=60.0,
                   help="time budget of the largest hexagon box (default 60)")
    p.set_defaults(func=run)


def run(args) -> int:
    from solvers.bench import run as bench
    solver_cases = [c for c in args.cases if c not in SWEEP]
    status = bench(solver_cases, quick=args.quick, yardstick=args.yardstick,
                   hexagon_budget=args.hexagon_budget) if solver_cases else 0
    return status | (sweep_case() if "sweep" in args.cases else 0)


#: The sweep case (serial vs a LocalCluster of 2 workers): cgs_bridge/sweep/bench.py.
SWEEP = ("sweep",)


def sweep_case() -> int:
    from ..sweep.bench import sweep_case as case
    return case()
