"""Programs that only print (issue 47, item 5), each written for these tests
(tests/data/audit/published/): Grundy values of one heap built by Nest, P-positions of one heap
by a sieve, Wythoff's P-positions by the greedy construction, Nim's P-positions selected from all
positions by a table of lose marks. ``--printed grundy|p-positions`` says what was printed; it is
judged on the audit's box. For each correct program a planted twin that differs where an
independent recursion here says, and unjudgeable forms with their reasons.

Also the false differences these programs met before (exit 1 on correct programs): a list of
P-positions read as a table of Grundy values (``{0, 4, 8, ...}`` as the values of heaps 0, 1, 2),
and a P-position list drawn from all positions by a filter taken for the position list.

Expected values: plain mex recursions over the games' definitions (subtraction S = {1, 2, 3}:
Winning Ways, ch. 4; Nim: Bouton 1901; Wythoff 1907), written here. Mathics3 evaluates every
program for real (in-process launcher).
"""

from __future__ import annotations

from functools import lru_cache

import pytest

from cgs_bridge.systems.mathematica.runner import mathics_command

import paths
from audit_inprocess import audit_file

pytestmark = [pytest.mark.mathics,
              pytest.mark.skipif(mathics_command() is None, reason="Mathics3 is not installed")]

DATA = paths.DATA / "audit" / "published"


def mex(values) -> int:
    return next(m for m in range(len(values) + 1) if m not in values)


@lru_cache(maxsize=None)
def subtraction(x: int, moves: tuple = (1, 2, 3)) -> int:
    return mex({subtraction(x - s, moves) for s in moves if s <= x})


@lru_cache(maxsize=None)
def wythoff(a: int, b: int) -> int:
    return mex({wythoff(i, b) for i in range(a)} | {wythoff(a, j) for j in range(b)}
               | {wythoff(a - d, b - d) for d in range(1, min(a, b) + 1)})


def audit(name, game, monkeypatch, edit=None, **options):
    return audit_file(DATA / name, game, monkeypatch, edit, **options)


def checks(rep):
    return {c.name: c for c in rep.runs[0].checks}


def positions(rows) -> set:
    return {r["position"] for r in rows}


def judged(differ: set, printed: set) -> set:
    """The differing positions the printed list covers: those at or below its largest value of
    every coordinate (a list computed only that far says nothing beyond it), as the report writes
    them."""
    top = [max(p[i] for p in printed) for i in range(len(next(iter(printed))))]
    return {"(" + ",".join(map(str, p)) + ")" for p in differ
            if p in printed or all(v <= t for v, t in zip(p, top))}


def test_a_p_position_list_of_one_heap_is_never_read_as_a_grundy_table(monkeypatch):
    """ps = {0, 4, 8, ...} was read as the values of heaps 0, 1, 2 (a 'table the program filled'):
    exit 1, '7 of 8 Grundy values of ps differ'. A table is now only a symbol the program assigns
    by index (ps[[i]] = ...); without --printed nothing identifies the list: exit 2, no difference."""
    rep = audit("sievep.wl", "subtraction", monkeypatch)
    c = checks(rep)
    assert rep.exit_code == 2, {k: v.summary for k, v in c.items()}
    assert all(v.verdict != "differ" for v in c.values())
    assert "no Grundy function" in c["values"].summary and "ps" in c["values"].summary


@pytest.mark.parametrize("edit", [None, ("x - {1, 2, 3}", "x - {1, 2}")])
def test_printed_p_positions_of_one_heap_are_judged(monkeypatch, edit):
    """--printed p-positions: the sieve's list is the spec's P-positions of heaps 0..30 (x mod 4
    == 0); the twin sieves with S = {1, 2} (multiples of 3)."""
    rep = audit("sievep.wl", "subtraction", monkeypatch, edit=edit, printed="p-positions")
    c = checks(rep)
    moves = (1, 2) if edit else (1, 2, 3)
    bad = {f"({x})" for x in range(31) if (subtraction(x, moves) == 0) != (subtraction(x) == 0)}
    assert rep.exit_code == (1 if edit else 0), {k: v.summary for k, v in c.items()}
    assert c["values"].verdict == "skipped" and "--printed p-positions" in c["values"].summary
    assert positions(c["printed"].rows) == bad and bool(bad) == bool(edit)


@pytest.mark.parametrize("name, said, needles", [
    ("sievep.wl", "p-positions", ("(32), (36), (40)", "--bound x=28")),
    ("nestvals.wl", "grundy", ("covers coordinates up to (30)", "--bound x=30"))])
def test_nothing_is_judged_beyond_what_was_printed(monkeypatch, name, said, needles):
    """Both lists are computed for heaps 0..30; with --bound 40 the box reaches beyond them. The
    P-position list ends at 28: the spec's 32, 36, 40 are not judged; the 31 values do not cover
    the box. Exit 2, naming the --bound that judges what was printed."""
    rep = audit(name, "subtraction", monkeypatch, printed=said, bound="40")
    c = checks(rep)
    assert rep.exit_code == 2 and c["printed"].verdict == "error"
    assert all(n in c["printed"].summary for n in needles), c["printed"].summary


@pytest.mark.parametrize("edit", [None, ("-Min[3, Length[#]]", "-Min[2, Length[#]]")])
def test_printed_grundy_values_built_by_nest_are_judged(monkeypatch, edit):
    """Nest builds the values of heaps 0..30 (S = {1, 2, 3}: x mod 4); the twin looks back two
    heaps only (S = {1, 2})."""
    rep = audit("nestvals.wl", "subtraction", monkeypatch, edit=edit, printed="grundy", bound="30")
    c = checks(rep)
    moves = (1, 2) if edit else (1, 2, 3)
    bad = {f"({x})" for x in range(31) if subtraction(x, moves) != subtraction(x)}
    assert rep.exit_code == (1 if edit else 0), {k: v.summary for k, v in c.items()}
    assert positions(c["printed"].rows) == bad and bool(bad) == bool(edit)


def test_the_box_is_the_audits_never_the_printed_lists(monkeypatch):
    """Without --bound the box is the program's iterators' (Range[0, 3]: heaps 0..3, named in the
    report; Nest's count bounds no iterator), never the printed list's length."""
    rep = audit("nestvals.wl", "subtraction", monkeypatch, printed="grundy")
    c = checks(rep)
    assert "box x=3" in c["printed"].summary and "every one up to 3" in c["positions"].summary


@pytest.mark.parametrize("edit", [None, ("ps = Join[ps, {{a, a + k}, {a + k, a}}]", "ps = Join[ps, {{a, a + k}}]")])
def test_printed_wythoff_p_positions_are_judged(monkeypatch, edit):
    """The greedy construction lists both (a, a + k) and (a + k, a); the twin forgets the second.
    Spec P-positions beyond the printed list's largest coordinates are named, not counted."""
    rep = audit("wythoffp.wl", "wythoff", monkeypatch, edit=edit, printed="p-positions")
    c = checks(rep)
    spec = {(a, b) for a in range(13) for b in range(13) if wythoff(a, b) == 0}
    prog = {(a, b) for a, b in spec if a <= b} if edit else spec
    assert rep.exit_code == (1 if edit else 0), {k: v.summary for k, v in c.items()}
    assert positions(c["printed"].rows) == judged(prog ^ spec, prog)
    if edit:  # (7,4) and (10,6) lie beyond the printed list's largest first coordinate, 6
        assert "2 spec P-positions beyond (6,10), where the printed list ends, not judged" in c["printed"].summary


def test_two_different_printed_lists_are_ambiguous(monkeypatch):
    rep = audit("wythoffp.wl", "wythoff", monkeypatch, printed="p-positions",
                edit=("Print[Select[", "Print[{{0, 0}, {1, 2}}];\nPrint[Select["))
    c = checks(rep)
    assert rep.exit_code == 2 and c["printed"].verdict == "error"
    assert "ambiguous: printed line 1, printed line 2" in c["printed"].summary


def test_a_list_of_pairs_is_not_grundy_values(monkeypatch):
    """--printed grundy on a program that prints pairs: the pairs read as a table cover only
    y = 0..1 of the box: not judged (exit 2)."""
    rep = audit("wythoffp.wl", "wythoff", monkeypatch, printed="grundy")
    c = checks(rep)
    assert rep.exit_code == 2 and c["printed"].verdict == "error"
    assert "not the whole box" in c["printed"].summary


def nim2_twin_p_positions(n: int) -> set:
    """The twin's lose marks: the moves along the first heap leave out heap 0."""
    lose = {}
    for a in range(n + 1):
        for b in range(n + 1):
            lose[a, b] = not (any(lose[i, b] for i in range(1, a)) or any(lose[a, j] for j in range(b)))
    return {p for p, v in lose.items() if v}


def test_p_positions_drawn_by_a_filter_are_not_taken_for_the_position_list(monkeypatch):
    """ps = Select[all, lose...] was the 'largest list drawn from another by a filter' and judged
    as the position list: 90 valid positions 'missing', exit 1 on a correct program. Without a
    Grundy value recorded such a list is not judged (exit 2, naming --positions and --printed)."""
    rep = audit("nimp.wl", "nim2.game", monkeypatch)
    c = checks(rep)
    assert rep.exit_code == 2, {k: v.summary for k, v in c.items()}
    assert c["positions"].verdict == "error" and "may be the program's P-positions" in c["positions"].summary


@pytest.mark.parametrize("edit", [None, ("{i, 0, a - 1}", "{i, 1, a - 1}")])
def test_printed_nim_p_positions_are_judged(monkeypatch, edit):
    rep = audit("nimp.wl", "nim2.game", monkeypatch, edit=edit, printed="p-positions")
    c = checks(rep)
    spec = {(a, b) for a in range(10) for b in range(10) if a ^ b == 0}
    prog = nim2_twin_p_positions(9) if edit else spec
    assert rep.exit_code == (1 if edit else 0), {k: v.summary for k, v in c.items()}
    assert c["positions"].verdict == "skipped"
    assert positions(c["printed"].rows) == judged(prog ^ spec, prog)
