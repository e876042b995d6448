"""``--printed grundy|p-positions`` (issue 47, item 5): what a program printed, named by the user,
judged on the audit's box (:mod:`cgs_bridge.systems.auditing.declared`), without an engine: the
printed lines are written here from independent values (a Nim heap's Grundy value is its size,
Bouton 1901; Wythoff's P-positions by a mex recursion over the game's definition)."""

from __future__ import annotations

from functools import lru_cache

import pytest

from cgs_bridge.foundation.errors import InputError
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_game
from cgs_bridge.model.resolve import box_of
from cgs_bridge.systems.auditing import options
from cgs_bridge.systems.auditing.declared import judge_declared
from cgs_bridge.systems.auditing.judge import solve_box


def solved(game: str, bound: str):
    r = Ruleset(load_game(game), {})
    sol, err = solve_box(r, box_of(r, bound))
    assert err is None
    return sol


@lru_cache(maxsize=None)
def wythoff(a: int, b: int) -> int:
    opts = ({wythoff(i, b) for i in range(a)} | {wythoff(a, j) for j in range(b)}
            | {wythoff(a - d, b - d) for d in range(1, min(a, b) + 1)})
    return next(m for m in range(len(opts) + 1) if m not in opts)


def wl(value) -> str:
    if isinstance(value, (list, tuple)):
        return "{" + ", ".join(wl(v) for v in value) + "}"
    return str(value)


def test_grundy_values_of_one_heap_agree_and_a_wrong_entry_differs():
    sol = solved("nim", "10")
    lines = [("printed line 1", "Power::infy: Infinite expression 1/0 encountered."),
             ("printed line 2", wl(list(range(11))))]
    c = judge_declared(lines, sol, "grundy", 1)
    assert c.verdict == "agree", c.summary
    wrong = list(range(11))
    wrong[7] = 6
    c = judge_declared([("printed line 1", wl(wrong))], sol, "grundy", 1)
    assert c.verdict == "differ" and [(r["position"], r["program"], r["spec"]) for r in c.rows] == [("(7)", 6, 7)]


def test_grundy_values_that_are_not_integers_or_too_short_are_not_judged():
    sol = solved("nim", "10")
    c = judge_declared([("printed line 1", "{0, 1, 2, g[3], 4, 5, 6, 7, 8, 9, 10}")], sol, "grundy", 1)
    assert c.verdict == "error" and "1 entries on the box are not integers, e.g. (3): g[3]" in c.summary
    c = judge_declared([("printed line 1", wl(list(range(8))))], sol, "grundy", 1)
    assert c.verdict == "error" and "--bound x=7 judges what was printed" in c.summary
    c = judge_declared([("printed line 1", "done")], sol, "grundy", 1)
    assert c.verdict == "error" and "nothing printed is a list of Grundy values" in c.summary


def test_a_two_coordinate_table_is_indexed_by_the_position():
    sol = solved("wythoff", "5")
    table = [[wythoff(a, b) for b in range(6)] for a in range(6)]
    assert judge_declared([("statement 3", wl(table))], sol, "grundy", 2).verdict == "agree"
    table[2][4] += 1  # entry [[3, 5]]: position (2, 4)
    c = judge_declared([("statement 3", wl(table))], sol, "grundy", 2)
    assert c.verdict == "differ" and [r["position"] for r in c.rows] == ["(2,4)"]


def test_p_positions_agree_differ_and_a_list_with_repeats_is_not_one():
    sol = solved("wythoff", "10")
    spec = sorted((a, b) for a in range(11) for b in range(11) if wythoff(a, b) == 0)
    assert judge_declared([("line", wl(spec + [(13, 8)]))], sol, "p-positions", 2).verdict == "agree"
    c = judge_declared([("line", wl([p for p in spec if p != (3, 5)] + [(2, 2)]))], sol, "p-positions", 2)
    assert c.verdict == "differ"
    assert {(r["position"], r["program"]) for r in c.rows} == {("(3,5)", "not printed"), ("(2,2)", "printed as a P-position")}
    one = solved("nim", "6")  # a heap's values 0, 1, 2, 0 ... repeat: never a list of positions
    c = judge_declared([("line", "{0, 1, 0, 1}")], one, "p-positions", 1)
    assert c.verdict == "error" and "nothing printed is a list of positions" in c.summary


def test_different_candidates_are_ambiguous():
    sol = solved("wythoff", "4")
    c = judge_declared([("line 1", "{{0, 0}, {1, 2}, {2, 1}}"), ("line 2", "{{0, 0}}")], sol, "p-positions", 2)
    assert c.verdict == "error" and "ambiguous: line 1, line 2" in c.summary


def test_the_option_is_one_of_two_words():
    assert options.common({"printed": "p-positions"})["printed"] == "p-positions"
    assert options.common({})["printed"] is None
    with pytest.raises(InputError, match="--printed 'values': say what the program printed"):
        options.common({"printed": "values"})
