"""Normalisation of printed Mathematica code (pure Python, fast): one test per artifact kind.
Inputs are the seed programs as printed (read from ../shared/seeds, tests/seed_programs.py) or
small snippets with one artifact."""

from __future__ import annotations

import pytest

from cgs_bridge.systems.mathematica.normalize import normalize, replace_assignment, substitute

from seed_programs import by_name


def kinds(norm):
    return {c.kind for c in norm.changes}


def texts(norm):
    return [s.text for s in norm.statements]


def test_psi_inside_brackets_is_whitespace():
    n = normalize("f[x_] := Block[{p}, ΨUnion[{1}, Ψ{2}]]\n")
    assert texts(n) == ["f[x_] := Block[{p},  Union[{1},  {2}]]"]
    assert kinds(n) == {"psi-space"}


def test_psi_between_complete_expressions_is_a_statement_break():
    # seed 003 Ex 8.1: `move[...] := ...]]] ΨMex[L_] := ...` (no `;` between them)
    n = normalize("move[z_] := Block[{p}, p] ΨMex[L_] := Min[L]; ΨGr[1]\n")
    assert texts(n) == ["move[z_] := Block[{p}, p]", "Mex[L_] := Min[L]", "Gr[1]"]
    assert [s.terminated for s in n.statements] == [False, True, False]
    assert "psi-break" in kinds(n)


def test_psi_after_incomplete_expression_is_whitespace():
    n = normalize("al = ΨFlatten[{1}]; x\n")
    assert texts(n) == ["al =  Flatten[{1}]", "x"]


def test_seed003_ex81_statements(data):
    n = normalize(by_name("seed003_ex81.txt"))
    heads = [s.text.split("[")[0].split("=")[0].strip() for s in n.statements]
    assert heads == ["k", "ss", "al", "allcases", "move", "Mex", "Gr", "pposition", "Select", "Select"]
    assert "Ψ" not in n.text
    # both Select statements (no `;`) are the ones the paper displays
    assert [s.terminated for s in n.statements][-2:] == [False, False]
    assert n.statements[-1].text.startswith("Select[Complement[allcases, pposition],  BitXor[")


def test_line_starting_with_postfix_operator_continues(data):
    # seed 003 Ex 8.3: `nimequal=Select[...] Ψ//Length` with the `//Length` on its own line
    n = normalize(by_name("seed003_ex83.txt"))
    nimequal = [s for s in n.statements if s.text.startswith("nimequal")]
    assert len(nimequal) == 1 and nimequal[0].text.endswith("//Length")
    assert "joined-continuation" in kinds(n)
    n2 = normalize("x = {1, 2}\n// Length\ny = 1\n&& True\n")
    assert texts(n2) == ["x = {1, 2} // Length", "y = 1 && True"]


def test_newline_ends_complete_expression_but_not_incomplete_one():
    n = normalize("a = 1\n-2\nb = 1 +\n2\n")
    assert texts(n) == ["a = 1", "-2", "b = 1 + 2"]


def test_curly_quotes_and_operator_characters(data):
    n = normalize('If[x ≥ 1 ≤ y ≠ 2, ””, ”  “, a → b]\n')
    assert texts(n) == ['If[x >= 1 <= y != 2, "", "  ", a -> b]']
    assert {"curly-quote", "operator-character"} <= kinds(n)
    assert all(c.line == 1 for c in n.changes)


def test_display_code_and_its_definitions_removed(data):
    # seed 000 Ex 7.1: Grid with GrayLevel colour tables; gg, ff, bl, b2, b3 only serve it. The
    # data (gg, bl, b2, b3) goes; the function ff[x_] := ... stays (issue 34: a function only
    # display code calls may be the program's Grundy function; defining it costs nothing)
    n = normalize(by_name("seed000_ex71.txt"))
    assigned = {s.assigned() for s in n.statements}
    assert not {"gg", "bl", "b2", "b3"} & assigned
    assert {"res", "res2", "inverseres2", "ss", "al", "allcases", "move", "Mex", "Gr", "pposition", "ff"} <= assigned
    assert not any("Grid" in s.text for s in n.statements)
    assert any(s.head == "Clear" for s in n.statements)  # Clear[..., ff, bl] is not a use
    removed = [c for c in n.changes if c.kind == "display-removed"]
    assert len(removed) == 5 and {c.line for c in removed} == {14, 16, 17, 18}


def test_seed000_ex72_characters_and_display(data):
    n = normalize(by_name("seed000_ex72.txt"))
    assert "≥" not in n.text and "→" not in n.text and "”" not in n.text
    assert "allcases=Select[al,(1/k)(#[[1]])>=#[[2]]>=(1/k)(#[[1]]-h)&]" in texts(n)
    assert not any(s.head == "Grid" for s in n.statements)


def test_comment_between_statements_is_a_line_break(data):
    # seed 002 Ex 2.2: `move[z_]:=Block[...] ] ] (*...*) Mex[L_]:=...` lost its line break
    n = normalize(by_name("seed002_ex22.txt"))
    assert [s.assigned() for s in n.statements if s.assigned()][-3:] == ["move", "Mex", "Gr"]
    assert "comment-break" in kinds(n)
    assert "(*" not in n.text


def test_strings_and_comments_are_left_alone():
    n = normalize('Print["a; Ψ b ≥ c"]; (* x; Ψ y *) z\n')
    assert texts(n) == ['Print["a; Ψ b >= c"]', "z"]


def test_scale_replaces_top_level_assignment(data):
    n = normalize(by_name("seed002_ex22.txt"))
    m = replace_assignment(n, "ss", "0")
    assert "ss = 0" in texts(m) and "ss = 1" not in texts(m)
    assert m.changes[-1].kind == "scale"
    with pytest.raises(ValueError):
        replace_assignment(n, "nosuch", "3")


def test_substitute_exactly_once(data):
    n = normalize(by_name("seed003_ex85.txt"))
    m = substitute(n, "{a,0,20}", "{a,0,6}")
    assert "{a,0,6}" in m.text and m.changes[-1].kind == "substitute"
    with pytest.raises(ValueError):
        substitute(n, "#[[2]]", "x")  # occurs many times
    with pytest.raises(ValueError):
        substitute(n, "absent text", "x")


# Ordinary comments that hold the words of code (`for`, `end`, `:=`, `;`) are comments, not lost
# line breaks (issue 20): nothing may be cut out of them or reported as a break.
@pytest.mark.parametrize("text, statements", [
    ("ss = 4 (* for a larger box use 20 *) (* end *)\nx = 1\n", ["ss = 4", "x = 1"]),
    ("k = 3 (* for every k; end *) (* x = 1; y = 2 *)\nGr[p_] := 1\n", ["k = 3", "Gr[p_] := 1"]),
])
def test_mathematica_comments_before_a_newline_are_not_line_breaks(text, statements):
    n = normalize(text)
    assert texts(n) == statements
    assert "comment-break" not in kinds(n)


CGS_ORDINARY = [
    "x := 3; // the size for each run; end of setup\ny := 4;\n",
    "// loop for every position; ends when done\nfor a from 0 to 3 do\n  x := a;\nend\n",
    "for a from 0 to 3 do // for each a; the end\n  x := a;\nend\n",
    "x := 3; // set x := 4 for larger boxes;\n",
    "x := 1; // note: x.Min(y) is used; fine\n",
    "x := 1; // if you want, return early; end\n",
]


@pytest.mark.parametrize("text", CGS_ORDINARY)
def test_cgscript_comments_with_statement_words_are_left_alone(text):
    from cgs_bridge.systems.cgsuite.cgscript.parse import parse_file_text
    _, norm = parse_file_text(text)
    assert norm.text == text
    assert "comment-break" not in {c.kind for c in norm.changes}


def test_cgscript_comment_that_swallowed_code_is_still_cut():
    # seed 003 Ex 8.2's artifact, in a snippet written for this test
    from cgs_bridge.systems.cgsuite.cgscript.normalize import normalize_cgscript
    n = normalize_cgscript("result := []; // x for x1 from 0 to 2 do result.Add(x1); end "
                           "// y for y1 from 0 to 2 do result.Add(y1); end\n")
    assert n.text == ("result := []; // x\nfor x1 from 0 to 2 do result.Add(x1); end // y\n"
                      "for y1 from 0 to 2 do result.Add(y1); end\n")


def test_a_table_of_values_printed_at_the_end_is_kept():
    # the only calls of g and moves are in the table: removing it would leave an empty program
    n = normalize("moves[x_, y_] := {}\ng[x_, y_] := g[x, y] = 0\nn = 4;\n"
                  "TableForm[Table[g[x, y], {x, 0, n}, {y, 0, n}]]\nGrid[Table[g[x, y], {x, 0, n}, {y, 0, n}]]\n")
    assert texts(n) == ["moves[x_, y_] := {}", "g[x_, y_] := g[x, y] = 0", "n = 4",
                        "TableForm[Table[g[x, y], {x, 0, n}, {y, 0, n}]]"]
    assert [c.kind for c in n.changes] == ["display-removed"]  # the Grid


def test_statements_are_those_of_the_wolfram_language_grammar():
    """Issue 34, r1: `/;` holds a `;` that ends nothing; a `;` in a string or comment ends nothing;
    `a; b` on one line is two statements (the first not displayed); a definition's text is whole.
    Expected splits from the language's grammar (CompoundExpression at `;`, Condition at `/;`)."""
    n = normalize('G[a_, b_] /; a > b := G[b, a];\nG[a_, b_] := G[a, b] = Min[{a,\n b}];\n'
                  's = "x; y" (* one; two *); t = 1; Print[s]\nu = 2\n')
    assert [(st.text, st.line, st.terminated) for st in n.statements] == [
        ("G[a_, b_] /; a > b := G[b, a]", 1, True), ("G[a_, b_] := G[a, b] = Min[{a,\n b}]", 2, True),
        ('s = "x; y"', 4, True), ("t = 1", 4, True), ("Print[s]", 4, False), ("u = 2", 5, False)]
    assert [st.assigned() for st in n.statements] == ["G", "G", "s", "t", None, "u"]


def test_display_code_keeps_function_definitions():
    """Issue 34: Clear at the start, the functions called only inside Manipulate: the Manipulate
    goes, the functions stay (the audit calls them), data used only by it goes."""
    n = normalize("Clear[w, nb];\nnb[{a_, b_}] := {};\nw[p_] := w[p] = 0;\ncolours = {1, 2};\n"
                  "Manipulate[ArrayPlot[Table[w[{a, b}], {a, 0, s}, {b, 0, s}], colours], {s, 2, 9}]\n")
    assert texts(n) == ["Clear[w, nb]", "nb[{a_, b_}] := {}", "w[p_] := w[p] = 0"]
    assert [c.kind for c in n.changes] == ["display-removed", "display-removed"]
