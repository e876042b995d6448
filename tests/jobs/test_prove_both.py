"""``--prover both`` and the real Walnut on issue 50's reproducers: each prover runs within the
limits and is reported; one prover's failure (a time-out, an error line) never hides the other's
verdict; the two decide the same smallest counterexample; a disagreement stays an engine error."""

from __future__ import annotations

import pytest
from test_prove_smallest import NIM2, STILL, TABLE, _spec, least_failure

import cgs_bridge as cb
from cgs_bridge.foundation.results import render
from cgs_bridge.jobs import prove as P
from cgs_bridge.jobs import prove_box, prove_refute


@pytest.mark.parametrize("case", TABLE, ids=["nim2", "sum", "xor", "abs"])
def test_both_provers_decide_the_same_least_failing_position(walnut_home, tmp_path, monkeypatch, case):
    game, claim, in_s = case
    monkeypatch.setattr(prove_box, "POSITIONS", 0)        # the provers' sentence, not a box, finds it
    monkeypatch.setattr(prove_refute, "WITNESS_BOX", 0)
    r = cb.prove(_spec(tmp_path, game), claims=[claim], prover="both", walnut_home=walnut_home, timeout=300)
    row = r.rows[0]
    assert row.verdict == "REFUTED" and row.position == least_failure(game, in_s), (row.reason, row.errors)
    assert set(row.decisions) == {"walnut", "embedded"} and not row.errors and row.witness == row.position


def _slow_walnut(tmp_path):
    home = tmp_path / "slow"
    (home / "bin").mkdir(parents=True)
    (home / "bin" / "walnut-run").write_text("#!/bin/sh\nsleep 30\n")
    (home / "bin" / "walnut-run").chmod(0o755)
    return home


def test_a_walnut_time_out_does_not_hide_the_embedded_verdict(tmp_path):
    # before: Walnut ran first and its time-out made the row an ENGINE ERROR
    home = _slow_walnut(tmp_path)
    r = cb.prove("triangular", {"k": 5}, prover="both", walnut_home=home, timeout=2)
    row = r.rows[1]
    assert row.verdict == "PROVED" and r.exit_code == 0 and list(row.decisions) == ["embedded"]
    assert "time" in row.errors["walnut"]
    text = render(r, "report")
    assert "walnut failed:" in text and "both provers agree" not in text
    # the same Walnut alone: an engine error (exit 2), never a verdict
    r = cb.prove("triangular", {"k": 5}, prover="walnut", walnut_home=home, timeout=2)
    assert r.rows[1].verdict == "ENGINE ERROR" and r.exit_code == 2


def _embedded_fails(monkeypatch):
    """Walnut as it is; a planted embedded prover that always runs out of its limits."""
    from cgs_bridge.foundation.errors import AutomatonLimitError
    real = P._decider

    def decider(name, home):
        if name == "walnut":
            return real(name, home)

        def fail(*a):
            raise AutomatonLimitError("planted: the embedded prover ran out of memory")
        return fail
    monkeypatch.setattr(P, "_decider", decider)


def test_an_embedded_failure_does_not_hide_walnuts_verdict(walnut_home, monkeypatch):
    _embedded_fails(monkeypatch)
    monkeypatch.setattr(prove_box, "POSITIONS", 0)      # the provers, not the box, refute it
    r = cb.prove("triangular", {"k": 3}, claims=["P iff (x - 1) xor y xor (z - 1) == 0"],
                 prover="both", walnut_home=walnut_home, timeout=300)
    row = r.rows[-1]                                  # the added claim is the last row (issue 48.6)
    assert r.rows[0].verdict == "PROVED"                # Theorem 7.3, by Walnut alone
    assert row.verdict == "REFUTED" and row.position == (1, 1, 2) and list(row.decisions) == ["walnut"]
    assert "planted" in row.errors["embedded"]


def test_both_failing_is_an_engine_error_quoting_each(tmp_path, monkeypatch):
    _embedded_fails(monkeypatch)
    r = cb.prove("triangular", {"k": 5}, prover="both", walnut_home=_slow_walnut(tmp_path), timeout=2)
    row = r.rows[1]
    assert row.verdict == "ENGINE ERROR" and "planted" in row.reason and "walnut" in row.reason


def test_issue_50_reproducers_with_both_provers(walnut_home, tmp_path):
    # item 3: Walnut cannot read 2^40 (its integers are 32-bit): its error is reported and the
    # embedded prover's refutation stands
    r = cb.prove(_spec(tmp_path, STILL), claims=["P iff x != 1099511627776"], prover="both",
                 walnut_home=walnut_home, timeout=300)
    row = r.rows[0]
    assert row.verdict == "REFUTED" and row.position == (1 << 40, 0) and "integer" in row.errors["walnut"]
    # issue 46 item 2, with both provers
    r = cb.prove(_spec(tmp_path, NIM2), claims=["P iff x xor y == 0 and x != 6000"], prover="both",
                 walnut_home=walnut_home, timeout=300)
    assert r.rows[0].verdict == "REFUTED" and r.rows[0].position == (6000, 6000)
    assert set(r.rows[0].decisions) == {"walnut", "embedded"}
    # item 4: the hypothesis decided by both provers for every value
    r = cb.prove("step", {"f": "if t < 100 then floor(t / 2) else t - 50"}, prover="both",
                 walnut_home=walnut_home, timeout=600)
    row = r.rows[0]
    assert row.verdict == "NOT APPLICABLE" and "halving" in row.reason and "f(100)" in row.reason, row.reason
    assert "walnut+embedded" in row.reason


def test_a_declared_property_failing_past_the_box_is_refused_by_both_provers(walnut_home):
    """step declares f nondecreasing; this f falls at 99 -> 100 only: both provers decide the
    sentence, agree on the witness, and prove refuses the parameter (the twin floor(t / 2): PROVED
    with the declared properties decided by both)."""
    from test_prove_hypotheses import FALLS_LATE, _decreases_at

    from cgs_bridge.foundation.errors import ParameterError
    text, f = FALLS_LATE
    with pytest.raises(ParameterError) as e:
        cb.prove("step", {"f": text}, prover="both", walnut_home=walnut_home, timeout=300)
    assert "decided for every value by walnut+embedded" in str(e.value) and _decreases_at(str(e.value), f) >= 64
    r = cb.prove("step", {"f": "floor(t / 2)"}, prover="both", walnut_home=walnut_home, timeout=300)
    assert r.rows[0].verdict == "PROVED" and "declared properties decided for every value" in r.rows[0].hypotheses
