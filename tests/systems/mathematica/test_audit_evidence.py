"""Audit verdicts from evidence (issue 34): the three reproducers r1-r3 (correct programs that were
judged wrong or not at all), one program per class the issue lists (an engine temporary, an
unbound parameter, a Do-filled array printed only, Clear plus graphics), each in a style not used
by the other audit tests (tests/data/audit/evidence/), and for every correct program a planted-bug
twin (a text replacement) that must give exit 1 at the positions where the bug matters.

Expected verdicts come from an independent recursion written here: each game's options as its
definition states them (the catalog's sources), and the options as each program (or its twin)
writes them; Grundy values by a plain memoised mex. A program agrees exactly when its rule gives
the same option sets as the definition at every valid position of the box; the twin's differing
positions are those where the two rules' option sets (or, for a program without a move function,
their Grundy values) differ. Mathics3 evaluates every program for real (in-process launcher).
"""

from __future__ import annotations

import pytest

from cgs_bridge.systems.mathematica.audit.core import audit_program
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_game
from cgs_bridge.systems.mathematica.runner import mathics_command

import paths
from audit_inprocess import inprocess

pytestmark = [pytest.mark.mathics,
              pytest.mark.skipif(mathics_command() is None, reason="Mathics3 is not installed")]

DATA = paths.DATA / "audit" / "evidence"


# --- the games, written from their definitions (independent of the programs and of the solver) ---
def wythoff(p, diag_from=1):
    a, b = p
    return ({(i, b) for i in range(a)} | {(a, j) for j in range(b)}
            | {(a - d, b - d) for d in range(diag_from, min(a, b) + 1)})


def triangular(p, k=3, clamp=True):
    x, y, z = p
    first = {(i, min(y, (i + z) // k) if clamp else (i + z) // k, z) for i in range(x)}
    return first | {(x, j, z) for j in range(y)} | {(x, min(y, (x + l) // k), l) for l in range(z)}


def floor_ratio(p, k=1, low=lambda t, k: t // k, clamp=True):
    x, y, z = p
    return ({(t, y, z) for t in range(x)} | {(x, t, z) for t in range(y)}
            | {(x, min(y, low(t, k)) if clamp else low(t, k), t) for t in range(z)})


def two_inequalities(p, k=1, h=3, shift=0):
    a, b = p
    return {(t, min(b, t // k)) for t in range(a)} | {(min(a, k * t + h + shift), t) for t in range(b)}


def step(p, clamp=True):
    y, z = p
    return {(t, z) for t in range(y)} | {(min(y, t // 2) if clamp else t // 2, t) for t in range(z)}


def grundy(options):
    memo = {}

    def g(p):
        if p not in memo:
            seen = {g(q) for q in options(p)}
            memo[p] = next(m for m in range(len(seen) + 1) if m not in seen)
        return memo[p]
    return g


def box(n, dims, valid):
    import itertools
    return [p for p in itertools.product(range(n + 1), repeat=dims) if valid(p)]


def differing(points, rule, twin, by="moves"):
    """Positions where the twin's rule differs from the definition's: option sets, or Grundy
    values (for a program whose options are computed inline)."""
    if by == "moves":
        return {p for p in points if rule(p) != twin(p)}
    g, h = grundy(rule), grundy(twin)
    return {p for p in points if g(p) != h(p)}


def fmt(p):
    return "(" + ",".join(map(str, p)) + ")"


# program, game, parameters, audit options, text edit of the twin, the twin's rule, the box
# (size, valid), the definition's rule, how the twin's difference shows
CASES = {
    "r1_wythoff_condition": ("wythoff", {}, {"grundy": "G[##]"}, ("{s, 1, Min[a, b]}", "{s, 2, Min[a, b]}"),
                             wythoff, lambda p: wythoff(p, diag_from=2), (6, 2, lambda p: True), "values"),
    "r2_triangular_losing": ("triangular", {"k": "3"}, {}, ("Min[y, Floor[(i + z)/k]]", "Floor[(i + z)/k]"),
                             triangular, lambda p: triangular(p, clamp=False),
                             (5, 3, lambda p: p[1] <= (p[0] + p[2]) // 3), "moves"),
    "r3_floor_ratio_with_module": ("floor_ratio", {"k": "2"}, {}, ("Floor[t/k]", "Ceiling[t/k]"),
                                   lambda p: floor_ratio(p, 2),
                                   lambda p: floor_ratio(p, 2, low=lambda t, k: -(-t // k)),
                                   (6, 3, lambda p: p[1] <= p[2] // 2), "moves"),
    # an engine temporary: rows$NNN per call of options, and no list of positions
    "floor_ratio_rows": ("floor_ratio", {"k": "1"}, {}, ("Min[y, Quotient[l, kk]]", "Quotient[l, kk]"),
                         floor_ratio, lambda p: floor_ratio(p, clamp=False),
                         (3, 3, lambda p: p[1] <= p[2]), "moves"),
    "two_inequalities_pick": ("two_inequalities", {"k": "1", "h": "3"}, {},
                              ("Min[a, k t + h]", "Min[a, k t + h - 1]"), two_inequalities,
                              lambda p: two_inequalities(p, shift=-1),
                              (6, 2, lambda p: p[0] - 3 <= p[1] <= p[0]), "moves"),
    # an array filled by Do loops, output by Print only
    "step_do_array": ("step", {}, {}, ("g[[Min[y, Floor[t/2]] + 1, t + 1]]", "g[[Floor[t/2] + 1, t + 1]]"),
                      step, lambda p: step(p, clamp=False), (8, 2, lambda p: p[0] <= p[1] // 2), "values"),
    # Clear at the start, the functions called only inside Manipulate at the end
    "wythoff_clear_manipulate": ("wythoff", {}, {"bound": "5"}, ("{d, 1, Min[a, b]}", "{d, 1, Min[a, b] - 1}"),
                                 wythoff, lambda p: wythoff(p, diag_from=2), (5, 2, lambda p: True), "moves"),
}


def run(name, monkeypatch, twin=False, text=None):
    inprocess(monkeypatch)
    game, params, options, (old, new), *_ = CASES[name]
    text = text if text is not None else (DATA / f"{name}.wl").read_text(encoding="utf-8")
    if twin:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return audit_program(text, Ruleset(load_game(game), params), program_path=name, engine="mathics",
                         sandboxed=False, **options)


def checks(rep):
    return {c.name: c for c in rep.runs[0].checks}


@pytest.mark.parametrize("name", sorted(CASES))
def test_correct_program_agrees_and_its_twin_differs_where_the_recursion_says(monkeypatch, name):
    _, _, _, _, rule, twin_rule, (n, dims, valid), by = CASES[name]
    points = box(n, dims, valid)
    # the program's own rule is the definition's: the recursion finds no differing position
    assert not differing(points, rule, rule, by)
    rep = run(name, monkeypatch)
    c = checks(rep)
    assert rep.exit_code == 0, {k: v.summary for k, v in c.items()}
    assert c["values"].verdict == "agree" and f"at {len(points)} valid positions" in c["values"].summary
    assert c["printed"].verdict in ("agree", "info")
    bad = differing(points, rule, twin_rule, by)
    assert bad, "the planted bug must matter in the box"
    rep = run(name, monkeypatch, twin=True)
    c = checks(rep)
    assert rep.exit_code == 1, {k: v.summary for k, v in c.items()}
    named = {r["position"] for r in c[by].rows}
    assert c[by].verdict == "differ" and named == {fmt(p) for p in bad}, (named, bad)


def test_r2_the_p_positions_are_judged_and_the_position_list_is_what_they_are_drawn_from(monkeypatch):
    rep = run("r2_triangular_losing", monkeypatch)
    c = checks(rep)
    points = box(5, 3, lambda p: p[1] <= (p[0] + p[2]) // 3)
    g = grundy(triangular)
    zeros = [p for p in points if g(p) == 0]
    assert len(zeros) == 10  # what the program prints
    assert f"program lists {len(points)} positions" in c["positions"].summary
    assert c["p-positions"].verdict == "agree" and f"the spec has {len(zeros)}" in c["p-positions"].summary
    assert rep.symbols.how["positions-run"].startswith("states (found by evidence")
    assert c["printed"].verdict == "agree" and f"the count {len(zeros)} of P-positions" in c["printed"].summary


def test_r3_module_locals_are_traced_to_the_program_names(monkeypatch):
    rep = run("r3_floor_ratio_with_module", monkeypatch)
    c = checks(rep)
    assert c["unevaluated"].verdict == "agree"
    assert "every one up to 6" in c["positions"].summary
    assert "found by evidence: all," in rep.symbols.how["positions-run"]
    assert "gv (the engine's gv$" in c["values"].summary
    g = grundy(lambda p: floor_ratio(p, 2))
    zeros = [p for p in box(6, 3, lambda p: p[1] <= p[2] // 2) if g(p) == 0]
    assert c["printed"].verdict == "agree" and f"a list of {len(zeros)} P-positions" in c["printed"].summary
    assert c["p-positions"].verdict == "agree" and c["p-positions"].summary.startswith("lose (the engine's lose$")


def test_r1_the_printed_table_is_judged(monkeypatch):
    rep = run("r1_wythoff_condition", monkeypatch)
    c = checks(rep)
    assert c["printed"].verdict == "agree" and "a table of Grundy values over the box x=6,y=6" in c["printed"].summary
    assert [st.text.split(":=")[0].strip() for st in rep.normalized.statements[:2]] == [
        "G[a_, b_] /; a > b", "G[a_, b_]"]


def test_an_engine_temporary_is_never_the_position_list(monkeypatch):
    rep = run("floor_ratio_rows", monkeypatch)
    assert rep.symbols.how["positions-run"].startswith("none")
    assert checks(rep)["positions"].verdict == "skipped"


def test_an_unbound_parameter_is_not_a_difference(monkeypatch):
    """h left unset: the board and every option of a move along b are symbolic and the memoised
    recursion never reaches a terminal position. Under the recursion limit every audit run has
    (the prelude's 100000, MATHICS_MAX_RECURSION_DEPTH) Mathics3 recurses until its time limit (or
    its stack: the CLI's run ends with exit 139 after about 3 minutes): the findings cannot be
    judged (exit 2, an engine error), never 'missing positions' or another difference. (At the
    default cap of 512, which in-process runs had by accident before issue 35, the recursion
    stopped at once and the probe named "unbound h".)"""
    text = (DATA / "two_inequalities_pick.wl").read_text(encoding="utf-8").replace("h = 3; ", "")
    game, params, options, *_ = CASES["two_inequalities_pick"]
    inprocess(monkeypatch)
    rep = audit_program(text, Ruleset(load_game(game), params), program_path="pick", engine="mathics",
                        sandboxed=False, **{**options, "timeout": 6})
    c = checks(rep)
    assert rep.exit_code == 2, {k: v.summary for k, v in c.items()}
    assert c["engine"].verdict == "error" and "Table::iterb" in c["engine"].summary
    assert all(v.verdict != "differ" for v in c.values()), {k: v.verdict for k, v in c.items()}


AMBIGUOUS = """(* Wythoff's game: two halves of the board valued, neither drawn from the other *)
nb[{a_, b_}] := Union[Table[{i, b}, {i, 0, a - 1}], Table[{a, j}, {j, 0, b - 1}],
   Table[{a - d, b - d}, {d, 1, Min[a, b]}]];
w[p_] := w[p] = Min[Complement[Range[0, Length[nb[p]]], w /@ nb[p]]];
upper = Select[Tuples[Range[0, 3], 2], #[[1]] <= #[[2]] &];
lower = Select[Tuples[Range[0, 3], 2], #[[1]] >= #[[2]] &];
Print[w /@ upper]; Print[w /@ lower]
"""


def test_two_candidate_position_lists_are_named_not_guessed(monkeypatch):
    """Both lists got a Grundy value at every entry and neither contains the other: exit 2 naming
    both ("name it with --positions"); named, the list is judged (upper holds 10 of the 16
    positions of the box: a difference)."""
    inprocess(monkeypatch)
    rules = Ruleset(load_game("wythoff"), {})
    rep = audit_program(AMBIGUOUS, rules, engine="mathics", sandboxed=False)
    c = checks(rep)
    assert rep.exit_code == 2 and c["positions"].verdict == "error"
    assert "upper (10 positions)" in c["positions"].summary and "lower (10 positions)" in c["positions"].summary
    assert "name it with --positions" in c["positions"].summary
    assert c["values"].verdict == "agree"
    rep = audit_program(AMBIGUOUS, rules, engine="mathics", sandboxed=False, positions="upper")
    c = checks(rep)
    assert rep.exit_code == 1 and "6 valid positions are missing" in c["positions"].summary


def test_two_candidate_grundy_functions_are_named_not_guessed(monkeypatch):
    """w (the mex recursion) and s (the heap total) are both called at every position of the box
    with integer values that differ: exit 2 naming both; named with --grundy, w agrees."""
    inprocess(monkeypatch)
    text = AMBIGUOUS.split("upper =")[0] + ("s[{a_, b_}] := a + b;\n"
                                            "Print[Table[{w[{a, b}], s[{a, b}]}, {a, 0, 3}, {b, 0, 3}]]\n")
    rules = Ruleset(load_game("wythoff"), {})
    rep = audit_program(text, rules, engine="mathics", sandboxed=False)
    c = checks(rep)
    assert rep.exit_code == 2 and c["values"].verdict == "error"
    assert "ambiguous: " in c["values"].summary and "--grundy" in c["values"].summary
    assert {"w", "s"} <= set(c["values"].summary.replace(",", " ").split())
    rep = audit_program(text, rules, engine="mathics", sandboxed=False, grundy="w")
    assert rep.exit_code == 0, {k: v.summary for k, v in checks(rep).items()}
