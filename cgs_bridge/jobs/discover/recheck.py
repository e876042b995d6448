"""The honesty step: every formula is re-checked by the claim checker before it is reported.

The claim text that will be printed is parsed with the spec parser, attached to the game in place
of its own claims, checked by the spec checker, bound to the same parameter values and evaluated by
:meth:`solvers.solution.Solution.check_claims` on every valid position of the box (the same
interface ``cgs-bridge check`` uses). Only what this says is reported.
"""

from __future__ import annotations

from dataclasses import replace

from cgs_bridge.language import ast as A
from cgs_bridge.language.checker import check_game
from cgs_bridge.language.parser import parse_expr
from cgs_bridge.model.game import Ruleset
from solvers.solution import Solution


def claim_line(name: str, condition: str, when: str | None = None) -> str:
    """A spec ``claim`` statement, ready to paste into a ``game`` block."""
    name = name.replace('"', "'")
    return f'claim "{name}"{f" when {when}" if when else ""}: {condition}'


def recheck(solution: Solution, claims, limit: int = 10, method: str = "auto") -> list:
    """Check ``claims`` — a list of ``(name, condition text, when text or None)`` — on the box of
    ``solution`` with the claim checker.

    ``method`` is that of :meth:`~solvers.solution.Solution.check_claims`: "auto" (compiled claims,
    issue 12) or "reference" (position by position).

    Returns:
        one :class:`solvers.solution.ClaimResult` per claim, in order.
    Raises:
        SpecError: a claim text does not parse or names something the game lacks.
    """
    if not claims:
        return []
    ruleset = solution.ruleset
    nodes = tuple(A.Claim(name, parse_expr(cond, what="discovered claim"),
                          parse_expr(when, what="discovered claim") if when else None)
                  for name, cond, when in claims)
    checked = check_game(replace(ruleset.game, claims=nodes))
    params = dict(ruleset.params)
    bound = Ruleset(checked, params)
    sol = Solution(bound, solution.box, solution.grundy, solution.misere)
    return sol.check_claims(limit=limit, method=method)
