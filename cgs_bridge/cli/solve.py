"""``cgs-bridge solve``: Grundy values of a game over a box, as CSV (or one position in detail)."""

from __future__ import annotations

import sys

from cgs_bridge.foundation.errors import CgsBridgeError

from .common import add_game_args, box_from_args, progress_callback, ruleset_from_args


def register(sub) -> None:
    p = sub.add_parser("solve", help="Grundy values over a box, as CSV",
                       description="Print CSV: the coordinates in spec order, then grundy (and misere "
                                   "with --misere), one row per valid position in lexicographic order.")
    add_game_args(p)
    p.add_argument("--misere", action="store_true", help="add misère values (CGSuite MisereNimValue)")
    p.add_argument("-o", "--output", metavar="FILE", help="write the table to FILE (atomically, streamed in "
                   "chunks) instead of stdout: CSV, or Parquet when FILE ends in .parquet")
    p.add_argument("--force", action="store_true", help="replace an existing different FILE")
    p.add_argument("--yes", action="store_true", help="solve even when the estimated work (box points x "
                   "options of the general move rules) is above the limit ($CGS_BRIDGE_MAX_WORK)")
    p.add_argument("--method", choices=["auto", "fast", "reference", "direct", "sparse"], default="auto",
                   help="solver kernel (default: fast when available); take-and-break games also: "
                        "direct (the mex over split pairs) or sparse (the sparse-space method)")
    p.add_argument("--at", metavar="c1,c2,...", help="describe one position instead: value, outcome, "
                   "options and winning moves")
    p.add_argument("--format", choices=["csv", "latex", "markdown", "parquet"],
                   help="table format (latex: booktabs tabular); with --slice a 2-D grid of Grundy "
                        "values, with --p-positions the P-position list (parquet needs -o)")
    p.add_argument("--slice", metavar="c=V,...", help="fix all coordinates but two: the table is the "
                   "grid of Grundy values (rows: first free coordinate, columns: second)")
    p.add_argument("--p-positions", action="store_true", help="the table is the list of P-positions")
    p.add_argument("--mod", type=int, metavar="M", help="--format latex with --slice: colour cells by "
                   "Grundy value mod M (seed 000 Fig 7.10 for M = 3; needs \\usepackage[table]{xcolor})")
    p.set_defaults(func=run)


def parse_position(text: str, n: int) -> tuple:
    try:
        p = tuple(int(v) for v in text.replace("(", "").replace(")", "").split(","))
    except ValueError:
        raise CgsBridgeError(f"--at expects {n} comma-separated integers, got {text!r}") from None
    if len(p) != n:
        raise CgsBridgeError(f"--at expects {n} coordinates, got {len(p)}")
    return p


def run(args) -> int:
    from solvers import solve
    ruleset = ruleset_from_args(args)
    box = box_from_args(args, ruleset)
    if args.slice or args.p_positions or args.format in ("latex", "markdown"):
        return write_table(args, ruleset, box)
    if args.format == "parquet" and not args.output:
        raise CgsBridgeError("--format parquet writes a binary file: give -o FILE")
    if args.output:  # before any work: a device, FIFO or missing folder is refused up front
        from cgs_bridge.foundation.io import check_output_path
        check_output_path(args.output)
    sol = solve(ruleset, box, misere=args.misere, method=args.method, progress=progress_callback("solving"),
                output="positions" if args.at else "stream", max_work=0 if args.yes else None)
    if args.at:
        p = parse_position(args.at, ruleset.n)
        g = sol.value(p)
        print(f"{ruleset.describe()} at {p}: Grundy value {g}, {'P' if g == 0 else 'N'}-position")
        if args.misere:
            print(f"misère Grundy value {sol.misere_value(p)}")
        for q, gq in sol.options(p):
            print(f"  option {q}: {gq}{'   <- winning move' if gq == 0 else ''}")
        return 0
    if args.output:  # the whole table, streamed (CSV, or Parquet by --format or the suffix)
        sol.write(args.output, overwrite=args.force, fmt=args.format)
        if not args.quiet:
            print(f"wrote {len(sol)} positions to {args.output}", file=sys.stderr)
    else:
        from solvers.output import write_text
        write_text(sol, sys.stdout)
    return 0


def write_table(args, ruleset, box) -> int:
    """``--format`` / ``--slice`` / ``--p-positions``: a table for a paper (cgs_bridge.presentation.tables)."""
    from cgs_bridge.foundation.io import atomic_write_bytes, atomic_write_text
    from cgs_bridge.presentation import tables
    from cgs_bridge.presentation.plot import free_coords, parse_slice
    from solvers import solve
    fmt = args.format or "csv"
    if args.at:
        raise CgsBridgeError("--at describes one position; it does not combine with --format/--slice")
    if fmt == "parquet" and not args.output:
        raise CgsBridgeError("--format parquet writes a binary file: give -o FILE")
    if args.output:
        from cgs_bridge.foundation.io import check_output_path
        check_output_path(args.output)
    if args.mod is not None and (args.mod < 2 or args.format != "latex" or not args.slice):
        raise CgsBridgeError("--mod M (M >= 2) colours a LaTeX grid: give it with --format latex --slice")
    fixed = parse_slice(args.slice, box)
    if not args.p_positions and args.slice:
        free_coords(box, fixed, (2,), "--slice table")
    sol = solve(ruleset, box, misere=args.misere, method=args.method, progress=progress_callback("solving"),
                max_work=0 if args.yes else None)
    where = ", ".join(f"{box.coords[i]} = {v}" for i, v in sorted(fixed.items()))
    if args.p_positions:
        frame, grid = tables.p_positions_frame(sol, fixed), None
        caption = f"P-positions of {ruleset.describe()} on the box {box}" + (f" with {where}" if where else "")
    elif args.slice:
        frame, rn, cn = tables.slice_frame(sol, fixed)
        grid = (rn, cn)
        caption = f"Grundy values of {ruleset.describe()} with {where} (rows {rn}, columns {cn})"
    else:
        frame, grid = sol.to_frame(), None
        caption = f"Grundy values of {ruleset.describe()} on the box {box}"
    out = tables.render(frame, fmt, grid, caption, box.coords, getattr(args, "mod", None))
    if not args.output:
        sys.stdout.write(out)
    elif isinstance(out, bytes):
        atomic_write_bytes(args.output, out, overwrite=args.force)
    else:
        atomic_write_text(args.output, out, overwrite=args.force)
    if args.output and not args.quiet:
        print(f"wrote {len(frame)} rows to {args.output}", file=sys.stderr)
    return 0
