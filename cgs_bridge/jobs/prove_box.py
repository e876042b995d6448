"""A claim checked on a small box by the solver before any automaton is built (issue 48, item 5).

Every position whose coordinate sum is at most ``side`` lies in the box ``0..side`` (each
coordinate of such a position is at most the sum), so the least position of that box, by
coordinate sum and then lexicographically, where the claim fails is the least anywhere when its
sum is at most ``side``: the claim is REFUTED at once, with its smallest counterexample, and no
prover runs. A failure of larger sum is a real failure too but not shown to be the smallest; it
is kept for when the provers cannot decide.

The box is small by construction (:data:`POSITIONS` points, the reference solver: a fraction of
a second), and a game whose general rules would make it slow is not checked this way.
"""

from __future__ import annotations

from cgs_bridge.foundation.errors import CgsBridgeError

#: At most this many points in the box (2,000: side 11 for three coordinates, 20 for two).
POSITIONS = 2_000
#: The largest side tried.
MAX_SIDE = 20
#: The largest estimated number of option tries of the general rules (solvers.work).
MAX_WORK = 2_000_000


def _upper(ruleset, side: int) -> tuple:
    """The box of side ``side``: every coordinate up to it, the pass flag up to 1 (its range)."""
    flag = ruleset.game.pass_once.flag if ruleset.game.pass_once is not None else None
    return tuple(min(side, 1) if c == flag else side for c in ruleset.coords)


def box_side(ruleset, positions: int | None = None) -> int:
    """The largest side ``s <= MAX_SIDE`` whose box has at most ``positions`` points (the pass
    flag, whose range is 0..1, counts its two values); 0 when even side 1 is too big."""
    positions = POSITIONS if positions is None else positions
    best = 0
    for s in range(1, MAX_SIDE + 1):
        size = 1
        for u in _upper(ruleset, s):
            size *= u + 1
        if size > positions:
            break
        best = s
    return best


def solve_side(ruleset, side: int, misere: bool, method: str = "reference", max_points: int = POSITIONS,
               memory: int | None = None):
    """``(solution, "")`` of the box of side ``side``, or ``(None, why not)``: more than
    ``max_points`` points, more than ``memory`` bytes of values, general rules too slow, or the
    solver's error (a rule not well defined there, a declared property failing)."""
    from solvers import Box, solve
    from solvers.work import estimate
    box = Box(tuple(ruleset.coords), _upper(ruleset, side))
    if box.size > max_points:
        return None, f"the box 0..{side} has {box.size:,} points, more than {max_points:,}"
    if memory is not None and box.size * 8 > memory:
        return None, f"the box 0..{side} needs more than the memory limit (--memory)"
    if estimate(ruleset, box) > MAX_WORK:
        return None, "the general rules would make the box slow"
    try:
        return solve(ruleset, box, misere=misere, method=method, output="check"), ""
    except CgsBridgeError as e:
        return None, str(e)


def smallest_failure(solution, claim):
    """``(position, Grundy value, misère value)`` of the smallest position of ``solution``'s box
    (coordinate sum, then lexicographic) where ``claim`` is false, or None."""
    holds, _ = solution.ruleset.compile_claim(claim)
    best = None
    for row in solution.positions():
        p = tuple(int(v) for v in row)
        g = int(solution.grundy[p])
        m = int(solution.misere[p]) if solution.misere is not None else None
        if not holds(p, g, m) and (best is None or (sum(p), p) < (sum(best[0]), best[0])):
            best = (p, g, m)
    return best


class BoxCheck:
    """The solver's values on the box of side :func:`box_side` (solved on first use, once).

    Args:
        ruleset: the bound game; misere: also compute misère values.
    Attributes:
        side: the box's side (0: no check); solution: the :class:`solvers.Solution` or None;
        skipped: why the box was not solved ("" when it was).
    """

    def __init__(self, ruleset, misere: bool, positions: int | None = None):
        self.ruleset, self.misere = ruleset, misere
        self.side = box_side(ruleset, positions)
        self.solution = None
        self.skipped = "" if self.side else "the box would be too large"
        self._done = not self.side

    def _solve(self):
        if self._done:
            return self.solution
        self._done = True
        self.solution, self.skipped = solve_side(self.ruleset, self.side, self.misere)
        return self.solution

    def failures(self, claim) -> tuple:
        """``(least, least of small sum)``: the least failing position of the box as ``(p,
        grundy, misère or None)`` (None when the claim holds on the box or it was not solved), and
        the same when its coordinate sum is at most the side (the least anywhere), else None.

        Raises:
            EvaluationError: the claim cannot be evaluated at a position of the box.
        """
        sol = self._solve()
        if sol is None:
            return None, None
        found = smallest_failure(sol, claim)
        return found, (found if found is not None and sum(found[0]) <= self.side else None)
