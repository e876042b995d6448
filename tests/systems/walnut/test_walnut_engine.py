"""The real Walnut 6 (../shared/engines/walnut) on hand-written problems (tests/logic_problems.py),
and stand-in walnut-run scripts that fail in each way the engine-error rules name."""

from __future__ import annotations

import os
import subprocess

import pytest

import logic_problems as lp
from cgs_bridge.foundation.errors import EngineError
from cgs_bridge.systems.walnut.automata import xor_automaton
from cgs_bridge.systems.walnut.runner import decide_problem


@pytest.mark.parametrize("k", [5, 9, 13])
def test_conjecture_8_1_both_sentences_true(walnut_home, k):
    ds = decide_problem(lp.triangular(k, shifted=True), walnut_home=walnut_home, timeout=300)
    assert [(d.obligation, d.holds, d.witness) for d in ds] == [("closed", True, None),
                                                                ("reach", True, None)]


def test_unshifted_formula_at_k5_fails_first_sentence_at_the_smallest_failure(walnut_home):
    ds = decide_problem(lp.triangular(5, shifted=False), walnut_home=walnut_home, timeout=300)
    assert not ds[0].holds and ds[1].holds
    # the smallest failing position of the plain recursion lies in S with a move to S
    expected = lp.smallest_failure(5, shifted=False)
    assert ds[0].witness == expected == (2, 1, 3)


def test_shifted_formula_at_k3_is_false_with_the_recursions_smallest_failure(walnut_home):
    ds = decide_problem(lp.triangular(3, shifted=True), walnut_home=walnut_home, timeout=300)
    assert not ds[0].holds
    assert ds[0].witness == lp.smallest_failure(3, shifted=True) == (1, 1, 2)


def test_theorem_7_3_true_at_k7(walnut_home):
    ds = decide_problem(lp.triangular(7, shifted=False), walnut_home=walnut_home, timeout=300)
    assert all(d.holds for d in ds)


def test_printed_script_runs_unchanged_in_walnut(walnut_home, tmp_path):
    from cgs_bridge.systems.walnut.printer import print_problem
    script = tmp_path / "s.txt"
    script.write_text(print_problem(lp.triangular(5), ["a note: with a colon; and a semicolon"]).text)
    (tmp_path / "w" / "Automata Library").mkdir(parents=True)
    (tmp_path / "w" / "Automata Library" / "xor.txt").write_text(xor_automaton())
    run = subprocess.run([str(walnut_home / "bin" / "walnut-run"), "-w", str(tmp_path / "w"),
                          str(script)], capture_output=True, text=True, timeout=300)
    assert run.stderr.strip() == ""
    assert [ln for ln in run.stdout.splitlines() if ln in ("TRUE", "FALSE")] == ["TRUE", "TRUE"]


# ---------------------------------------------------------------- stand-in walnut-run scripts
GOOD = "printf '____\\nTRUE\\n'; printf '____\\nTRUE\\n'"
STAND_INS = {
    "crash": "echo 'Exception in thread main' >&2; exit 1",
    "error line": GOOD + "; echo 'java.lang.Exception: boom' >&2",
    "fewer results": "printf '____\\nTRUE\\n'",
    "nonzero exit": GOOD + "; exit 3",
    "sleeps": "sleep 30; " + GOOD,
}


def _stand_in(tmp_path, body: str):
    home = tmp_path / "fake"
    (home / "bin").mkdir(parents=True)
    run = home / "bin" / "walnut-run"
    run.write_text("#!/bin/sh\n" + body + "\n")
    os.chmod(run, 0o755)
    return home


@pytest.mark.parametrize("kind", sorted(STAND_INS))
def test_stand_in_failures_are_engine_errors_never_verdicts(tmp_path, kind):
    home = _stand_in(tmp_path, STAND_INS[kind])
    with pytest.raises(EngineError):
        decide_problem(lp.triangular(5), walnut_home=home, timeout=3)


EMPTY = ("mkdir -p \"$2/Result\"; for n in closed_fails reach_fails; do "
         "printf 'msd_2 msd_2 msd_2\\n\\n0 0\\n' > \"$2/Result/$n.txt\"; done; ")


def test_stand_in_that_behaves_gives_a_verdict(tmp_path):
    # the planted twin of the failures above: two TRUE results, empty counterexample automata and
    # nothing on stderr is a verdict; without the automata it is refused
    ds = decide_problem(lp.triangular(5), walnut_home=_stand_in(tmp_path, EMPTY + GOOD), timeout=10)
    assert [d.holds for d in ds] == [True, True]
    with pytest.raises(EngineError, match="saved no automaton"):
        decide_problem(lp.triangular(5), walnut_home=_stand_in(tmp_path / "b", GOOD), timeout=10)


def test_missing_walnut_is_an_engine_error(tmp_path):
    with pytest.raises(EngineError, match="bin/walnut-run"):
        decide_problem(lp.triangular(5), walnut_home=tmp_path)


def test_constant_definition_and_narrow_calls_run_in_walnut(walnut_home):
    (d,) = decide_problem(lp.nested_problem(3), walnut_home=walnut_home, timeout=300)
    # by hand: x = 3, p = 0 is the smallest tuple with p = 0 and x >= 3
    assert not d.holds and d.witness == (3, 0)


@pytest.mark.parametrize("game, params, results", [
    ("triangular", ["-p", "k=5"], ["TRUE"] * 3),      # Conjecture 8.1's three sentences
    ("triangular", ["-p", "k=7"], ["TRUE"] * 3),      # Theorem 7.3's
])
def test_generated_game_script_runs_unchanged(walnut_home, tmp_path, game, params, results):
    pytest.importorskip("solvers.logic.translate", reason="the claim translation is not installed")
    from cgs_bridge.cli.main import main
    out = tmp_path / "g"
    assert main(["generate", game, *params, "--bound", "2", "--target", "walnut", "-o", str(out)]) == 0
    (script,) = out.glob("*_walnut.txt")
    lib = tmp_path / "w" / "Automata Library"
    lib.mkdir(parents=True)
    (lib / "xor.txt").write_text((out / "xor.txt").read_text())
    run = subprocess.run([str(walnut_home / "bin" / "walnut-run"), "-w", str(tmp_path / "w"),
                          str(script)], capture_output=True, text=True, timeout=600)
    assert run.stderr.strip() == ""
    assert [ln for ln in run.stdout.splitlines() if ln in ("TRUE", "FALSE")] == results
