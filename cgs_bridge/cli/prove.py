"""``cgs-bridge prove``: decide claims for all positions (issue 32), a thin layer over
:func:`cgs_bridge.api.prove`."""

from __future__ import annotations

from .common import add_claim_args, add_prover_args, claims_file, game_parser, parse_params, positive, prover_options


def register(sub) -> None:
    p = game_parser(sub, "prove", help="prove or refute claims for every position (Walnut / embedded prover)",
                    description="Exit 0 when every claim is proved or not applicable, 1 when a claim is "
                                "refuted (with its smallest counterexample), 2 when a claim is not "
                                "expressible or the prover failed.", bound=False)
    add_claim_args(p, "a claim to prove in the spec language, e.g. 'P iff x xor y xor z == 0'; repeatable")
    from cgs_bridge.jobs.prove import ALL
    add_prover_args(p, "which prover (default: walnut when found, else embedded); both: they must agree", ALL)
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.add_argument("-o", "--output", metavar="DIR | FILE",
                   help="write proof.md, proof.html, proof.tex, proof.json and the Walnut files into the folder "
                        "DIR (checked before any work; a rerun of the same proof replaces files that differ only "
                        "in run times); with --sweep the table FILE.csv or FILE.parquet, written after every "
                        "parameter value (a Ctrl-C keeps the values finished)")
    p.add_argument("--force", action="store_true",
                   help="replace files of -o that hold something else (another proof, a user's edit)")
    p.add_argument("--timeout", type=positive(), default=600.0, metavar="S",
                   help="seconds per prover run (default 600; more than 0, at most a week)")
    p.add_argument("--memory", type=positive(), metavar="GiB",
                   help="memory of a prover run in GiB (1 MiB to 1024 GiB): the embedded prover's "
                        "address space beyond what the process had (main thread), Walnut's JVM heap")
    p.add_argument("--sweep", action="append", default=[], metavar="NAME=A..B[:STEP]",
                   help="one verdict per parameter value (the sweep's value syntax); repeatable")
    p.add_argument("--workers", type=int, metavar="N",
                   help="with --sweep: 0 runs serially here; N Dask worker processes (default: one per CPU)")
    p.add_argument("--scheduler", metavar="ADDRESS", help="with --sweep: an existing Dask scheduler")
    p.add_argument("--plot", metavar="FILE",
                   help="with --sweep: a figure of the verdicts against the parameter (.png, .svg or .pdf; "
                        "--force replaces an existing file)")
    p.set_defaults(func=run)


def run(args) -> int:
    from cgs_bridge.api import prove
    from cgs_bridge.foundation.errors import InputError
    _check_options(args)
    memory = int(args.memory * (1 << 30)) if args.memory else None
    if args.plot:
        _check_plot(args)
    if args.sweep:
        return _sweep(args, memory)
    try:
        result = prove(args.game, parse_params(args.param), args.claim, prover=args.prover,
                       output=args.output, force=args.force, claims_file=claims_file(args),
                       timeout=args.timeout, memory=memory, game_name=args.game_name,
                       **prover_options(args))
    except InputError as e:
        if getattr(e, "result", None) is not None:   # the proofs ran; only the folder was refused
            _print(args, e.result)
        raise
    _print(args, result)
    return result.exit_code


def _sweep(args, memory) -> int:
    from cgs_bridge.jobs.prove import choose_provers
    from cgs_bridge.jobs.prove_sweep import prove_sweep
    if args.output:
        _check_table(args.output, args.force)
    grid = parse_params(args.sweep)
    fixed = parse_params(args.param)
    try:
        result = prove_sweep(args.game, {**fixed, **grid}, args.claim, claims_file(args),
                             choose_provers(args.prover, prover_options(args)), workers=args.workers,
                             scheduler=args.scheduler, game_name=args.game_name, timeout=args.timeout,
                             memory=memory, output=args.output, **prover_options(args))
    except KeyboardInterrupt as e:
        partial = getattr(e, "partial", None)
        if partial is not None and len(partial.frame):
            import sys
            _print(args, partial)
            print(f"cgs-bridge prove: interrupted after {len(partial.frame)} parameter value(s); the verdicts "
                  "above are final" + (f" and kept in {args.output}" if args.output else ""), file=sys.stderr)
        raise
    _print(args, result)
    if args.plot:
        _plot(args, result)
    return result.exit_code


def _check_options(args) -> None:
    """Before any work (issue 46): ``--workers``/``--scheduler`` only with ``--sweep``; a
    parameter given by ``-p`` and ``--sweep`` both is refused (as ``sweep`` refuses one given
    twice); ``--sweep`` ranges are checked in its own words.

    Raises:
        ParameterError: naming the option.
    """
    from .options import only_with
    only_with(args, bool(args.sweep), "--sweep", ("workers", "scheduler"))
    if not args.sweep:
        return
    from cgs_bridge.foundation.errors import ParameterError
    from cgs_bridge.jobs.sweep.grid import parse_values
    from cgs_bridge.model.loading import load_game
    fixed, grid = parse_params(args.param), parse_params(args.sweep)
    both = sorted(set(fixed) & set(grid))
    if both:
        raise ParameterError(f"parameter {both[0]} given twice: -p {both[0]}={fixed[both[0]]} and --sweep "
                             f"{both[0]}={grid[both[0]]}; give it once (--sweep {both[0]}=5 for one value)")
    kinds = {p.name: p.kind for p in load_game(args.game, args.game_name).game.params}
    for name, text in grid.items():
        if kinds.get(name) == "int":
            parse_values(name, text, option="--sweep")


def _check_table(path, force: bool) -> None:
    """``prove --sweep -o FILE`` before any work: a .csv or .parquet file in an existing folder, a
    regular file or absent; an existing one only with ``--force`` (a proof sweep is not resumed: its
    rows are decided by the claims and provers of their run)."""
    from pathlib import Path

    from cgs_bridge.foundation.errors import InputError
    from cgs_bridge.foundation.io import check_output_path
    if Path(path).suffix.lower() not in (".csv", ".parquet"):
        raise InputError(f"-o {path}: with --sweep, -o names the table: FILE.csv or FILE.parquet")
    check_output_path(path)
    if Path(path).exists() and not force:
        raise InputError(f"-o {path}: exists; pass --force to replace it")


def _check_plot(args) -> None:
    """``--plot`` before any work: it needs ``--sweep``; its suffix, folder and an existing file
    (``--force``) as ``cgs-bridge plot -o`` checks them."""
    from cgs_bridge.foundation.errors import InputError

    from .plot import check_output
    if not args.sweep:
        raise InputError("--plot draws the verdicts of a --sweep; give --sweep NAME=A..B")
    check_output(args.plot, args.force)


def _plot(args, result) -> None:
    """``--plot FILE``: the verdicts against the parameter (presentation/plot_proofs.py)."""
    import sys

    from cgs_bridge.presentation.plot import save_figure
    from cgs_bridge.presentation.plot_proofs import proof_sweep_figure
    written = save_figure(proof_sweep_figure(result, f"{args.game}: verdicts for every position"),
                          args.plot, overwrite=args.force)
    if not args.quiet:
        print(f"wrote {written}", file=sys.stderr)


def _print(args, result) -> None:
    """The report (or JSON); with ``--quiet`` the verdict line alone (issue 37)."""
    from cgs_bridge.foundation.results import render
    if args.quiet:
        print(f"VERDICT: {result.verdict()}")
    else:
        print(render(result, "json" if args.format == "json" else "report"))
