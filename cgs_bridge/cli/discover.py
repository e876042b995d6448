"""``cgs-bridge discover``: search formula families for the P-positions and Grundy values."""

from __future__ import annotations

from cgs_bridge.foundation.errors import ParameterError
from cgs_bridge.foundation.results import render

from .common import (
    add_prover_args,
    box_from_args,
    game_parser,
    positive,
    progress_callback,
    prover_options,
    ruleset_from_args,
)


def register(sub) -> None:
    from cgs_bridge.jobs.discover import FAMILIES
    p = game_parser(sub, "discover", help="search formula families for P-positions and Grundy values on a box",
                    description="Solve the game on the box and search, exhaustively over small integer "
                                "parameters, nim-sums of shifted coordinates (optionally floor(c/m) or c % m) "
                                "for the P-positions and the Grundy values, sums and differences of "
                                "coordinates, the same on described regions, and periodic rows and columns. "
                                "Formulas that hold on every valid position are printed as spec claim lines "
                                "(re-checked by the claim checker), near misses with their first failing "
                                "positions. Every finding is re-checked on a larger box (twice every bound, "
                                "grown until every coordinate reaches it) and shown with its evidence; what "
                                "fails there is listed as an artefact of the small box with its first "
                                "counterexample. Nothing is claimed beyond the boxes. Exit 0 when the search "
                                "ran, 2 on input errors.")
    p.add_argument("--families", default=",".join(FAMILIES), metavar="LIST",
                   help=f"comma-separated families to search (default all): {', '.join(FAMILIES)}")
    p.add_argument("--shift", type=int, default=3, metavar="A", help="largest |a| of a term c + a (default 3)")
    p.add_argument("--moduli", default="2,3,4", metavar="M,...",
                   help="the m of floor(c / m) and c %% m (default 2,3,4; empty for none)")
    p.add_argument("--offset", type=int, default=3, metavar="C",
                   help="largest |c| added to a nim-sum or a sum of coordinates (default 3)")
    p.add_argument("--limit", type=int, default=10, help="most formulas shown (default 10)")
    p.add_argument("--per-family", type=int, default=3, help="most formulas of one family shown (default 3)")
    p.add_argument("--near", type=int, default=5, help="most near misses shown (default 5)")
    p.add_argument("--lines", type=int, default=2, metavar="N",
                   help="rows/columns analysed: the other coordinates fixed to values <= N (default 2)")
    p.add_argument("--sweep", metavar="NAME=LO..HI",
                   help="also search every value of an int parameter (k=1..12 or k=3,7,11) on the same box "
                        "and report the classes k %% M == r where a formula holds")
    p.add_argument("--method", choices=["auto", "fast", "reference"], default="auto")
    p.add_argument("--bfile", metavar="DIR",
                   help="write rows, the diagonal, partner sequences and P-position counts per bound as "
                        "OEIS b-files (n a(n) lines) into DIR")
    p.add_argument("--force", action="store_true", help="replace existing b-files in DIR")
    p.add_argument("--against", metavar="NAME=V[,...]",
                   help="compare the P-positions with the game at other parameter values (k=7) on the "
                        "same box and a common larger box")
    p.add_argument("--prove", action="store_true",
                   help="decide every finding for all positions (PROVED: a theorem at the values shown; "
                        "REFUTED: an artefact, with its smallest counterexample; NOT EXPRESSIBLE: evidence only)")
    from cgs_bridge.jobs.prove import ALL
    add_prover_args(p, "with --prove: the prover (default Walnut when found, else the embedded prover)", ALL,
                    prefix="with --prove: ")
    p.add_argument("--automaton", action="store_true",
                   help="also learn the automaton of the P-positions from tables on growing boxes "
                        "of its own (with --prove: prove it)")
    p.add_argument("--base", choices=["2", "fib"], default="2",
                   help="with --automaton: the numeration of the digits (default 2; fib: Zeckendorf)")
    p.add_argument("--max-states", type=int, default=None, metavar="N",  # range: cli/options.RANGES
                   help="with --automaton: the most states of a learned automaton (default 200)")
    p.add_argument("--automaton-figure", metavar="FILE",
                   help="with --automaton: draw the P-positions' automaton into FILE (.png, .svg, .pdf)")
    p.add_argument("--timeout", type=positive(), metavar="S",
                   help="with --prove: seconds per prover run, as prove's (default 600)")
    p.add_argument("--memory", type=positive(), metavar="GiB",
                   help="with --prove: memory of a prover run in GiB, as prove's (default: no limit)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.set_defaults(func=run)


def _ints(text: str, what: str) -> tuple:
    try:
        vals = tuple(int(v) for v in text.split(",") if v.strip())
    except ValueError:
        raise ParameterError(f"{what} expects comma-separated integers, got {text!r}") from None
    if any(v < 2 or v > 64 for v in vals) or len(vals) > 8:
        raise ParameterError(f"{what}: at most 8 moduli, each in 2..64; got {text!r}")
    return vals


def _check(args) -> None:
    from cgs_bridge.jobs.discover import FAMILIES
    fams = [f.strip() for f in args.families.split(",") if f.strip()]
    bad = [f for f in fams if f not in FAMILIES]
    if bad or not fams:
        raise ParameterError(f"--families: unknown {', '.join(bad) or '(empty list)'}; choose among "
                             f"{', '.join(FAMILIES)}")
    for name in ("shift", "offset", "limit", "per_family", "near", "lines"):
        v = getattr(args, name)
        if v < 0 or v > 1000:
            raise ParameterError(f"--{name.replace('_', '-')} must be in 0..1000, got {v}")
    if args.shift > 8 or args.offset > 8:
        raise ParameterError("--shift and --offset are at most 8 (the search grows with them)")
    args.families = tuple(fams)


def _check_prove_options(args) -> None:
    """The prover's options only with ``--prove`` (issue 46: given and ignored is refused).

    Raises:
        ParameterError: naming the option.
    """
    from .options import only_with
    only_with(args, args.prove, "--prove", ("prover", *prover_options(args), "timeout", "memory"))
    only_with(args, args.automaton, "--automaton", ("automaton_figure", "max_states"))
    if args.automaton_figure:   # the figure's target before any work (issue 46 item 4)
        from .plot import check_output
        check_output(args.automaton_figure, args.force)


def run(args) -> int:
    from cgs_bridge.jobs.discover import discover
    _check(args)
    _check_prove_options(args)
    moduli = _ints(args.moduli, "--moduli")
    ruleset = ruleset_from_args(args)
    box = box_from_args(args, ruleset)
    rep = discover(ruleset, bound=box, families=args.families, shifts=args.shift, moduli=moduli,
                   offsets=args.offset, limit=args.limit, per_family=args.per_family, near=args.near,
                   fix_max=args.lines, sweep=args.sweep, method=args.method,
                   progress=progress_callback("solving"), bfile=args.bfile, force=args.force,
                   against=args.against, prove=args.prove, prover=args.prover,
                   timeout=args.timeout,
                   memory=int(args.memory * (1 << 30)) if args.memory else None,
                   automaton=args.automaton, base=args.base, max_states=args.max_states,
                   **prover_options(args))
    if args.automaton_figure and rep.automata and rep.automata[0]["automaton_file"]:
        from cgs_bridge.presentation.plot_automaton import automaton_figure
        automaton_figure(rep.automata[0], rep.game, args.automaton_figure, coords=ruleset.coords,
                         overwrite=args.force)
    if args.quiet:  # the verdict line alone (README: --quiet)
        print(f"VERDICT: {rep.verdict()}")
    else:
        print(rep.to_json() if args.json else render(rep, "report"), end="")
    return rep.exit_code
