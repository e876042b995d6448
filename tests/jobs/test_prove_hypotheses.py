"""A published theorem is never reported REFUTED while its hypothesis is not established (issue
50, item 4). Seed 001's Theorem 3.2 (grundy = y xor z for the step bar) assumes ``halving``
(Definition 3.2 (a)); ``f = if t < 100 then floor(t / 2) else t - 50`` has it on 0..64 (the box
the hypothesis used to be checked on) but not at 100, 101, so the theorem says nothing about it:
before, prove reported the theorem REFUTED at (51, 101)."""

from __future__ import annotations

import re

import pytest

import cgs_bridge as cb
from cgs_bridge.cli.main import main
from cgs_bridge.foundation.errors import ParameterError

BENT = "if t < 100 then floor(t / 2) else t - 50"


def _halving_fails_at(f, z, w, i) -> bool:
    return z >> i == w >> i and f(z) >> (i - 1) != f(w) >> (i - 1)


def test_a_hypothesis_that_fails_beyond_the_box_makes_the_theorem_not_applicable():
    r = cb.prove("step", {"f": BENT}, prover="embedded", timeout=300)
    row = r.rows[0]
    assert row.verdict == "NOT APPLICABLE" and r.exit_code == 0, (row.verdict, row.reason)
    assert "'f satisfies halving' fails" in row.reason and "floor(100/2^1) = floor(101/2^1)" in row.reason
    f = lambda t: t // 2 if t < 100 else t - 50  # noqa: E731
    assert _halving_fails_at(f, 100, 101, 1) and not any(
        _halving_fails_at(f, z, w, i) for i in range(1, 7) for z in range(65) for w in range(65))


def test_the_twin_with_a_halving_function_is_proved_with_its_hypothesis_decided():
    # planted twin: f = floor(t / 2) is halving (seed 001 Lemma 3.1): the theorem is PROVED
    r = cb.prove("step", {"f": "floor(t / 2)"}, prover="embedded", timeout=300)
    row = r.rows[0]
    assert row.verdict == "PROVED" and "decided for every value: f halving" in row.hypotheses


def test_a_hypothesis_checked_on_a_box_only_never_gives_refuted(tmp_path, monkeypatch):
    """f with floor(log2(t)) is not linear with floors: the hypothesis is checked on 0..64 only.
    A false claim under it is then NOT EXPRESSIBLE, saying so, never REFUTED; the same claim
    without the hypothesis (planted twin: the game without claim H, the claim given by --claim,
    which adds to the game's claims) is REFUTED on the box."""
    f = "if t < 2 then 0 else 2^(floor(log2(t)) - 1)"
    game = ("game s(f: function = floor(t / 2))\n  coordinates y, z\n  require y <= f(z)\n"
            "  cut y to t\n  cut z to t: y = min(y, f(t))\n")
    spec, bare = tmp_path / "s.game", tmp_path / "bare.game"
    spec.write_text(game + "  claim \"H\" when f satisfies halving: grundy == y\n")
    bare.write_text(game.replace("game s(", "game bare("))
    r = cb.prove(str(spec), {"f": f}, prover="embedded")
    row = r.rows[0]
    assert row.verdict == "NOT EXPRESSIBLE" and "checked on the box 0..64 only" in row.hypotheses, row
    r = cb.prove(str(bare), {"f": f}, claims=["grundy == y"], prover="embedded")
    assert [row.verdict for row in r.rows] == ["REFUTED"] and r.exit_code == 1
    # by hand: (y, z) = (0, 1) moves to (0, 0) (Grundy value 0), so its value is 1, not y = 0;
    # the only other position of sum <= 1, (1, 0), is not one (y <= f(0) = 0)
    assert r.rows[0].position == (0, 1)


#: f(t) = max(10 - t, 0) decreases from t = 0; f(t) = if t < 100 then floor(t / 2) else 0 only from
#: t = 99, past the box 0..64, where only the provers see it (it is linear with floors).
DECREASING = ("max(10 - t, 0)", lambda t: max(10 - t, 0))
FALLS_LATE = ("if t < 100 then floor(t / 2) else 0", lambda t: t // 2 if t < 100 else 0)


def _decreases_at(message: str, f) -> int:
    """The witness ``f(a) = b > f(a + 1) = c`` the message names, checked against ``f`` here."""
    a, b, a1, c = (int(v) for v in re.search(r"f\((\d+)\) = (-?\d+) > f\((\d+)\) = (-?\d+)", message).groups())
    assert a1 == a + 1 and (b, c) == (f(a), f(a + 1)) and b > c, message
    return a


@pytest.mark.parametrize("case, how", [(DECREASING, "found on t = 0..64"),
                                       (FALLS_LATE, "decided for every value by embedded")],
                         ids=["on-the-box", "for-every-value"])
def test_a_declared_property_that_fails_refuses_the_parameter(case, how, capsys):
    """step declares f nondecreasing (seed 001 Def 2.1): a parameter lacking it is not a step bar,
    so prove refuses it as check and solve do (exit 2 naming the witness and how it was found),
    never a verdict. Before: every claim NOT APPLICABLE and exit 0 while check exited 2."""
    text, f = case
    with pytest.raises(ParameterError) as e:
        cb.prove("step", {"f": text}, claims=["grundy == y xor z"], prover="embedded", timeout=300)
    message = str(e.value)
    assert "must be nondecreasing" in message and how in message
    at = _decreases_at(message, f)
    assert (at < 64) == (case is DECREASING)          # the box sees the first; only the provers the second
    assert main(["prove", "step", "-p", f"f={text}", "--claim", "grundy == y xor z", "--prover", "embedded"]) == 2
    out = capsys.readouterr()
    assert "must be nondecreasing" in out.err and "VERDICT" not in out.out
    if case is DECREASING:   # check says the same about the same function
        assert main(["check", "step", "-p", f"f={text}", "--bound", "5"]) == 2
        assert "f(0) = 10 > f(1) = 9" in capsys.readouterr().err


def test_a_claims_own_hypothesis_that_fails_stays_not_applicable(tmp_path):
    """The twin: the same decreasing function in a game that declares nothing of f, under a claim
    whose own hypothesis is `when f satisfies nondecreasing`: that claim is NOT APPLICABLE (exit 0),
    with the witness; a declared property of a function that has it is decided for every value."""
    text, f = DECREASING
    spec = tmp_path / "free.game"
    spec.write_text("game free(f: function = floor(t / 2))\n  coordinates y, z\n  require y <= f(z)\n"
                    "  cut y to t\n  cut z to t: y = min(y, f(t))\n"
                    "  claim \"C\" when f satisfies nondecreasing: grundy == y xor z\n")
    r = cb.prove(str(spec), {"f": text}, prover="embedded", timeout=300)
    assert [row.verdict for row in r.rows] == ["NOT APPLICABLE"] and r.exit_code == 0
    _decreases_at(r.rows[0].reason, f)
    r = cb.prove("step", {"f": "floor(t / 2)"}, claims=["grundy == y xor z"], prover="embedded", timeout=300)
    assert [row.verdict for row in r.rows] == ["PROVED", "PROVED"]
    assert "declared properties decided for every value: f nondecreasing, f nonnegative" in r.rows[-1].hypotheses


def test_a_sweep_cell_with_a_function_lacking_a_declared_property_fails_naming_it():
    from cgs_bridge.jobs.prove_sweep import prove_sweep
    text, f = DECREASING
    r = prove_sweep("step", {"f": f"floor(t / 2);{text}"}, provers=("embedded",), workers=0, timeout=300)
    good, bad = r.frame.to_dict("records")
    assert good["status"] == "ok" and good["claim1_verdict"] == "PROVED"
    assert bad["status"] == "error" and "must be nondecreasing" in bad["error"] and r.exit_code == 2
    _decreases_at(bad["error"], f)
    assert "must be nondecreasing" in str(r)              # the table shows why the cell failed


def test_discover_prove_refuses_the_parameter_before_the_search(monkeypatch):
    """The box of discover (side 10) does not see FALLS_LATE fail; with --prove the provers do,
    before the game is solved for the search (a planted solve fails the test if it runs)."""
    import solvers
    text, f = FALLS_LATE
    monkeypatch.setattr(solvers, "solve", lambda *a, **k: pytest.fail("the search ran"))
    with pytest.raises(ParameterError) as e:
        cb.discover("step", bound=10, f=text, prove=True, prover="embedded")
    assert _decreases_at(str(e.value), f) >= 64 and "decided for every value" in str(e.value)
