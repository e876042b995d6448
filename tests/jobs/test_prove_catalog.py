"""Every catalog claim through the real translation (solvers.logic.translate) and the real
Walnut: PROVED for its applicable parameter values (triangular up to k = 13), NOT EXPRESSIBLE
with its reason for maximum_nim and Wythoff (exit 2), and false variants REFUTED at the smallest
counterexample of a plain recursion. Skipped until the translation is installed."""

from __future__ import annotations

import pytest

import logic_problems as lp
from cgs_bridge.cli.main import main

pytest.importorskip("solvers.logic.translate", reason="the claim translation is not installed yet")


@pytest.mark.parametrize("k", range(1, 14))
def test_triangular_claims_proved_where_applicable(walnut_home, k, capsys):
    code = main(["prove", "triangular", "-p", f"k={k}", "--walnut-home", str(walnut_home)])
    out = capsys.readouterr().out
    assert code == 0, out
    # Theorem 7.3 applies for k % 4 == 3, Conjecture 8.1 for k % 4 == 1 (seed 003)
    assert out.count("PROVED") == (1 if k % 2 else 0), out


@pytest.mark.parametrize("game", ["rectangular", "step", "strip_step", "floor_ratio", "nim",
                                  "nim_pass", "step_pass", "subtraction"])
def test_other_catalog_claims_proved(walnut_home, game, capsys):
    code = main(["prove", game, "--walnut-home", str(walnut_home)])
    out = capsys.readouterr().out
    assert code == 0 and "PROVED" in out, out


@pytest.mark.parametrize("game", ["maximum_nim", "wythoff"])
def test_not_expressible_claims_exit_2_with_reason(walnut_home, game, capsys):
    code = main(["prove", game, "--walnut-home", str(walnut_home)])
    out = capsys.readouterr().out
    assert code == 2 and "NOT EXPRESSIBLE" in out and ".game:" in out, out


def test_false_variant_refuted_at_the_recursions_smallest_failure(walnut_home, capsys):
    code = main(["prove", "triangular", "-p", "k=3", "--claim", "P iff (x - 1) xor y xor (z - 1) == 0",
                 "--walnut-home", str(walnut_home)])
    out = capsys.readouterr().out
    assert code == 1 and f"smallest counterexample {lp.smallest_failure(3, shifted=True)}" in out, out
