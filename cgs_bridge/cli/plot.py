"""``cgs-bridge plot``: paper-style figures (PNG or SVG) of a game, a comparison or a sweep."""

from __future__ import annotations

import sys
from pathlib import Path

from cgs_bridge.foundation.errors import InputError
from cgs_bridge.foundation.io import load_json

from .common import add_game_args, box_from_args, progress_callback, ruleset_from_args

KINDS = ["grid", "p-positions", "diff", "sweep"]


def register(sub) -> None:
    p = sub.add_parser(
        "plot", help="figures: Grundy grids, P-positions, differences, sweep failures (PNG/SVG)",
        description="Draw a figure into FILE (.png, .svg or .pdf; written atomically). "
                    "grid: a 2-D slice of Grundy values as a table with the values in the cells "
                    "(--mod 3 colours value classes as seed 000 Fig 7.10); p-positions: 3-D scatter "
                    "of the P-positions (marked cells for 2 coordinates); diff: the positions where a "
                    "comparison (--comparison comparison.json/.csv of verify/compare) differs, by "
                    "kind; sweep: failures per parameter of a sweep table (GAME is then the .csv or "
                    ".parquet table).")
    add_game_args(p, bound_required=False)
    p.add_argument("--kind", choices=KINDS, default="grid", help="which figure (default grid)")
    p.add_argument("--slice", metavar="c=V,...", help="fix coordinates (e.g. --slice z=0) so that 2 "
                   "(grid) or 2-3 (p-positions, diff) remain")
    p.add_argument("--mod", type=int, metavar="M", help="grid: colour cells by Grundy value mod M")
    p.add_argument("--comparison", metavar="FILE", help="diff: comparison.json or comparison.csv "
                   "(or the run folder holding comparison.json)")
    p.add_argument("--claim", metavar="NAME", help="sweep: only this claim's failures")
    p.add_argument("--params", metavar="P1,P2", help="sweep: parameter columns, in axis order")
    p.add_argument("-o", "--output", required=True, metavar="FILE", help="figure file: .png, .svg or .pdf (vector)")
    p.add_argument("--force", action="store_true", help="replace an existing FILE")
    p.set_defaults(func=run)


def check_output(path: str, force: bool) -> Path:
    """Validate the figure path before any work: suffix, existing folder, no unasked overwrite."""
    from cgs_bridge.presentation.plot import FORMATS
    out = Path(path)
    if out.suffix.lower() not in FORMATS:
        raise InputError(f"{out}: the figure format is chosen by the suffix: .png, .svg or .pdf")
    if not out.parent.is_dir():
        raise InputError(f"{out}: folder {out.parent} does not exist")
    if out.exists() and not force:
        raise InputError(f"{out} exists; pass --force to replace it")
    return out


def run(args) -> int:
    from cgs_bridge.presentation import plot
    out = check_output(args.output, args.force)
    if args.mod is not None and args.kind != "grid":
        raise InputError("--mod applies to --kind grid only")
    if args.kind == "sweep":
        from cgs_bridge.presentation.plot_sweep import read_sweep_table, sweep_figure
        params = [p.strip() for p in args.params.split(",")] if args.params else None
        fig = sweep_figure(read_sweep_table(args.game), params=params, claim=args.claim)
    else:
        fig = game_figure(args)
    plot.save_figure(fig, out, overwrite=args.force)
    if not args.quiet:
        print(f"wrote {out}", file=sys.stderr)
    return 0


def game_figure(args):
    from cgs_bridge.presentation import plot
    from solvers import parse_bound, solve
    differences, box_text = None, args.bound
    if args.kind == "diff":
        if not args.comparison:
            raise InputError("--kind diff needs --comparison FILE (comparison.json or .csv of verify/compare)")
        path = Path(args.comparison)
        if path.is_dir():
            path = path / "comparison.json"
        from cgs_bridge.presentation.plot_input import load_differences
        differences = load_differences(path)
        if box_text is None and path.suffix == ".json":
            doc = load_json(path, "comparison.json")
            box_text = doc.get("box") if isinstance(doc, dict) else None
    if box_text is None:
        raise InputError(f"--kind {args.kind} needs --bound")
    ruleset = ruleset_from_args(args)
    box = parse_bound(box_text, ruleset.coords) if box_text != args.bound else box_from_args(args, ruleset)
    fixed = plot.parse_slice(args.slice, box)
    # the figure's shape is checked before solving, so a wrong slice fails fast
    plot.free_coords(box, fixed, {"grid": (2,), "p-positions": (2, 3), "diff": (2, 3)}[args.kind],
                     f"{args.kind} figure")
    sol = solve(ruleset, box, progress=progress_callback("solving"))
    if args.kind == "grid":
        return plot.grid_figure(sol, fixed, args.mod)
    if args.kind == "p-positions":
        return plot.p_positions_figure(sol, fixed)
    return plot.diff_figure(sol, differences, fixed)

