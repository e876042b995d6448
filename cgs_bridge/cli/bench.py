"""``cgs-bridge bench``: the benchmark set of issue 6, with the C yardstick in the same run, and
the cases that run an outside system, each its system's (:attr:`cgs_bridge.systems.base.System.bench`,
found through the registry: the ``mathics`` case runs the emitted ``.wl`` against the published
Ex 8.3 idiom in Mathics3)."""

from __future__ import annotations

from pathlib import Path

from .common import positive, prover_options

#: The embedded prover against the registry's other prover (cgs_bridge/jobs/bench/prove.py, issue 33).
PROVE_CASE = "prove"
#: prove --sweep k=1..1001 serially and on 2 Dask worker processes (cgs_bridge/jobs/bench/prove_sweep.py).
PROVE_SWEEP_CASE = "prove-sweep"
#: Nim with 10 heaps, triangular k=1001 and the hexagon by the embedded prover, against today's
#: prover and dense tables (cgs_bridge/jobs/bench/prove_scale.py, issue 45).
PROVE_SCALE_CASE = "prove-scale"
#: Learned automata proved against the catalog formulas' proofs (cgs_bridge/jobs/bench/automaton.py, issue 44).
AUTOMATON_CASE = "automaton"
#: Start-up of --help, catalog and check against ``python -c pass`` (cgs_bridge/jobs/bench/startup.py).
STARTUP_CASE = "startup"
#: Take-and-break sequences against takebreak.c (cgs_bridge/jobs/bench/takebreak.py, issue 49).
HEAPS_CASES = ("heaps", "heaps-direct", "heaps-far")
#: Cases run only when named (minutes each), besides those of the systems (:func:`system_cases`).
OWN_OPTIONAL = (PROVE_CASE, PROVE_SWEEP_CASE, PROVE_SCALE_CASE, AUTOMATON_CASE) + HEAPS_CASES


def system_cases() -> dict:
    """``{name: BenchCase}`` of every registered system, in registry order (each runs an outside
    system: run only when named)."""
    from cgs_bridge.systems.registry import SYSTEMS
    return {c.name: c for s in SYSTEMS.values() for c in s.bench}


def register(sub) -> None:
    from cgs_bridge.jobs.bench.kernel import CASES
    from cgs_bridge.systems.registry import PROVER_OPTIONS

    from .options import RANGES
    OPTIONAL = (*system_cases(), *OWN_OPTIONAL)
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
                   help=f"cases to run (default all but {', '.join(OPTIONAL)}): "
                        f"{', '.join(CASES + SWEEP + DISCOVER + (STARTUP_CASE,) + OPTIONAL)}")
    p.add_argument("--yardstick", metavar="PATH", type=Path,
                   help="limit_tri.c to compile (default <repo>/../shared/bench/limit_tri.c)")
    p.add_argument("--hexagon-budget", metavar="SECONDS", type=positive(), default=60.0,
                   help="time budget of the largest hexagon box (default 60)")
    p.add_argument("--sweep-bound", metavar="N", type=positive(int), default=200,
                   help="bound of the sweep case (default 200, the issue's sweep; larger bounds give "
                        "each cell more work than a worker's start-up)")
    p.add_argument("--heaps-budget", metavar="SECONDS", type=positive(), default=600.0,
                   help="the heaps-far case: seconds one run of a game may take (default 600)")
    for case in system_cases().values():   # each system case's own options and their ranges
        for flags, keywords in case.arguments:
            p.add_argument(*flags, **keywords)
        RANGES.update(case.ranges)
    for name, (_, metavar, text) in PROVER_OPTIONS.items():
        p.add_argument("--" + name.replace("_", "-"), metavar=metavar,
                       help=f"the prove and automaton cases: {text}; without it only the embedded prover's times print")
    p.set_defaults(func=run)


def run(args) -> int:
    from cgs_bridge.jobs.bench.kernel import run as bench
    if args.yardstick is not None and not args.yardstick.is_file():
        from cgs_bridge.foundation.errors import InputError
        raise InputError(f"--yardstick {args.yardstick}: no such file (give the C source to compile)")
    systems = system_cases()
    solver_cases = [c for c in args.cases if c not in (*SWEEP, *DISCOVER, STARTUP_CASE, *systems, *OWN_OPTIONAL)]
    status = bench(solver_cases, quick=args.quick, yardstick=args.yardstick,
                   hexagon_budget=args.hexagon_budget) if solver_cases else 0
    status |= sweep_case(args.sweep_bound) if "sweep" in args.cases else 0
    if "discover" in args.cases:
        discover_case()
    status |= startup_case() if STARTUP_CASE in args.cases else 0
    status |= _system_cases(args, systems)
    options = prover_options(args)
    if PROVE_CASE in args.cases:
        from cgs_bridge.jobs.bench.prove import prove_case
        prove_case(**options)
    if PROVE_SCALE_CASE in args.cases:
        from cgs_bridge.jobs.bench.prove_scale import prove_scale_case
        prove_scale_case()
    if AUTOMATON_CASE in args.cases:
        from cgs_bridge.jobs.bench.automaton import automaton_case
        automaton_case(**options)
    if PROVE_SWEEP_CASE in args.cases:
        from cgs_bridge.jobs.bench.prove_sweep import prove_sweep_case
        status |= 0 if prove_sweep_case(quick=args.quick)["equal"] else 1
    status |= heaps_cases(args) if set(HEAPS_CASES) & set(args.cases) else 0
    return status


def heaps_cases(args) -> int:
    """Take-and-break sequences against takebreak.c; exit 1 when a checksum differs."""
    from cgs_bridge.jobs.bench import takebreak
    rows = takebreak.heaps_case(show=lambda t: print(t, flush=True)) if "heaps" in args.cases else []
    if "heaps-direct" in args.cases:
        r = takebreak.direct_case()
        d, s = r["direct"], r["sparse"]
        ok = "agree" if d["checksum"] == s["checksum"] else "DIFFER"
        print(f"heaps    Grundy's game to N = {r['N']:,}: direct {d['seconds']:.1f} s, sparse {s['seconds']:.1f} s: "
              f"sparse {d['seconds'] / s['seconds']:.1f}x faster (target 10x); sequences {ok}", flush=True)
        rows.append({"agree": d["checksum"] == s["checksum"]})
    far = takebreak.far_case(args.heaps_budget) if "heaps-far" in args.cases else []
    for r in far:
        print(takebreak.text(r), flush=True)
    return 1 if any(r["agree"] is False for r in rows + far) else 0


def _dest(flags, keywords) -> str:
    """The argparse destination of an option: ``dest``, else its first long flag's name."""
    long = next((f for f in flags if f.startswith("--")), flags[0])
    return keywords.get("dest") or long.lstrip("-").replace("-", "_")


def _system_cases(args, systems: dict) -> int:
    """Run the systems' cases named in ``--cases`` (in registry order), each with its own options
    and the jobs' commands it uses; the or of their exit statuses."""
    from cgs_bridge.jobs.bench.services import services
    status = 0
    for name, case in systems.items():
        if name in args.cases:
            options = {_dest(flags, keywords): None for flags, keywords in case.arguments}
            status |= case.run({dest: getattr(args, dest) for dest in options} | {"quick": args.quick},
                               services())
    return status


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
