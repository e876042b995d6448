"""``cgs-bridge explore``: write the explorer page of a solved box (:mod:`cgs_bridge.presentation.explore`)."""

from __future__ import annotations

import sys
from pathlib import Path

from cgs_bridge.foundation.errors import InputError
from cgs_bridge.model.params import parse_params

from .common import add_claim_args, box_from_args, checked_from_args, game_parser, progress_callback


def register(sub) -> None:
    p = game_parser(sub, "explore", help="write a self-contained HTML page to browse a solved box",
                    description="One page, no network: a slice grid of Grundy values with a slider "
                                "per other coordinate, coloured by value mod m, P-positions or a "
                                "claim's failures; each position's options, values and winning moves.")
    p.add_argument("-o", "--output", metavar="FILE.html", required=True, help="the page to write")
    add_claim_args(p, "an extra claim whose failures can colour the grid; repeatable")
    p.add_argument("--mod", type=int, default=3, help="colour by Grundy value mod M at first (default 3)")
    p.add_argument("--force", action="store_true", help="replace an existing different file")
    p.set_defaults(func=run)


def run(args) -> int:
    from cgs_bridge.foundation.io import atomic_write_text, check_output_path
    from cgs_bridge.model.resolve import ruleset_of
    from cgs_bridge.presentation.explore import check_all, explorer_html
    from solvers import solve
    out = Path(args.output)
    if out.suffix.lower() not in (".html", ".htm"):
        raise InputError(f"-o {out}: the explorer page is an .html file")
    if args.mod < 2:
        raise InputError(f"--mod must be >= 2, got {args.mod}")
    check_output_path(out)
    if out.exists() and not args.force:
        raise InputError(f"{out} exists; pass --force to replace it")
    ruleset = ruleset_of(checked_from_args(args), parse_params(args.param))
    sol = solve(ruleset, box_from_args(args, ruleset), progress=progress_callback("solving"))
    page = explorer_html(sol, check_all(sol), args.mod)
    written = atomic_write_text(out, page, overwrite=args.force)
    if not args.quiet:
        print(f"wrote {written} ({len(sol)} positions)", file=sys.stderr)
    return 0
