"""``prove`` end to end with the real Walnut, on hand-written translations (tests/logic_problems.py)
put in place of the claim translation (cgs_bridge.jobs.prove_run.translations): verdicts,
the refutation's smallest counterexample against a plain recursion, exit codes, JSON, -o DIR."""

from __future__ import annotations

import json
import types

import pytest

import cgs_bridge as cb
import logic_problems as lp
from cgs_bridge.cli.main import main
from cgs_bridge.jobs import prove_run as script


def _fake(ruleset, claims=None):
    """Theorem 7.3 (x xor y xor z) and Conjecture 8.1 (shifted) as hand-written problems; a
    claim whose `when` is false is not applicable; any other claim is not expressible."""
    k, out = ruleset.params["k"], []
    for cl in ruleset.game.claims:
        shifted = "Conjecture 8.1" in cl.name or "(x - 1)" in cl.name
        plain = "Theorem 7.3" in cl.name or cl.name == "P iff x xor y xor z == 0"
        applies = cl.when is None or ruleset.compile_claim(cl)[1]()
        status = ("not_applicable" if not applies else "ok" if shifted or plain
                  else "not_expressible")
        out.append(types.SimpleNamespace(
            claim=cl, status=status, kind="P", where="spec:1:1",
            reason="" if status == "ok" else "a product of two variables",
            problem=lp.triangular(k, shifted) if status == "ok" else None))
    return out


@pytest.fixture
def translated(monkeypatch):
    monkeypatch.setattr(script, "translations", _fake)


def test_conjecture_proved_theorem_not_applicable_at_k5(walnut_home, translated):
    r = cb.prove("triangular", {"k": 5}, walnut_home=walnut_home)
    assert [row.verdict for row in r.rows] == ["NOT APPLICABLE", "PROVED"]
    assert r.exit_code == 0


def test_false_claim_refuted_at_the_recursions_smallest_failure(walnut_home, translated):
    # planted twin of the proof above: the unshifted formula claimed at k = 5
    r = cb.prove("triangular", {"k": 5}, claims=["P iff x xor y xor z == 0"], walnut_home=walnut_home)
    row = r.rows[-1]   # --claim adds to the game's two claims (issue 48.6)
    assert len(r.rows) == 3
    assert row.verdict == "REFUTED" and r.exit_code == 1
    assert row.position == lp.smallest_failure(5, shifted=False)
    assert lp.p_positions(5, 12)[row.position] is False       # the claim says P there; it is N
    assert row.claim_value == "P-position" and "N-position" in row.true_value
    assert row.obligation.startswith("closed")


def test_shifted_formula_at_k3_refuted_at_smallest_failure(walnut_home, translated):
    r = cb.prove("triangular", {"k": 3}, claims=["P iff (x - 1) xor y xor (z - 1) == 0"],
                 walnut_home=walnut_home)
    assert r.rows[-1].verdict == "REFUTED"
    assert r.rows[-1].position == lp.smallest_failure(3, shifted=True) == (1, 1, 2)


def test_cli_exit_codes_json_and_output_folder(walnut_home, translated, tmp_path, capsys):
    out = tmp_path / "proof"
    code = main(["prove", "triangular", "-p", "k=5", "--walnut-home", str(walnut_home),
                 "--format", "json", "-o", str(out)])
    captured = capsys.readouterr()
    assert captured.out, captured.err
    data = json.loads(captured.out)
    assert code == 0 and data["exit_code"] == 0
    assert [c["verdict"] for c in data["claims"]] == ["NOT APPLICABLE", "PROVED"]
    names = {p.name for p in out.iterdir()}
    assert {"proof.md", "proof.html", "proof.tex", "proof.json", "xor.txt",
            "claim2_walnut.txt", "claim2_walnut.out"} <= names
    md = (out / "proof.md").read_text()
    assert "For k = 5, a position (x, y, z) of Triangular chocolate bar is a P-position iff " \
           "(x - 1) xor y xor (z - 1) = 0; verified for all positions by Walnut 6 (commit a4fe84e71b5a)" in md
    assert "\\begin{theorem}" in (out / "proof.tex").read_text()
    assert "TRUE" in (out / "claim2_walnut.out").read_text()
    (out / "proof.md").write_text("a user's notes\n")
    code = main(["prove", "triangular", "-p", "k=5", "--walnut-home", str(walnut_home), "-o", str(out)])
    assert code == 2 and "--force" in capsys.readouterr().err
    assert (out / "proof.md").read_text() == "a user's notes\n"
    code = main(["prove", "triangular", "-p", "k=3", "--claim", "P iff x xor y xor z == 0",
                 "--walnut-home", str(walnut_home)])
    assert code == 0        # Theorem 7.3's formula at k = 3 (k % 4 == 3): proved
    code = main(["prove", "triangular", "-p", "k=5", "--claim", "P iff x xor y xor z == 0",
                 "--walnut-home", str(walnut_home)])
    assert code == 1
    code = main(["prove", "triangular", "-p", "k=3", "--claim", "P iff x xor y xor z == 0 and x * y >= 0",
                 "--walnut-home", str(walnut_home)])
    assert code == 2 and "NOT EXPRESSIBLE" in capsys.readouterr().out   # true, outside the fragment
    # false and outside the fragment: refuted by the solver on the small box (issue 48, item 5),
    # at (1, 0, 0), an N-position (its option (0, 0, 0) is terminal) that x * y == z calls P
    code = main(["prove", "triangular", "-p", "k=5", "--claim", "P iff x * y == z",
                 "--walnut-home", str(walnut_home)])
    out = capsys.readouterr().out
    assert code == 1 and "REFUTED" in out and "smallest counterexample (1, 0, 0)" in out, out


def test_engine_error_is_exit_2_never_proved(translated, tmp_path, capsys):
    home = tmp_path / "fake"
    (home / "bin").mkdir(parents=True)
    (home / "bin" / "walnut-run").write_text("#!/bin/sh\nprintf '____\\nTRUE\\n____\\nTRUE\\n'\n"
                                              "echo 'java.lang.OutOfMemoryError' >&2\n")
    (home / "bin" / "walnut-run").chmod(0o755)
    code = main(["prove", "triangular", "-p", "k=5", "--walnut-home", str(home)])
    out = capsys.readouterr().out
    assert code == 2 and "ENGINE ERROR" in out and "PROVED" not in out


def test_embedded_prover_missing_or_translation_missing_is_exit_2(capsys, tmp_path):
    import importlib.util
    if all(importlib.util.find_spec(m) for m in ("solvers.automata", "solvers.logic.translate")):
        pytest.skip("the embedded prover and the translation are both installed")
    code = main(["prove", "triangular", "-p", "k=5", "--prover", "embedded"])
    assert code == 2


def test_sweep_one_verdict_per_value(walnut_home, translated, capsys):
    code = main(["prove", "triangular", "--sweep", "k=1..4", "--workers", "0",
                 "--walnut-home", str(walnut_home), "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    got = [(r["k"], r["claim1_verdict"], r["claim2_verdict"]) for r in data["rows"]]
    # Theorem 7.3 applies when k % 4 == 3, Conjecture 8.1 when k % 4 == 1 (the catalog's `when`)
    assert got == [(1, "NOT APPLICABLE", "PROVED"), (2, "NOT APPLICABLE", "NOT APPLICABLE"),
                   (3, "PROVED", "NOT APPLICABLE"), (4, "NOT APPLICABLE", "NOT APPLICABLE")]


def test_sweep_with_a_false_value_exits_1(walnut_home, translated, capsys):
    # planted twin: the unshifted formula claimed for every k; k = 3 proved, k = 5 refuted
    code = main(["prove", "triangular", "--sweep", "k=3..5:2", "--workers", "0", "--claim",
                 "P iff x xor y xor z == 0", "--walnut-home", str(walnut_home), "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 1
    assert [(r["k"], r["claim3_verdict"]) for r in data["rows"]] == [(3, "PROVED"), (5, "REFUTED")]
    assert data["rows"][1]["claim3_detail"].startswith(str(lp.smallest_failure(5, shifted=False)))


def test_both_provers_disagreeing_is_exit_2_with_both_outputs(walnut_home, translated, monkeypatch):
    from cgs_bridge.jobs import prove as P
    from solvers.logic.formula import Decision
    real = P._decider

    def decider(name, home):
        if name == "walnut":
            return real(name, home)
        # a planted wrong embedded prover: says the first sentence fails at (0, 0, 0)
        return lambda pb, *a: [Decision(o.name, i != 0, (0, 0, 0) if i == 0 else None)
                               for i, o in enumerate(pb.obligations)]
    monkeypatch.setattr(P, "_decider", decider)
    r = cb.prove("triangular", {"k": 5}, prover="both", walnut_home=walnut_home)
    row = r.rows[1]
    assert row.verdict == "ENGINE ERROR" and r.exit_code == 2
    assert "walnut says closed TRUE" in row.reason and "embedded says closed FALSE at (0, 0, 0)" in row.reason

    def agreeing(name, home):
        if name == "walnut":
            return real(name, home)
        return lambda pb, *a: [Decision(o.name, True) for o in pb.obligations]
    monkeypatch.setattr(P, "_decider", agreeing)   # the twin: agreement gives the verdict
    r = cb.prove("triangular", {"k": 5}, prover="both", walnut_home=walnut_home)
    assert r.rows[1].verdict == "PROVED" and r.rows[1].provers == ("walnut", "embedded")
    assert "both provers agree: walnut " in str(cb.foundation.results.render(r, "report"))


def test_failing_side_condition_is_not_expressible_never_refuted(walnut_home, monkeypatch):
    from dataclasses import replace

    from solvers.logic.formula import FALSE, Obligation

    def fake(ruleset, claims=None):
        out = _fake(ruleset, claims)
        pb = lp.triangular(3, shifted=True)   # its sentence closed fails at (1, 1, 2) ...
        pb = replace(pb, obligations=pb.obligations + (Obligation("terminates", (), FALSE, "the game ends"),))
        return [types.SimpleNamespace(**{**vars(t), "status": "ok", "problem": pb}) for t in out]
    monkeypatch.setattr(script, "translations", fake)
    r = cb.prove("triangular", {"k": 3}, claims=["P iff x xor y xor z == 0"], walnut_home=walnut_home)
    # ... but a failing termination voids the argument: exit 2, not a refutation
    assert r.rows[0].verdict == "NOT EXPRESSIBLE" and r.exit_code == 2
    assert "terminates" in r.rows[0].reason


def test_refutation_names_the_move_from_s_to_s_or_the_missing_move(walnut_home):
    # real translation (solvers.logic.translate); expected positions by the plain recursion
    pytest.importorskip("solvers.logic.translate", reason="the claim translation is not installed")
    truth = lp.p_positions(5, 8)
    r = cb.prove("triangular", {"k": 5}, claims=["P iff x + y + z == 0"], walnut_home=walnut_home)
    row = r.rows[-1]
    smallest = min((p for p, is_p in truth.items() if is_p != (sum(p) == 0)), key=lambda p: (sum(p), p))
    assert row.verdict == "REFUTED" and row.position == smallest == (1, 0, 1)
    # (1, 0, 1) is outside S and its options (0, 0, 1), (1, 0, 0) are too: the missing move
    assert row.move == "no move from (1, 0, 1) (outside S) reaches S"
    r = cb.prove("triangular", {"k": 3}, claims=["P iff (x - 1) xor y xor (z - 1) == 0"],
                 walnut_home=walnut_home)
    # (1, 1, 2) and its option (1, 0, 1) both satisfy the formula: a move from S to S
    assert r.rows[-1].move == "the move (1, 1, 2) -> (1, 0, 1) leads from S to S"
