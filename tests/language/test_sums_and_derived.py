"""Disjunctive sums against the Sprague-Grundy theorem, and derived moves against brute force."""

import itertools

import pytest

from cgs_bridge.model import catalog
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_text
from solvers import parse_bound, solve

SUMS = """
game tri_plus_ineq
  sum triangular(3)[a, b, c] + two_inequalities(1, 3)[d, e]
game step_plus_step(f: nondecreasing function = floor(t / 2))
  sum step(f)[y1, z1] + step(f)[y2, z2]
"""


def _solve(checked, bound, **params):
    r = Ruleset(checked, params)
    return solve(r, parse_bound(bound, r.coords), method="reference")


def test_sum_grundy_is_nim_sum_of_components():
    # Sprague-Grundy (seed 001 Theorem 1.1 (ii), seed 003 Theorem 2.1): G(g + h) = G(g) xor G(h).
    total = _solve(load_text(SUMS, "sums.game", "tri_plus_ineq"), "a=5,b=3,c=5,d=6,e=6")
    tri = _solve(catalog.load("triangular"), "x=5,y=3,z=5", k="3")
    ineq = _solve(catalog.load("two_inequalities"), "a=6,b=6", k="1", h="3")
    n = 0
    for p in map(tuple, total.positions()):
        assert total.value(p) == tri.value(p[:3]) ^ ineq.value(p[3:]), p
        n += 1
    assert n == len(tri) * len(ineq)


def test_sum_of_two_copies_is_zero_on_the_diagonal():
    s = _solve(load_text(SUMS, "sums.game", "step_plus_step"), "y1=3,z1=7,y2=3,z2=7")
    for p in map(tuple, s.positions()):
        if p[:2] == p[2:]:
            assert s.value(p) == 0  # G + G = 0 (mirror strategy)


def test_strip_step_is_the_sum_of_a_heap_and_a_step_bar():
    s = _solve(catalog.load("strip_step"), "x=7,y=5,z=12", f="t")
    step = _solve(catalog.load("step"), "y=5,z=12", f="t")
    for p in map(tuple, s.positions()):
        assert s.value(p) == p[0] ^ step.value(p[1:])


def greatest_below(r, i, lowered, box):
    """Brute force: all valid q <= lowered with q[i] = lowered[i]; return their componentwise max
    if it is itself one of them (else None)."""
    ranges = [range(v + 1) if j != i else [v] for j, v in enumerate(lowered)]
    cands = [q for q in itertools.product(*ranges) if r.is_valid(q)]
    if not cands:
        return None
    top = tuple(max(q[j] for q in cands) for j in range(len(lowered)))
    assert top in cands, "valid set not closed under componentwise max"
    return top


@pytest.mark.parametrize("spec, bound", [
    ("two_inequalities_res", "a=12,b=12"),
    ("game h coordinates a, b, c\n require b <= a + c + 1\n require c <= b + 1\n require a <= 2 * c + b\n cut a, b, c derived", "3"),
    ("game t(k: int >= 1 = 3) coordinates x, y, z\n require y <= floor((x + z) / k)\n cut x, y, z derived", "6"),
])
def test_derived_move_is_greatest_valid_position_below(spec, bound):
    checked = catalog.load(spec) if spec in catalog.names() else load_text(spec)
    r = Ruleset(checked)
    box = parse_bound(bound, r.coords)
    for p in itertools.product(*(range(u + 1) for u in box.upper)):
        if not r.is_valid(p):
            continue
        for i in range(r.n):
            for t in range(p[i]):
                lowered = p[:i] + (t,) + p[i + 1:]
                assert r.after_cut(i, lowered) == greatest_below(r, i, lowered, box)


def test_derived_triangular_equals_published_explicit_rules():
    derived = load_text("game t(k: int >= 1 = 3) coordinates x, y, z\n require y <= floor((x + z) / k)\n"
                        " cut x, y, z derived")
    for k in ("2", "3", "5"):
        a, b = Ruleset(derived, {"k": k}), Ruleset(catalog.load("triangular"), {"k": k})
        for p in itertools.product(range(7), repeat=3):
            if a.is_valid(p):
                assert a.option_set(p) == b.option_set(p)


def test_published_ex_7_2_rules_equal_the_derived_ones():
    # seed 000 Example 7.2 (k = 1, h = 3): the published explicit moves are exactly the moves
    # derived from the inequalities a / k >= b >= (a - h) / k.
    derived = load_text("game d(k: int >= 1 = 1, h: int >= 0 = 3) coordinates a, b\n"
                        " require a - h <= k * b\n require k * b <= a\n cut a, b derived")
    for k, h in (("1", "3"), ("2", "1"), ("2", "5")):
        a, b = Ruleset(derived, {"k": k, "h": h}), Ruleset(catalog.load("two_inequalities"), {"k": k, "h": h})
        for p in itertools.product(range(16), repeat=2):
            if a.is_valid(p):
                assert a.option_set(p) == b.option_set(p), (k, h, p)


def test_hexagon_one_pass_clamp_equals_derived_moves():
    # seed 002 clamps once after a cut; the moves derived from its six inequalities clamp to a
    # fixpoint. On this box one pass always suffices: the option sets coincide.
    src = catalog.path("hexagon").read_text()
    derived = load_text(src.split("  cut a to t")[0].replace("game hexagon", "game hexd")
                        + "  cut a, b, c, d, e, f derived\n")
    a, b = Ruleset(derived), Ruleset(catalog.load("hexagon"))
    n = 0
    for p in itertools.product(range(4), range(3), range(4), range(3), range(4), range(3)):
        if b.is_valid(p):
            n += 1
            assert a.option_set(p) == b.option_set(p), p
    assert n == 685
