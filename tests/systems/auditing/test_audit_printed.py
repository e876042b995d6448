"""Printed results are results (issue 34): printed P-positions, Grundy tables and counts are judged
on the box when the program's own values identify them. Expected values from an independent
recursion (Wythoff's game: lower one heap, or both by the same amount, mex of the options)."""

from __future__ import annotations

from functools import lru_cache

from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_game
from cgs_bridge.systems.auditing.judge import solve_box, valid_positions
from cgs_bridge.systems.auditing.printed import judge_printed
from solvers import Box


@lru_cache(maxsize=None)
def g(a, b):
    opts = ({g(i, b) for i in range(a)} | {g(a, j) for j in range(b)}
            | {g(a - d, b - d) for d in range(1, min(a, b) + 1)})
    return next(m for m in range(len(opts) + 1) if m not in opts)


N = 4
SOL, _ = solve_box(Ruleset(load_game("wythoff"), {}), Box(("x", "y"), (N, N)))
CHECKED = valid_positions(SOL)
OWN = [g(*p) for p in CHECKED]
ZEROS = [[a, b] for a in range(N + 1) for b in range(N + 1) if g(a, b) == 0]
TABLE = [[g(a, b) for b in range(N + 1)] for a in range(N + 1)]


def text(v):
    return "{" + ", ".join(text(x) for x in v) + "}" if isinstance(v, list) else str(v)


def judge(lines, own=OWN):
    return judge_printed(lines, SOL, CHECKED, own, 2)


def test_printed_p_positions_table_and_count_agree():
    assert ZEROS == [[0, 0], [1, 2], [2, 1]]  # Wythoff's pairs (1, 2), (3, 5): only the first fit
    c = judge(["P-positions: " + text(ZEROS), text(TABLE), str(len(ZEROS))])
    assert c.verdict == "agree", c.summary
    assert "3 P-positions" in c.summary and "table" in c.summary and "count 3" in c.summary


def test_a_program_whose_values_are_wrong_prints_a_wrong_list_named_with_both_values():
    """Planted: the program's values say (1, 1) has value 0 (a diagonal move forgotten there)."""
    own = [0 if p == (1, 1) else v for p, v in zip(CHECKED, OWN)]
    c = judge(["P: " + text(ZEROS + [[1, 1]])], own)
    assert c.verdict == "differ" and "(1,1): program printed as a P-position, spec value 2" in c.summary
    table = [row[:] for row in TABLE]
    table[1][1] = 0
    c = judge([text(table)], own)
    assert c.verdict == "differ" and "(1,1): program 0, spec 2" in c.summary
    c = judge(["4"], own)
    assert c.verdict == "differ" and "count: program 4, spec 3" in c.summary


def test_what_the_program_values_do_not_identify_is_not_judged():
    c = judge(["{{0, 1}}", "17", "Syntax::sntxi: {1, 2}", "hello"])
    assert c.verdict == "info"
