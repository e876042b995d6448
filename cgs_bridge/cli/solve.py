"""``cgs-bridge solve``: Grundy values of a game over a box, as CSV (or one position in detail)."""

from __future__ import annotations

import sys

from ..errors import CgsBridgeError
from ..io import atomic_write_text
from .common import add_game_args, box_from_args, progress_callback, ruleset_from_args


def register(sub) -> None:
    p = sub.add_parser("solve", help="Grundy values over a box, as CSV",
                       description="Print CSV: the coordinates in spec order, then grundy (and misere "
                                   "with --misere), one row per valid position in lexicographic order.")
    add_game_args(p)
    p.add_argument("--misere", action="store_true", help="add misère values (CGSuite MisereNimValue)")
    p.add_argument("-o", "--output", metavar="FILE", help="write the CSV to FILE (atomically) instead of stdout")
    p.add_argument("--force", action="store_true", help="replace an existing different FILE")
    p.add_argument("--method", choices=["auto", "fast", "reference"], default="auto",
                   help="solver kernel (default: fast when available)")
    p.add_argument("--at", metavar="c1,c2,...", help="describe one position instead: value, outcome, "
                   "options and winning moves")
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
    sol = solve(ruleset, box, misere=args.misere, method=args.method, progress=progress_callback("solving"))
    if args.at:
        p = parse_position(args.at, ruleset.n)
        g = sol.value(p)
        print(f"{ruleset.describe()} at {p}: Grundy value {g}, {'P' if g == 0 else 'N'}-position")
        if args.misere:
            print(f"misère Grundy value {sol.misere_value(p)}")
        for q, gq in sol.options(p):
            print(f"  option {q}: {gq}{'   <- winning move' if gq == 0 else ''}")
        return 0
    text = sol.to_csv_text()
    if args.output:
        atomic_write_text(args.output, text, overwrite=args.force)
        print(f"wrote {len(sol)} positions to {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0
