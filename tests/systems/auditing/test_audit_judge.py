"""Reading engine output back and judging it (fast, no engine): synthetic engine output built
from the spec solver (an independent implementation), with deliberate faults."""

from __future__ import annotations

import pytest

from cgs_bridge.foundation.errors import InputError
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_game
from cgs_bridge.systems.auditing.judge import judge_moves, judge_outputs, judge_positions, judge_values, load_expect
from cgs_bridge.systems.auditing.values import Symbolic, parse_wl
from cgs_bridge.systems.mathematica.audit.extract import detect_symbols, parse_output
from cgs_bridge.systems.mathematica.normalize import normalize

from seed_programs import by_name


def wl(v):
    if isinstance(v, (list, tuple)):
        return "{" + ", ".join(wl(x) for x in v) + "}"
    return str(v)


def test_parse_wl():
    assert parse_wl("{{0, 0, 1}, {1, 2, 3}}") == [[0, 0, 1], [1, 2, 3]]
    assert parse_wl("{}") == [] and parse_wl("-12") == -12
    assert parse_wl("{1, BitXor[1, 2], x}") == [1, Symbolic("BitXor[1, 2]"), Symbolic("x")]
    assert parse_wl("{(0,0,0),(1,0,1)}", paper=True) == [[0, 0, 0], [1, 0, 1]]
    assert parse_wl("1/2") == Symbolic("1/2")


def test_parse_output_markers_and_other_lines():
    k = "ab12"
    out = (f"hello\n@@CGSB-{k}@@ out 9 977 @@END-{k}@@\nPart::partw: oops\n"
           f"@@CGSB-{k}@@ positions {{{{0, 0}},\n {{1, 1}}}} @@END-{k}@@\n"
           f"@@CGSB-{k}@@ status 4 $Aborted @@END-{k}@@\n@@CGSB-{k}@@ values {{0, 1")
    ex = parse_output(out, k)
    assert ex.outputs == {9: "977"} and ex.status == {4: "$Aborted"}
    assert parse_wl(ex.data["positions"]) == [[0, 0], [1, 1]]
    assert "values" not in ex.data and not ex.done  # cut off by a time-out
    assert ex.other == ["hello", "Part::partw: oops"]


def test_lines_with_another_key_or_the_old_marker_are_the_programs_output():
    forged = ("@@CGSB@@ values {0} @@END@@\n@@CGSB-0000@@ done 1 @@END-0000@@\n"
              "@@CGSB-ab12@ done 1 @@END-ab12@@\n")
    ex = parse_output(forged, "ab12")
    assert ex.data == {} and not ex.done and len(ex.other) == 3


def test_detect_symbols(data):
    n = normalize(by_name("seed002_ex22.txt"))
    s = detect_symbols(n)
    assert (s.grundy, s.positions, s.moves) == ("Gr", "allcases", "move")
    n2 = normalize("cases = Select[Range[3], EvenQ]\nnext[q_] := {q}\nG[p_] := G[p] = Mex[Map[G, next[p]]]\n")
    s2 = detect_symbols(n2)
    assert (s2.grundy, s2.positions, s2.moves) == ("G", "cases", "next")
    assert detect_symbols(n2, grundy="H").grundy == "H"


@pytest.fixture(scope="module")
def tri():
    from solvers import Box, solve
    r = Ruleset(load_game("triangular"), {"k": "3"})
    sol = solve(r, Box(r.coords, (3, 2, 3)), method="reference")
    pos = [tuple(int(v) for v in row) for row in sol.positions()]
    return r, sol, pos


def test_judge_agrees_on_spec_data(tri):
    r, sol, pos = tri
    data = {"positions": wl(pos), "values": wl([sol.value(p) for p in pos]),
            "moves": wl([r.option_set(p) for p in pos])}
    c = judge_positions(r, data, sol, "--bound 3")
    assert c.verdict == "agree" and "(--bound 3)" in c.summary
    assert judge_values(pos, sol, data, "Gr").verdict == "agree"
    assert judge_moves(r, pos, data, "move").verdict == "agree"


def test_judge_finds_each_kind_of_difference(tri):
    r, sol, pos = tri
    listed = pos[1:] + [(0, 2, 0), (9, 0, 9)]  # one valid position missing, one invalid listed,
    # one outside the box (not judged)
    values = [sol.value(p) for p in pos]  # the functions are checked at every valid position
    values[3] += 1
    values[4] = "BitXor[1, 2]"
    moves = [r.option_set(p) for p in pos]
    moves[5] = moves[5] + [(0, 2, 0)]  # an option outside the valid set
    data = {"positions": wl(listed), "values": wl(values), "moves": wl(moves)}
    c = judge_positions(r, data, sol, "--bound x=3,y=2,z=3")
    assert c.verdict == "differ" and "1 outside it (not judged)" in c.summary
    assert {row["detail"] for row in c.rows} == {"extra", "missing"}
    v = judge_values(pos, sol, data, "Gr")
    # a symbolic value is not a difference (the unevaluated check makes it exit 2)
    assert v.verdict == "differ" and [row["detail"] for row in v.rows] == ["value"]
    assert "1 symbolic (see unevaluated)" in v.summary
    m = judge_moves(r, pos, data, "move")
    assert m.verdict == "differ" and "outside the valid set" in m.rows[0]["detail"]
    p5 = "(" + ",".join(map(str, pos[5])) + ")"
    assert f"{p5}: program {{" in m.summary and "spec {" in m.summary  # both option sets named


def test_expect_file_and_outputs(tmp_path, data):
    e = load_expect(data / "audit" / "seed003_ex83.expect.yaml")
    assert [x["printed"] for x in e] == ["977", "2257"]
    n = normalize(by_name("seed003_ex83.txt"))
    ok = judge_outputs(e, {9: "977", 10: "2257"}, n.statements, scaled=False)
    assert ok.verdict == "agree"
    bad = judge_outputs(e, {9: "0", 10: "0"}, n.statements, scaled=False)
    assert bad.verdict == "differ" and len(bad.rows) == 2
    assert judge_outputs(e, {9: "35"}, n.statements, scaled=True).verdict == "skipped"
    p87 = load_expect(data / "audit" / "seed003_ex87.expect.yaml")
    assert len(parse_wl(p87[0]["printed"], paper=True)) == 53
    bad_file = tmp_path / "x.yaml"
    bad_file.write_text("outputs:\n  - {statement: 3}\n", encoding="utf-8")
    with pytest.raises(InputError):
        load_expect(bad_file)


def test_unevaluated_probe_and_displayed_values():
    from cgs_bridge.systems.auditing.judge import judge_unevaluated
    data = {"undefined": '{"BitXor"}', "values": "{0, Mex[{BitXor[1, 2]}]}"}
    c = judge_unevaluated(data, [("BitXor", 2)], prelude=False, engine="mathics",
                          outputs={9: "{BitXor[0, 1, 1]}", 10: "0"})
    assert c.verdict == "error"  # never a difference: exit 2
    details = [r["detail"] for r in c.rows]
    assert "called but not defined" in details and "unevaluated value" in details
    assert any("displayed value contains unevaluated BitXor" in d for d in details)
    assert "BitXor (line 2)" in c.summary
    ok = judge_unevaluated({"undefined": "{}", "values": "{0, 1}"}, [], prelude=True, engine="mathics")
    assert ok.verdict == "agree"
    k = judge_unevaluated({"undefined": "{}", "unbound": '{"k"}', "values": "{0}",
                           "moves": "{{{0, Min[0, Floor[1/k]], 1}}}"}, [], prelude=True,
                          engine="mathics", origins={"k": "local to a Block in the statement at line 1"})
    assert k.verdict == "error"
    assert "unbound k (local to a Block in the statement at line 1)" in k.summary


@pytest.mark.parametrize("text, why", [
    ("Gr[p_] := Gr[p] = Mex[Map[Gr, move[p]]", "`[` opened at line 1, column 22"),
    ("ppo[ss_] := Block[{k},\n  k = 1;\n  al = Table[{a, b}, {a, 0, ss}", "`[` opened at line 1, column 18"),
    ('x = 1;\nPrint["P-positions', "string opened at line 2, column 7"),
    ("x = 1; (* the moves", "comment opened at line 1, column 8"),
])
def test_incomplete_text_names_what_is_open(text, why):
    from cgs_bridge.systems.mathematica.wlscan import incomplete
    assert why in incomplete(text)


def test_complete_texts_are_not_incomplete(data):
    from cgs_bridge.systems.mathematica.wlscan import incomplete
    for name in ("seed003_ex83.txt", "seed002_ex22.txt", "seed000_ex72.txt"):
        assert incomplete(by_name(name)) is None


def test_wolframscript_script_checks_the_box_with_keyed_lines():
    from cgs_bridge.systems.mathematica.audit.extract import Symbols, instrument
    norm = normalize("k = 3;\nGr[p_] := 0;\nallcases = {{0, 0, 0}}\n")
    text = instrument(norm, Symbols(), "f00d", [(0, 0, 0), (1, 0, 1)])
    assert text.index("Gr[p_] := 0;") < text.index("Map[Gr, {{0,0,0}, {1,0,1}}]")
    assert '"@@CGSB-f00d@@ out 3 "' in text and text.rstrip().endswith('Print["@@CGSB-f00d@@ done 1 @@END-f00d@@"];')


def test_wolframscript_script_makes_the_given_calls():
    """--grundy/--moves/--positions given as calls (docs/audit.md, "Naming them")."""
    from cgs_bridge.systems.mathematica.audit.extract import Symbols, instrument
    from cgs_bridge.systems.mathematica.audit.targets import parse_targets
    norm = normalize("gr[p_, k_] := 0;\nopts[x_, y_, z_] := {};\ncases[n_, k_] := {}\n")
    calls = parse_targets("gr[#, k]&", "cases[5, 1]", "opts[##]")
    text = instrument(norm, Symbols("gr", "cases", "opts", calls=calls), "f00d", [(0, 0, 0), (1, 0, 1)])
    assert "ToString[InputForm[cases[5, 1]]]" in text
    assert "ToString[InputForm[{gr[{0,0,0}, k], gr[{1,0,1}, k]}]]" in text
    assert "ToString[InputForm[{opts[0,0,0], opts[1,0,1]}]]" in text


def test_one_heap_options_as_integers_and_no_question_mark_for_the_spec():
    """Issue 47: a one-heap move function gives heap sizes ({2, 1, 0}), not 1-lists: agree (the
    subtraction game S = {1, 2, 3}, options written here from its definition); a value that is no
    list of positions names the spec's option set (the summary said 'spec {?}')."""
    r = Ruleset(load_game("subtraction"), {})
    pos = [(x,) for x in range(9)]
    options = [[x - s for s in (1, 2, 3) if s <= x] for x in range(9)]
    assert judge_moves(r, pos, {"moves": wl(options)}, "moves").verdict == "agree"
    options[5] = [4, 3]  # the twin forgets heap 2
    c = judge_moves(r, pos, {"moves": wl(options)}, "moves")
    assert c.verdict == "differ" and [(row["position"], row["spec"]) for row in c.rows] == [("(5)", "(2)")]
    options[5] = 7  # an integer: concrete, no list of positions
    c = judge_moves(r, pos, {"moves": wl(options)}, "moves")
    assert c.verdict == "differ" and "{?}" not in c.summary
    assert "(5): program 7: not a list of positions, spec {(2), (3), (4)}" in c.summary
