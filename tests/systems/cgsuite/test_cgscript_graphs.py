"""Graphs in CGScript and CGSuite's ``game.graph.GenArcKayles`` (issue 47 item 6), run from
CGSuite's own library files read from ``../shared/engines/cgsuite/lib/cgsuite-core.jar`` at run
time (``GenArcKayles.cgs``, ``GraphRuleset.cgs``, ``constants.cgs``: nothing copied).

Before this change the interpreter stopped at ``Graph`` (unknown name) and at every map
``{a => b}`` ("read but not interpreted"), so each audit here was exit 2.

- The Graph API as programs and the library use it prints what the real CGSuite 2.2 prints (the
  expected lines were printed by the engine; the engine test compares them again, line by line).
- Arc Kayles on paths is Dawson's Kayles (octal 0.07): the program agrees with the catalog's
  ``dawsons_kayles`` spec (path of n vertices <-> heap n, components <-> sums), and prints
  OEIS A002187's values; against Kayles' spec it differs exactly where A002186 and A002187 do; the
  library file edited to delete only one end of the edge differs where a brute force of that game
  (written here) differs from Dawson's Kayles.
- Weighted Arc Kayles on one edge agrees with ``weighted_edge.game`` (x, y; both lowered by 1),
  whose values min(x, y) mod 2 a brute force here computes; a twin that lowers one end differs.
- A star, a tree that is not a path, a cycle and a labelled path cannot be judged (exit 2, why).
"""

from __future__ import annotations

from functools import lru_cache

import pytest

from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_game
from cgs_bridge.systems.cgsuite.audit.core import audit_cgscript

from cgsuite_jar import check, mex, summaries
import paths
from takebreak_data import DAWSONS_KAYLES, KAYLES

DATA = paths.DATA / "audit" / "graphs"
WEIGHTED = paths.DATA / "audit" / "library" / "weighted_edge.game"


def audit(program, game, library, text=None):
    return audit_cgscript(str(program), Ruleset(load_game(str(game)), {}), text=text, class_path=[str(library)])


@lru_cache(maxsize=None)
def one_end_twin(n: int) -> int:
    """The twin game on a path of n vertices: a move deletes one end of an edge, i.e. any one
    vertex when n >= 2 (leaving paths of i and n - 1 - i vertices)."""
    if n < 2:
        return 0
    return mex({one_end_twin(i) ^ one_end_twin(n - 1 - i) for i in range(n)})


@lru_cache(maxsize=None)
def edge_game(x: int, y: int, both: bool = True) -> int:
    """One edge with weights x, y: a move lowers both (``both``) or only the first weight by 1,
    while both are positive."""
    if x == 0 or y == 0:
        return 0
    return mex({edge_game(x - 1, y - 1 if both else y, both)})


def path_row(values) -> str:
    return "[" + ",".join(map(str, values)) + "]"


def star(v: int) -> str:
    return "0" if v == 0 else "*" if v == 1 else f"*{v}"


DK = DAWSONS_KAYLES
#: What arc_kayles_paths.cgs prints, from OEIS A002187: P_0..P_30; P_3 + P_4 + P_1; P_5 + P_9;
#: P_12 without its vertices 4 and 5 (P_3 + P_7) as a canonical form.
PATH_LINES = [path_row(DK[:31]), str(DK[3] ^ DK[4] ^ DK[1]), str(DK[5] ^ DK[9]), star(DK[3] ^ DK[7])]


# ---------------------------------------------------------------- the Graph API, as CGSuite 2.2 prints it
#: (expression, what the real CGSuite 2.2 printed for it)
GRAPH_LINES = [
    ("Graph.Path(4)", 'Graph("---")'),
    ("Graph.Path(4).Edges", "[Edge(Nothing, 1, 2),Edge(Nothing, 2, 3),Edge(Nothing, 3, 4)]"),
    ("Graph.Path(4).Vertices", "[Vertex(Nothing, [2]),Vertex(Nothing, [1,3]),Vertex(Nothing, [2,4]),Vertex(Nothing, [3])]"),
    ("Graph.Path(4)[1].Label", "Nothing"),
    ("Graph.Cycle(4)", 'Graph(":A----:A")'),
    ("Graph.Cycle(3).Edges", "[Edge(Nothing, 1, 3),Edge(Nothing, 1, 2),Edge(Nothing, 2, 3)]"),
    ("Graph.Star(3)", 'Graph("(-;-)")'),
    ("Graph.Star(4).Vertices", "[Vertex(Nothing, [2,3,4]),Vertex(Nothing, [1]),Vertex(Nothing, [1]),Vertex(Nothing, [1])]"),
    ("Graph.Clique(3)", 'Graph(":A---:A")'),
    ("Graph.FromAdjacencyList([[2,3],[1,3],[1,2]])", 'Graph(":A---:A")'),
    ('Graph.Parse(":A--:A")', 'Graph(":A--:A")'),
    ('Graph.Parse(":A-:A").Edges', "[Edge(Nothing, 1, 1)]"),
    ('Graph.Parse(".-.-.-.")', 'Graph("---")'),
    ("Graph.Path(3, 5)", 'Graph("5-5-5")'),
    ("Graph.Path(3, 2).Vertices", "[Vertex(2, [2]),Vertex(2, [1,3]),Vertex(2, [2])]"),
    ("Graph.Path(12, 11)", 'Graph("' + "-".join(["{11}"] * 12) + '")'),
    ("Graph.Empty", 'Graph("")'),
    ("Graph.Singleton(7)", 'Graph("7")'),
    ("Graph.Path(1)", 'Graph(".")'),
    ("Graph.Path(4).DeleteVertices([1,2])", 'Graph("-")'),
    ("Graph.Path(4).DeleteVertices([2,3]).ConnectedComponents", '[Graph("."),Graph(".")]'),
    ("Graph.Cycle(5).DeleteVertex(1)", 'Graph("---")'),
    ("Graph.Cycle(5).AdjacencyList", "[[2,5],[1,3],[2,4],[3,5],[1,4]]"),
    ('Graph.Parse("3-2", vertexLabels => str -> Integer.Parse(str))', 'Graph("3-2")'),
    ('Graph.Parse("{12}-5-{14}", vertexLabels => str -> Integer.Parse(str))', 'Graph("{12}-5-{14}")'),
    ("game.graph.ArcKayles(Graph.Path(4))", 'GenArcKayles.Position("---")'),
    ("game.graph.ArcKayles(Graph.Path(4)).Options",
     '[GenArcKayles.Position("-"),GenArcKayles.Position(".;."),GenArcKayles.Position("-")]'),
    ('game.graph.ArcKayles("--(-;--;---)").NimValue', "2"),
    ("game.graph.ArcKayles(Graph.Cycle(6)).Options",
     "[" + ",".join(['GenArcKayles.Position("---")'] * 3 + ['GenArcKayles.Position("(--;-)")',
                                                           'GenArcKayles.Position("(-;--)")',
                                                           'GenArcKayles.Position("---")']) + "]"),
    ('game.graph.ArcKayles(Graph.Parse("--;-")).Decomposition',
     '[GenArcKayles.Position("--"),GenArcKayles.Position("-")]'),
    ("game.graph.ArcKayles(Graph.Path(3)) + game.graph.ArcKayles(Graph.Path(4))",
     'GenArcKayles.Position("--") + GenArcKayles.Position("---")'),
    ("game.graph.ArcKayles(Graph.Empty).NimValue", "0"),
    ('game.graph.WeightedArcKayles(Graph.Parse("3-2", vertexLabels => str -> Integer.Parse(str))).Options',
     '[GenArcKayles.Position("2-1")]'),
    ('game.graph.WeightedArcKayles(Graph.Parse("3-0-2", vertexLabels => str -> Integer.Parse(str))).Decomposition',
     '[GenArcKayles.Position("3"),GenArcKayles.Position("2")]'),
    ('Graph.Cycle(5).ConnectedComponent(2)', 'Graph(":A-----:A")'),
    ('Graph.Path(5).DeleteVertices([3]).ConnectedComponent(4)', 'Graph("-")'),
    ('Graph.Path(4)[2][2]', 'Edge(Nothing, 2, 3)'),
    ('Graph.Path(4)[2].OutVertices', '[1,3]'),
    ('Graph.Path(4)[2].EdgeCount', '2'),
    ('Graph.Path(6).RetainVertices([2, 3, 5])', 'Graph("-;.")'),
    ('Graph.Path(4).IsConnected', 'true'),
    ('Graph.Path(4).DeleteVertices([2]).IsConnected', 'false'),
    ('Graph.Empty.IsEmpty', 'true'),
    ('Graph.Path(4).VertexCount', '4'),
    ('Graph.Cycle(4).EdgeCount', '4'),
    ('{1 => 2, 3 => 4}.Reversed', '{2 => 1, 4 => 3}'),
    ('Graph.Parse("3-0-2", vertexLabels => str -> Integer.Parse(str)).Decomposition(0)', '[Graph("3"),Graph("2")]'),
    ('Graph.Star(4).UpdatedVertexLabels({1 => 5})', 'Graph("5(-;-;-)")'),
    ('Graph.Parse("--(-;--)")', 'Graph("--(-;--)")'),
    ('Graph.Parse("-;-")', 'Graph("-;-")'),
    ('Graph.Path(3) is Graph', 'true'),
]


def graph_script(tmp_path):
    (tmp_path / "run").mkdir(exist_ok=True)
    path = tmp_path / "run" / "graphs.cgs"
    path.write_text("".join(f"System.Print({e});\n" for e, _ in GRAPH_LINES), encoding="utf-8")
    return path


def test_the_graph_api_prints_what_cgsuite_prints(library, tmp_path):
    rep = audit(graph_script(tmp_path), "dawsons_kayles", library)
    assert check(rep, "run").verdict == "ok", summaries(rep)
    assert rep.printed["as printed"] == [line for _, line in GRAPH_LINES]


def test_the_real_cgsuite_prints_the_same_graph_lines(library, real_cgsuite, tmp_path):
    out = real_cgsuite.run(tmp_path / "run", graph_script(tmp_path))
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.splitlines() == [line for _, line in GRAPH_LINES]


# ---------------------------------------------------------------- Arc Kayles on paths: Dawson's Kayles
def test_arc_kayles_on_paths_agrees_with_dawsons_kayles(library):
    rep = audit(DATA / "arc_kayles_paths.cgs", "dawsons_kayles", library)
    graphs = check(rep, "graphs")
    assert rep.exit_code == 0 and graphs.verdict == "agree", summaries(rep)
    assert "paths <-> heaps" in graphs.summary
    assert rep.printed["as printed"] == PATH_LINES


def test_against_kayles_the_program_differs_where_the_tables_differ(library):
    rep = audit(DATA / "arc_kayles_paths.cgs", "kayles", library)
    graphs = check(rep, "graphs")
    assert rep.exit_code == 1 and graphs.verdict == "differ"
    paths_off = {r["detail"] for r in graphs.rows if r["detail"].count("(") == 1}
    assert paths_off == {f"({n})" for n in range(1, 31) if KAYLES[n] != DAWSONS_KAYLES[n]}


def test_a_twin_deleting_one_end_of_the_edge_differs(library):
    source = library / "game" / "graph" / "GenArcKayles.cgs"
    text = source.read_text(encoding="utf-8")
    assert text.count("DeleteVertices [edge.FromVertex, edge.ToVertex]") == 1
    source.write_text(text.replace("DeleteVertices [edge.FromVertex, edge.ToVertex]",
                                   "DeleteVertices [edge.FromVertex]"), encoding="utf-8")
    rep = audit(DATA / "arc_kayles_paths.cgs", "dawsons_kayles", library)
    graphs = check(rep, "graphs")
    assert rep.exit_code == 1 and graphs.verdict == "differ"
    rows = {r["detail"]: r for r in graphs.rows if r["detail"].count("(") == 1}
    assert set(rows) == {f"({n})" for n in range(31) if one_end_twin(n) != DAWSONS_KAYLES[n]}
    assert all(r["program"] == one_end_twin(int(d[1:-1])) for d, r in rows.items())


# ---------------------------------------------------------------- Weighted Arc Kayles on one edge
def test_weighted_arc_kayles_on_an_edge_agrees_with_its_spec(library):
    rep = audit(DATA / "weighted_edge.cgs", WEIGHTED, library)
    graphs = check(rep, "graphs")
    assert rep.exit_code == 0 and graphs.verdict == "agree", summaries(rep)
    table = [[edge_game(x, y) for y in range(8)] for x in range(8)]
    assert table == [[min(x, y) % 2 for y in range(8)] for x in range(8)]
    assert rep.printed["as printed"] == ["[" + ",".join(path_row(r) for r in table) + "]",
                                         str(edge_game(12, 5) ^ edge_game(3, 3))]


def test_a_weighted_twin_lowering_one_end_differs(library):
    source = library / "game" / "graph" / "GenArcKayles.cgs"
    text = source.read_text(encoding="utf-8")
    old = "edge.ToVertex => graph[edge.ToVertex].Label - 1"
    assert text.count(old) == 1
    source.write_text(text.replace(old, "edge.ToVertex => graph[edge.ToVertex].Label"), encoding="utf-8")
    rep = audit(DATA / "weighted_edge.cgs", WEIGHTED, library)
    graphs = check(rep, "graphs")
    assert rep.exit_code == 1 and graphs.verdict == "differ"
    want = {f"({x},{y})" for x in range(8) for y in range(8) if edge_game(x, y, False) != edge_game(x, y)}
    assert {r["detail"] for r in graphs.rows if r["detail"].count("(") == 1} == want


# ---------------------------------------------------------------- what cannot be judged
@pytest.mark.parametrize("graph, game, why", [
    ("Graph.Star(4)", "dawsons_kayles", "a vertex of degree 3 (a star or a tree that is not a path)"),
    ('"--(-;--)"', "dawsons_kayles", "a vertex of degree 3"),
    ("Graph.Cycle(7)", "dawsons_kayles", "a cycle"),
    ("Graph.Path(3, 2)", "dawsons_kayles", "a vertex is labelled 2"),
    ("Graph.Path(3, 2)", WEIGHTED, "a component has 3 vertices and 2 edges"),
])
def test_a_graph_that_is_not_a_spec_position_is_refused(library, tmp_path, graph, game, why):
    ruleset = "WeightedArcKayles" if "2)" in graph else "ArcKayles"
    (tmp_path / "p.cgs").write_text(f"System.Print(game.graph.{ruleset}({graph}).NimValue);\n", encoding="utf-8")
    rep = audit(tmp_path / "p.cgs", game, library)
    graphs = check(rep, "graphs")
    assert rep.exit_code == 2 and graphs.verdict == "error"
    assert "cannot be judged" in graphs.summary and why in graphs.summary


def test_cycles_take_the_values_of_their_one_kind_of_option(library, tmp_path):
    """One move on C_n leaves the path P_(n-2): the value is mex{A002187 at n - 2}."""
    (tmp_path / "c.cgs").write_text("System.Print([game.graph.ArcKayles(Graph.Cycle(n)).NimValue "
                                    "for n from 3 to 22]);\n", encoding="utf-8")
    rep = audit(tmp_path / "c.cgs", "dawsons_kayles", library)
    assert rep.printed["as printed"] == [path_row(mex({DAWSONS_KAYLES[n - 2]}) for n in range(3, 23))]
    assert rep.exit_code == 2 and "a cycle" in check(rep, "graphs").summary


# ---------------------------------------------------------------- the real CGSuite
def test_the_real_cgsuite_prints_the_values_the_audit_judged(library, real_cgsuite, tmp_path):
    """The engine prints A002187 on paths, min(x, y) mod 2 on an edge, mex{A002187(n - 2)} on
    cycles: what the interpreter printed for the same programs."""
    run = tmp_path / "run"
    run.mkdir()
    (run / "c.cgs").write_text("System.Print([game.graph.ArcKayles(Graph.Cycle(n)).NimValue "
                               "for n from 3 to 22]);\n", encoding="utf-8")
    table = "[" + ",".join(path_row([min(x, y) % 2 for y in range(8)]) for x in range(8)) + "]"
    for program, game, first in [(DATA / "arc_kayles_paths.cgs", "dawsons_kayles", PATH_LINES[0]),
                                 (DATA / "weighted_edge.cgs", WEIGHTED, table),
                                 (run / "c.cgs", "dawsons_kayles",
                                  path_row(mex({DK[n - 2]}) for n in range(3, 23)))]:
        out = real_cgsuite.run(run, program)
        assert out.returncode == 0, out.stdout + out.stderr
        assert out.stdout.splitlines()[0] == first
        assert out.stdout.splitlines() == audit(program, game, library).printed["as printed"]


# ---------------------------------------------------------------- the command line
@pytest.mark.parametrize("program, game, exit_code, text", [
    ("arc_kayles_paths.cgs", "dawsons_kayles", 0, "AGREE: all 33 values of GenArcKayles(weighted => false)"),
    ("arc_kayles_paths.cgs", "kayles", 1, "values of GenArcKayles(weighted => false) the program computed differ"),
    ("star.cgs", "dawsons_kayles", 2, "a component is not a path: a vertex of degree 3"),
])
def test_the_command_line_gives_the_exit_codes(library, tmp_path, capsys, program, game, exit_code, text):
    """`cgs-bridge audit prog.cgs --game G --class-path DIR` (in process, --no-sandbox)."""
    from cgs_bridge.cli.main import main
    (tmp_path / "star.cgs").write_text("System.Print(game.graph.ArcKayles(Graph.Star(4)).NimValue);\n",
                                       encoding="utf-8")
    path = tmp_path / program if program == "star.cgs" else DATA / program
    assert main(["audit", str(path), "--game", game, "--class-path", str(library), "--no-sandbox"]) == exit_code
    assert text in capsys.readouterr().out
