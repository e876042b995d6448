"""Claims in the proof language (issue 32, item 2), checked against the reference solver.

For a claim true on a small box (the seeds' theorems: seed 003 Theorem 3.1, 7.3 and Conjecture
8.1 (Walnut proved it for k = 5, issue 32), seed 001 Theorems 3.1 and 3.2, seed 004 Theorem 2.6,
Bouton's misère Nim, Winning Ways' subtraction game) every obligation holds at every valid box
position. For a planted false twin, some obligation fails at the smallest position (coordinate
sum, then lexicographic) where the claim and the solver's values differ. Obligations are evaluated
by tests/logic_brute.py with quantifiers bounded; the solver's values are the expected ones."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from logic_brute import Brute

from cgs_bridge.jobs.checking import with_claims
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_game
from cgs_bridge.model.resolve import ruleset_of
from solvers import parse_bound, solve
from solvers.logic.translate import translate_claims

BOUTON_MISERE = ("misere == 0 iff (if max(x, y, z) <= 1 then x xor y xor z == 1 "
                 "else x xor y xor z == 0)")

TRUE = [  # (game, params, claim text or None for the game's applicable claims, box)
    ("triangular", {"k": 5}, None, (4, 1, 4)), ("triangular", {"k": 3}, None, (4, 2, 4)),
    ("triangular", {"k": 1}, None, (2, 3, 2)), ("rectangular", {}, None, (2, 3, 2)),
    ("nim", {}, None, (7,)), ("subtraction", {}, None, (9,)), ("floor_ratio", {"k": 2}, None, (2, 2, 5)),
    ("step", {}, None, (3, 7)), ("strip_step", {}, None, (2, 2, 5)), ("nim_pass", {}, None, (2, 2, 2, 1)),
    ("step_pass", {}, None, (2, 5, 1)),
    ("nim", {}, "misere == (if x <= 1 then 1 - x else x)", (6,)),
    ("nim", {}, "misere == 0 iff x == 1", (6,)),
    ("rectangular", {}, BOUTON_MISERE, (2, 2, 2)),
    ("rectangular", {}, "N iff not (x xor y == z)", (2, 3, 2)),
    ("rectangular", {}, "x + y + z > 4 or grundy == x xor y xor z", (2, 3, 2)),
]

FALSE = [
    ("triangular", {"k": 5}, "P iff x xor y xor z == 0", (5, 2, 5)),
    ("triangular", {"k": 3}, "P iff (x - 1) xor y xor (z - 1) == 0", (2, 1, 2)),
    ("step", {"f": "t"}, "grundy == y xor z", (4, 4)),
    ("nim", {}, "grundy == x - 1", (5,)), ("nim", {}, "grundy == min(x, 3)", (6,)),
    ("subtraction", {}, "grundy == x % 3", (8,)),
    ("nim_pass", {}, "passes == 1 or grundy == x xor y", (2, 1, 2, 1)),
    ("nim", {}, "misere == x", (5,)), ("nim", {}, "misere == 0 iff x == 0", (5,)),
    ("rectangular", {}, "misere == 0 iff x xor y xor z == 0", (2, 2, 2)),
]


def _ruleset(game, params, text):
    if text is None:
        return ruleset_of(game, params)
    return Ruleset(with_claims(load_game(game), [text], keep=False), params)


def _values(r, upper):
    sol = solve(r, parse_bound(",".join(f"{c}={u}" for c, u in zip(r.coords, upper)), r.coords),
                misere=True, method="reference")
    return sol.grundy, sol.misere


def _positions(upper):
    return sorted(itertools.product(*(range(u + 1) for u in upper)), key=lambda p: (sum(p), p))


def _check(case):
    """``[(claim, translation, brute, positions where the claim fails, per obligation the
    positions where it fails)]`` for the claims of ``case`` that translate."""
    game, params, text, upper = case
    r = _ruleset(game, params, text)
    g, m = _values(r, upper)
    out = []
    for t in translate_claims(r):
        if t.status != "ok":
            assert t.status == "not_applicable", (t.claim.name, t.reason)
            continue
        holds, _ = r.compile_claim(t.claim)
        valid = [p for p in _positions(upper) if r.is_valid(p)]
        wrong = [p for p in valid if not holds(p, int(g[p]), int(m[p]))]
        limit = max(max(upper), int(np.max(g)), int(np.max(m))) + 2
        brute = Brute(t.problem, limit)
        fails = {ob.name: [p for p in valid if not brute.obligation(ob, p)]
                 for ob in t.problem.obligations if ob.free}
        closed = [ob for ob in t.problem.obligations if not ob.free]
        assert [ob.name for ob in closed] == ["terminates"]
        out.append((t, wrong, fails))
    assert out, "no claim translated"
    return out


def _ids(case):
    return f"{case[0]}-{case[2] or 'own'}"


@pytest.mark.parametrize("case", TRUE, ids=_ids)
def test_true_claims_hold_everywhere_on_the_box(case):
    for t, wrong, fails in _check(case):
        assert wrong == [], (t.claim.name, "the claim is not true on the box; the test is wrong")
        assert all(v == [] for v in fails.values()), (t.claim.name, fails)


@pytest.mark.parametrize("case", FALSE, ids=_ids)
def test_false_claims_fail_an_obligation_at_the_smallest_difference(case):
    for t, wrong, fails in _check(case):
        assert wrong, (t.claim.name, "the planted claim holds on the box; the test is wrong")
        first = wrong[0]
        assert any(first in v for v in fails.values()), (t.claim.name, first, fails)
        if case[0] == "triangular" and case[1] == {"k": 3}:  # issue 32: Walnut's counterexample
            assert (2, 1, 1) in fails["closed"] and first in fails["closed"]


def test_region_not_closed_is_named_so():
    """``passes == 0 or ...`` restricts to positions with the pass unused, whose options include
    the pass to 0: the region is not closed under options, and only region_closed says so."""
    r = _ruleset("nim_pass", {}, "passes == 0 or grundy == x xor y xor z")
    (t,) = translate_claims(r)
    brute = Brute(t.problem, 4)
    ob = next(o for o in t.problem.obligations if o.name == "region_closed")
    assert not brute.obligation(ob, (1, 0, 0, 1))
    assert brute.obligation(ob, (0, 0, 0, 1))  # terminal: no option, nothing leaves the region


def _status(game, params, text=None):
    r = _ruleset(game, params, text)
    return {t.claim.name: t for t in translate_claims(r)}


def test_catalog_statuses():
    tri5, tri3, tri4 = (_status("triangular", {"k": k}) for k in (5, 3, 4))
    conj, thm = "Conjecture 8.1", "Theorem 7.3"
    pick = lambda d, key: next(t for n, t in d.items() if n.startswith(key))  # noqa: E731
    assert pick(tri5, conj).status == "ok" and pick(tri5, conj).kind == "P"
    assert pick(tri5, thm).status == "not_applicable" and "k % 4 == 3" in pick(tri5, thm).reason
    assert pick(tri3, thm).status == "ok"
    assert {t.status for t in tri4.values()} == {"not_applicable"}
    for game, params in (("step", {"f": "floor(t/2)"}), ("strip_step", {}), ("floor_ratio", {"k": 2}),
                         ("rectangular", {}), ("nim", {}), ("subtraction", {}), ("nim_pass", {}),
                         ("step_pass", {})):
        assert {t.status for t in _status(game, params).values()} == {"ok"}, game
    (step_t,) = _status("step", {"f": "t"}).values()
    assert step_t.status == "not_applicable" and "halving" in step_t.reason
    (w,) = _status("wythoff", {}).values()
    assert w.status == "not_expressible" and "bounded search" in w.reason
    assert w.where.endswith("wythoff.game:6:19")
    (mx,) = _status("maximum_nim", {}).values()
    assert mx.status == "not_expressible" and "search" in mx.reason and mx.where.endswith("maximum_nim.game:6:17")


@pytest.mark.parametrize("text, words, col", [
    ("grundy == x * y", "product of two variables", 13),
    ("grundy == 2 ^ x", "variable exponent", 13),
    ("grundy == floor(log2(x + 1))", "log2", 11),
    ("grundy == floor(x / (y + 1))", "divisor", 11),
    ("P and grundy == 0", "claim shape", 1),
])
def test_not_expressible_names_the_construct_and_its_place(text, words, col):
    (t,) = _status("rectangular", {}, text).values()
    assert t.status == "not_expressible" and words in t.reason, t.reason
    assert t.where == f"--claim:1:{col}", t.where


def test_function_parameter_not_linear():
    (t,) = _status("step", {"f": "t * t"}, "grundy == y xor z").values()
    assert t.status == "not_expressible" and "function parameter f" in t.reason and "product" in t.reason
