"""The benchmarks of issue 45 (cgs_bridge/jobs/bench/prove_scale.py, baseline.py and the catalog
part of prove.py) on small sizes: each line names the verdicts and the yardsticks measured in the
same run (today's prover read from git, dense tables), a false claim is reported as a missed
target, and answers that differ between the provers are reported. Not timing tests."""

from __future__ import annotations

import dataclasses

import pytest

from cgs_bridge.jobs.bench import baseline as B
from cgs_bridge.jobs.bench import prove as P
from cgs_bridge.jobs.bench.prove_scale import nim_spec, run_target
from solvers.automata.diagram import SETTINGS


@pytest.fixture
def today():
    module, why = B.load_baseline()
    if module is None:
        pytest.skip(why)
    return module


def test_today_is_the_baseline_commit_and_dense_tables_are_restored(today):
    assert today.__name__ == "baseline_automata"
    assert today.decide_problem is not __import__("solvers.automata").automata.decide_problem
    before = dict(SETTINGS)
    with B.dense_tables():
        assert SETTINGS["dense_below"] > 60
    assert SETTINGS == before


def test_nim_proved_and_a_false_twin_refuted_with_both_yardsticks(tmp_path, today):
    spec = tmp_path / "nim3.game"
    spec.write_text(nim_spec(3))
    lines: list = []
    res = run_target("Nim with 3 heaps", spec, {}, (), 10.0, today, lines.append)
    assert res["verdicts"] == ["PROVED"] and "(target < 10 s: met)" in lines[-1]
    assert "with dense tables" in lines[-1] and "today's prover (87a0feb)" in lines[-1]
    assert all(h for _, h in res["dense"]["holds"]) and all(h for _, h in res["today"]["holds"])
    # the twin: nim-sum 1 is not Bouton's set; the smallest failing position is the terminal one
    res = run_target("Nim, nim-sum 1", spec, {}, ("P iff h0 xor h1 xor h2 == 1",), 10.0, today,
                     lines.append)
    assert res["verdicts"] == ["REFUTED"] and "MISSED" in lines[-1]
    assert res["rows"][0].position == (0, 0, 0)


def test_a_yardstick_past_its_time_is_reported_stopped(today):
    problems = P.catalog_proofs()[0][1]
    run = B.timed_decide(today.decide_problem, problems, 1e-9)
    assert run["stopped"] and B.describe(run).startswith("stopped after")


def test_catalog_before_after_lists_every_proof_with_equal_answers(today, monkeypatch):
    monkeypatch.setattr(P, "REPEAT", 1)
    lines: list = []
    rows = P.catalog_before_after(lines.append)
    assert {"triangular k=1", "triangular k=13", "rectangular", "nim", "step_pass"} <= set(rows)
    assert "triangular k=2" not in rows            # no claim applies at even k (seed 003)
    assert all(same for _, _, same in rows.values()) and "answers all equal" in lines[-1]


def test_catalog_answers_that_differ_are_reported(today, monkeypatch):
    """The planted twin: today's prover made to answer the opposite on every obligation."""
    proofs = P.catalog_proofs()[:2]
    monkeypatch.setattr(P, "REPEAT", 1)
    monkeypatch.setattr(P, "catalog_proofs", lambda: proofs)

    class Flipped:
        @staticmethod
        def decide_problem(problem, **kw):
            return [dataclasses.replace(d, holds=not d.holds) for d in today.decide_problem(problem)]
    monkeypatch.setattr(B, "load_baseline", lambda: (Flipped, ""))
    lines: list = []
    rows = P.catalog_before_after(lines.append)
    assert len(rows) == 2 and not any(same for _, _, same in rows.values())
    assert "answers DIFFER" in lines[0] and lines[-1].endswith("DIFFER")
