"""``cgs-bridge check``: check the move rules and every claim of a game on a box."""

from __future__ import annotations

from ..checking import check_solution, claims_use_misere, with_claims
from ..errors import RuleError
from ..game import Ruleset
from .. import progress
from .common import add_game_args, box_from_args, parse_params, progress_callback
from ..spec import load_game


def register(sub) -> None:
    p = sub.add_parser("check", help="check the rules and the claims of a game on a box",
                       description="Exit 0 when the rules are closed on the box and every applicable "
                                   "claim holds; 1 when a claim or the rule check fails; 2 on input errors.")
    add_game_args(p)
    p.add_argument("--claim", action="append", default=[], metavar="EXPR",
                   help="an extra claim in the spec language, e.g. 'P iff x xor y xor z == 0'; repeatable")
    p.add_argument("--limit", type=int, default=10, help="counterexamples shown per claim (default 10)")
    p.add_argument("--method", choices=["auto", "fast", "reference"], default="auto")
    p.set_defaults(func=run)


def run(args) -> int:
    from solvers import solve
    checked = with_claims(load_game(args.game, args.game_name), args.claim)
    ruleset = Ruleset(checked, parse_params(args.param))
    box = box_from_args(args, ruleset)
    uses_misere = claims_use_misere(checked)
    try:
        sol = solve(ruleset, box, misere=uses_misere, method=args.method,
                    progress=progress_callback("solving"), output="check")
    except RuleError as e:
        print(f"rules: FAIL on box {box}: {e}")
        return 1
    print(f"{ruleset.describe()} on box {box}: {len(sol)} valid positions, "
          f"{len(sol.p_positions())} P-positions")
    print("rules: closed on the box (every option valid, inside the box, no coordinate raised)")
    failed = False
    with progress.Task("checking claims", len(ruleset.claims), unit=" claims", ticking=True) as task:
        results = check_solution(sol, limit=args.limit).claims
        task.update(len(results), len(results))
    for res in results:
        if res.status == "not applicable":
            print(f"claim {res.name!r}: not applicable to these parameters"
                  + (f" ({res.note})" if getattr(res, "note", "") else ""))
        elif res.status == "holds":
            print(f"claim {res.name!r}: holds on all {res.checked} positions")
        else:
            failed = True
            print(f"claim {res.name!r}: FAILS at {res.failures} of {res.checked} positions; first:")
            for p, g in res.counterexamples:
                print(f"    {p}: grundy {g}")
    return 1 if failed else 0
