"""Random formulas of the fragment (hypothesis, the strategies of test_automata_properties.py):
the automaton of failing tuples built with dense tables (issue 33's representation), with one
track per diagram level, and with levels of two tracks (issue 45) is one and the same minimal
automaton (equal dense tables), and it accepts exactly the tuples where the brute force written
in test_automata_properties.py finds the formula false, with and without leading zeros."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from test_automata_properties import EXAMPLES, PRED, formulas, run_all, table

from solvers.automata import diagram
from solvers.automata.build import Builder
from solvers.automata.decide import failing_automaton
from solvers.automata.limits import Budget
from solvers.logic.formula import Obligation

LAYOUTS = {"dense": (10 ** 6, 1), "binary": (0, 1), "pairs": (0, 2), "default": (8, 2)}


@pytest.fixture(autouse=True)
def _restore_layout():
    old = dict(diagram.SETTINGS)
    yield
    diagram.set_layout(old["dense_below"], old["chunk"])


@settings(max_examples=max(10, EXAMPLES // 2), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
@given(formulas(["x", "y"]), st.sampled_from([("x", "y"), ("y", "x")]))
def test_every_layout_gives_the_dense_automaton_and_the_brute_force(body, free):
    note(repr(body))
    falsity = ~table(body)
    seen = {}
    for name, lay in LAYOUTS.items():
        diagram.set_layout(*lay)
        bad = failing_automaton(Builder({"p": PRED}, Budget(timeout=300)), Obligation("o", free, body))
        assert bad.widths == diagram.layout(len(bad.tracks))
        seen[name] = (bad.tracks, bad.delta.tolist(), bad.accept.tolist())
        for padded in (False, True):
            assert (run_all(bad, free, padded) == falsity).all(), name
    assert all(v == seen["dense"] for v in seen.values())
