"""The language of take-and-break games (issue 49): ``split`` rules and ``octal`` codes become the
code whose moves are those the rule states, checked here against the rule itself (every ordered
pair of parts of the remainder where the condition holds, evaluated by a Python function written
from the rule's text); what the language cannot state is refused with its line and column."""

from __future__ import annotations

import pytest

from cgs_bridge.foundation.errors import SpecError
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_text


def game(body: str, params=None, header: str = "game t") -> Ruleset:
    return Ruleset(load_text(f"{header}\n  coordinates n\n{body}\n", "t.game"), params)


def rule_options(n: int, amounts, cond) -> set:
    """The options of ``split n by s in amounts into a, b where cond(a, b)``: remove s and leave
    a + b (a, b >= 0, an empty part being no heap), as sorted tuples of the nonempty parts."""
    out = set()
    for s in amounts:
        if s > n:
            continue
        for a in range(n - s + 1):
            b = n - s - a
            if cond(a, b):
                out.add((s, tuple(sorted(h for h in (a, b) if h))))
    return out


CASES = [
    ("split n by s in {1, 2} into a, b", [1, 2], lambda a, b: True, "0.77"),
    ("split n by s in {2} into a, b", [2], lambda a, b: True, "0.07"),
    ("split n into a, b where a >= 1 and b >= 1 and a != b", [0], lambda a, b: a >= 1 and b >= 1 and a != b, "4!.0"),
    ("split n by s in 1..3 into a, b where a > 0 and b > 0", [1, 2, 3], lambda a, b: a > 0 and b > 0, "0.444"),
    ("split n by s in {3} into a, b where b == 0", [3], lambda a, b: b == 0, "0.003"),
    ("split n by s in {1} into a, b where a == 0 and b == 0", [1], lambda a, b: a == 0 and b == 0, "0.1"),
    ("split n by s in {2} into a, b where a == b", [2], lambda a, b: a == b, "0.05="),
    ("split n by s in {1} into a, b where a != b", [1], lambda a, b: a != b, "0.6!"),
    ("split n by s in {1} into a, b where 1 <= a", [1], lambda a, b: a >= 1, "0.6"),
    ("split n by s in {1} into a, b where a != 0 and b != 0 and a == b", [1], lambda a, b: a == b != 0, "0.4="),
]


@pytest.mark.parametrize("rule, amounts, cond, code", CASES)
def test_split_rule_is_the_code_of_its_moves(rule, amounts, cond, code):
    r = game("  " + rule)
    assert r.takebreak.canonical() == code
    for n in range(15):
        mine = {(j, tuple(p)) for j, p in r.takebreak.options(n)}
        assert mine == rule_options(n, amounts, cond), n


def test_cuts_beside_splits_and_parameters():
    r = game("  split n by s in {3} into a, b\n  cut n by s in {1, 2}")
    assert r.takebreak.canonical() == "0.337"          # Dawson's chess shape: remove 1 or 2 and leave one heap
    r = game("  split n by s in 1..k into a, b", {"k": "4"}, "game t(k: int >= 1 = 2)")
    assert r.takebreak.canonical() == "0.7777"
    assert game("  split n by s in {2} into a, b where a >= 1 and b >= 1\n  cut n to t").takebreak.canonical() == "0.37[3]"
    assert game("  cut n to t").takebreak is None       # no split: Nim as a game of positions
    assert game("  split n by s in 1..n into a, b where a >= 1 and b >= 1").takebreak.canonical() == "0.[4]"
    mixed = game("  split n by s in {2} into a, b where a >= 1 and b >= 1\n  split n by s in {2} into a, b where b == 0")
    assert mixed.takebreak.canonical() == "0.07"       # two rules on one amount: either move


def test_octal_statement_defaults_to_heap_n_and_keeps_the_code_as_written():
    r = Ruleset(load_text('game k\n  octal "0.770"\n', "t.game"))
    assert r.coords == ("n",) and r.takebreak.text == "0.770" and r.takebreak.canonical() == "0.77"
    r = Ruleset(load_text('game k\n  coordinates h\n  octal "4!.0"\n', "t.game"))
    assert r.coords == ("h",)


@pytest.mark.parametrize("text, line, col, words", [
    ("  split n into a, b", 3, 3, "removing nothing must leave two nonempty parts"),
    ("  split n by s in {1} into a, b where a < 3", 3, 39, "cannot be stated as a take-and-break rule"),
    ("  split n by s in {1} into a, b where a + b == 4", 3, 39, "cannot be stated"),
    ("  split n by s in {1} into a, b where a == 0 and a >= 1", 3, 39, "allows no move"),
    ("  split n by s in {n} into a, b", 3, 20, "amount reads the heap"),
    ("  split n by n in {1} into a, b", 3, 3, "hides a coordinate"),
    ("  split n by s in {1} into a, a", 3, 3, "differently"),
    ("  split m by s in {1} into a, b", 3, 3, "not the heap coordinate"),
    ("  split n by s in {1} into a, b\n  require n <= 9", 4, 3, "'require' is not a take-and-break rule"),
    ("  split n by s in {1} into a, b\n  cut n to t where t >= n - 1", 4, 7, "cannot be stated as a take-and-break move"),
    ("  split n by s in {1} into a, b\n  cut n to t: n = t", 4, 7, "cut n to t"),
    ("  split n by s in {1} into a, b\n  pass once", 4, 3, "'pass once' is not"),
])
def test_what_the_language_cannot_state_is_refused_with_its_line(text, line, col, words):
    with pytest.raises(SpecError, match=words) as e:
        game(text)
    assert (e.value.line, e.value.column) == (line, col), str(e.value)


def test_refusals_of_codes_coordinates_and_sums():
    with pytest.raises(SpecError, match="octal code '0.7x'.*not a code digit") as e:
        load_text('game k\n  octal "0.7x"\n', "t.game")
    assert (e.value.line, e.value.column) == (2, 13)          # the 'x' inside the string
    with pytest.raises(SpecError, match="one coordinate, the heap; 2 given"):
        load_text("game k\n  coordinates n, m\n  split n by s in {1} into a, b\n", "t.game")
    with pytest.raises(SpecError, match="from the code alone"):
        load_text('game k\n  octal "0.77"\n  coordinates n\n  split n by s in {1} into a, b\n', "t.game")
    with pytest.raises(SpecError, match="'octal' given twice"):
        load_text('game k\n  octal "0.77"\n  octal "0.07"\n', "t.game")
    with pytest.raises(SpecError, match="leave sums of heaps.*cannot be summed"):
        load_text('game k\n  octal "0.77"\ngame s\n  sum k[x] + k[y]\n', "t.game")
    with pytest.raises(SpecError, match="additive|add tokens"):
        load_text('game k\n  octal "10.7"\n', "t.game")


def test_an_amount_the_parameters_make_negative_is_a_rule_error():
    from cgs_bridge.foundation.errors import RuleError
    with pytest.raises(RuleError, match="amount -1"):
        game("  split n by s in {k} into a, b", {"k": "-1"}, "game t(k: int = 1)")
