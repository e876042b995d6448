"""A published theorem is never reported REFUTED while its hypothesis is not established (issue
50, item 4). Seed 001's Theorem 3.2 (grundy = y xor z for the step bar) assumes ``halving``
(Definition 3.2 (a)); ``f = if t < 100 then floor(t / 2) else t - 50`` has it on 0..64 (the box
the hypothesis used to be checked on) but not at 100, 101, so the theorem says nothing about it:
before, prove reported the theorem REFUTED at (51, 101)."""

from __future__ import annotations

import cgs_bridge as cb

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


def test_a_declared_property_that_fails_is_decided_too():
    """step declares f nondecreasing and nonnegative (seed 001 Def 2.1); max(10 - t, 0) is not
    nondecreasing: a claim about that game does not apply (the twin floor(t / 2) is proved)."""
    claim = ["grundy == y xor z"]
    r = cb.prove("step", {"f": "max(10 - t, 0)"}, claims=claim, prover="embedded", timeout=300)
    row = r.rows[0]
    assert row.verdict == "NOT APPLICABLE" and "declared property 'f satisfies nondecreasing'" in row.reason
    assert "f(0) = 10 > f(1) = 9" in row.reason
    r = cb.prove("step", {"f": "floor(t / 2)"}, claims=claim, prover="embedded", timeout=300)
    assert r.rows[0].verdict == "PROVED"
