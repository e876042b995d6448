"""``cgs-bridge bench``: the benchmark set of issue 6, with the C yardstick in the same run, and
the ``mathics`` case (emitted ``.wl`` against the published Ex 8.3 idiom in Mathics3)."""

from __future__ import annotations

from pathlib import Path

MATHICS_CASE = "mathics"


def register(sub) -> None:
    from solvers.bench import CASES
    p = sub.add_parser("bench", help="benchmark the fast solver against the C yardstick",
                       description="Solve the benchmark cases and print, per case, positions, seconds "
                                   "(solve; compile separately), positions per second, peak MiB and, when "
                                   "gcc can build shared/bench/limit_tri.c, its seconds in the same run, "
                                   "the ratio ours / C and whether the checksums agree. The 'mathics' "
                                   "case (not in the default set, a few minutes) runs the emitted .wl "
                                   "and the published seed 003 Ex 8.3 program on the same box in "
                                   "Mathics3. Exit 1 when a checksum differs.")
    p.add_argument("--quick", action="store_true", help="skip the hexagon search (about a minute)")
    p.add_argument("--cases", nargs="+", choices=CASES + (MATHICS_CASE,), default=list(CASES), metavar="CASE",
                   help=f"cases to run (default all but mathics): {', '.join(CASES + (MATHICS_CASE,))}")
    p.add_argument("--yardstick", metavar="PATH", type=Path,
                   help="limit_tri.c to compile (default <repo>/../shared/bench/limit_tri.c)")
    p.add_argument("--hexagon-budget", metavar="SECONDS", type=float, default=60.0,
                   help="time budget of the largest hexagon box (default 60)")
    p.add_argument("--mathics-bound", metavar="N", type=int, default=10,
                   help="box x, y, z <= N of the mathics case (default 10: 484 positions)")
    p.set_defaults(func=run)


def run(args) -> int:
    from solvers.bench import run as bench
    cases = [c for c in args.cases if c != MATHICS_CASE]
    status = 0
    if cases:
        status = bench(cases, quick=args.quick, yardstick=args.yardstick, hexagon_budget=args.hexagon_budget)
    if MATHICS_CASE in args.cases:
        from ..audit.speed import mathics_case
        if args.mathics_bound < 1:
            from ..errors import InputError
            raise InputError("--mathics-bound must be at least 1")
        r = mathics_case(args.mathics_bound)
        pub = "-" if r["published"] is None else f"{r['published']:.1f} s"
        ratio = "-" if r["ratio"] is None else f"{r['ratio']:.1f}x"
        cratio = "-" if r["compute_ratio"] is None else f"{r['compute_ratio']:.1f}x"
        print(f"mathics  triangular k=3 {r['box']}: {r['positions']:,} positions; Mathics3 start-up "
              f"{r['startup']:.1f} s; emitted .wl {r['emitted']:.1f} s, published Ex 8.3 idiom {pub} "
              f"(whole runs); published/emitted {ratio} whole, {cratio} without start-up; {r['check']}")
        status |= 0 if "DIFFERS" not in r["check"] else 1
    return status
