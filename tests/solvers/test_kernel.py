"""The fast kernel (solvers.kernel) against the reference solver: every catalog game over several
boxes, with and without misère values; rule and evaluation errors. Expected values always come from
the reference solver (an independent implementation: option enumeration), never from the kernel."""

from __future__ import annotations

import numpy as np
import pytest

from cgs_bridge.foundation.errors import BoxError, EvaluationError, RuleError
from cgs_bridge.model import catalog
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_text
from solvers import parse_bound, solve
from solvers.box import estimate_bytes
from solvers.reference import solve_reference

kernel = pytest.importorskip("solvers.kernel")

#: Every catalog game over the boxes (and parameter values) its file declares with ``box kernel``.
CASES = [(name, params, bound) for name in catalog.names() for params, bound in catalog.boxes(name, "kernel")]


def _ruleset(name, params):
    return Ruleset(catalog.load(name), params)


def test_every_catalog_game_is_covered():
    assert {c[0] for c in CASES} == set(catalog.ORDER)


def _heaps_case(r, box, misere):
    """A take-and-break game: the compiled sequence equals the reference's (option enumeration);
    misère values (sums of heaps explored) are refused before the work beyond a few dozen heaps."""
    if misere and box.upper[0] > 40:
        with pytest.raises(BoxError, match="sums of heaps"):
            kernel.solve_fast(r, box, misere)
        return
    g_ref, m_ref = solve_reference(r, box, misere)
    g, m, stats = kernel.solve_fast(r, box, misere)
    np.testing.assert_array_equal(g, g_ref)
    np.testing.assert_array_equal(m, m_ref) if misere else None
    assert stats.fallback is None and (box.upper[0] < 512 or stats.method in ("direct", "sparse"))


@pytest.mark.parametrize("name, params, bound", CASES, ids=lambda v: str(v))
@pytest.mark.parametrize("misere", [False, True])
def test_fast_equals_reference_on_catalog(name, params, bound, misere):
    r = _ruleset(name, params)
    box = parse_bound(bound, r.coords)
    if r.takebreak is not None:  # issue 49: the heap kernels (tests/solvers/test_heaps.py)
        return _heaps_case(r, box, misere)
    g_ref, m_ref = solve_reference(r, box, misere)
    g, m, stats = kernel.solve_fast(r, box, misere)
    # issue 24: the narrowest signed type holding every value the box allows (at most the sum of
    # the bounds: a mex is at most the number of options, one per lower value of a coordinate)
    if r.general:  # issue 22 rules: a mex is at most the number of options, counted here
        top = max([len(r.options(p)) for p in np.ndindex(*box.shape) if r.is_valid(p)] + [1])
        assert np.iinfo(g.dtype).max >= top
    else:
        top = max(1, sum(box.upper))
        narrower = {np.dtype(np.int16): np.int8, np.dtype(np.int32): np.int16}.get(g.dtype)
        assert np.iinfo(g.dtype).max >= top and (narrower is None or np.iinfo(narrower).max < top)
    assert g.shape == box.shape
    np.testing.assert_array_equal(g, g_ref)
    if misere:
        assert m.dtype == g.dtype
        np.testing.assert_array_equal(m, m_ref)
    else:
        assert m is None
    assert stats.fallback is None and stats.kernel is not None
    if r.general:  # issue 22: wider bitsets and the local ones of the general rules
        assert stats.bytes == stats.estimate_bytes
    else:
        assert stats.bytes == stats.estimate_bytes <= estimate_bytes(box, misere)


def test_solve_auto_uses_the_kernel_and_matches_published_nim_sum():
    # seed 003 Theorem 3.1: rectangular bar = three-heap Nim, grundy = x xor y xor z.
    r = _ruleset("rectangular", {})
    sol = solve(r, parse_bound("9", r.coords))
    x, y, z = np.indices(sol.grundy.shape)
    np.testing.assert_array_equal(sol.grundy, x ^ y ^ z)
    assert sol.stats.method == "fast" and sol.stats.fallback is None


def test_triangular_count_matches_limit_tri_header():
    # shared/bench/limit_tri.c header (published count, seed 003): k=3, N=20 -> 3234 positions,
    # 977 with Grundy value x xor y xor z.
    r = _ruleset("triangular", {"k": "3"})
    g, _, _ = kernel.solve_fast(r, parse_bound("20", r.coords))
    x, y, z = np.indices(g.shape)
    assert int((g >= 0).sum()) == 3234
    assert int((g == (x ^ y ^ z)).sum()) == 977


def _both_raise(r, box, exc, misere=False):
    with pytest.raises(exc) as ref:
        solve_reference(r, box, misere)
    with pytest.raises(exc) as fast:
        kernel.solve_fast(r, box, misere)
    return str(ref.value), str(fast.value)


def test_non_closed_rule_raises_rule_error_with_reference_message():
    # two_inequalities with k=3, h=0: from (3, 1) lowering b to 0 gives a = min(3, 0) = 0, fine;
    # but lowering a from (3, 1) to 2 gives b = min(1, floor(2/3)) = 0 and (2, 0) violates
    # a - h <= k*b (2 <= 0 is false): not closed.
    r = _ruleset("two_inequalities", {"k": "3", "h": "0"})
    assert not r.is_valid((2, 0)) and r.is_valid((3, 1))
    ref, fast = _both_raise(r, parse_bound("6", r.coords), RuleError)
    assert ref == fast
    assert "not a valid position" in fast and "from (" in fast


def test_raising_an_earlier_coordinate_is_a_rule_error():
    # issue 47: a coordinate may rise only when an earlier one falls; here y falls and x, the
    # earlier one, rises: (0, 1) -> (1, 0) -> ... would not be lexicographically smaller
    spec = "game g coordinates x, y\n cut x to t\n cut y to t: x = x + 1"
    r = Ruleset(load_text(spec))
    ref, fast = _both_raise(r, parse_bound("3", r.coords), RuleError, misere=True)
    assert ref == fast and "raising x from 0 to 1 where x is the first coordinate" in fast


def test_an_option_outside_the_box_is_a_rule_error_before_its_value_is_read():
    # issue 47: x falls and y rises, which is allowed, but from (1, 3) the option (0, 4) lies
    # outside the box 0..3: refused naming the position and the option, never read
    spec = "game g coordinates x, y\n cut x to t: y = y + 1\n cut y to t"
    r = Ruleset(load_text(spec))
    ref, fast = _both_raise(r, parse_bound("3", r.coords), RuleError, misere=True)
    assert ref == fast and "the option (0, 4) of (1, 3) has y = 4 above its bound 3" in fast


def test_option_equal_to_position_is_a_rule_error():
    spec = "game g coordinates x, y\n cut x to t\n cut y to t\n clamp x = x + 1"
    r = Ruleset(load_text(spec))
    ref, fast = _both_raise(r, parse_bound("3", r.coords), RuleError)
    assert ref == fast


def test_derived_rule_not_well_defined_is_a_rule_error():
    # valid set a = 2b: lowering a to an odd t forces b <= floor(t / 2), then a <= 2b fails and
    # only lowering a itself would help; a + 3 <= b: lowering b below 3 leaves no a >= 0.
    for spec in ("game g coordinates a, b\n require a <= 2 * b\n require b <= floor(a / 2)\n"
                 " cut a, b derived",
                 "game g coordinates a, b\n require a + 3 <= b\n cut a, b derived"):
        r = Ruleset(load_text(spec))
        ref, fast = _both_raise(r, parse_bound("5", r.coords), RuleError)
        assert ref == fast and "not well defined" in fast


@pytest.mark.parametrize("expr", ["floor(x / (y - 2))", "ceil(x / (y - 2))", "mod(x, y - 2)",
                                  "x % (y - 2)", "floor(log2(y - 2))", "x ^ (y - 3)",
                                  "max m in 0..y with m > 5"])
def test_evaluation_errors_name_the_position(expr):
    spec = (f"game g coordinates x, y\n require y <= 4\n"
            f" cut x to t: y = min(y, if y == 2 or y == 3 then {expr} else y)\n cut y to t")
    r = Ruleset(load_text(spec))
    _, fast = _both_raise(r, parse_bound("4", r.coords), EvaluationError)
    assert "from (1, " in fast or "from (1," in fast


def test_evaluation_error_in_a_constraint():
    spec = "game g coordinates x, y\n require y <= floor(9 / (x - 2))\n cut x to t\n cut y to t"
    r = Ruleset(load_text(spec))
    _, fast = _both_raise(r, parse_bound("4", r.coords), EvaluationError)
    assert "(2, 0)" in fast


def test_errors_only_below_invalid_points_are_ignored_like_the_reference():
    # From an invalid p = (y + 1, y) lowering x to t = y divides by zero; no valid position has
    # that move (x <= y), so neither solver may complain.
    spec = ("game g coordinates x, y\n require x <= y\n"
            " cut x to t: y = min(y, floor(t / (y - t)) + y)\n cut y to t: x = min(x, t)")
    r = Ruleset(load_text(spec))
    box = parse_bound("6", r.coords)
    g_ref, m_ref = solve_reference(r, box, True)
    g, m, stats = kernel.solve_fast(r, box, True)
    np.testing.assert_array_equal(g, g_ref)
    np.testing.assert_array_equal(m, m_ref)
    assert stats.fallback is None


def test_option_raising_the_cut_coordinate_from_invalid_points_falls_back_correctly():
    # From (3, y), y >= 2 (invalid), lowering x to 2 reaches (5, y - 1): legal from (5, y) on.
    spec = ("game g coordinates x, y\n require not (2 <= x and x <= 4 and y >= 2)\n"
            " cut x to t: y = if t == 2 and y >= 1 then y - 1 else if 3 <= t and t <= 4 then min(y, 1) else y\n"
            " cut y to t\n"
            " clamp x = if x == 2 and y >= 1 then 5 else x")
    r = Ruleset(load_text(spec))
    box = parse_bound("x=7,y=4", r.coords)
    g_ref, m_ref = solve_reference(r, box, True)
    with pytest.warns(RuntimeWarning, match="reference solver"):
        g, m, stats = kernel.solve_fast(r, box, True)
    np.testing.assert_array_equal(g, g_ref)
    np.testing.assert_array_equal(m, m_ref)
    assert stats.fallback


def test_game_without_moves_and_coordinate_without_rule():
    spec = "game g coordinates x, y, z\n require x <= 2 * z + y\n cut z to t: x = min(x, 2 * t + y)"
    r = Ruleset(load_text(spec))
    box = parse_bound("x=4,y=3,z=5", r.coords)
    for misere in (False, True):
        ref = solve_reference(r, box, misere)
        fast = kernel.solve_fast(r, box, misere)[:2]
        for a, b in zip(ref, fast):
            if a is not None:
                np.testing.assert_array_equal(a, b)
    r0 = Ruleset(load_text("game h coordinates x\n require x <= 3"))
    g, m, _ = kernel.solve_fast(r0, parse_bound("5", r0.coords), True)
    assert g.tolist() == [0, 0, 0, 0, -1, -1] and m.tolist() == [1, 1, 1, 1, -1, -1]


def test_negative_nim_sum_floor_and_mod_semantics_match_python():
    # Seed 003 Example 8.5 applies xor to x - 1 (two's complement); floor/mod of negatives.
    spec = ("game g(k: int >= 1 = 3) coordinates x, y\n require y <= 6\n"
            " cut x to t: y = min(y, max(0, ((t - 2) xor (y - 5)) + floor((t - 4) / k) + mod(t - 5, k)"
            " + (t - 7) % (-k) + ceil((3 - t) / 2)))\n cut y to t")
    r = Ruleset(load_text(spec))
    box = parse_bound("x=12,y=6", r.coords)
    g, m, _ = kernel.solve_fast(r, box, True)
    g_ref, m_ref = solve_reference(r, box, True)
    np.testing.assert_array_equal(g, g_ref)
    np.testing.assert_array_equal(m, m_ref)


def test_values_beyond_int64_fall_back_to_the_reference():
    # 3^(x*x) exceeds 64 bits on this box: the kernel must not run in int64 (bounds check).
    spec = "game g coordinates x, y\n require y <= 2\n cut x to t: y = min(y, mod(3 ^ (t * t), 3))\n cut y to t"
    r = Ruleset(load_text(spec))
    box = parse_bound("x=9,y=2", r.coords)
    g_ref, _ = solve_reference(r, box)
    with pytest.warns(RuntimeWarning, match="64-bit"):
        g, _, stats = kernel.solve_fast(r, box)
    np.testing.assert_array_equal(g, g_ref)
    assert "64-bit" in stats.fallback


def test_ten_coordinates_with_a_clamp():
    names = [f"x{j}" for j in range(10)]
    spec = ("game g coordinates " + ", ".join(names) + "\n require x1 <= x0 + 1\n"
            + "".join(f" cut {c} to t\n" for c in names)
            + " clamp x1 = min(x1, x0 + 1)")
    r = Ruleset(load_text(spec))
    box = parse_bound("x0=2,x1=2,x2=1,x3=1,x4=1,x5=1,x6=1,x7=1,x8=1,x9=2", r.coords)
    g_ref, m_ref = solve_reference(r, box, True)
    g, m, _ = kernel.solve_fast(r, box, True)
    np.testing.assert_array_equal(g, g_ref)
    np.testing.assert_array_equal(m, m_ref)


def test_bench_checksum_matches_the_c_yardstick(shared, tmp_path):
    # Not a timing test: the bench's summary of our array equals limit_tri.c's output (k=3, N=20).
    from cgs_bridge.jobs.bench import kernel as bench
    src = shared / "bench" / "limit_tri.c"
    binary, why = bench.build_yardstick(src, tmp_path)
    if binary is None:
        pytest.skip(f"yardstick not built: {why}")
    c = bench.run_yardstick(binary, 3, 20)
    r = _ruleset("triangular", {"k": "3"})
    g, _, _ = kernel.solve_fast(r, parse_bound("20", r.coords))
    ours = bench.triangular_check(g)
    assert ours == {k: c[k] for k in ("positions", "equal", "checksum")}
    assert ours["positions"] == 3234 and ours["equal"] == 977
