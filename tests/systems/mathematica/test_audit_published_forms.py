"""Programs as people publish them (issue 47), each written for these tests
(tests/data/audit/published/): a 1-based array filled by a Do loop, a plot as the only place the
size is written, memoised definitions a[n] and T[n, k], a win predicate, an engine limit. For each
correct program a planted-bug twin (a text replacement) that must differ, and an unjudgeable form
with its reason.

Expected values come from plain recursions written here: Nim's Grundy value is the nim-sum
(Bouton 1901), the subtraction game S = {1, 2, 3} has x mod 4 (Winning Ways, ch. 4), Wythoff's
game by a memoised mex of its options as its definition states them. Mathics3 evaluates every
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


@lru_cache(maxsize=None)
def wythoff(a, b, diag_from=1):
    opts = ({wythoff(i, b, diag_from) for i in range(a)} | {wythoff(a, j, diag_from) for j in range(b)}
            | {wythoff(a - d, b - d, diag_from) for d in range(diag_from, min(a, b) + 1)})
    return next(m for m in range(len(opts) + 1) if m not in opts)


def audit(name, game, monkeypatch, edit=None, **options):
    return audit_file(DATA / name, game, monkeypatch, edit, **options)


def checks(rep):
    return {c.name: c for c in rep.runs[0].checks}


def test_unread_entries_of_a_do_filled_array_are_never_differences(monkeypatch):
    """The array g[[a, b, c]] holds heaps 0..4 (indices 1..5); the iterators say 5, so the box
    reaches heap 5, where the array has no entry (Missing[]). Before issue 47 the printed list of
    P-positions was compared there and the correct program was exit 1 (9 'not printed'); now exit 2
    naming the unread entries and the --bound that judges the table, which then agrees."""
    rep = audit("do1based.wl", "nim3.game", monkeypatch)
    c = checks(rep)
    assert rep.exit_code == 2, {k: v.summary for k, v in c.items()}
    assert all(v.verdict != "differ" for v in c.values())
    assert "91 entries not read (Missing[]" in c["unevaluated"].summary
    assert "--bound x=4,y=4,z=4 judges what the program computed" in c["values"].summary
    assert c["printed"].verdict == "error" and "could not be read at 91 of the 216" in c["printed"].summary
    rep = audit("do1based.wl", "nim3.game", monkeypatch, bound="4")
    zeros = sum(1 for a in range(5) for b in range(5) for x in range(5) if a ^ b ^ x == 0)
    assert rep.exit_code == 0, {k: v.summary for k, v in checks(rep).items()}
    assert f"a list of {zeros} P-positions" in checks(rep)["printed"].summary


def test_the_planted_twin_of_the_array_differs_where_the_nim_sum_says(monkeypatch):
    """Twin: the moves along the first heap leave out heap 0 ({i, 2, a - 1} instead of {i, 1, a - 1}),
    so heap sizes (a, b, c) with a >= 1 lose the option (0, b, c)."""
    rep = audit("do1based.wl", "nim3.game", monkeypatch, edit=("{i, 1, a - 1}", "{i, 2, a - 1}"), bound="4")
    c = checks(rep)

    @lru_cache(maxsize=None)
    def twin(a, b, x):
        opts = ({twin(i, b, x) for i in range(1, a)} | {twin(a, j, x) for j in range(b)}
                | {twin(a, b, k) for k in range(x)})
        return next(m for m in range(len(opts) + 1) if m not in opts)
    bad = {(a, b, x) for a in range(5) for b in range(5) for x in range(5) if twin(a, b, x) != a ^ b ^ x}
    assert rep.exit_code == 1 and c["values"].verdict == "differ"
    assert {r["position"] for r in c["values"].rows} == {"(" + ",".join(map(str, p)) + ")" for p in bad}


@pytest.mark.parametrize("edit, code", [(None, 0), (("{d, 1, Min[x, y]}", "{d, 2, Min[x, y]}"), 1)])
def test_a_program_that_only_plots_is_judged_on_the_plot_iterators_box(monkeypatch, edit, code):
    """The size is written only in the ArrayPlot (removed as display code): the box comes from its
    iterators (before issue 47: 'no box', exit 2); g, the only memoised definition, is called by
    the audit. The twin forgets the diagonal move of one token."""
    rep = audit("plot.wl", "wythoff", monkeypatch, edit=edit)
    c = checks(rep)
    assert rep.exit_code == code, {k: v.summary for k, v in c.items()}
    assert "read in the display code removed (line 4)" in c["positions"].summary
    bad = {(a, b) for a in range(8) for b in range(8) if wythoff(a, b) != wythoff(a, b, 2)}
    assert {r["position"] for r in c["values"].rows} == ({f"({a},{b})" for a, b in bad} if code else set())


@pytest.mark.parametrize("name, options, edit", [
    ("sub1.wl", {"bound": "20"}, ("{1, 2, 3}, # <= n", "{1, 2}, # <= n")),
    ("subT.wl", {}, ("{s, 1, Min[n, k]}", "{s, 1, Min[n, k - 1]}"))])
def test_memoised_one_heap_definitions_are_the_grundy_function(monkeypatch, name, options, edit):
    """a[n_] := a[n] = ... (a one-coordinate game: the trace read only lists before issue 47) and
    T[n_, k_] := T[n, k] = ... called with k = 3 always (recognised as T[##, 3]). The twins allow
    only S = {1, 2}: value x mod 3."""
    rep = audit(name, "subtraction", monkeypatch, **options)
    c = checks(rep)
    assert rep.exit_code == 0 and c["values"].verdict == "agree", {k: v.summary for k, v in c.items()}
    n = 20 if name == "sub1.wl" else 15
    rep = audit(name, "subtraction", monkeypatch, edit=edit, **options)
    c = checks(rep)
    assert rep.exit_code == 1
    assert {r["position"] for r in c["values"].rows} == {f"({x})" for x in range(n + 1) if x % 3 != x % 4}


def test_a_memoised_function_called_with_two_values_of_k_is_named_not_guessed(monkeypatch):
    rep = audit("subT.wl", "subtraction", monkeypatch,
                edit=("Table[T[n, 3], {n, 0, 15}]", "Table[{T[n, 2], T[n, 3]}, {n, 0, 15}]"), bound="15")
    c = checks(rep)
    assert rep.exit_code == 2 and c["values"].verdict == "error"
    assert "ambiguous" in c["values"].summary and "--grundy" in c["values"].summary


@pytest.mark.parametrize("edit, code", [(None, 0), (("{d, 1, Min[a, b]}", "{d, 2, Min[a, b]}"), 1)])
def test_a_win_predicate_is_judged_as_p_positions(monkeypatch, edit, code):
    """win[p] is True when the player to move wins: False at the terminal (0, 0) says so. Its
    False positions must be Wythoff's P-positions of the box (before issue 47: 'no Grundy
    function', exit 2)."""
    rep = audit("win.wl", "wythoff", monkeypatch, edit=edit)
    c = checks(rep)
    assert rep.exit_code == code, {k: v.summary for k, v in c.items()}
    assert "True means 'the player to move wins'" in c["win"].summary
    prog = {(a, b) for a in range(9) for b in range(9) if wythoff(a, b, 2 if code else 1) == 0}
    spec = {(a, b) for a in range(9) for b in range(9) if wythoff(a, b) == 0}
    assert {r["position"] for r in c["win"].rows} == {f"({a},{b})" for a, b in prog ^ spec}


def test_a_win_predicate_whose_meaning_cannot_be_read_is_not_judged(monkeypatch):
    """The unjudgeable form: the predicate answers something other than True/False at a position
    (Indeterminate at (7, 7)): not judged, naming it (exit 2)."""
    rep = audit("win.wl", "wythoff", monkeypatch,
                edit=("win[p_] := win[p] =", "win[{7, 7}] = Indeterminate;\nwin[p_] := win[p] ="))
    c = checks(rep)
    assert rep.exit_code == 2 and c["win"].verdict == "error"
    assert "not True/False at 1 of 81 valid positions, e.g. (7,7)" in c["win"].summary


def test_an_engine_limit_is_reported_as_the_engines(monkeypatch):
    """$IterationLimit lowered by the program; the statement it stops is the engine's limit, not
    'the program stopped the audit'; the values computed are judged (x mod 4)."""
    rep = audit("itlim.wl", "subtraction", monkeypatch)
    c = checks(rep)
    assert c["engine-limit"].verdict == "error" and "$IterationLimit" in c["engine-limit"].summary
    assert "not by the program" in c["completion"].summary
    assert "program stopped the audit" not in c["completion"].summary
    assert c["values"].verdict == "agree" and rep.exit_code == 2


def test_an_engine_limit_is_raised_for_the_run_by_an_option(monkeypatch):
    """Without the prelude Mathics3's $RecursionLimit is 200: the memoised recursion 60 heaps deep
    stops (engine-limit names --recursion-limit, exit 2); --recursion-limit 5000 set before the
    program lets it finish, and the values agree (x mod 4); the twin (S = {1, 2}) then differs."""
    rep = audit("deep.wl", "subtraction", monkeypatch, use_prelude=False, bound="20")
    c = checks(rep)
    assert rep.exit_code == 2 and "$RecursionLimit" in c["engine-limit"].summary
    assert "raise it for this run with --recursion-limit N" in c["engine-limit"].summary
    rep = audit("deep.wl", "subtraction", monkeypatch, use_prelude=False, bound="20",
                limits={"recursion_limit": 5000})
    c = checks(rep)
    assert rep.exit_code == 0 and "engine-limit" not in c, {k: v.summary for k, v in c.items()}
    rep = audit("deep.wl", "subtraction", monkeypatch, use_prelude=False, bound="20",
                limits={"recursion_limit": 5000}, edit=("m - {1, 2, 3}", "m - {1, 2}"))
    c = checks(rep)
    assert rep.exit_code == 1 and {r["position"] for r in c["values"].rows} == {
        f"({x})" for x in range(21) if x % 3 != x % 4}


def test_a_limit_the_program_sets_itself_is_named_with_its_line(monkeypatch):
    """The program lowers $RecursionLimit itself (its first statement, printed after the comment on
    line 1): that assignment overrides the option, so the report names it and --subst instead."""
    rep = audit("deep.wl", "subtraction", monkeypatch, bound="20", limits={"recursion_limit": 5000},
                edit=("v[0] = 0;", "$RecursionLimit = 100;\nv[0] = 0;"))
    c = checks(rep)
    assert rep.exit_code == 2
    text = c["engine-limit"].summary
    assert text.startswith("the limit the program set itself (the statement at line 1 assigns $RecursionLimit)")
    assert "with --subst (--recursion-limit is set before the program, which overrides it)" in text


@pytest.mark.parametrize("limits, message", [
    ({"recursion_limit": 5}, "--recursion-limit 5: $RecursionLimit for this run must be an integer from 20 to 100000"),
    ({"iteration_limit": 10**9}, "--iteration-limit 1000000000: $IterationLimit for this run must be an integer from 20 to 100000000")])
def test_limits_are_bounded_before_any_run(monkeypatch, limits, message):
    from cgs_bridge.foundation.errors import InputError

    def no_run(*args, **kwargs):
        raise AssertionError("the engine ran")
    monkeypatch.setattr("cgs_bridge.systems.mathematica.audit.core.run_program", no_run)
    with pytest.raises(InputError, match=message.replace("$", r"\$")):
        audit("deep.wl", "subtraction", monkeypatch, bound="20", limits=limits)
