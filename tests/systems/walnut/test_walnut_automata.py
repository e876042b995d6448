"""A hostile Walnut's output (issue 46, item 9): counterexample automata this reader cannot take as
Walnut's own are engine errors with the reason (exit 2), never an internal error and never a
verdict; a well-formed one gives its smallest witness.

Expected values: Walnut's automaton file format (../shared/engines/walnut/README.md: the inputs'
number systems, ``STATE OUTPUT`` lines, ``d1 d2 -> NEXT`` transitions, most significant digit
first); the witness of a two-state automaton worked out by hand; 64-bit positions (README,
"Inputs"). The stand-in ``walnut-run`` scripts are shell scripts (no Java)."""

from __future__ import annotations

import os
import re

import pytest

from cgs_bridge.cli.main import main
from cgs_bridge.foundation.errors import EngineError
from cgs_bridge.systems.walnut.automata import read, witness

NIM2 = "game nim2\n  coordinates x, y\n  cut x to t\n  cut y to t\n"
CLAIM = "P iff x xor y == 0"


@pytest.mark.parametrize("text, words", [
    # the one reader of the format (language/automaton_file.py) names the file and the line
    ("msd_2 msd_2\n\n0 0\n2 0 -> 1\n\n1 1\n", "closed_fails.txt:4: expected 2 digit(s) 0 or 1"),
    ("msd_2 msd_2\n\n0 0\n1 0 -> 1\n1 0 -> 0\n\n1 1\n", "closed_fails.txt:5: a second transition of state 0"),
    ("msd_2 msd_2\n\n0 0\n1 0 -> 1\n\n0 1\n", "closed_fails.txt:6: state 0 where state 1 was expected"),
    ("msd_fib msd_2\n\n0 0\n", "closed_fails.txt:1: every input must use the same number system"),
    ("msd_3 msd_3\n\n0 0\n", "closed_fails.txt:1: expected the number system of each input"),
    ("msd_2 msd_2\n\n1 1\n", "closed_fails.txt:3: state 1 where state 0 was expected"),
    ("msd_2 msd_2\n\n0 0\n1 0 -> x\n", "closed_fails.txt:4: expected one state number"),
    ("msd_2 msd_2\n\n0 0\n1 0 -> 1\n", "closed_fails.txt:4: state 1 has no line"),
])
def test_automata_walnut_does_not_write_are_engine_errors(text, words):
    with pytest.raises(EngineError, match=re.escape(words)):
        read(text, "closed_fails.txt")


@pytest.mark.parametrize("text", [
    "msd_2 msd_2\n\n0 0\n2 0 -> 1\n\n1 1\n", "msd_2\n\n0 1\n0 -> 3\n", "msd_2 msd_fib\n\n0 1\n",
    "", "msd_2\n0 -> 0\n", " ".join(["msd_2"] * 21) + "\n\n0 1\n",
])
def test_walnuts_automata_are_read_by_the_accepts_files_reader(text):
    """One reader of the format (issue 45, item 3): Walnut's saved automaton is refused with the
    very message an ``accepts "FILE"`` claim's file gets from language/automaton_file.py (an
    engine error, no verdict)."""
    from cgs_bridge.foundation.errors import InputError
    from cgs_bridge.language.automaton_file import parse_automaton
    with pytest.raises(InputError) as by_claim:
        parse_automaton(text, "closed_fails.txt", max_inputs=20)
    with pytest.raises(EngineError) as by_walnut:
        read(text, "closed_fails.txt")
    assert str(by_walnut.value) == f"{by_claim.value}; no verdict"


def test_walnut_automata_of_ten_inputs_are_read():
    """An obligation of ten free variables (Nim with ten heaps): its counterexample automaton has
    ten inputs, more than an accepts file's eight; one state whose letters have an even number
    of ones (x0 xor ... xor x9 == 0) reached by a nonzero letter, its witness worked out by hand."""
    letters = [a for a in range(1 << 10) if bin(a).count("1") % 2 == 0 and a]
    text = " ".join(["msd_2"] * 10) + "\n\n0 0\n" + "".join(
        " ".join(str((a >> (9 - i)) & 1) for i in range(10)) + " -> 1\n" for a in letters) + "\n1 1\n"
    names = tuple(f"h{i}" for i in range(10))
    # shortest words have one letter; the least letter with two ones is 0...011: h8 = h9 = 1
    assert witness(read(text, "nim10_fails.txt"), names, names) == (0,) * 8 + (1, 1)


def test_a_witness_past_64_binary_digits_is_an_engine_error():
    chain = "msd_2 msd_2\n\n" + "".join(f"{s} 0\n1 0 -> {s + 1}\n\n" for s in range(65)) + "65 1\n"
    with pytest.raises(EngineError, match="no word shorter than 65 digits"):
        witness(read(chain, "closed_fails.txt"), ("x", "y"), ("x", "y"))
    short = "msd_2 msd_2\n\n" + "".join(f"{s} 0\n1 0 -> {s + 1}\n\n" for s in range(64)) + "64 1\n"
    # the twin: 64 digits 1 of x (and 0 of y) is x = 2^64 - 1, y = 0: a word the reader reads
    assert witness(read(short, "closed_fails.txt"), ("x", "y"), ("x", "y")) == (2 ** 64 - 1, 0)


def test_a_well_formed_automaton_gives_its_smallest_witness():
    # accepts (x, y) read as 1 0 then 0 1: x = 0b10 = 2, y = 0b01 = 1; the other path is longer
    text = "msd_2 msd_2\n\n0 0\n1 0 -> 1\n0 0 -> 2\n\n1 0\n0 1 -> 3\n\n2 0\n0 0 -> 1\n\n3 1\n"
    assert witness(read(text, "closed_fails.txt"), ("x", "y"), ("x", "y")) == (2, 1)


def _stand_in(tmp_path, closed: str):
    """A walnut-run that says closed is FALSE, the other sentences TRUE, and saves ``closed`` as
    the counterexample automaton."""
    home = tmp_path / "walnut"
    (home / "bin").mkdir(parents=True)
    (tmp_path / "closed.txt").write_text(closed)
    run = home / "bin" / "walnut-run"
    run.write_text(f"#!/bin/sh\nmkdir -p \"$2/Result\"\ncp '{tmp_path / 'closed.txt'}' \"$2/Result/closed_fails.txt\"\n"
                   "printf 'msd_2 msd_2\\n\\n0 0\\n' > \"$2/Result/reach_fails.txt\"\n"
                   "printf '____\\nFALSE\\n____\\nTRUE\\n____\\nTRUE\\n'\n")
    os.chmod(run, 0o755)
    return home


@pytest.mark.parametrize("closed, words", [
    ("msd_2 msd_2\n\n0 0\n2 0 -> 1\n\n1 1\n", "expected 2 digit(s) 0 or 1"),
    ("msd_2 msd_2\n\n" + "".join(f"{s} 0\n1 0 -> {s + 1}\n\n" for s in range(40_000)) + "40000 1\n",
     "no word shorter than 40,000 digits"),
])
def test_hostile_walnut_output_is_an_engine_error_row(tmp_path, capsys, closed, words):
    spec = tmp_path / "nim2.game"
    spec.write_text(NIM2)
    code = main(["prove", str(spec), "--claim", CLAIM, "--prover", "walnut",
                 "--walnut-home", str(_stand_in(tmp_path, closed))])
    out = capsys.readouterr()
    assert code == 2 and "ENGINE ERROR" in out.out and words in out.out
    assert "internal error" not in out.err and "Traceback" not in out.err and "REFUTED" not in out.out
