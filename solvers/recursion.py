"""Values of one position by memoised recursion on the positions its moves actually reach
(issue 50, item 3): what confirming a counterexample needs, never a whole box.

``G(p) = mex{G(q) : q an option of p}`` (seed 001 Def 1.5, seed 003 Def 2.4); the misère value
(CGSuite ``MisereNimValue``) is 1 at a terminal position, else the mex of the options' misère
values. Every option is checked as the reference solver checks it (valid, lexicographically below the position,
not the position itself), so the recursion ends. The work is bounded before it can run away: a
number of positions, of options enumerated, and a deadline; past one of them
:class:`RecursionLimit` says which.
"""

from __future__ import annotations

import time

from cgs_bridge.foundation.errors import CgsBridgeError

from .reference import mex

#: Default bounds of one recursion: positions whose values are kept, options enumerated.
MAX_POSITIONS = 200_000
MAX_OPTIONS = 200_000


class RecursionLimit(CgsBridgeError):
    """The recursion reached one of its bounds (the message says which and where)."""


class Recursion:
    """Memoised values of positions of ``ruleset`` (a :class:`cgs_bridge.model.game.Ruleset`).

    Args:
        misere: also compute misère values.
        max_positions, max_options: the bounds (see the module); deadline: ``time.monotonic()``
            value after which :class:`RecursionLimit` is raised (None: none).
    Attributes:
        values: ``{position: (grundy, misere or None)}`` of every position computed so far.
        options: ``{position: [options]}`` of the positions pending and of every position
            whose value was asked (distinct, sorted).
    """

    def __init__(self, ruleset, misere: bool = False, max_positions: int = MAX_POSITIONS,
                 max_options: int = MAX_OPTIONS, deadline: float | None = None):
        self.r, self.misere = ruleset, misere
        self.max_positions, self.max_options, self.deadline = max_positions, max_options, deadline
        self.values: dict = {}
        self.options: dict = {}
        self.enumerated = 0

    def option_list(self, p: tuple) -> list:
        """The distinct options of ``p`` (each checked as the reference solver checks it), counted
        against the bounds.

        Raises:
            RuleError: an option is invalid, raises a coordinate or equals ``p``.
            RecursionLimit: a bound is reached.
        """
        if p in self.options:
            return self.options[p]
        self._check(p)
        if sum(p[i] for i in self.r.cut_coordinates()) + self.enumerated > self.max_options:
            raise RecursionLimit(f"the moves of {p} lower a coordinate to each smaller value: more "
                                 f"than {self.max_options:,} options to enumerate")
        moves = self.r.options(p)
        self.enumerated += len(moves)
        self._check(p)
        for i, t, q in moves:
            self.r.check_option(p, i, t, q)
        out = sorted({tuple(q) for _, _, q in moves})
        self.options[p] = out
        return out

    def _check(self, p) -> None:
        if len(self.values) + len(self.options) > self.max_positions:
            raise RecursionLimit(f"the recursion from the counterexample reached more than "
                                 f"{self.max_positions:,} positions (at {p})")
        if self.enumerated > self.max_options:
            raise RecursionLimit(f"the recursion from the counterexample enumerated more than "
                                 f"{self.max_options:,} options (at {p})")
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise RecursionLimit(f"the recursion from the counterexample ran out of time (at {p})")

    def value(self, p) -> tuple:
        """``(grundy, misère value or None)`` of position ``p`` (a valid position), computing
        every position it reaches, depth first without Python recursion.

        Raises:
            RuleError, RecursionLimit: as :meth:`option_list`.
        """
        p = tuple(int(v) for v in p)
        stack = [p]
        while stack:
            q = stack[-1]
            if q in self.values:
                stack.pop()
                continue
            missing = [o for o in self.option_list(q) if o not in self.values]
            if missing:
                stack.extend(missing)
                continue
            opts = self.options[q]
            g = mex(self.values[o][0] for o in opts)
            m = (mex(self.values[o][1] for o in opts) if opts else 1) if self.misere else None
            self.values[q] = (g, m)
            if q != p:
                del self.options[q]   # only the pending positions' and p's option lists are kept
            stack.pop()
        return self.values[p]
