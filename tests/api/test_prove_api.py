"""``cb.prove`` with the embedded prover (no Java): a catalog claim PROVED, its planted twin
REFUTED at the smallest counterexample of a plain recursion, the result protocol and renderers."""

from __future__ import annotations

import json

import pytest

import cgs_bridge as cb
import logic_problems as lp
from cgs_bridge.foundation.results import render

pytest.importorskip("solvers.automata", reason="the embedded prover is not installed")
pytest.importorskip("solvers.logic.translate", reason="the claim translation is not installed")


def test_conjecture_8_1_proved_and_its_twin_refuted():
    g = cb.game("triangular", k=5)
    r = cb.prove(g, prover="embedded")
    assert [row.verdict for row in r.rows] == ["NOT APPLICABLE", "PROVED"] and r.exit_code == 0
    assert "PROVED" in render(r, "report") and json.loads(render(r, "json"))["exit_code"] == 0
    assert list(r.frame["verdict"]) == ["NOT APPLICABLE", "PROVED"]
    twin = cb.prove(g, claims=["P iff x xor y xor z == 0"], prover="embedded")
    assert twin.exit_code == 1 and twin.rows[-1].position == lp.smallest_failure(5, shifted=False)


def test_not_expressible_names_the_construct():
    # true at k = 5 (Conjecture 8.1, and x * y >= 0), but a product of two variables
    r = cb.prove("triangular", {"k": 5}, claims=["P iff (x - 1) xor y xor (z - 1) == 0 and x * y >= 0"],
                 prover="embedded")
    assert r.rows[-1].verdict == "NOT EXPRESSIBLE" and r.exit_code == 2
    assert "product" in r.rows[-1].reason and r.rows[-1].where
    # a false claim outside the fragment is refuted by the solver on the small box (issue 48
    # item 5): (1, 0, 0) is an N-position (its option (0, 0, 0) is terminal) that it calls P
    r = cb.prove("triangular", {"k": 5}, claims=["P iff x * y == z"], prover="embedded")
    assert r.rows[-1].verdict == "REFUTED" and r.rows[-1].position == (1, 0, 0) and r.exit_code == 1
