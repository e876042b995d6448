"""Published facts reproduced from the catalog specifications (not from hand-written solvers).

Expected values come from the seed papers, or from theorems stated there."""


import pytest

from cgs_bridge.model import catalog
from cgs_bridge.model.game import Ruleset
from solvers import parse_bound, solve

import paths

DATA = paths.DATA


def solved(name, bound, method="reference", misere=False, **params):
    r = Ruleset(catalog.load(name), {k: str(v) for k, v in params.items()})
    return solve(r, parse_bound(bound, r.coords), misere=misere, method=method)


def test_catalog_lists_the_public_games_with_coordinates():
    expect = {"rectangular": ("x", "y", "z"), "step": ("y", "z"), "strip_step": ("x", "y", "z"),
              "floor_ratio": ("x", "y", "z"), "triangular": ("x", "y", "z"),
              "two_inequalities": ("a", "b"), "two_inequalities_res": ("a", "b"),
              "hexagon": ("a", "b", "c", "d", "e", "f")}
    for name, coords in expect.items():
        g = catalog.load(name).game
        assert g.coords == coords
        assert g.source.startswith("seed 00")


def test_triangular_k3_published_counts():
    # seed 003 Example 8.3: 977 positions with Grundy value = nim-sum, 2257 without (3234 in all).
    s = solved("triangular", "20", k=3)
    pos = s.positions()
    equal = sum(int(s.grundy[tuple(p)]) == p[0] ^ p[1] ^ p[2] for p in pos)
    assert (len(pos), equal, len(pos) - equal) == (3234, 977, 2257)


def test_triangular_k3_theorem_7_3_claim():
    # seed 003 Example 8.1 / Theorem 7.3: P-position iff x xor y xor z = 0 (k = 4m + 3).
    res = solved("triangular", "20", k=3).check_claims()
    assert res[0].status == "holds" and res[0].checked == 3234


def test_triangular_k2_p_positions_as_printed():
    text = (DATA / "seed003_ex87_ppositions.txt").read_text().split("\n", 2)[2]
    printed = {tuple(int(v) for v in t.split(",")) for t in text.replace(" ", "").replace("\n", "")
               .strip("{}").strip("()").split("),(")}
    assert len(printed) == 53
    assert set(solved("triangular", "10", k=2).p_positions()) == printed


def test_triangular_k5_conjecture_8_1_on_published_box():
    res = solved("triangular", "x=20,y=10,z=20", k=5).check_claims()
    assert [r.status for r in res] == ["not applicable", "holds"]


def test_triangular_k5_claim_fails_for_k3_formula():
    # The k = 4m + 3 theorem is not true for k = 5: the nim-sum claim, forced, must fail.
    s = solved("triangular", "x=20,y=10,z=20", k=5)
    assert any(s.grundy[tuple(p)] == 0 and p[0] ^ p[1] ^ p[2] != 0 for p in s.positions())


@pytest.mark.parametrize("f, position, grundy", [
    ("floor(t/4)", (3, 13), 14),   # seed 001 Figure 6: 14 = 3 xor 13
    ("floor(t/2)", (4, 9), 13),    # Figure 7
    ("floor(t/2)", (2, 9), 11),    # Figure 8
    ("t", (5, 5), 8),              # Figure 9: 8 != 0 = 5 xor 5
    ("t", (3, 11), 13),            # Figure 10
    ("t", (2, 14), 15),            # Figure 11
])
def test_step_bar_figures(f, position, grundy):
    assert solved("step", "y=6,z=15", f=f).value(position) == grundy


LEMMA_3_2 = "if t < 2 then 0 else 2 ^ (floor(log2(t)) - 1)"  # seed 001 Lemma 3.2 / Figure 15


@pytest.mark.parametrize("f", ["floor(t/4)", "floor(t/2)", "floor(t/6)", LEMMA_3_2])
def test_strip_step_theorem_3_1(f):
    # seed 001 Theorem 3.1: for h with condition (a) of Def 3.2, P iff x xor y xor z = 0.
    res = solved("strip_step", "x=15,y=8,z=40", f=f).check_claims()
    assert res[0].status == "holds"


def test_strip_step_theorem_3_3_necessity():
    # f(t) = t violates condition (a) (z = 0, z' = 1, i = 1), so Theorem 3.3 says the step bar's
    # Grundy value is not always y xor z, hence the strip's P-positions are not the nim-sum zeros.
    # The spec states the hypothesis (`when f satisfies halving`): its claims are not applicable to
    # f = t, and the formulas stated without it fail.
    assert solved("strip_step", "x=10,y=10,z=10", f="t").check_claims()[0].status == "not applicable"
    assert solved("step", "y=10,z=10", f="t").check_claims()[0].status == "not applicable"
    import cgs_bridge as cb
    assert not cb.game("strip_step", f="t").solve(bound=10).check("P iff x xor y xor z == 0").holds
    assert not cb.game("step", f="t").solve(bound=10).check("grundy == y xor z").holds


@pytest.mark.parametrize("k", [2, 4, 6])
def test_floor_ratio_theorem_2_6(k):
    res = solved("floor_ratio", "x=15,y=8,z=30", k=k).check_claims()
    assert res[0].status == "holds"


def test_floor_ratio_odd_k_is_not_nim():
    assert not solved("floor_ratio", "x=15,y=8,z=30", k=3).check_claims()[0].status == "holds"


def cor_4_1_condition(s, k):
    """seed 001 (4.26): s = m 2^v with 0 <= m <= 2k - 1 (computed independently of the solver)."""
    v = 0
    while s % (1 << v) == 0:
        if s >> v <= 2 * k - 1:
            return True
        v += 1
    return False


@pytest.mark.parametrize("k, s", [(1, s) for s in range(1, 13)] + [(2, s) for s in (3, 5, 6, 7, 10, 12)])
def test_step_corollary_4_1(k, s):
    sol = solved("step", "y=20,z=70", f=f"floor((t + {s}) / {2 * k})")
    holds = all(int(sol.grundy[tuple(p)]) == (int(p[0]) ^ (int(p[1]) + s)) - s for p in sol.positions())
    assert holds == cor_4_1_condition(s, k)


def test_hexagon_graph_2_1_is_an_n_position():
    # seed 002: the original position {2,1,2,1,2,1} is not among the P-positions (an N-position).
    s = solved("hexagon", "a=2,b=1,c=2,d=1,e=2,f=1")
    assert s.outcome((2, 1, 2, 1, 2, 1)) == "N"
    assert all(s.value(q) == 0 for q in s.winning_moves((2, 1, 2, 1, 2, 1)))
    assert s.winning_moves((2, 1, 2, 1, 2, 1))


def test_rectangular_is_nim_and_misere_nim():
    s = solved("rectangular", "6", misere=True)
    assert all(r.status == "holds" for r in s.check_claims())
    # Bouton's misère Nim: if every heap <= 1, P iff the nim-sum is 1; otherwise P iff it is 0.
    for p in map(tuple, s.positions()):
        small = max(p) <= 1
        nim = p[0] ^ p[1] ^ p[2]
        assert (s.misere_value(p) == 0) == ((nim == 1) if small else (nim == 0)), p


def test_two_inequalities_res_values_and_published_moves_disagree_somewhere():
    # The catalog derives the moves of Example 7.1 from res(a) >= b >= res2(a); the published
    # program lowers b to t2 and sets a to min(inverseres2(a), t2). The two differ on the box.
    r = Ruleset(catalog.load("two_inequalities_res"))
    res2 = lambda n: max(2 * (n // 2) - 2, 0)
    inv = lambda n: max(m for m in range(31) if res2(m) <= n)
    diffs = 0
    for a in range(23):
        for b in range(23):
            if not r.is_valid((a, b)):
                continue
            derived = {q for i, t, q in r.options((a, b)) if i == 1}
            published = {(min(inv(a), t2), t2) for t2 in range(b)}
            diffs += derived != published
    assert diffs > 0
