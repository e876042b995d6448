"""Coin-turning programs in CGScript (issue 47): ``game.heap.Spawning(code)`` as CGSuite 2.2's
Turning.cgs documents turning codes, and a class of one's own, audited against the catalog's spawn
specs (``tests/data/audit/turning_cgs/``). Before this change the interpreter refused
``game.heap.Spawning`` by name, so every audit here was exit 2.

Expected values come from Winning Ways ch. 14 (Mock Turtles: heap n has odious(n - 1), OEIS
A000069) and from the turning rules themselves (the coin sets a code allows, enumerated here by
brute force); the real CGSuite runs the same programs in ``test_turning_real.py``.
"""

from __future__ import annotations

import itertools

import pytest

from cgs_bridge.cli.main import main
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_game
from cgs_bridge.systems.cgsuite.audit.core import audit_cgscript
from cgs_bridge.systems.cgsuite.cgscript.turning import TurningError, parse_turning
from cgs_bridge.systems.cgsuite.cgscript.worksheet import run_worksheet

import paths

DATA = paths.DATA / "audit" / "turning_cgs"


def odious(k: int) -> int:
    return [m for m in range(4 * k + 4) if bin(m).count("1") % 2][k]


MOCK = [0] + [odious(n - 1) for n in range(1, 31)]


def audit(path, game, **kw):
    return audit_cgscript(str(path), Ruleset(load_game(game), {}), **kw)


def summaries(rep):
    return [f"{c.name}: {c.verdict}: {c.summary}" for _, c in rep.checks]


def brute_sets(n: int, counts, ok=lambda coins: True) -> list:
    """The other coins of every set of ``counts`` coins (numbered from 1) with rightmost coin ``n`` that ``ok`` allows,
    sorted (the sets a turning code names, from its definition)."""
    return [] if n == 0 else sorted(rest for k in counts for rest in itertools.combinations(range(1, n), k - 1)
                  if ok(rest + (n,)))


@pytest.mark.parametrize("code, counts, ok", [
    ("1-3", [1, 2, 3], lambda c: True),
    ("2", [2], lambda c: True),
    ("3E", [3], lambda c: c[1] - c[0] == c[2] - c[1]),
    ("1+C", range(1, 12), lambda c: c[-1] - c[0] == len(c) - 1),
    ("1-3C(5)", [1, 2, 3], lambda c: c[-1] - c[0] <= 4),
    ("4S", [4], lambda c: c[0] + c[3] == c[1] + c[2]),
    ("2-3,6C", [2, 3], lambda c: True),
])
def test_turning_codes_name_the_coin_sets_of_their_definition(code, counts, ok):
    for n in range(0, 11):
        got = sorted(rest for _, rest in parse_turning(code).options(n))
        want = brute_sets(n, counts, ok)
        if code == "2-3,6C" and n >= 6:
            want = sorted(want + [tuple(range(n - 5, n))])
        assert got == want, (code, n)


@pytest.mark.parametrize("code, words", [
    ("1F", "modifier F is not interpreted"), ("1-3E", "E with one coin"), ("0-2", "no coin is no move"),
    ("3-1", "runs backwards"), ("3C(2)", "no element"), ("1-3X", "not an element"), ("", "not an element"),
])
def test_codes_cgsuite_plays_otherwise_or_not_at_all_are_refused(code, words):
    with pytest.raises(TurningError, match=words):
        parse_turning(code)


def test_the_interpreter_gives_spawning_its_members():
    run = run_worksheet('R := game.heap.Spawning("1-3");\nSystem.Print(R.HeapOptions(4));\n'
                        "System.Print(R.NimValueSequence(8));\nSystem.Print(R(5).NimValue);\n"
                        "System.Print((R(2) + R(3)).NimValue);\nSystem.Print(R(3).Options);\n")
    assert run.error is None, run.error
    assert run.printed[0] == "[[],[1],[2],[3],[1,2],[1,3],[2,3]]"
    assert run.printed[1:4] == [str(MOCK[1:9]).replace(" ", ""), str(MOCK[5]), str(MOCK[2] ^ MOCK[3])]


@pytest.mark.parametrize("name, kw", [
    ("mock_turtles_sequence.cgs", {}), ("mock_turtles_values.cgs", {}),
    ("mock_turtles_class.cgs", {"classes": [str(DATA / "MockTurtlesHeap.cgs")]}),
])
def test_a_correct_program_agrees(name, kw):
    rep = audit(DATA / name, "mock_turtles", **kw)
    assert rep.exit_code == 0, summaries(rep)
    printed = " ".join(rep.printed["as printed"])
    assert str(MOCK[1:31]).replace(" ", "") in printed or str(MOCK[16]) in printed


def test_a_program_of_another_code_differs_at_the_heaps_where_the_games_differ(tmp_path):
    """Turning Turtles (1-2: Nim shifted by one, heap n has n - 1... no: n, coins from 1) against Mock
    Turtles: the first difference is heap 3 (Turning Turtles 3, Mock Turtles odious(2) = 4)."""
    text = (DATA / "mock_turtles_sequence.cgs").read_text(encoding="utf-8").replace('"1-3"', '"1-2"')
    (tmp_path / "p.cgs").write_text(text, encoding="utf-8")
    rep = audit(tmp_path / "p.cgs", "mock_turtles")
    heaps = next(c for _, c in rep.checks if c.name == "heaps")
    assert rep.exit_code == 1 and heaps.verdict == "differ", summaries(rep)
    differ = sum(n != MOCK[n] for n in range(1, 31))   # Turning Turtles' heap n has the value n
    assert f"{differ} of 30 values" in heaps.summary and "heap (3)" in heaps.summary


def test_a_class_without_the_move_to_no_heap_differs(tmp_path):
    cls = (DATA / "MockTurtlesHeap.cgs").read_text(encoding="utf-8").replace("(if n >= 1 then [0] else [] end)",
                                                                             "[]")
    (tmp_path / "MockTurtlesHeap.cgs").write_text(cls, encoding="utf-8")
    rep = audit(DATA / "mock_turtles_class.cgs", "mock_turtles", classes=[str(tmp_path / "MockTurtlesHeap.cgs")])
    assert rep.exit_code == 1, summaries(rep)


@pytest.mark.parametrize("code, exit_code, words", [
    ("1-3", 0, "AGREE: all 30 heap values of Spawning(\"1-3\")"),
    ("1-2", 1, "DIFFER"),
    ("1-5", 2, "turns up to 5 coins, so a move leaves more than two heaps"),
    ("1+", 2, "stopped before starting"),
    ("1-3F", 2, "modifier F is not interpreted"),
])
def test_the_command_line_gives_the_exit_codes(tmp_path, capsys, code, exit_code, words):
    text = (DATA / "mock_turtles_sequence.cgs").read_text(encoding="utf-8").replace('"1-3"', f'"{code}"')
    (tmp_path / "p.cgs").write_text(text, encoding="utf-8")
    assert main(["audit", str(tmp_path / "p.cgs"), "--game", "mock_turtles", "--no-sandbox"]) == exit_code
    assert words in capsys.readouterr().out
