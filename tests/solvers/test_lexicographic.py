"""Moves that raise a coordinate while an earlier one falls (issue 47; CGSuite's game.heap.GenMem:
options (n - a, a) of (n, k)). Lexicographic order on tuples of naturals is a well-order, so such
games end; the solvers run through the box in lexicographic order and refuse an option outside the
box or not lexicographically below its position.

Expected values come from brute forces written here (memoised mex over each rule as a Python
function, independent of the solver and of the box) and from a theorem (Whinihan 1963, Fibonacci
Nim: the player to move from (n, k) wins iff the smallest Zeckendorf term of n is at most 2 k).
"""

from __future__ import annotations

from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cgs_bridge.foundation.errors import BoxError, RuleError, SpecError
from cgs_bridge.model import catalog
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_text
from solvers import Box, solve

kernel = pytest.importorskip("solvers.kernel")

# Three rule shapes with integer parameters, so the fast kernel compiles once per shape. Every
# rule lowers an earlier coordinate and sets a later one to a value in 0..m - 1 (m <= the box's
# bound + 1, so the box holds every option).
SHAPES = {
    "ge": ("game g(c1: int = 0, c2: int = 0, c3: int = 0, c4: int = 0, c5: int = 0, m: int = 1)\n"
           "  coordinates x, y\n"
           "  move a in 1..x where a >= c4 * y: x = x - a, y = (c1 * a + c2 * y + c3) % m\n"
           "  cut y to t\n"),
    "le": ("game g(c1: int = 0, c2: int = 0, c3: int = 0, c4: int = 0, c5: int = 0, m: int = 1)\n"
           "  coordinates x, y\n"
           "  move a in 1..x where a <= c4 * y + c5: x = x - a, y = (c1 * a + c2 * y + c3) % m\n"),
    "three": ("game g(c1: int = 0, c2: int = 0, c3: int = 0, c4: int = 0, c5: int = 0, m: int = 1)\n"
              "  coordinates x, y, z\n"
              "  move a in 1..y where a >= c4 * z: y = y - a, z = (c1 * a + c2 * z + c3) % m\n"
              "  cut x to t: z = (z + c5) % m\n"
              "  cut z to t\n"),
}


def options(shape: str, c: dict, p: tuple) -> set:
    """The options of ``p`` as the shape's rules say (written here from the rule text)."""
    c1, c2, c3, c4, c5, m = (c[k] for k in ("c1", "c2", "c3", "c4", "c5", "m"))
    out = set()
    if shape == "ge":
        x, y = p
        out |= {(x - a, (c1 * a + c2 * y + c3) % m) for a in range(1, x + 1) if a >= c4 * y}
        out |= {(x, t) for t in range(y)}
    elif shape == "le":
        x, y = p
        out |= {(x - a, (c1 * a + c2 * y + c3) % m) for a in range(1, x + 1) if a <= c4 * y + c5}
    else:
        x, y, z = p
        out |= {(x, y - a, (c1 * a + c2 * z + c3) % m) for a in range(1, y + 1) if a >= c4 * z}
        out |= {(t, y, (z + c5) % m) for t in range(x)}
        out |= {(x, y, t) for t in range(z)}
    return out


def brute_force(shape: str, c: dict, bound: int) -> tuple:
    """``({position: grundy}, {position: misère value})`` over the box, by memoised recursion
    (1 at a terminal position for misère play, else the mex; Winning Ways ch. 13)."""
    @lru_cache(maxsize=None)
    def g(p):
        vals = {g(q)[0] for q in options(shape, c, p)}
        mis = {g(q)[1] for q in options(shape, c, p)}
        mex = lambda s: next(v for v in range(len(s) + 1) if v not in s)  # noqa: E731
        return mex(vals), (mex(mis) if mis else 1)
    n = 3 if shape == "three" else 2
    import itertools
    pts = itertools.product(range(bound + 1), repeat=n)
    return {p: g(p) for p in pts}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shape=st.sampled_from(sorted(SHAPES)), data=st.data())
def test_random_games_with_raising_moves_match_a_brute_force(shape, data):
    bound = data.draw(st.integers(2, 4 if shape == "three" else 7), label="bound")
    c = {k: data.draw(st.integers(0, 3), label=k) for k in ("c1", "c2", "c3", "c4", "c5")}
    c["m"] = data.draw(st.integers(1, bound + 1), label="m")
    r = Ruleset(load_text(SHAPES[shape]), {k: str(v) for k, v in c.items()})
    want = brute_force(shape, c, bound)
    box = Box(r.coords, (bound,) * r.n)
    for method in ("reference", "fast"):
        sol = solve(r, box, misere=True, method=method)
        got = {p: (int(sol.grundy[p]), int(sol.misere[p])) for p in want}
        assert got == want, method


def test_a_rule_where_nothing_earlier_falls_is_refused_at_its_line():
    """y falls and x, declared before it, rises: play need not end. Stated as ``x = x + 1`` the
    checker refuses it at the assignment; stated as ``x = a`` (no syntactic raise) both solvers
    refuse the first position where it rises, naming the rule's line."""
    with pytest.raises(SpecError) as e:
        load_text("game g\n  coordinates x, y\n  move a in 1..y: x = x + 1, y = y - a\n")
    assert str(e.value).startswith("<spec>:3:19: this assignment could raise x and the move assigns no "
                                   "earlier coordinate")
    r = Ruleset(load_text("game g\n  coordinates x, y\n  move a in 1..y: x = a, y = y - a\n"))
    for method in ("reference", "fast"):
        with pytest.raises(RuleError) as e:
            solve(r, Box(r.coords, (3, 3)), method=method)
        assert ":3:3: g: the rule assigning x, y (a = 1) from (0, 1) reaches (1, 0), raising x from 0 to 1 " \
               "where x is the first coordinate" in str(e.value), str(e.value)


def test_an_option_outside_the_box_is_refused_naming_position_and_option():
    r = Ruleset(catalog.load("mem"))
    for method in ("reference", "fast"):
        with pytest.raises(RuleError) as e:
            solve(r, Box(r.coords, (9, 4)), method=method)
        assert "the option (0, 5) of (5, 0) has k = 5 above its bound 4" in str(e.value)
        assert isinstance(e.value, BoxError)   # the box is at fault, not the rules


def test_check_calls_a_box_that_cannot_hold_an_option_an_input_error(tmp_path, capsys):
    """``check`` exits 2 for the box, as solve, verify and the audit do; an option that leaves the
    valid set is still a rule failure (exit 1): ``x = a`` from (0, 1) reaches (1, 0)."""
    from cgs_bridge.cli.main import main
    assert main(["check", "mem", "--bound", "n=7,k=5"]) == 2
    err = capsys.readouterr().err
    assert "the option (0, 6) of (6, 0) has k = 6 above its bound 5" in err and "Traceback" not in err
    assert main(["check", "mem", "--bound", "n=7,k=7", "--quiet"]) == 0
    spec = tmp_path / "g.game"
    spec.write_text("game g\n  coordinates x, y\n  move a in 1..y: x = a, y = y - a\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["check", str(spec), "--bound", "x=3,y=3"]) == 1
    assert "rules: FAIL" in capsys.readouterr().out


def gen_mem(f, bound: int) -> dict:
    """CGSuite's GenMem(f) (options (n - a, a) for 1 <= a <= n with f(k, a)) by memoised mex."""
    @lru_cache(maxsize=None)
    def g(n, k):
        s = {g(n - a, a) for a in range(1, n + 1) if f(k, a)}
        return next(v for v in range(len(s) + 1) if v not in s)
    return {(n, k): g(n, k) for n in range(bound + 1) for k in range(bound + 1)}


@pytest.mark.parametrize("game, f", [("mem", lambda k, a: a >= k), ("fibonacci_nim", lambda k, a: a <= 2 * k)])
def test_catalog_gen_mem_games_match_the_brute_force(game, f):
    r = Ruleset(catalog.load(game))
    want = gen_mem(f, 40)
    sol = solve(r, Box(r.coords, (40, 40)), method="fast")
    assert {p: int(sol.grundy[p]) for p in want} == want


def smallest_zeckendorf_term(n: int) -> int:
    fib = [1, 2]
    while fib[-1] <= n:
        fib.append(fib[-1] + fib[-2])
    last = 0
    for f in reversed(fib):
        if f <= n:
            n -= f
            last = f
    return last


def test_fibonacci_nim_p_positions_are_whinihans():
    """Whinihan (1963): from (n, k) with n >= 1 the player to move wins iff the smallest term of
    the Zeckendorf representation of n is at most 2 k (take it); (0, k) is terminal."""
    r = Ruleset(catalog.load("fibonacci_nim"))
    sol = solve(r, Box(r.coords, (200, 200)), method="fast")
    for n in range(201):
        for k in range(201):
            p_position = n == 0 or smallest_zeckendorf_term(n) > 2 * k
            assert (sol.grundy[n, k] == 0) == p_position, (n, k)


def test_prove_refuses_a_true_claim_of_a_game_whose_moves_raise_a_coordinate():
    """The provers' induction runs on the coordinate sum; GenMem's moves need not lower it (from
    (n, 0) to (n - a, a)). A claim true on the box (no move when n < k: every such position is P,
    checked here on the brute force) is never PROVED: NOT EXPRESSIBLE, exit 2, with the reason.
    A false claim (P iff n == 0) is REFUTED at its least failing position by coordinate sum, found
    on the brute force: (1, 2), where a >= 2 > n leaves no move."""
    import cgs_bridge as cb
    want = gen_mem(lambda k, a: a >= k, 12)
    assert all(want[n, k] == 0 for n in range(13) for k in range(13) if n < k)
    r = cb.prove("mem", claims=["n >= k or grundy == 0"], prover="embedded", timeout=120)
    row = r.rows[0]
    assert r.exit_code == 2 and row.verdict == "NOT EXPRESSIBLE", row.verdict
    assert "the side condition terminates" in row.reason and "as CGSuite's GenMem) is refused" in row.reason
    r = cb.prove("mem", claims=["P iff n == 0"], prover="embedded", timeout=120)
    least = min((p for p, g in want.items() if (g == 0) != (p[0] == 0)), key=lambda p: (sum(p), p))
    assert least == (1, 2) and r.rows[0].verdict == "REFUTED" and r.rows[0].position == least
