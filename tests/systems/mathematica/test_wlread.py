"""Reading Wolfram Language with Mathics3's parser (issue 34): definitions, scoping locals and the
program's iterator bounds. Expected values are read off the programs by hand (the language's
grammar: `/;` is Condition, `/@` is Map, `{i, lo, hi}` an iterator), never from the code."""

from __future__ import annotations

from cgs_bridge.systems.mathematica import wlread
from cgs_bridge.systems.mathematica.normalize import normalize
from cgs_bridge.systems.mathematica.sizes import iterator_span, run_size

R3 = """With[{k = 2, n = 6},
 Module[{nx, gv, all, lose},
  nx[{x_, y_, z_}] := Join[Table[{t, y, z}, {t, 0, x - 1}], Table[{x, t, z}, {t, 0, y - 1}]];
  gv[p_] := gv[p] = Min[Complement[Range[0, Length[nx[p]]], gv /@ nx[p]]];
  all = Select[Tuples[Range[0, n], 3], #[[2]] <= Floor[#[[3]]/k] &];
  Print[all]]]
"""


def test_definitions_inside_scopes_conditions_and_parts():
    node = wlread.parse_one(R3)
    assert {"nx", "gv", "all"} <= wlread.definitions(node)
    assert wlread.assigned_symbol(wlread.parse_one("G[a_, b_] /; a > b := G[b, a]")) == "G"
    assert wlread.assigned_symbol(wlread.parse_one("g[[x + 1, y + 1]] = 3")) == "g"
    assert wlread.assigned_symbol(wlread.parse_one("G[a, b] == 3")) is None
    assert wlread.scope_locals(node) == {"k": 2, "n": 6, "nx": None, "gv": None, "all": None, "lose": None}


def test_per_call_locals_are_those_inside_a_function_definition():
    node = wlread.parse_one("f[p_] := Module[{rows = {}, m}, rows]")
    assert wlread.per_call_locals(node) == {"rows", "m"}
    assert wlread.per_call_locals(wlread.parse_one(R3)) == set()


def test_the_box_from_the_iterators_with_scoped_values_bound():
    norm = normalize(R3)
    assert iterator_span(norm) == [6]  # Range[0, n] with n = 6; {t, 0, x - 1} depends on x
    assert run_size(norm, {})[0] == 6
    two = normalize("With[{m = 3}, Table[g[a, b], {a, 0, m + 1}, {b, 0, 2 m}]]\n")
    assert iterator_span(two) == [4, 6] and run_size(two, {})[0] is None  # different: give --bound
    assert "different values (4, 6)" in run_size(two, {})[1]


def test_text_the_parser_refuses_is_kept_whole():
    found = wlread.parse_all("a = 1\nb = [2\n")
    assert [(first, node is None) for first, _, node in found][0] == (0, False)
    assert any(node is None for _, _, node in found)
