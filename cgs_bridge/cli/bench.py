"""``cgs-bridge bench``: the benchmark set of issue 6, with the C yardstick in the same run, and
the ``mathics`` case (emitted ``.wl`` against the published Ex 8.3 idiom in Mathics3)."""

from __future__ import annotations

from pathlib import Path

from .common import positive

MATHICS_CASE = "mathics"
#: The main job, timed whole, against issue 24's 90 s at the paper's box (cgs_bridge/jobs/bench/verify.py).
VERIFY_CASE = "verify"
#: The real CGSuite against Python on the same box (cgs_bridge/jobs/bench/cgsuite.py).
CGSUITE_CASE = "cgsuite"
#: The embedded prover against Walnut 6 (cgs_bridge/jobs/bench/prove.py, issue 33).
PROVE_CASE = "prove"
#: prove --sweep k=1..1001 serially and on 2 Dask worker processes (cgs_bridge/jobs/bench/prove_sweep.py).
PROVE_SWEEP_CASE = "prove-sweep"
#: Nim with 10 heaps, triangular k=1001 and the hexagon by the embedded prover, against today's
#: prover and dense tables (cgs_bridge/jobs/bench/prove_scale.py, issue 45).
PROVE_SCALE_CASE = "prove-scale"
#: Start-up of --help, catalog and check against ``python -c pass`` (cgs_bridge/jobs/bench/startup.py).
STARTUP_CASE = "startup"
#: Cases run only when named (minutes each, or an outside engine).
OPTIONAL = (MATHICS_CASE, CGSUITE_CASE, VERIFY_CASE, PROVE_CASE, PROVE_SWEEP_CASE, PROVE_SCALE_CASE)


def register(sub) -> None:
    from cgs_bridge.jobs.bench.kernel import CASES
    p = sub.add_parser("bench", help="benchmark the fast solver against the C yardstick",
                       description="Solve the benchmark cases and print, per case, positions, seconds "
                                   "(solve; compile separately), positions per second, peak MiB and, when "
                                   "gcc can build shared/bench/limit_tri.c, its seconds in the same run, "
                                   "the ratio ours / C and whether the checksums agree. The 'mathics' "
                                   "case (not in the default set, a few minutes) runs the emitted .wl "
                                   "and the published seed 003 Ex 8.3 program on the same box in "
                                   "Mathics3; the 'verify' case times the main job at the paper's box "
                                   "against its 90 s target. Exit 1 when a checksum differs or a "
                                   "verdict is not agree.")
    p.add_argument("--quick", action="store_true", help="skip the hexagon search (about a minute); "
                   "the prove-sweep case runs k=1..61 instead of issue 45's k=1..1001")
    p.add_argument("--cases", nargs="+", choices=CASES + SWEEP + DISCOVER + (STARTUP_CASE,) + OPTIONAL,
                   default=list(CASES + SWEEP + DISCOVER + (STARTUP_CASE,)), metavar="CASE",
                   help=f"cases to run (default all but mathics, cgsuite and verify): "
                        f"{', '.join(CASES + SWEEP + DISCOVER + (STARTUP_CASE,) + OPTIONAL)}")
    p.add_argument("--yardstick", metavar="PATH", type=Path,
                   help="limit_tri.c to compile (default <repo>/../shared/bench/limit_tri.c)")
    p.add_argument("--hexagon-budget", metavar="SECONDS", type=positive(), default=60.0,
                   help="time budget of the largest hexagon box (default 60)")
    p.add_argument("--sweep-bound", metavar="N", type=positive(int), default=200,
                   help="bound of the sweep case (default 200, the issue's sweep; larger bounds give "
                        "each cell more work than a worker's start-up)")
    p.add_argument("--mathics-bound", metavar="N", type=int, default=10,
                   help="box x, y, z <= N of the mathics case (default 10: 484 positions, about "
                        "a minute; 20 is the paper's box, 3,234 positions: the published program "
                        "alone takes about 13 minutes on an idle 2-core machine)")
    p.add_argument("--verify-bound", metavar="N", type=positive(int), default=20,
                   help="box x, y, z <= N of the verify case (default 20, the paper's box: about a "
                        "minute on an idle 2-core machine; the target of 90 s is printed there)")
    p.add_argument("--cgsuite-bound", metavar="N", type=positive(int), default=20,
                   help="box x, y, z <= N of the cgsuite case (default 20: 3,234 positions)")
    p.add_argument("--cgsuite-cmd", metavar="CMD", help="the cgsuite case: command starting the CGSuite "
                   "REPL (default $CGS_BRIDGE_CGSUITE_CMD)")
    p.add_argument("--walnut-home", metavar="DIR", help="the prove case: Walnut 6's folder (default "
                   "$CGS_BRIDGE_WALNUT_HOME; without it only the embedded prover's times print)")
    p.set_defaults(func=run)


def run(args) -> int:
    from cgs_bridge.jobs.bench.kernel import run as bench
    if args.yardstick is not None and not args.yardstick.is_file():
        from cgs_bridge.foundation.errors import InputError
        raise InputError(f"--yardstick {args.yardstick}: no such file (give the C source to compile)")
    solver_cases = [c for c in args.cases if c not in SWEEP + DISCOVER + (STARTUP_CASE,) + OPTIONAL]
    status = bench(solver_cases, quick=args.quick, yardstick=args.yardstick,
                   hexagon_budget=args.hexagon_budget) if solver_cases else 0
    status |= sweep_case(args.sweep_bound) if "sweep" in args.cases else 0
    if "discover" in args.cases:
        discover_case()
    status |= startup_case() if STARTUP_CASE in args.cases else 0
    status |= cgsuite_case(args.cgsuite_bound, args.cgsuite_cmd) if CGSUITE_CASE in args.cases else 0
    status |= verify_case(args.verify_bound) if VERIFY_CASE in args.cases else 0
    if PROVE_CASE in args.cases:
        from cgs_bridge.jobs.bench.prove import prove_case
        prove_case(args.walnut_home)
    if PROVE_SCALE_CASE in args.cases:
        from cgs_bridge.jobs.bench.prove_scale import prove_scale_case
        prove_scale_case()
    if PROVE_SWEEP_CASE in args.cases:
        from cgs_bridge.jobs.bench.prove_sweep import prove_sweep_case
        status |= 0 if prove_sweep_case(quick=args.quick)["equal"] else 1
    return status | (mathics_case(args.mathics_bound) if MATHICS_CASE in args.cases else 0)


def cgsuite_case(bound: int, cmd) -> int:
    """The real CGSuite against Python on the same box (cgs_bridge/jobs/bench/cgsuite.py)."""
    from cgs_bridge.jobs.bench.cgsuite import cgsuite_case as case
    r = case(bound, cmd)
    work = r["cgsuite"] - r["startup"]
    print(f"cgsuite  triangular k=3 {r['box']}: {r['positions']:,} positions; CGSuite start-up "
          f"{r['startup']:.1f} s, emitted script {r['cgsuite']:.1f} s (whole run, {work:.1f} s without "
          f"start-up); Python fast {r['fast'] * 1e3:.1f} ms, reference {r['reference']:.2f} s; CGSuite "
          f"computing / Python fast {work / r['fast']:,.0f}x, / reference {work / r['reference']:.1f}x; "
          f"{r['check']}")
    return 0 if "DIFFERS" not in r["check"] else 1


#: The sweep case (serial vs a LocalCluster of 2 workers): cgs_bridge/jobs/bench/sweep.py.
SWEEP = ("sweep",)
#: The discover case (default families on triangular k=5, bound 60): cgs_bridge/jobs/bench/discover.py.
DISCOVER = ("discover",)


def sweep_case(bound: int = 200) -> int:
    from cgs_bridge.jobs.bench.sweep import sweep_case as case
    return case(bound=bound)


def discover_case():
    from cgs_bridge.jobs.bench.discover import bench_discover as case
    return case()


def startup_case() -> int:
    """Start-up of --help, catalog and check against the bare interpreter in the same run
    (cgs_bridge/jobs/bench/startup.py); exit 1 when a command failed (not for a missed target)."""
    from cgs_bridge.jobs.bench.startup import TARGET_SECONDS, startup_case as case
    rows = case()
    for r in rows:
        over = "" if r["met"] is None else (
            f"; +{r['over_cpu']:.2f} s processor, +{r['over_wall']:.2f} s wall over the bare "
            f"interpreter ({'within' if r['met'] else 'OVER'} the {TARGET_SECONDS} s target)")
        print(f"startup  {r['label']}: {r['cpu']:.2f} s processor, {r['wall']:.2f} s wall (least of "
              f"runs){over}; exit {r['rc']}")
    return 0 if all(r["rc"] == 0 for r in rows) else 1


def verify_case(bound: int) -> int:
    """The main job timed whole against the 90 s target (cgs_bridge/jobs/bench/verify.py); exit 1
    when the verdict is not agree."""
    from cgs_bridge.jobs.bench.verify import verify_case as case
    r = case(bound)
    engine = "-" if r["engine_seconds"] is None else f"{r['engine_seconds']:.1f} s"
    target = (f"; {r['ratio']:.2f}x the {r['target']:.0f} s target" if r["target"]
              else " (the 90 s target is set at --verify-bound 20)")
    verdict = "agree" if r["agree"] else "DISAGREE"
    print(f"verify   triangular k=3 {r['box']}: {r['positions']:,} positions; whole job "
          f"{r['seconds']:.1f} s (Mathics3 run {engine}){target}; verdict {verdict}")
    return 0 if r["agree"] else 1


def mathics_case(bound: int) -> int:
    """The emitted .wl against the published Ex 8.3 idiom in Mathics3 (cgs_bridge/jobs/bench/mathics.py)."""
    from cgs_bridge.foundation.errors import InputError
    from cgs_bridge.jobs.bench.mathics import mathics_case as case
    if bound < 1:
        raise InputError("--mathics-bound must be at least 1")
    # the published program enumerates every option: its work grows about as bound ** 4
    r = case(bound, timeout=max(1800.0, 1800.0 * (bound / 10) ** 4))
    pub = "-" if r["published"] is None else f"{r['published']:.1f} s"
    ratio = "-" if r["ratio"] is None else f"{r['ratio']:.1f}x"
    cratio = "-" if r["compute_ratio"] is None else f"{r['compute_ratio']:.1f}x"
    print(f"mathics  triangular k=3 {r['box']}: {r['positions']:,} positions; Mathics3 start-up "
          f"{r['startup']:.1f} s; emitted .wl {r['emitted']:.1f} s, published Ex 8.3 idiom {pub} "
          f"(whole runs); published/emitted {ratio} whole, {cratio} without start-up; {r['check']}")
    return 0 if "DIFFERS" not in r["check"] else 1
