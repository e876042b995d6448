"""The embedded prover against the real Walnut 6 (issue 33): the same random sentences (hypothesis,
the fragment of tests/solvers/test_automata_properties.py, bounded or not) and the hand-written
triangular sentences get the same verdicts and the same smallest counterexamples from both
deciders. Walnut is an independent implementation (Java, dk.brics automata)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, Phase, assume, given, note, reject, settings
from hypothesis import strategies as st

from cgs_bridge.foundation.errors import EngineError
from cgs_bridge.systems.walnut.runner import decide_problem as walnut
from solvers.automata import decide_problem as embedded
from solvers.automata.samples import triangular_problem
from solvers.logic.formula import Cmp, Forall, Obligation, Problem, term_vars

from test_automata_properties import PRED, formulas


def same(problem, walnut_home):
    ours = embedded(problem, timeout=600)
    theirs = walnut(problem, walnut_home=walnut_home, timeout=600)
    assert [(d.obligation, d.holds, d.witness) for d in ours] == \
           [(d.obligation, d.holds, d.witness) for d in theirs]
    return ours


def constant_comparison(f) -> bool:
    """Does ``f`` compare two constants (``0 = 0``)? Walnut's printer/reader on main mishandles
    a counterexample ``def`` over such an atom (it prints a second TRUE/FALSE: reported, issue
    32's owner), so those sentences are left out here until it is fixed."""
    if isinstance(f, Cmp):   # both sides without a variable (``0/1 >= 5 + 3``), not only literals
        return not (term_vars(f.left) or term_vars(f.right))
    return any(constant_comparison(v) for v in vars(f).values()
               if not isinstance(v, (str, int, bool)) and v is not None and hasattr(v, "__dict__")
               ) or any(constant_comparison(p) for p in getattr(f, "parts", ()))


@settings(max_examples=4, deadline=None, phases=[Phase.explicit, Phase.reuse, Phase.generate],
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(formulas(["x", "y"]), st.sampled_from([("x", "y"), ("y", "x"), ()])),
                min_size=4, max_size=6))
def test_random_sentences_agree_with_walnut(walnut_home, cases):
    """Several obligations per Walnut run (one JVM); a case without free variables is closed
    under A x, y."""
    assume(not any(constant_comparison(body) for body, _ in cases))
    obligations = []
    for i, (body, free) in enumerate(cases):
        if not free:
            body = Forall(("x", "y"), body)
        obligations.append(Obligation(f"o{i}", free, body))
    note(repr(obligations))
    try:
        same(Problem((PRED,), tuple(obligations)), walnut_home)
    except EngineError as e:
        # Known Walnut-printer gaps on degenerate random atoms (an extra result line, "not a free
        # variable"): the runner refuses the run (exit 2, never a verdict), so there is nothing to
        # compare; any other engine error still fails. Open in the closing note of issue 33.
        if not ("result(s) for" in str(e) or "not a free variable" in str(e)):
            raise
        reject()


@pytest.mark.parametrize("k,shifted", [(3, True), (5, True), (5, False), (7, False), (2, True)])
def test_triangular_sentences_agree_with_walnut(walnut_home, k, shifted):
    decisions = same(triangular_problem(k, shifted), walnut_home)
    assert all(d.holds for d in decisions) is ((k, shifted) in {(5, True), (7, False)})
