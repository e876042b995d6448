"""``cgs-bridge check``: check the move rules and every claim of a game on a box."""

from __future__ import annotations

from cgs_bridge.foundation import progress
from cgs_bridge.foundation.errors import BoxError, RuleError
from cgs_bridge.foundation.results import render
from cgs_bridge.jobs.checking import check_solution, claims_use_misere
from cgs_bridge.model.params import parse_params
from cgs_bridge.model.resolve import ruleset_of

from .common import add_claim_args, box_from_args, checked_from_args, game_parser, progress_callback


def register(sub) -> None:
    p = game_parser(sub, "check", help="check the rules and the claims of a game on a box",
                    description="Exit 0 when the rules are closed on the box and every applicable "
                                "claim holds; 1 when a claim or the rule check fails; 2 on input errors.")
    add_claim_args(p)
    p.add_argument("--limit", type=int, default=10, help="counterexamples shown per claim (default 10)")
    p.add_argument("--method", choices=["auto", "fast", "reference"], default="auto")
    p.set_defaults(func=run)


def run(args) -> int:
    """Solve the box, check the rules and the claims; with ``--quiet`` print only the verdict."""
    from solvers import solve
    checked = checked_from_args(args)
    ruleset = ruleset_of(checked, parse_params(args.param))
    box = box_from_args(args, ruleset)
    uses_misere = claims_use_misere(checked)
    say = (lambda _line: None) if args.quiet else print
    try:
        sol = solve(ruleset, box, misere=uses_misere, method=args.method,
                    progress=progress_callback("solving"), output="check")
    except RuleError as e:
        if isinstance(e, BoxError):   # a box that cannot hold an option: input error (exit 2), as in solve
            raise
        print(f"{'VERDICT: ' if args.quiet else ''}rules: FAIL on box {box}: {e}")
        return 1
    say(f"{ruleset.describe()} on box {box}: {len(sol)} valid positions, "
        f"{len(sol.p_positions())} P-positions")
    say("rules: closed on the box (every option valid, inside the box, lexicographically below its position)")
    with progress.Task("checking claims", len(ruleset.claims), unit=" claims", ticking=True) as task:
        result = check_solution(sol, limit=args.limit)
        task.update(len(result.claims), len(result.claims))
    for line in render(result, "report").splitlines():
        say(line)
    if args.quiet:
        print("VERDICT: " + result.verdict())
    return result.exit_code
