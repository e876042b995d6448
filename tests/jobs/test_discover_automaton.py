"""Learned automata proved (issue 44): Maximum Nim's and Wythoff's P-positions PROVED by both
provers; planted wrong automata REFUTED at their smallest counterexample; the learner says "not
automatic at the sizes tried" for a P-set that is not automatic; every catalog P-claim and the
learned automaton of its game are both proved to be the set of P-positions (so they are equal).

Expected values: Levine (2006) for Maximum Nim with f(x) = floor(x/2) (g(2k) = k, g(2k+1) = g(k):
P iff x + 1 is a power of two), Wythoff (1907): P-positions (floor(n phi), floor(n phi^2)) and
mirrors, computed here with exact integers; smallest counterexamples by brute force over the
solver's table (coordinate sum, then lexicographic)."""

from __future__ import annotations

import math

import pytest

import cgs_bridge as cb
from cgs_bridge.jobs.discover.automaton import learn_automata, learn_set
from cgs_bridge.language.automaton_file import automaton_text, parse_automaton

ONES = "msd_2\n\n0 1\n0 -> 0\n1 -> 1\n\n1 1\n1 -> 1\n"          # x + 1 a power of two
POWERS = "msd_2\n\n0 0\n0 -> 0\n1 -> 1\n\n1 1\n0 -> 1\n"        # x a power of two (wrong)


def _prove(game, text, prover, home=None, **params):
    res = cb.prove(game, params or None, claims=[text], prover=prover,
                   **({"walnut_home": home} if home else {}))
    return res.rows[-1]


def test_maximum_nim_proved_by_the_embedded_prover(tmp_path):
    (tmp_path / "ones.txt").write_text(ONES)
    (tmp_path / "powers.txt").write_text(POWERS)
    row = _prove("maximum_nim", f'P iff accepts "{tmp_path}/ones.txt"(x)', "embedded")
    assert row.verdict == "PROVED", row.reason
    bad = _prove("maximum_nim", f'P iff accepts "{tmp_path}/powers.txt"(x)', "embedded")
    # x = 0 is a P-position (no move), and 0 is not a power of two
    assert bad.verdict == "REFUTED" and bad.position == (0,)


def test_maximum_nim_and_wythoff_proved_by_both_provers(tmp_path, walnut_home):
    (tmp_path / "ones.txt").write_text(ONES)
    row = _prove("maximum_nim", f'P iff accepts "{tmp_path}/ones.txt"(x)', "both", walnut_home)
    assert row.verdict == "PROVED" and row.provers == ("walnut", "embedded"), row.reason
    found = learn_automata(cb.game("wythoff").ruleset, "msd_fib", prove=True,
                           provers=("walnut", "embedded"), walnut_home=walnut_home)[0]
    assert found.verdict == "PROVED" and found.proof["provers"] == "walnut+embedded"
    assert found.states == 7 and "Wythoff's pairs" in found.words


def _wythoff_p(x, y) -> bool:
    lo, hi = min(x, y), max(x, y)
    n = hi - lo
    return lo == (n + math.isqrt(5 * n * n)) // 2          # floor(n phi), exact


def _flip_first_accepting(text: str) -> str:
    """The automaton with its last accepting state (other than the start) made rejecting."""
    aut = parse_automaton(text, "learned")
    last = max(s for s in range(1, aut.states) if aut.accept[s])
    accept = tuple(a and s != last for s, a in enumerate(aut.accept))
    from cgs_bridge.language.automaton_file import AutomatonFile
    return automaton_text(AutomatonFile(aut.numeration, aut.arity, aut.delta, accept))


@pytest.mark.parametrize("prover", ["embedded", "both"])
def test_planted_wrong_wythoff_automaton_refuted_at_smallest(tmp_path, prover, request):
    home = request.getfixturevalue("walnut_home") if prover == "both" else None
    found = learn_set(cb.game("wythoff").ruleset, "msd_fib")
    wrong = parse_automaton(_flip_first_accepting(found.file_text), "wrong")
    (tmp_path / "wrong.txt").write_text(automaton_text(wrong))
    row = _prove("wythoff", f'P iff accepts "{tmp_path}/wrong.txt"(x, y)', prover, home)
    assert row.verdict == "REFUTED"
    differ = [(x, y) for s in range(60) for x in range(s + 1) for y in [s - x]
              if wrong.accepts((x, y)) != _wythoff_p(x, y)]
    assert row.position == differ[0]                     # least coordinate sum, then lexicographic


def test_wythoff_in_base_2_not_automatic_at_the_sizes_tried():
    """Wythoff's lower numbers have density 1/phi (irrational), so the P-set is not 2-automatic
    (Cobham 1972): the learner must say so, with the sizes tried, not return an automaton."""
    found = learn_set(cb.game("wythoff").ruleset, "msd_2", max_positions=1 << 16)
    assert found.automaton is None and found.verdict == "not automatic at the sizes tried"
    assert "(255, 255)" in found.reason and len(found.tried) >= 8


@pytest.mark.parametrize("game, params, states", [
    ("triangular", {"k": 3}, 2), ("triangular", {"k": 5}, 14), ("floor_ratio", {"k": 2}, 3)])
def test_catalog_claims_and_learned_automata_both_proved(tmp_path, game, params, states):
    """Both sets are proved to be the P-positions (closed and reach, with termination): so the
    learned automaton's set equals the catalog claim's."""
    ruleset = cb.game(game, **params).ruleset
    found = learn_automata(ruleset, "msd_2", prove=True, provers=("embedded",))[0]
    assert found.verdict == "PROVED" and found.states == states
    catalog = cb.prove(game, params, prover="embedded")
    assert "PROVED" in [r.verdict for r in catalog.rows]


def test_the_bench_case_times_the_automaton_against_the_formula(monkeypatch):
    """One game: the learned automaton and the catalog formula both PROVED, both times printed
    with their ratio (a timing is never asserted)."""
    import cgs_bridge.jobs.bench.automaton as bench
    from cgs_bridge.cli.main import build_parser
    assert build_parser().parse_args(["bench", "--cases", "automaton"]).cases == ["automaton"]
    monkeypatch.setattr(bench, "GAMES", (("triangular", {"k": 3}),))
    monkeypatch.setattr(bench, "RUNS", 1)
    lines: list = []
    rows = bench.automaton_case(walnut_home=None, out=lines.append)
    emb = [r for r in rows if r["prover"] == "embedded"]
    assert emb and emb[0]["verdicts"] == ["PROVED", "PROVED"]
    assert "x the formula's" in lines[0] and "2 states" in lines[0]


def test_a_refuted_guess_grows_the_box_and_learns_again():
    """A wrong guess (x a power of two) for Maximum Nim is REFUTED; the box grows past the
    counterexample, the learner runs again and its automaton (x + 1 a power of two) is PROVED
    in a second round."""
    from cgs_bridge.jobs.discover.automaton import AutomatonFinding, prove_learned
    ruleset = cb.game("maximum_nim").ruleset
    guess = AutomatonFinding("P-positions", "msd_2", parse_automaton(POWERS, "guess"), states=2,
                             learned=(3,), confirmed=(7,))
    found = prove_learned(ruleset, guess, ("embedded",))
    assert found.verdict == "PROVED" and found.proof["rounds"] == 2
    assert [v for v in range(100) if found.automaton.accepts([v])] == [0, 1, 3, 7, 15, 31, 63]
