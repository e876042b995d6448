"""The k = 161 triangular sentences (issue 33's target: under 30 s; Walnut 2.8 s in issue 32)
and a memory limit that stops them, naming the automaton's size."""

from __future__ import annotations

import time

import pytest

from cgs_bridge.foundation.errors import AutomatonLimitError
from solvers.automata import decide_problem
from solvers.automata.samples import triangular_problem


def test_k161_is_proved():
    start = time.monotonic()
    decisions = decide_problem(triangular_problem(161, True))
    seconds = time.monotonic() - start
    assert [(d.holds, d.witness) for d in decisions] == [(True, None), (True, None)]
    print(f"k=161: {seconds:.1f} s, largest automaton {max(d.states for d in decisions)} states")


def test_k161_within_a_small_memory_limit_stops():
    with pytest.raises(AutomatonLimitError, match=r"reached \d+ states"):
        decide_problem(triangular_problem(161, True), memory=1 << 20)
