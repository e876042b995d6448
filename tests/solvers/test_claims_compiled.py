"""Compiled claims (solvers.claims) against the per-position reference evaluation, the oracle
(Ruleset.compile_claim: closures over the spec AST, an independent implementation): every catalog
game's own claims, extra claims that fail (so counterexamples and counts are compared), random
claims from a grammar (negatives in nim-sum, floor division, if, search), evaluation errors, and
the one-compile-per-specification promise of issue 12."""

from __future__ import annotations

import os
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, assume, given, note, settings
from hypothesis import strategies as st

from cgs_bridge.foundation.errors import EvaluationError, SpecError
from cgs_bridge.language import ast as A
from cgs_bridge.language.checker import check_game
from cgs_bridge.language.parser import parse_expr
from cgs_bridge.language.spec_printer import expr_text
from cgs_bridge.model import catalog
from cgs_bridge.model.game import Ruleset
from solvers import parse_bound, solve

from exprgen import bool_expr, int_expr

pytest.importorskip("numba")
from solvers import kcache, kernel  # noqa: E402

EXAMPLES = int(os.environ.get("CGS_BRIDGE_CLAIM_EXAMPLES", "6"))


pytestmark = pytest.mark.usefixtures("private_kernel_cache")


def with_claims(checked, texts):
    extra = tuple(A.Claim(f"extra {t}", parse_expr(t, what="claim")) for t in texts)
    return check_game(replace(checked.game, claims=checked.game.claims + extra))


def both(sol, limit=5):
    comp = sol.check_claims(limit=limit, method="compiled")
    ref = sol.check_claims(limit=limit, method="reference")
    return comp, ref


def assert_same(comp, ref):
    assert [(c.name, c.status, c.checked, c.failures, c.counterexamples) for c in comp] == \
           [(c.name, c.status, c.checked, c.failures, c.counterexamples) for c in ref]


# game, params making its claims applicable, box, extra claims (in its coordinates)
CATALOG = [
    ("rectangular", {}, "6", ["grundy == x + y + z", "P iff x == y"]),
    ("step", {"f": "floor(t/2)"}, "y=5,z=12", ["grundy == y xor (z - 1)", "N or y == z"]),
    ("step", {"f": "t"}, "y=6,z=9", ["misere == grundy", "grundy == y xor z or y > f(z - 3)"]),
    ("strip_step", {"f": "floor(t/4)"}, "x=4,y=3,z=14", ["P iff (x - 2) xor y xor z == 0"]),
    ("floor_ratio", {"k": "2"}, "x=5,y=4,z=12", ["grundy <= floor((x + z) / (-2)) + 8"]),
    ("triangular", {"k": "3"}, "8", ["P iff (x - 1) xor y xor (z - 1) == 0"]),
    ("triangular", {"k": "1"}, "9", ["P iff x xor y xor z == 0", "grundy == max m in 0..30 with "
                                     "m <= x + y + z and (m == 0 or mod(m, 2) == mod(x, 2))"]),
    ("triangular", {"k": "5"}, "x=9,y=3,z=8", ["if x > z then grundy >= y else misere != 7"]),
    ("two_inequalities", {"k": "1", "h": "3"}, "12", ["grundy == a xor b", "P iff ceil(a / 3) == b"]),
    ("two_inequalities_res", {}, "14", ["grundy == nimsum(a, b, -1) or a < 2",
                                         "P iff b == res(a) - 1 or res2(b) > grundy"]),
    ("hexagon", {}, "2", ["grundy == nimsum(a, b, c, d, e, f)"]),
    ("nim", {}, "20", ["grundy == x - 1 or x == 0"]),
    # issue 22: general move rules and the pass
    ("wythoff", {}, "12", ["P iff x == y", "grundy <= x + y"]),
    ("subtraction", {}, "30", ["grundy == x % 3", "misere == (x + 1) % 4 or x == 0"]),
    ("maximum_nim", {"f": "floor(t/2)"}, "40", ["grundy == floor(x / 2)"]),
    ("nim_pass", {}, "x=4,y=3,z=4,passes=1", ["P iff x xor y xor z == 0", "passes == 0 or grundy > 0"]),
    ("step_pass", {"f": "floor(t/2)"}, "y=4,z=10,passes=1", ["grundy == y xor z"]),
    # issue 49: take-and-break games (one heap n; misère values of single heaps)
    ("kayles", {}, "20", ["grundy <= 8", "grundy == n % 4"]),
    ("dawsons_kayles", {}, "20", ["grundy <= 5", "P iff n % 5 == 0"]),
    ("grundys_game", {}, "20", ["grundy <= n", "P iff n < 3"]),
    ("double_kayles", {}, "20", ["grundy < 16", "misere != 0 or n > 3"]),
    ("octal_127", {}, "20", ["grundy != 3", "grundy % 2 == n % 2"]),
    # issue 47: moves that raise a coordinate while an earlier one falls (CGSuite's GenMem)
    ("mem", {}, "n=12,k=12", ["P iff n < k or n == 0", "grundy <= 1", "misere == grundy"]),
    ("fibonacci_nim", {}, "n=12,k=12", ["P iff n == 0 or k == 0", "grundy == n or 2 * k < n"]),
    # issue 47: spawn games (coin-turning games in heap form)
    ("mock_turtles", {}, "8", ["grundy <= 2 * n", "grundy % 2 == n % 2"]),
    ("twins", {}, "10", ["grundy == n - 1", "misere != 0 or n > 3"]),
    ("turnips", {}, "10", ["grundy <= 1", "P iff n % 3 != 0"]),
]


def test_every_catalog_game_is_covered():
    assert {c[0] for c in CATALOG} == set(catalog.ORDER)


@pytest.mark.parametrize("name, params, bound, extra", CATALOG, ids=lambda v: str(v)[:30])
def test_compiled_claims_equal_reference_on_catalog(name, params, bound, extra):
    r = Ruleset(with_claims(catalog.load(name), extra), params)
    sol = solve(r, parse_bound(bound, r.coords), misere=True)
    comp, ref = both(sol)
    assert_same(comp, ref)
    assert {c.method for c in comp if c.status != "not applicable"} == {"compiled"}
    assert any(c.status == "fails" for c in ref)  # the extra claims exercise counterexamples


def test_published_claims_hold_and_fail_where_the_paper_says():
    # seed 003 Theorem 7.3 (k % 4 == 3) holds on the box; the plain nim-sum fails for k = 1
    # (seed 003 Example 8.5: P-positions are (x-1) xor y xor (z-1) = 0 instead).
    r = Ruleset(with_claims(catalog.load("triangular"), ["P iff x xor y xor z == 0"]), {"k": "1"})
    res = solve(r, parse_bound("12", r.coords)).check_claims(limit=3)
    by = {c.name.split(" (")[0]: c for c in res}
    assert by["Theorem 7.3"].status == "not applicable"
    assert by["Conjecture 8.1"].status == "holds"
    fail = by["extra P iff x xor y xor z == 0"]
    # By hand: (0, 1, 1) has nim-sum 0, but its options are (0, 0, 1) (Grundy 1) and (0, 0, 0)
    # (lowering z to 0 forces y <= floor(0 / 1) = 0; Grundy 0), so its Grundy value is 2: an
    # N-position. Every earlier valid position is (0, 0, z), a heap of size z, where it holds.
    assert fail.status == "fails" and fail.counterexamples[0] == ((0, 1, 1), 2)


def _error_claim(rng, names):
    den = A.BinOp("-", A.Name(rng.choice(names)), A.Num(rng.randint(0, 3)))
    kind = rng.randrange(3)
    if kind == 0:
        bad = A.FloorDiv(int_expr(rng, 1, names), den)
    elif kind == 1:
        bad = A.Call("mod", (int_expr(rng, 1, names), den))
    else:
        bad = A.Search("max", "m", A.Num(0), A.Name(rng.choice(names)),
                       A.Compare(("==",), (A.Name("m"), A.Num(rng.randint(2, 9)))))
    guard = bool_expr(rng, 1, names)
    return A.BinOp(rng.choice(["or", "and"]), guard, A.Compare(("<=",), (bad, int_expr(rng, 1, names))))


@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.randoms(use_true_random=False), st.integers(1, 4))
def test_random_claims_compiled_equal_reference(rng, k):
    names = ("x", "y", "z", "grundy", "misere", "k")
    exprs = [bool_expr(rng, 3, names), bool_expr(rng, 2, names), _error_claim(rng, names)]
    texts = [expr_text(e) for e in exprs]
    note(texts)
    try:
        checked = with_claims(catalog.load("triangular"), texts)
    except SpecError:
        assume(False)
    r = Ruleset(checked, {"k": k})
    sol = solve(r, parse_bound("x=6,y=4,z=5", r.coords), misere=True)
    try:
        ref = sol.check_claims(limit=4, method="reference")
    except EvaluationError as e:
        with pytest.raises(EvaluationError) as comp:
            sol.check_claims(limit=4)
        assert str(comp.value) == str(e)
        return
    assert_same(sol.check_claims(limit=4), ref)


def test_evaluation_error_names_the_first_position_like_the_reference():
    r = Ruleset(with_claims(catalog.load("rectangular"), ["y == 1 or floor(x / (z - 2)) >= 0"]))
    sol = solve(r, parse_bound("3", r.coords))
    with pytest.raises(EvaluationError) as ref:
        sol.check_claims(method="reference")
    with pytest.raises(EvaluationError) as comp:
        sol.check_claims(method="compiled")
    assert str(comp.value) == str(ref.value)
    assert "(0, 0, 2)" in str(comp.value) and "division by zero" in str(comp.value)


def test_a_sweep_over_50_values_of_k_compiles_once(tmp_path, monkeypatch):
    # issue 12: parameters are kernel arguments; a fresh cache and a fresh process state.
    monkeypatch.setenv("CGS_BRIDGE_KERNEL_CACHE", str(tmp_path))
    kernel.forget()
    checked = catalog.load("triangular")
    stats, results = [], {}
    for k in range(1, 51):
        r = Ruleset(checked, {"k": k})
        sol = solve(r, parse_bound("7", r.coords), method="fast")
        results[k] = [c.status for c in sol.check_claims(method="compiled")]  # 512 points: auto = reference
        stats.append(sol.stats)
    assert len({s.kernel for s in stats}) == 1
    assert sum(s.compiles for s in stats) == 1 and sum(not s.reused for s in stats) == 1
    assert kcache.info()["modules"] == 2  # the kernel and the claims module, nothing per k
    # the theorem/conjecture apply by k mod 4 (seed 003 Theorem 7.3, Conjecture 8.1)
    assert results[3] == ["holds", "not applicable"] and results[5] == ["not applicable", "holds"]
    assert results[2] == ["not applicable", "not applicable"]
    # and a different k really is solved with its own value: k = 1 and k = 50 differ
    a = solve(Ruleset(checked, {"k": 1}), parse_bound("7", checked.game.coords))
    b = solve(Ruleset(checked, {"k": 50}), parse_bound("7", checked.game.coords))
    ra = solve(Ruleset(checked, {"k": 50}), parse_bound("7", checked.game.coords), method="reference")
    assert (a.grundy != b.grundy).any() and (b.grundy == ra.grundy).all()
