"""Properties of function parameters as sentences decided for every value (issue 50, item 4):
``nonnegative``, ``nondecreasing`` and seed 001's ``halving`` (Definition 3.2 (a)) of functions
linear with floors, decided by the embedded prover, against the definitions computed here in
Python: a property that holds has no counterexample on a large range, and a failing one's witness
really fails."""

from __future__ import annotations

import pytest

from cgs_bridge.model.resolve import ruleset_of
from solvers.automata import decide_problem
from solvers.logic.hypotheses import hypothesis_problem, properties_of

#: (f as an expression in t, the same in Python)
FUNCTIONS = [
    ("floor(t / 2)", lambda t: t // 2), ("floor(t / 4)", lambda t: t // 4), ("t", lambda t: t),
    ("floor(t / 4) + 1", lambda t: t // 4 + 1), ("10 - t", lambda t: 10 - t),
    ("if t < 100 then floor(t / 2) else t - 50", lambda t: t // 2 if t < 100 else t - 50),
    ("floor((t + 1) / 2)", lambda t: (t + 1) // 2), ("max(t - 3, 0)", lambda t: max(t - 3, 0)),
    ("floor(t / 8) * 2", lambda t: t // 8 * 2), ("t xor 1", lambda t: t ^ 1),
]


def _fails_somewhere(prop, f, top=256) -> bool:
    """The property's definition checked by brute force on 0..top (i up to 9 for halving)."""
    if prop == "nonnegative":
        return any(f(t) < 0 for t in range(top))
    if prop == "nondecreasing":
        return any(f(t) > f(t + 1) for t in range(top))
    return any(_halving_fails(f, z, w, i) for i in range(1, 10) for z in range(top) for w in range(top)
               if z >> i == w >> i)


def _halving_fails(f, z, w, i) -> bool:
    """Seed 001 Def 3.2 (a) at (z, z', i): floor(z/2^i) = floor(z'/2^i) yet the floors of f by
    2^(i-1) differ (Python's >> is the floor of the division, also for negatives)."""
    return z >> i == w >> i and f(z) >> (i - 1) != f(w) >> (i - 1)


@pytest.mark.parametrize("text, f", FUNCTIONS, ids=[t for t, _ in FUNCTIONS])
def test_each_property_decided_for_every_value_agrees_with_its_definition(text, f):
    r = ruleset_of("step", {"f": text})
    (claim,) = r.game.claims
    problem, box_only = hypothesis_problem(r, claim)
    assert not box_only and [o.name for o in problem.obligations] == [
        "claim_f_halving", "declared_f_nondecreasing", "declared_f_nonnegative"]
    for ob, d in zip(problem.obligations, decide_problem(problem, timeout=120)):
        prop = ob.name.rsplit("_", 1)[1]
        if d.holds:
            assert not _fails_somewhere(prop, f), (text, prop)
        elif prop == "halving":
            z, w, u = d.witness
            assert u >= 2 and u & (u - 1) == 0 and _halving_fails(f, z, w, u.bit_length() - 1), d.witness
        elif prop == "nondecreasing":
            assert f(d.witness[0]) > f(d.witness[0] + 1), d.witness
        else:
            assert f(d.witness[0]) < 0, d.witness


def test_the_functions_meet_both_outcomes_of_every_property():
    """So the test above can fail either way: each property holds for some function and fails
    for another (by the definitions, on 0..256)."""
    for prop in ("nonnegative", "nondecreasing", "halving"):
        seen = {_fails_somewhere(prop, f, 64) for _, f in FUNCTIONS}
        assert seen == {True, False}, prop


def test_a_function_that_is_not_linear_is_checked_on_a_box_only():
    f = "if t < 2 then 0 else 2^(floor(log2(t)) - 1)"     # seed 001's own example of a halving f
    r = ruleset_of("step", {"f": f})
    problem, box_only = hypothesis_problem(r, r.game.claims[0])
    assert problem is None
    assert [(n, p, o) for n, p, o, _ in box_only] == [("f", "halving", "claim"), ("f", "nondecreasing", "declared"),
                                                      ("f", "nonnegative", "declared")]
    assert "log2" in box_only[0][3]
    assert properties_of(r, r.game.claims[0])[0] == ("f", "halving", "claim")
