"""Enums, ``Graph.DeleteEdge`` and CGSuite's ``game.graph.GenHackenbush`` (issue 47), run from
CGSuite's own library files read from ``../shared/engines/cgsuite/lib/cgsuite-core.jar`` at run
time (``GenHackenbush.cgs``, ``Color.cgs``, ``GraphRuleset.cgs``, ``constants.cgs``: nothing copied).

Before this change every Hackenbush program stopped at "the enum `Color` is read but not
interpreted" (exit 2), and ``DeleteEdge`` was "not interpreted".

- Enum values, the players, ``DeleteEdge``, graph printing with label maps and Hackenbush positions
  print what the real CGSuite 2.2 printed (the expected lines below; the engine test compares them
  again, line by line).
- Green Hackenbush: a stalk of n green edges is a Nim heap n, stalks at the ground a disjunctive sum
  (Winning Ways ch. 2, 7): the stalk program agrees with the catalog's ``nim`` (exit 0). Planted
  twins differ exactly where an independent brute force of their rule (written here, on edge
  lists) differs from Nim: childish green edges (only an edge whose removal drops no other edge)
  and the library file edited so that cut-off edges stay in play (exit 1).
- Trees that are not stalks and cycles cannot be judged (exit 2, naming the colon or fusion
  principle); their values equal the brute force, the colon principle and the real engine's.
  Blue and red edges are refused as partizan (exit 2).
"""

from __future__ import annotations

from functools import cache

import pytest

from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_game
from cgs_bridge.systems.cgsuite.audit.core import audit_cgscript

from cgsuite_jar import check, mex, summaries
import paths

DATA = paths.DATA / "audit" / "graphs"
STALKS = DATA / "hackenbush_stalks.cgs"
SHAPES = DATA / "hackenbush_shapes.cgs"
WEIGHTED = paths.DATA / "audit" / "library" / "weighted_edge.game"
CHILDISH = "H := game.graph.GenHackenbush(childishEdges => [game.graph.Color.Green]);"


def audit(program, game, library, text=None):
    return audit_cgscript(str(program), Ruleset(load_game(str(game)), {}), text=text, class_path=[str(library)])


def star(v: int) -> str:
    return "0" if v == 0 else "*" if v == 1 else f"*{v}"


# ---------------------------------------------------------------- an independent brute force
def grounded(edges: tuple) -> tuple:
    """The edges still connected to the ground (vertex 0)."""
    seen, todo = {0}, [0]
    while todo:
        v = todo.pop()
        for a, b in edges:
            for x, y in ((a, b), (b, a)):
                if x == v and y not in seen:
                    seen.add(y)
                    todo.append(y)
    return tuple(e for e in edges if e[0] in seen)


@cache
def hackenbush(edges: tuple, rule: str = "green") -> int:
    """The Grundy value of green edges ``edges`` ((u, v) pairs, ground 0; parallel edges and loops
    allowed) when a move removes one edge and: ``green`` drops what is cut off the ground;
    ``childish`` may remove only an edge whose removal cuts nothing off; ``kept`` leaves cut-off
    edges in play."""
    values = set()
    for k in range(len(edges)):
        rest = edges[:k] + edges[k + 1:]
        left = grounded(rest)
        if rule == "childish" and len(left) != len(rest):
            continue
        values.add(hackenbush(tuple(sorted(rest if rule == "kept" else left)), rule))
    return mex(values)


def stalks(*lengths) -> tuple:
    """Stalks of the given numbers of edges at the ground, as edges."""
    edges, top = [], 0
    for n in lengths:
        below = 0
        for _ in range(n):
            top += 1
            edges.append((below, top))
            below = top
    return tuple(edges)


def stalk_text(*lengths) -> str:
    parts = ["e" * n for n in lengths]
    return parts[0] if len(parts) == 1 else "(" + ";".join(parts) + ")"


#: What hackenbush_stalks.cgs values: stalks 0..12 (one list), then sums of stalks at the ground.
STALK_LIST = range(13)
STALK_SUMS = [(3, 2, 1), (5, 9), (6, 4, 1, 2)]


def stalk_lines(rule: str = "green") -> list:
    """What hackenbush_stalks.cgs prints under ``rule``: the options of ``eee`` are its stalks of
    0, 1, 2 edges, the childish rule's only the stalk of 2 (the top edge)."""
    options = ["ee"] if rule == "childish" else [".", "e", "ee"]
    return (["[" + ",".join(star(hackenbush(stalks(n), rule)) for n in STALK_LIST) + "]",
             'GenHackenbush.Position("eee")',
             "[" + ",".join(f'GenHackenbush.Position("{o}")' for o in options) + "]"]
            + [star(hackenbush(stalks(*s), rule)) for s in STALK_SUMS])


def test_the_brute_force_gives_nim_on_stalks_and_the_rules_twins_differ():
    """A theorem (Winning Ways ch. 7: a green stalk of n edges is *n; a sum is the nim-sum)
    checks the brute force; the twins' rules give other values (childish: n mod 2)."""
    for n in range(9):
        assert hackenbush(stalks(n)) == n
        assert hackenbush(stalks(n), "childish") == n % 2
    for s in STALK_SUMS + [(2, 2), (4, 1)]:
        want = 0
        for n in s:
            want ^= n
        assert hackenbush(stalks(*s)) == want
    assert hackenbush(stalks(3), "kept") == 1  # every edge stays in play: 3 removals


# ---------------------------------------------------------------- what CGSuite 2.2 prints
#: (expression, what the real CGSuite 2.2 printed for it)
ENGINE_LINES = [
    ("game.graph.Color.Green", "Green"),
    ("game.graph.Color.Red.Literal", '"Red"'),
    ("game.graph.Color.Green.ToString", '"Green"'),
    ("game.graph.Color.Green == game.graph.Color.Green", "true"),
    ("game.graph.Color.Green == game.graph.Color.Blue", "false"),
    ("game.graph.Color.Green != game.graph.Color.Blue", "true"),
    ("game.graph.Color.Green == 1", "false"),
    ("game.graph.Color.Green == Left", "false"),
    ("[game.graph.Color.Blue, game.graph.Color.Red] Contains game.graph.Color.Red", "true"),
    ("[game.graph.Color.Blue, game.graph.Color.Red].Contains(game.graph.Color.Green)", "false"),
    ("[game.graph.Color.Blue, game.graph.Color.Red, game.graph.Color.Green]", "[Blue,Red,Green]"),
    ("game.graph.Color.Green is game.graph.Color", "true"),
    ('game.graph.Color.Green.Literal + "!"', '"Green!"'),
    ("{game.graph.Color.Red => 1}", "{Red => 1}"),
    ('{3, "a", Left, game.graph.Color.Blue}', '{3,"a",Left,Blue}'),
    ("Left", "Left"),
    ("Player.Right", "Right"),
    ("Left == Player.Left", "true"),
    ("Left != Right", "true"),
    ("Left.Literal", '"Left"'),
    ("Player.Left.Ordinal", "1"),
    ("Right.Ordinal", "2"),
    ("Left.Sign", "1"),
    ("Right.Sign", "-1"),
    ("Left.Opponent", "Right"),
    ("Right.Opponent", "Left"),
    ("{Right, Left}", "{Left,Right}"),
    ("Left is Player", "true"),
    ("Graph.Cycle(4).DeleteEdge(Graph.Cycle(4).Edges[1])", 'Graph("---")'),
    ("Graph.Cycle(4).DeleteEdge(Graph.Cycle(4).Edges[2]).Vertices",
     "[Vertex(Nothing, [4]),Vertex(Nothing, [3]),Vertex(Nothing, [2,4]),Vertex(Nothing, [1,3])]"),
    ('Graph.Parse(":A-:A-.").DeleteEdge(Graph.Parse(":A-:A-.").Edges[1]).Vertices',
     "[Vertex(Nothing, [2]),Vertex(Nothing, [1])]"),
    ('Graph.Parse(":A-:A-.").DeleteEdge(Graph.Parse(":A-:A-.").Edges[2]).Vertices',
     "[Vertex(Nothing, [1]),Vertex(Nothing, [])]"),
    ("Graph.Path(3).DeleteEdge(Graph.Path(3).Edges[2])", 'Graph("-;.")'),
    ("Graph.Path(3).DeleteEdge(Graph.Path(5).Edges[4])", 'Graph("--")'),
    ('Graph.Parse(":Al.r:A", edgeLabels => {"l" => 1, "r" => 2, "" => Nothing})', 'Graph(":A12:A")'),
    ('Graph.Parse(":Al.r:A", edgeLabels => {"l" => 1, "r" => 2, "" => Nothing}).Edges',
     "[Edge(1, 1, 2),Edge(2, 1, 2)]"),
    ("Graph.Cycle(4).DeleteEdgeByIndex(1, 2).Vertices",
     "[Vertex(Nothing, [4]),Vertex(Nothing, [3]),Vertex(Nothing, [2,4]),Vertex(Nothing, [1,3])]"),
    ("Graph.Cycle(4).DeleteEdgeByIndex(3, 1).Vertices",
     "[Vertex(Nothing, [2,4]),Vertex(Nothing, [1]),Vertex(Nothing, [4]),Vertex(Nothing, [1,3])]"),
    ('Graph.Parse("ee", edgeLabels => {"e" => 7}).ToString', '"Graph("77")"'),
    ('Graph.Parse("ee", edgeLabels => {"e" => 7}).ToString({=>}, {7 => "x"})', '"xx"'),
    ('Graph.Parse("ee", edgeLabels => {"e" => 7}).ToString({=>}, {7 => "xy"})', '"{xy}{xy}"'),
    ('Graph.Parse("ee", edgeLabels => {"e" => 7}).ToString({=>}, {8 => "x"})', '"77"'),
    ('Graph.Parse("ee", edgeLabels => {"e" => 7}).ToString({Nothing => "a"}, {7 => ""})', '"a-a-a"'),
    ('Graph.Parse("ee", edgeLabels => {"e" => 7}).ToString(x -> "v", x -> "w")', '"vwvwv"'),
    ('Graph.Parse("a-b", vertexLabels => {"a" => "a", "b" => "bb", "" => Nothing})', 'Graph("a-{bb}")'),
    ('Graph.Parse("ee", edgeLabels => {"e" => game.graph.Color.Green})', 'Graph("{Green}{Green}")'),
    ('Graph.Parse("ee", edgeLabels => {"e" => game.graph.Color.Green}).Edges',
     "[Edge(Green, 1, 2),Edge(Green, 2, 3)]"),
    ("Graph.Path(3).IsSimple", "true"),
    ('Graph.Parse(":A-:A").IsSimple', "false"),
    ('Graph.Parse(":A--:A").IsSimple', "false"),
    ('game.graph.Hackenbush("eee")', 'GenHackenbush.Position("eee")'),
    ('game.graph.Hackenbush("eee").CanonicalForm', "*3"),
    ('game.graph.Hackenbush("eee").Options(Left)',
     '[GenHackenbush.Position("."),GenHackenbush.Position("e"),GenHackenbush.Position("ee")]'),
    ('game.graph.Hackenbush("eee").Options(Right)',
     '[GenHackenbush.Position("."),GenHackenbush.Position("e"),GenHackenbush.Position("ee")]'),
    ('game.graph.Hackenbush("e(e;e)").Options(Right)',
     '[GenHackenbush.Position("."),GenHackenbush.Position("ee"),GenHackenbush.Position("ee")]'),
    ('game.graph.Hackenbush("eee(e;ee)")', 'GenHackenbush.Position("eee(e;ee)")'),
    ('game.graph.Hackenbush("eee(e;ee)").CanonicalForm', "*6"),
    ('game.graph.Hackenbush("ee:Aeeee:A").CanonicalForm', "*2"),
    ('game.graph.Hackenbush(":Geeee:G")', 'GenHackenbush.Position(":Aeeee:A")'),
    ('game.graph.Hackenbush(":Geeee:G").CanonicalForm', "0"),
    ('game.graph.Hackenbush(":Geeee:G").Options(Left)',
     ('[GenHackenbush.Position("eee"),GenHackenbush.Position("eee"),GenHackenbush.Position("(e;ee)"),'
      'GenHackenbush.Position("(ee;e)")]')),
    ('game.graph.Hackenbush("(eee;ee;e)").CanonicalForm', "0"),
    ("game.graph.Hackenbush(Graph.Path(4, Nothing, game.graph.Color.Green))", 'GenHackenbush.Position("eee")'),
    ("game.graph.Hackenbush(Graph.Path(3)).CanonicalForm", "0"),
    ('game.graph.Hackenbush("lre").Options(Left)', '[GenHackenbush.Position("."),GenHackenbush.Position("lr")]'),
    ('game.graph.Hackenbush("lre").Options(Right)', '[GenHackenbush.Position("l"),GenHackenbush.Position("lr")]'),
    ('game.graph.Hackenbush("eee").graph', 'Graph("{Green}{Green}{Green}")'),
    ('game.graph.Hackenbush("eee").graph.Edges', "[Edge(Green, 1, 2),Edge(Green, 2, 3),Edge(Green, 3, 4)]"),
    ('game.graph.GenHackenbush(childishEdges => [game.graph.Color.Green])("eeee").Options(Left)',
     '[GenHackenbush.Position("eee")]'),
    ('game.graph.GenHackenbush(childishEdges => [game.graph.Color.Green])("eeee").CanonicalForm', "0"),
    ('game.graph.GenHackenbush(childishEdges => [game.graph.Color.Green])("(eee;ee)").CanonicalForm', "*"),
    ('game.graph.ChildishHackenbush("eeee").CanonicalForm', "*4"),
    ('game.graph.Hackenbush("eee") + game.graph.Hackenbush("ee")',
     'GenHackenbush.Position("eee") + GenHackenbush.Position("ee")'),
]


def engine_script(tmp_path):
    (tmp_path / "run").mkdir(exist_ok=True)
    path = tmp_path / "run" / "lines.cgs"
    path.write_text("".join(f"System.Print({e});\n" for e, _ in ENGINE_LINES), encoding="utf-8")
    return path


def test_enums_graphs_and_hackenbush_print_what_cgsuite_prints(library, tmp_path):
    rep = audit(engine_script(tmp_path), "nim", library)
    assert check(rep, "run").verdict == "ok", summaries(rep)
    assert rep.printed["as printed"] == [line for _, line in ENGINE_LINES]


def test_the_real_cgsuite_prints_the_same_lines(library, real_cgsuite, tmp_path):
    out = real_cgsuite.run(tmp_path / "run", engine_script(tmp_path))
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.splitlines() == [line for _, line in ENGINE_LINES]


@pytest.mark.parametrize("expr, why", [
    ("game.graph.Color.Blue.Ordinal", "not a method or member variable: `Ordinal`"),
    ("game.graph.Color.Purple", "not a method or member variable: `Purple`"),
    ('game.graph.Hackenbush("ee;e")', 'That `Graph` is not connected.") at game/graph/GenHackenbush.cgs:'),
    ('Graph.Parse("eee")', "`e` is not a edge symbol"),
    ('Graph.Parse("ee", edgeLabels => {"e" => 7}).ToString({=>}, {7 => 3})', "not a string"),
    ("DirectedGraph.Parse(\"->\")", "`DirectedGraph` (cgsuite.util.DirectedGraph) is not interpreted"),
])
def test_what_cgsuite_refuses_stops_the_run(library, tmp_path, expr, why):
    """Each stops the real CGSuite 2.2 with an error too (checked in the engine test below)."""
    (tmp_path / "e.cgs").write_text(f'System.Print(1);\nSystem.Print({expr});\n', encoding="utf-8")
    rep = audit(tmp_path / "e.cgs", "nim", library)
    run = check(rep, "run")
    assert run.verdict == "error" and why in run.summary, summaries(rep)
    assert rep.printed["as printed"] == ['1'] and rep.exit_code == 2


def test_the_real_cgsuite_stops_on_the_same_expressions(real_cgsuite, tmp_path):
    for k, expr in enumerate(['game.graph.Color.Blue.Ordinal', 'game.graph.Color.Purple',
                              'game.graph.Hackenbush("ee;e")', 'Graph.Parse("eee")',
                              'Graph.Parse("ee", edgeLabels => {"e" => 7}).ToString({=>}, {7 => 3})']):
        (tmp_path / f"e{k}.cgs").write_text(f'System.Print(1);\nSystem.Print({expr});\n', encoding="utf-8")
        out = real_cgsuite.run(tmp_path, tmp_path / f"e{k}.cgs")
        assert out.returncode != 0 and out.stdout.splitlines()[0] == '1', (expr, out.stdout)


# ---------------------------------------------------------------- Green Hackenbush judged against nim
def test_green_stalks_agree_with_nim(library):
    rep = audit(STALKS, "nim", library)
    graphs = check(rep, "graphs")
    assert rep.exit_code == 0 and graphs.verdict == "agree", summaries(rep)
    assert "stalks of n green edges <-> heaps n" in graphs.summary
    assert rep.printed["as printed"] == stalk_lines()


def test_a_childish_twin_differs_where_its_brute_force_differs_from_nim(library):
    text = STALKS.read_text(encoding="utf-8")
    assert text.count("H := game.graph.Hackenbush;") == 1
    rep = audit(STALKS, "nim", library, text=text.replace("H := game.graph.Hackenbush;", CHILDISH))
    graphs = check(rep, "graphs")
    assert rep.exit_code == 1 and graphs.verdict == "differ", summaries(rep)
    assert rep.printed["as printed"] == stalk_lines("childish")
    want = {f"({n})": hackenbush(stalks(n), "childish") for n in STALK_LIST
            if hackenbush(stalks(n), "childish") != n}
    for s in STALK_SUMS:
        nim = 0
        for n in s:
            nim ^= n
        if hackenbush(stalks(*s), "childish") != nim:
            want[" + ".join(f"({n})" for n in s)] = hackenbush(stalks(*s), "childish")
    assert {r["detail"]: r["program"] for r in graphs.rows} == want


def test_an_edited_library_keeping_cut_off_edges_differs(library):
    source = library / "game" / "graph" / "GenHackenbush.cgs"
    text = source.read_text(encoding="utf-8")
    old = "Position(graph.DeleteEdge(edge).ConnectedComponent(1))"
    assert text.count(old) == 1
    source.write_text(text.replace(old, "Position(graph.DeleteEdge(edge))"), encoding="utf-8")
    # small stalks: with cut-off edges kept, a stalk of n edges has 2^n followers
    program = STALKS.read_text(encoding="utf-8").replace("for n from 0 to 12", "for n from 0 to 6")
    rep = audit(STALKS, "nim", library, text="\n".join(line for line in program.splitlines()
                                                        if "eeeee" not in line))
    graphs = check(rep, "graphs")
    assert rep.exit_code == 1 and graphs.verdict == "differ", summaries(rep)
    rows = {r["detail"]: r["program"] for r in graphs.rows}
    want = {f"({n})": hackenbush(stalks(n), "kept") for n in range(7) if hackenbush(stalks(n), "kept") != n}
    assert want == {f"({n})": n % 2 for n in range(2, 7)}
    assert hackenbush(stalks(3, 2, 1), "kept") == 3 ^ 2 ^ 1  # six edges, an even number: no difference there
    assert rows == want


# ---------------------------------------------------------------- trees and cycles: values, not verdicts
#: (CGSuite text, the same position as edges with the ground 0, what the position is)
SHAPE_CASES = [
    ("e(e;e)", ((0, 1), (1, 2), (1, 3)), "tree"),
    ("eee(e;ee)", ((0, 1), (1, 2), (2, 3), (3, 4), (3, 5), (5, 6)), "tree"),
    ("(e(e;e;e);ee)", ((0, 1), (1, 2), (1, 3), (1, 4), (0, 5), (5, 6)), "tree"),
    ("e(ee(e;e);e)", ((0, 1), (1, 2), (2, 3), (3, 4), (3, 5), (1, 6)), "tree"),
    (":Aeee:A", ((0, 1), (1, 2), (0, 2)), "cycle"),
    (":Aeeee:A", ((0, 1), (1, 2), (2, 3), (0, 3)), "cycle"),
    ("ee:Aeeee:A", ((0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (2, 5)), "cycle"),
    ("e:Aee:A", ((0, 1), (1, 2), (1, 2)), "cycle"),
    (":A(eee:A;ee)", ((0, 1), (1, 2), (0, 2), (0, 3), (3, 4)), "cycle"),
]


def colon(edges) -> int:
    """The colon principle (Winning Ways ch. 7) on a tree rooted at the ground: the value above a
    vertex is the nim-sum over its branches of 1 + the value above the branch's top vertex."""
    def above(v, parent):
        out = 0
        for a, b in edges:
            for x, y in ((a, b), (b, a)):
                if x == v and y != parent:
                    out ^= 1 + above(y, v)
        return out
    return above(0, None)


def shapes_program(path):
    path.write_text("H := game.graph.Hackenbush;\n" + "".join(
        f'System.Print(H("{text}").CanonicalForm);\n' for text, _, _ in SHAPE_CASES), encoding="utf-8")
    return path


def test_trees_and_cycles_take_the_brute_force_values_and_are_not_judged(library, tmp_path):
    for _, edges, kind in SHAPE_CASES:
        if kind == "tree":
            assert hackenbush(edges) == colon(edges)
    rep = audit(shapes_program(tmp_path / "shapes.cgs"), "nim", library)
    assert rep.printed["as printed"] == [star(hackenbush(edges)) for _, edges, _ in SHAPE_CASES]
    graphs = check(rep, "graphs")
    assert rep.exit_code == 2 and graphs.verdict == "error" and "cannot be judged" in graphs.summary


@pytest.mark.parametrize("text, why", [
    ("e(e;e)", "meets 3 edges (a tree that is not stalks): the colon principle"),
    ("(ee;e(e;e;e))", "a vertex above the ground meets 4 edges"),
    (":Aeee:A", "it has a cycle: the fusion principle"),
    ("e:Aee:A", "two edges between one pair of vertices (a cycle): the fusion principle"),
])
def test_a_shape_that_is_not_stalks_is_refused(library, tmp_path, text, why):
    (tmp_path / "p.cgs").write_text(f'System.Print(game.graph.Hackenbush("{text}").CanonicalForm);\n',
                                    encoding="utf-8")
    rep = audit(tmp_path / "p.cgs", "nim", library)
    graphs = check(rep, "graphs")
    assert rep.exit_code == 2 and graphs.verdict == "error", summaries(rep)
    assert f'GenHackenbush.Position("{text}")' in graphs.summary and why in graphs.summary


@pytest.mark.parametrize("program, check_name, why", [
    ('System.Print(game.graph.Hackenbush("lr").CanonicalForm);', "run", "partizan: GenHackenbush.Position(\"lr\")"),
    ('System.Print(game.graph.Hackenbush("l").CanonicalForm);', "run",
     "(Options(player) at line 16, the player read at line 19 of game/graph/GenHackenbush.cgs)"),
    ('System.Print(game.graph.Hackenbush("(e;l)").CanonicalForm);', "run", "partizan"),
    ("System.Print(game.graph.Hackenbush(Graph.Path(3)).CanonicalForm);", "graphs", "an edge is Nothing"),
    ('System.Print(game.graph.Hackenbush("e").NimValue);', "run", "NimValue"),
])
def test_blue_red_and_unlabelled_edges_are_refused(library, tmp_path, program, check_name, why):
    (tmp_path / "p.cgs").write_text(program + "\n", encoding="utf-8")
    rep = audit(tmp_path / "p.cgs", "nim", library)
    assert rep.exit_code == 2 and why in check(rep, check_name).summary, summaries(rep)


def test_a_hackenbush_position_against_two_coordinates_is_refused(library):
    rep = audit(STALKS, WEIGHTED, library)
    graphs = check(rep, "graphs")
    assert rep.exit_code == 2 and "stalks of n green edges are heaps n" in graphs.summary


def test_an_arc_kayles_reading_refuses_labelled_edges(library, tmp_path):
    """A class of its own holding a Hackenbush graph is read as components <-> heaps only when
    its edges carry no label (a green stalk of n edges is not a path heap of n + 1 vertices)."""
    (tmp_path / "p.cgs").write_text(
        "System.Print(game.graph.ArcKayles(Graph.Path(4, Nothing, game.graph.Color.Green)).NimValue);\n",
        encoding="utf-8")
    rep = audit(tmp_path / "p.cgs", "dawsons_kayles", library)
    graphs = check(rep, "graphs")
    assert rep.exit_code == 2 and "an edge is labelled Green" in graphs.summary


# ---------------------------------------------------------------- the real CGSuite
def test_the_real_cgsuite_prints_the_values_the_audit_read(library, real_cgsuite, tmp_path):
    """The engine prints *n on stalks, the nim-sums of stalks at the ground, the childish twin's
    n mod 2 and the brute force's values on trees and cycles: what the interpreter printed."""
    run = tmp_path / "run"
    run.mkdir()
    (run / "childish.cgs").write_text(STALKS.read_text(encoding="utf-8").replace(
        "H := game.graph.Hackenbush;", CHILDISH), encoding="utf-8")
    for program, lines in [(STALKS, stalk_lines()), (run / "childish.cgs", stalk_lines("childish")),
                           (shapes_program(run / "shapes.cgs"),
                            [star(hackenbush(edges)) for _, edges, _ in SHAPE_CASES])]:
        out = real_cgsuite.run(run, program)
        assert out.returncode == 0, out.stdout + out.stderr
        assert out.stdout.splitlines() == lines
        assert audit(program, "nim", library).printed["as printed"] == lines


# ---------------------------------------------------------------- the command line
@pytest.mark.parametrize("program, exit_code, text", [
    ("stalks", 0, "AGREE: all 16 values of GenHackenbush(childishEdges => [])"),
    ("childish", 1, "values of GenHackenbush(childishEdges => [Green]) the program computed differ"),
    ("tree", 2, "a tree that is not stalks"),
    ("blue", 2, "partizan"),
])
def test_the_command_line_gives_the_exit_codes(library, tmp_path, capsys, program, exit_code, text):
    """`cgs-bridge audit prog.cgs --game nim --class-path DIR` (in process, --no-sandbox)."""
    from cgs_bridge.cli.main import main
    texts = {"childish": STALKS.read_text(encoding="utf-8").replace("H := game.graph.Hackenbush;", CHILDISH),
             "tree": 'System.Print(game.graph.Hackenbush("e(e;e)").CanonicalForm);\n',
             "blue": 'System.Print(game.graph.Hackenbush("ll").CanonicalForm);\n'}
    path = STALKS
    if program in texts:
        path = tmp_path / f"{program}.cgs"
        path.write_text(texts[program], encoding="utf-8")
    assert main(["audit", str(path), "--game", "nim", "--class-path", str(library), "--no-sandbox"]) == exit_code
    assert text in capsys.readouterr().out


def test_the_sandboxed_command_line_gives_the_same_exit_codes(library, tmp_path, capsys):
    """The same audits with the evaluation in the bubblewrap sandbox (the default)."""
    from cgs_bridge.cli.main import main
    from cgs_bridge.systems import sandbox
    why = sandbox.unavailable_reason()
    if why:
        pytest.skip(f"no sandbox here: {why}")
    twin = tmp_path / "childish.cgs"
    twin.write_text(STALKS.read_text(encoding="utf-8").replace("H := game.graph.Hackenbush;", CHILDISH),
                    encoding="utf-8")
    for path, exit_code in [(STALKS, 0), (twin, 1)]:
        assert main(["audit", str(path), "--game", "nim", "--class-path", str(library)]) == exit_code
    assert "stalks of n green edges" in capsys.readouterr().out


def test_cgsuites_childish_hackenbush_is_green_hackenbush_on_green_edges(library):
    """CGSuite's ChildishHackenbush makes blue and red edges childish (constants.cgs:
    ``childishEdges => [Color.Blue, Color.Red]``): on green stalks it is Nim, and agrees."""
    text = STALKS.read_text(encoding="utf-8").replace("H := game.graph.Hackenbush;",
                                                      "H := game.graph.ChildishHackenbush;")
    rep = audit(STALKS, "nim", library, text=text)
    graphs = check(rep, "graphs")
    assert rep.exit_code == 0 and "GenHackenbush(childishEdges => [Blue,Red])" in graphs.summary, summaries(rep)
    assert rep.printed["as printed"] == stalk_lines()
