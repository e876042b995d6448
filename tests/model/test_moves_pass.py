"""Issue 22: general move rules (several rules per coordinate, ``cut .. where``, ``cut .. by``,
``move``) and the pass, through the language, the checker and the reference solver.

Expected values come from theorems (Wythoff 1907: P-positions (floor(n phi), floor(n phi^2)) and
mirrors; subtraction game {1, 2, 3}: Grundy value n mod 4) or from a plain recursion written here,
over moves written here in Python, never from the code under test."""

from __future__ import annotations

from functools import lru_cache
from math import isqrt

import numpy as np
import pytest

from cgs_bridge.foundation.errors import RuleError, SpecError
from cgs_bridge.model import catalog
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_text
from solvers import parse_bound, solve


def _mex(s) -> int:
    m = 0
    while m in s:
        m += 1
    return m


def grundy_by_recursion(moves):
    """Grundy values of a game given by ``moves(p) -> iterable of options`` (plain recursion)."""
    @lru_cache(maxsize=None)
    def g(p):
        return _mex({g(q) for q in moves(p)})
    return g


def _solve(name_or_text, bound, params=None, misere=False):
    checked = catalog.load(name_or_text) if name_or_text in catalog.names() else load_text(name_or_text, "t.game")
    r = Ruleset(checked, params or {})
    return solve(r, parse_bound(bound, r.coords), misere=misere)


def _pass_moves(base):
    """Moves of a game with one pass: ``base(p)`` are the options of the position p (no flag)."""
    def moves(pf):
        *p, flag = pf
        opts = [tuple(q) + (flag,) for q in base(tuple(p))]
        if flag == 1 and opts:       # the pass: never from a terminal position, at most once
            opts.append(tuple(p) + (0,))
        return opts
    return moves


# ------------------------------------------------------------------ theorems
def test_wythoff_p_positions_are_the_beatty_pairs():
    sol = _solve("wythoff", "14")
    # Wythoff (1907): a_n = floor(n phi) = floor((n + floor(n sqrt 5)) / 2), b_n = a_n + n.
    want = set()
    for n in range(15):
        a = (n + isqrt(5 * n * n)) // 2
        want |= {(a, a + n), (a + n, a)}
    want = {p for p in want if max(p) <= 14}
    assert set(map(tuple, sol.p_positions())) == want
    g = grundy_by_recursion(lambda p: [(t, p[1]) for t in range(p[0])] + [(p[0], t) for t in range(p[1])]
                            + [(p[0] - s, p[1] - s) for s in range(1, min(p) + 1)])
    for x in range(15):
        for y in range(15):
            assert sol.grundy[x, y] == g((x, y)), (x, y)


def test_subtraction_123_is_n_mod_4():
    sol = _solve("subtraction", "40", misere=True)
    np.testing.assert_array_equal(sol.grundy, np.arange(41) % 4)
    # misère values by recursion: 1 at a terminal position, else mex of the options' values
    @lru_cache(maxsize=None)
    def mis(n):
        opts = [n - s for s in (1, 2, 3) if s <= n]
        return 1 if not opts else _mex({mis(q) for q in opts})
    assert [int(v) for v in sol.misere] == [mis(n) for n in range(41)]


@pytest.mark.parametrize("f_text, f", [("floor(t/2)", lambda x: x // 2), ("floor(t/3) + 1", lambda x: x // 3 + 1),
                                       ("t", lambda x: x)])
def test_maximum_nim_against_recursion(f_text, f):
    sol = _solve("maximum_nim", "60", {"f": f_text})
    g = grundy_by_recursion(lambda p: [(p[0] - k,) for k in range(1, min(f(p[0]), p[0]) + 1)])
    assert [int(v) for v in sol.grundy] == [g((x,)) for x in range(61)]


def test_maximum_nim_levine_recurrence():
    # f(x) = floor(x/2): g(2k) = k, g(2k+1) = g(k) (Levine 2006), checked by the recursion above too.
    sol = _solve("maximum_nim", "80")
    g = [int(v) for v in sol.grundy]
    assert all(g[2 * k] == k for k in range(41)) and all(g[2 * k + 1] == g[k] for k in range(40))


def test_nim_with_a_pass_against_recursion():
    sol = _solve("nim_pass", "x=4,y=3,z=5,passes=1", misere=True)
    base = lambda p: [p[:i] + (t,) + p[i + 1:] for i in range(3) for t in range(p[i])]  # noqa: E731
    g = grundy_by_recursion(_pass_moves(base))
    for p in np.ndindex(5, 4, 6, 2):
        assert sol.grundy[p] == g(p), p
    assert sol.grundy[0, 0, 0, 1] == 0          # terminal: the pass is not a move there
    assert sol.grundy[1, 0, 0, 1] == 2          # options (0,0,0,1) = 0 and the pass (1,0,0,0) = 1


def test_step_bar_with_a_pass_against_recursion():
    sol = _solve("step_pass", "y=5,z=11,passes=1")
    f = lambda t: t // 2  # noqa: E731
    base = lambda p: ([(t, p[1]) for t in range(p[0])]  # noqa: E731
                      + [(min(p[0], f(t)), t) for t in range(p[1])])
    g = grundy_by_recursion(_pass_moves(base))
    for p in np.ndindex(6, 12, 2):
        if p[0] <= f(p[1]):
            assert sol.grundy[p] == g(p), p
        else:
            assert sol.grundy[p] == -1


@pytest.mark.parametrize("name", ["wythoff", "subtraction", "maximum_nim", "nim_pass", "step_pass"])
def test_catalog_claims_hold(name):
    sol = _solve(name, catalog.boxes(name, "engine")[0][1] if name in ("nim_pass", "step_pass") else "10")
    results = sol.check_claims()
    assert results and all(c.status == "holds" and c.checked > 0 for c in results), results


def test_a_wrong_wythoff_claim_fails():
    from cgs_bridge.jobs.checking import rebind, with_claims
    sol = _solve("wythoff", "10")
    checked = with_claims(catalog.load("wythoff"), ["P iff min(x, y) == lower(abs(x - y) + 1)"], keep=False)
    wrong = solve(rebind(sol.ruleset, checked), sol.box)
    (res,) = wrong.check_claims()
    assert res.status == "fails" and res.failures > 0


# ------------------------------------------------------------------ the language
SEVERAL = """game several
  coordinates x
  cut x to t where t >= x - 2
  cut x to t where t == 0
"""


def test_several_rules_for_one_coordinate():
    sol = _solve(SEVERAL, "30")
    g = grundy_by_recursion(lambda p: {(t,) for t in range(p[0]) if t >= p[0] - 2 or t == 0})
    assert [int(v) for v in sol.grundy] == [g((x,)) for x in range(31)]


def test_general_move_and_second_plain_cut():
    text = """game g
  coordinates x, y
  cut x to t
  cut x to t: y = min(y, t)
  move s in 1..2 where s <= y: y = y - s
"""
    sol = _solve(text, "x=7,y=6")
    base = lambda p: ({(t, p[1]) for t in range(p[0])} | {(t, min(p[1], t)) for t in range(p[0])}  # noqa: E731
                      | {(p[0], p[1] - s) for s in (1, 2) if s <= p[1]})
    g = grundy_by_recursion(base)
    for p in np.ndindex(8, 7):
        assert sol.grundy[p] == g(p), p


def _spec_error(text) -> SpecError:
    with pytest.raises(SpecError) as e:
        load_text(text, "bad.game")
    return e.value


@pytest.mark.parametrize("text, where, words", [
    ("game b\n  coordinates x\n  cut x by s in {1, 0}\n", "bad.game:3:21", "not lower"),
    ("game b\n  coordinates x\n  cut x by s in -1..2\n", "bad.game:3:17", "raise"),
    ("game b\n  coordinates x, y\n  move s in 0..3: x = x + s\n", "bad.game:3:19", "raise x"),
    ("game b\n  coordinates x, passes\n  cut x to t\n  pass once\n", "bad.game:4:3", "pass flag"),
    ("game b\n  coordinates x\n  cut x to x where x >= 1\n", "bad.game:3:7", "before the move"),
    ("game b\n  coordinates x\n  cut x to t\n  pass once as u\n  move s in 1..1: u = 0\n", "bad.game:5:19",
     "pass flag"),
    ("game b\n  coordinates x\n  cut x derived\n  cut x derived\n", "bad.game:4:7", "derived"),
    ("game b\n  coordinates x\n  move s in 1..2 where s: x = x - s\n", "bad.game:3:24", "condition"),
])
def test_checker_rejects_with_place(text, where, words):
    e = _spec_error(text)
    assert where in str(e) and words in str(e), str(e)


def test_rule_leaving_the_box_is_reported_with_its_place():
    text = "game b\n  coordinates x\n  move s in 0..1: x = x - s\n"
    with pytest.raises(RuleError, match=r"t\.game:3:3.*the same position"):
        _solve(text, "3")
    text = "game b\n  coordinates x\n  move s in 1..2: x = x - s\n"
    with pytest.raises(RuleError, match=r"t\.game:3:3.*not a valid position"):
        _solve(text, "3")


def test_pass_flag_is_a_coordinate_and_the_check_is_idempotent():
    checked = catalog.load("nim_pass")
    assert checked.game.coords == ("x", "y", "z", "passes")
    from dataclasses import replace

    from cgs_bridge.language.checker import check_game
    again = check_game(replace(checked.game, claims=()))
    assert again.game.coords == checked.game.coords and len(again.game.requires) == 1
