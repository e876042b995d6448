"""Automaton files of ``accepts "FILE"(...)`` claims (issue 44): Walnut's format read with limits
and ``file:line`` errors, Zeckendorf digits, the padding convention, and the claim in the spec
language (parsed, checked, evaluated on a box, printed back)."""

from __future__ import annotations

import itertools

import pytest

from cgs_bridge.foundation.errors import InputError, SpecError
from cgs_bridge.language.automaton_file import (AutomatonFile, automaton_text, digits, padded,
                                                parse_automaton, read_automaton, word_value)

#: x + 1 is a power of two: the words 0* 1* (msd_2), written by hand.
ONES = "msd_2\n\n0 1\n0 -> 0\n1 -> 1\n\n1 1\n1 -> 1\n"


def zeckendorf(n: int) -> list:
    """The Zeckendorf representation by brute force: the only 0/1 word without two adjacent 1s
    and without a leading 0 whose weights 1, 2, 3, 5, ... sum to n (Zeckendorf 1972)."""
    fib = [1, 2]
    while fib[-1] <= n:
        fib.append(fib[-1] + fib[-2])
    for length in range(0, len(fib) + 1):
        for word in itertools.product((0, 1), repeat=length):
            if word and word[0] == 0:
                continue
            if any(a and b for a, b in zip(word, word[1:])):
                continue
            if sum(d * w for d, w in zip(word, reversed(fib[:length]))) == n:
                return list(word)
    raise AssertionError(n)


def test_zeckendorf_digits_are_the_unique_representation():
    for n in range(0, 150):
        assert list(digits(n, "msd_fib")) == zeckendorf(n)
        assert word_value(digits(n, "msd_fib"), "msd_fib") == n
        assert word_value(digits(n, "msd_2"), "msd_2") == n == int(bin(n), 2)


def test_file_read_and_written_back():
    aut = parse_automaton(ONES, "ones.txt")
    assert (aut.numeration, aut.arity, aut.states) == ("msd_2", 1, 2)
    assert [n for n in range(70) if aut.accepts([n])] == [0, 1, 3, 7, 15, 31, 63]
    assert parse_automaton(automaton_text(aut), "again").delta == aut.delta
    assert not aut.accepts([-1])                      # a negative number has no digits


@pytest.mark.parametrize("text, message", [
    ("", "ones.txt:1: empty automaton file"),
    ("msd_3\n\n0 1\n0 -> 0\n", "ones.txt:1: expected the number system"),
    ("msd_2 msd_fib\n\n0 1\n", "ones.txt:1: every input must use the same number system"),
    ("msd_2\n\n0 1\n0 -> 1\n", "ones.txt:4: state 1 has no line"),
    ("msd_2\n\n0 1\n0 -> 0\n0 -> 0\n", "ones.txt:5: a second transition of state 0"),
    ("msd_2\n\n0 1\n2 -> 0\n", "ones.txt:4: expected 1 digit(s) 0 or 1"),
    ("msd_2\n\n1 1\n", "ones.txt:3: state 1 where state 0 was expected"),
    ("msd_2\n\n0 1\n0 -> x\n", "ones.txt:4: expected one state number"),
    ("msd_2\n0 -> 0\n", "ones.txt:2: a transition before any state line"),
    ("msd_2\n\n0 2\n", "ones.txt:3: expected 'STATE OUTPUT'"),
    (" ".join(["msd_2"] * 9) + "\n\n0 1\n", "ones.txt:1: 9 inputs; at most 8"),
])
def test_malformed_files_name_file_and_line(text, message):
    with pytest.raises(InputError) as e:
        parse_automaton(text, "ones.txt")
    assert message in str(e.value)


def test_size_limit_checked_before_reading(tmp_path, monkeypatch):
    import cgs_bridge.language.automaton_file as M
    path = tmp_path / "big.txt"
    path.write_text(ONES)
    monkeypatch.setattr(M, "MAX_FILE_BYTES", 10)
    with pytest.raises(InputError, match="at most 10 are read"):
        read_automaton(path)


def test_padding_reads_a_tuple_from_its_shortest_word():
    """State 0 goes to state 1 on the zero letter: without the padded copy, 0w and w differ."""
    aut = AutomatonFile("msd_2", 1, ((1, 2), (1, -1), (2, 2)), (False, True, True))
    # shortest words: 0 -> "" (state 0, rejecting), n >= 1 -> starts with 1 -> state 2 (accepting)
    assert [aut.accepts([n]) for n in range(4)] == [False, True, True, True]
    pad = padded(aut)
    for n in range(40):
        word = digits(n, "msd_2")
        for zeros in range(3):
            state = 0
            for d in (0,) * zeros + word:
                state = pad.delta[state][d] if state >= 0 else -1
            assert (state >= 0 and pad.accept[state]) == aut.accepts([n])


def test_accepts_claim_in_a_spec(tmp_path):
    """The file is read beside the spec; the claim is checked on a box by the evaluator."""
    import cgs_bridge as cb
    from cgs_bridge.model.box import Box
    from solvers import solve
    (tmp_path / "ones.txt").write_text(ONES)
    spec = tmp_path / "maxnim.game"
    spec.write_text('game maxnim\n  coordinates x\n  cut x to t where t >= x - floor(x / 2)\n'
                    '  claim "x + 1 a power of two": P iff accepts "ones.txt"(x)\n'
                    '  claim "wrong: x a power of two": P iff accepts "ones.txt"(x - 1)\n')
    ruleset = cb.game(str(spec)).ruleset
    sol = solve(ruleset, Box(("x",), (100,)))
    holds, fails = sol.check_claims()
    assert holds.status == "holds" and holds.checked == 101
    # at x = 0 (a P-position) the argument -1 has no digits: not accepted, the claim says N
    assert fails.status == "fails" and tuple(fails.counterexamples[0][0]) == (0,)
    from cgs_bridge.language.spec_printer import expr_text
    assert expr_text(ruleset.game.claims[0].expr) == 'P iff accepts "ones.txt"(x)'


def test_accepts_errors_point_at_the_claim(tmp_path):
    from cgs_bridge.language.parser import parse_expr
    (tmp_path / "ones.txt").write_text(ONES)
    with pytest.raises(SpecError, match="reads 1 number"):
        parse_expr(f'P iff accepts "{tmp_path}/ones.txt"(x, y)', "--claim")
    with pytest.raises(SpecError, match="cannot read the automaton file"):
        parse_expr(f'P iff accepts "{tmp_path}/none.txt"(x)', "--claim")


def test_an_automaton_without_inputs_is_true_or_false():
    """Walnut's format for a sentence's automaton (../shared/engines/walnut/README.md)."""
    for word, value in (("true", True), ("false", False)):
        aut = parse_automaton(f"\n{word}\n", "s.txt")
        assert (aut.arity, aut.accepts(()), automaton_text(aut)) == (0, value, word + "\n")


def test_the_table_is_limited_before_it_is_allocated(monkeypatch):
    """States times letters: 3 states of 2^8 letters is 768 entries, refused at the third
    state line when the limit is 600 (a file of state lines alone cannot take the memory)."""
    import cgs_bridge.language.automaton_file as M
    monkeypatch.setattr(M, "MAX_ENTRIES", 600)
    text = " ".join(["msd_2"] * 8) + "\n\n0 1\n\n1 1\n\n2 1\n"
    with pytest.raises(InputError, match=r"w.txt:7: more than 600 table entries \(3 states of 256"):
        parse_automaton(text, "w.txt")
    assert parse_automaton(text.replace("\n\n2 1\n", "\n"), "w.txt").states == 2


def test_an_engine_reader_may_allow_more_inputs():
    ten = " ".join(["msd_2"] * 10) + "\n\n0 1\n"
    with pytest.raises(InputError, match="10 inputs; at most 8 are read"):
        parse_automaton(ten, "t.txt")
    assert parse_automaton(ten, "t.txt", max_inputs=10).arity == 10


def test_of_file_is_the_files_language_with_leading_zeros():
    """The one conversion into the embedded prover's automaton (solvers.automata.dfa.of_file):
    words of every x < 200 with 0..2 leading zeros, against x + 1 a power of two by brute force;
    and the automaton whose state 0 leaves on the zero letter reads a tuple from its shortest word."""
    from solvers.automata.dfa import of_file

    def run(d, word):
        state = 0
        for bit in word:
            state = int(d.delta[state, bit]) if state >= 0 else -1
        return state >= 0 and bool(d.accept[state])

    ones = of_file(parse_automaton(ONES, "ones.txt"))
    assert ones.tracks == ("#in0",)
    odd = of_file(AutomatonFile("msd_2", 1, ((1, 2), (1, -1), (2, 2)), (False, True, True)))
    for x in range(200):
        for zeros in range(3):
            word = (0,) * zeros + digits(x, "msd_2")
            assert run(ones, word) == (((x + 1) & x) == 0)
            assert run(odd, word) == (x >= 1)        # shortest words: "" rejects, 1... accepts
