"""The embedded prover against the real Walnut 6 (issue 33): the same random sentences (hypothesis,
the fragment of tests/solvers/test_automata_properties.py, bounded or not) and the hand-written
triangular sentences get the same verdicts and the same smallest counterexamples from both
deciders. Walnut is an independent implementation (Java, dk.brics automata)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st

from cgs_bridge.systems.walnut.runner import decide_problem as walnut
from solvers.automata import decide_problem as embedded
from solvers.automata.samples import triangular_problem
from solvers.logic.formula import (Cmp, Const, Define, Exists, Forall, Implies, Obligation, Or,
                                   Pred, Problem, Var, evaluate)
from solvers.logic.formula import And

from test_automata_properties import PRED, formulas


def same(problem, walnut_home):
    ours = embedded(problem, timeout=600)
    theirs = walnut(problem, walnut_home=walnut_home, timeout=600)
    assert [(d.obligation, d.holds, d.witness) for d in ours] == \
           [(d.obligation, d.holds, d.witness) for d in theirs]
    return ours


@settings(max_examples=4, deadline=None, phases=[Phase.explicit, Phase.reuse, Phase.generate],
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(formulas(["x", "y"]), st.sampled_from([("x", "y"), ("y", "x"), ()])),
                min_size=4, max_size=6))
def test_random_sentences_agree_with_walnut(walnut_home, cases):
    """Several obligations per Walnut run (one JVM); a case without free variables is closed
    under A x, y."""
    obligations = []
    for i, (body, free) in enumerate(cases):
        if not free:
            body = Forall(("x", "y"), body)
        obligations.append(Obligation(f"o{i}", free, body))
    note(repr(obligations))
    same(Problem((PRED,), tuple(obligations)), walnut_home)


@pytest.mark.parametrize("k,shifted", [(3, True), (5, True), (5, False), (7, False), (2, True)])
def test_triangular_sentences_agree_with_walnut(walnut_home, k, shifted):
    decisions = same(triangular_problem(k, shifted), walnut_home)
    assert all(d.holds for d in decisions) is ((k, shifted) in {(5, True), (7, False)})


def _degenerate_problem():
    """Obligations with variable-free comparisons, closed quantifiers inside open formulas, and
    definitions that are closed or fold to a constant: Walnut made each of them an automaton
    without inputs (an extra TRUE/FALSE line, or "... is not a free variable": exit 2) before the
    printer folded constants and tied closed quantifiers to a variable in scope."""
    x, y, u = Var("x"), Var("y"), Var("u")
    lt = lambda a, b: Cmp("<", a, b)  # noqa: E731
    c = lambda n: Const(n)  # noqa: E731
    defines = (Define("closed_def", ("a",), Exists(("u",), lt(u, c(2)))),
               Define("folds", ("a",), Or((lt(Var("a"), c(2)), Cmp("<=", c(0), c(0))))))
    bodies = [
        (("x",), Or((lt(x, c(5)), lt(c(3), c(5))))),                       # holds
        (("x",), And((lt(x, c(5)), Cmp("=", c(0), c(1))))),                 # fails everywhere
        (("x",), Or((lt(x, c(5)), Exists(("u",), lt(u, c(3)))))),           # holds
        (("x",), And((lt(x, c(5)), Exists(("u",), lt(u, c(0)))))),           # fails at 0
        (("x",), Implies(Exists(("u",), lt(c(3), u)), lt(x, c(6)))),        # fails at 6
        (("x", "y"), Or((Exists(("u",), And((lt(u, c(3)), Cmp("=", c(1), c(1))))), lt(x, y)))),
        (("x",), And((Pred("closed_def", (x,)), lt(x, c(3))))),              # fails at 3
        (("x",), Implies(Pred("folds", (x,)), lt(x, c(9)))),                 # fails at 9
        ((), Forall(("x", "y"), Or((lt(x, c(5)), Forall(("u",), lt(u, c(9))), lt(c(4), y))))),
        (("y", "x"), Forall(("u",), Or((lt(u, c(4)), lt(x, y), Exists(("u",), lt(c(9), u)))))),
    ]
    obligations = tuple(Obligation(f"o{i}", free, body) for i, (free, body) in enumerate(bodies))
    return Problem(defines, obligations)


def test_degenerate_atoms_agree_with_walnut_and_brute_force(walnut_home):
    problem = _degenerate_problem()
    decisions = same(problem, walnut_home)
    defines = {d.name: d for d in problem.defines}
    for ob, d in zip(problem.obligations, decisions):    # brute force: x, y below 16
        fails = [v for v in itertools.product(range(16), repeat=len(ob.free))
                 if not evaluate(ob.body, dict(zip(ob.free, v)), 16, defines)]
        assert d.holds is (not fails), ob.name
        if fails and ob.free:
            assert d.witness == min(fails, key=lambda v: (max(v).bit_length(), v)), ob.name
    assert [d.holds for d in decisions] == [True, False, True, False, False, True, False, False,
                                            False, True]
