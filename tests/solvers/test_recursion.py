"""Values of single positions by memoised recursion (solvers/recursion.py, issue 50 item 3)
equal the reference solver's on whole boxes, and its bounds stop it before it runs away."""

from __future__ import annotations

import itertools

import pytest

from cgs_bridge.foundation.errors import RuleError
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_text
from cgs_bridge.model.resolve import ruleset_of
from solvers import Box, solve
from solvers.recursion import Recursion, RecursionLimit

CASES = [("triangular", {"k": "3"}, (4, 2, 4)), ("step", {}, (3, 7)), ("nim_pass", {}, (2, 2, 2, 1)),
         ("two_inequalities_res", {}, (6, 5)), ("maximum_nim", {}, (12,)), ("wythoff", {}, (5, 5))]


@pytest.mark.parametrize("game, params, upper", CASES, ids=[c[0] for c in CASES])
def test_recursion_equals_the_reference_solver(game, params, upper):
    r = ruleset_of(game, params)
    sol = solve(r, Box(tuple(r.coords), upper), misere=True, method="reference")
    rec = Recursion(r, misere=True)
    n = 0
    for p in itertools.product(*(range(u + 1) for u in upper)):
        if r.is_valid(p):
            assert rec.value(p) == (sol.value(p), sol.misere_value(p)), p
            n += 1
    assert n > 10


def test_the_bounds_stop_the_recursion_and_say_which():
    r = ruleset_of("nim", {})
    with pytest.raises(RecursionLimit, match="options"):
        Recursion(r, max_options=100).value((1000,))       # 1000 options at the first position
    r2 = Ruleset(load_text("game n2\n  coordinates x, y\n  cut x to t\n  cut y to t\n"))
    with pytest.raises(RecursionLimit, match="positions"):
        Recursion(r2, max_positions=50).value((30, 30))
    with pytest.raises(RecursionLimit, match="time"):
        Recursion(r2, deadline=0.0).value((3, 3))
    assert Recursion(r2).value((30, 30)) == (0, None)      # Bouton: x xor y = 0


def test_a_move_that_leaves_the_valid_set_is_a_rule_error():
    r = Ruleset(load_text("game g\n  coordinates x, y\n  require y <= x\n  cut x to t\n"))
    with pytest.raises(RuleError):
        Recursion(r).value((2, 2))
