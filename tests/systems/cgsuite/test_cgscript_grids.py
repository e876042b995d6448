"""Grids in CGScript, Domineering and Cram (issue 47 item 6). CGSuite's ``game.grid`` library is
read from ``../shared/engines/cgsuite/lib/cgsuite-core.jar`` at run time (``GridRuleset.cgs``,
``Domineering.cgs``, ``constants.cgs``: nothing copied).

Before this change ``Grid`` was an unknown name and every program on a grid was exit 2.

- The Grid API as programs and the library use it prints what the real CGSuite 2.2 prints (the
  expected lines were printed by the engine; the engine tests compare them again).
- Domineering runs from the jar's file and is refused as partizan (exit 2) naming the position and
  the lines of its ``Options``; the real CGSuite gives ``Domineering("...")`` the value -1, not a nimber.
- CGSuite's own ``game.grid.Cram`` (``Domineering.ImpartialVariant``) runs and gives a brute force's
  values (the real CGSuite too), agrees with ``dawsons_kayles`` on strips; twins of the library
  file differ where brute forces say. The audit of Cram programs: ``test_audit_grids.py``.
"""

from __future__ import annotations

import pytest
from grid_cases import (
    BOARDS,
    DATA,
    ENGINE_BOARDS,
    audit,
    board_script,
    cells,
    check,
    cram,
    grid_text,
    make_user,
    summaries,
    values_line,
)


@pytest.fixture
def user(tmp_path):
    """A class path folder holding a copy of UserCram.cgs alone."""
    return make_user(tmp_path)

# ---------------------------------------------------------------- the Grid API, as CGSuite 2.2 prints it
G = 'Grid.Parse("..#.|#...|....", ".#")'
#: (expression, what the real CGSuite 2.2 printed for it)
GRID_LINES = [
    (G, "Grid([[0,0,1,0],[1,0,0,0],[0,0,0,0]])"),
    (f"{G}.RowCount", "3"), (f"{G}.ColCount", "4"), (f"{G}[(1,3)]", "1"),
    (f"{G}[(0,1)]", "Nothing"), (f"{G}[(4,1)]", "Nothing"),
    (f'{G}.ToString(".#")', '"..#.|#...|...."'),
    (f"{G}.Decomposition(1)", "[Grid([[0,0,1,0],[1,0,0,0],[0,0,0,0]])]"),
    (f"{G}.Decomposition(0)", "[Grid([[1]]),Grid([[1]])]"),
    (f"{G}.FindAll(1)", "[(1,3),(2,1)]"),
    (f"{G}.Updated({{(1,1) => 1, (3,4) => 1}})", "Grid([[1,0,1,0],[1,0,0,0],[0,0,0,1]])"),
    (f"{G}.Updated((2,2), 1)", "Grid([[0,0,1,0],[1,1,0,0],[0,0,0,0]])"),
    (f"{G}.SymmetryInvariant(Symmetry.Flip)", "Grid([[0,0,0,0],[0,0,0,1],[0,1,0,0]])"),
    ("Symmetry.Flip", "[Identity,Inversion,HorizontalFlip,VerticalFlip]"),
    ("Grid.Empty(2,3)", "Grid([[0,0,0],[0,0,0]])"),
    ("(1,2)+(0,1)", "(1,3)"),
    (f"{G}.IsInBounds((3,4))", "true"),
    (f"{G}.Permuted(Symmetry.HorizontalFlip)", "Grid([[0,0,0,0],[1,0,0,0],[0,0,1,0]])"),
    ('Grid.Parse("", ".#")', "Grid([[]])"),
    ('Grid.Parse("#.#.#", ".#").Decomposition(1)', "[Grid([[0]]),Grid([[0]])]"),
    ('Grid.Parse(".#.|#.#|.#.", ".#").Decomposition(1)', "[" + ",".join(["Grid([[0]])"] * 5) + "]"),
    ('Grid.Parse("..#|#.#|..#|.#.", ".#").Decomposition(1)', "[Grid([[0,0],[1,0],[0,0],[0,1]]),Grid([[0]])]"),
    ('Grid.Parse(".#.|#.#|...", ".#").Decomposition(1)', "[Grid([[0]]),Grid([[0]]),Grid([[1,0,1],[0,0,0]])]"),
    ('Grid.Parse("###|###", ".#").Decomposition(1)', "[]"),
    ('Grid.Parse("..#|.##|#..", ".#").Decomposition(1, Coordinates.Compass)', "[Grid([[0,0,1],[0,1,1],[1,0,0]])]"),
    ('Grid.Parse(".#|#.", ".#").Decomposition(1, Coordinates.Compass)', "[Grid([[0,1],[1,0]])]"),
    ('Grid.Parse(".#.|##.|...", ".#").Decomposition(1)', "[Grid([[0]]),Grid([[1,1,0],[1,1,0],[0,0,0]])]"),
    ('Grid.Parse("#..|.##|.#.", ".#").Decomposition(1)', "[Grid([[0,0]]),Grid([[0],[0]]),Grid([[0]])]"),
    ('Grid.Parse(".#.|##.|...", ".#").Decomposition(0)', "[Grid([[0,1,0],[1,1,0],[0,0,0]])]"),
    ('Grid.Parse(".|.|#|.", ".#").SymmetryInvariant(Symmetry.Flip)', "Grid([[0],[0],[1],[0]])"),
    ('Grid.Parse(".#..|....", ".#").SymmetryInvariant(Symmetry.Flip)', "Grid([[0,0,0,0],[0,0,1,0]])"),
    ('Grid.Parse("#..|...", ".#").SymmetryInvariant(Symmetry.EightWay)', "Grid([[0,0,0],[0,0,1]])"),
    ('Grid.Parse("#..|...", ".#").SymmetryInvariant(Symmetry.Rotational)', "Grid([[0,0,0],[0,0,1]])"),
    ('Grid.Parse("#..|...", ".#").Permuted(Symmetry.ClockwiseRotation)', "Grid([[0,0],[0,0],[1,0]])"),
    ('Grid.Parse("#..|...", ".#").Permuted(Symmetry.Transpose)', "Grid([[1,0],[0,0],[0,0]])"),
    ('Grid.Parse("#..|...", ".#").Permuted(Symmetry.AntiTranspose)', "Grid([[0,0],[0,0],[0,1]])"),
    ('Grid.Parse("#..|...", ".#").Permuted(Symmetry.Inversion)', "Grid([[0,0,0],[0,0,1]])"),
    ('Grid.Parse("#..|...", ".#").Subgrid((1,2),(2,3))', "Grid([[0,0],[0,0]])"),
    ('Grid.Parse("#..|...", ".#").ToString', '"Grid([[1,0,0],[0,0,0]])"'),
    ('Grid.Parse("#..|...", ".#").FindAll(0)', "[(1,2),(1,3),(2,1),(2,2),(2,3)]"),
    ("Symmetry.Identity", "Identity"), ("Grid.Empty(0,0)", "Grid([])"), ("Grid.Empty(0,3).RowCount", "0"),
    ('Grid.Parse("X.", "x.")', "Grid([[0,1]])"),
    # Domineering, run from the jar's game/grid/Domineering.cgs and GridRuleset.cgs
    ('game.grid.Domineering("..|..")', 'Domineering.Position("..|..")'),
    ('game.grid.Domineering("..|..").Options(Left)', '[Domineering.Position("#.|#."),Domineering.Position(".#|.#")]'),
    ('game.grid.Domineering("..|..").Options(Right)', '[Domineering.Position("##|.."),Domineering.Position("..|##")]'),
    ('game.grid.Domineering("..|..").Decomposition', '[Domineering.Position("..|..")]'),
    ('game.grid.Domineering(".#.|...").Decomposition', '[Domineering.Position("...|.#.")]'),
    ('game.grid.Domineering(".#..|.#..").Decomposition',
     '[Domineering.Position(".|."),Domineering.Position("..|..")]'),
    ("game.grid.Domineering(Grid.Empty(2,2)).GridString", '"..|.."'),
    ("game.grid.Domineering", "Domineering"),
]
#: Programs that stop on both sides (CGSuite: exit 1 with its message; the interpreter: run error).
FAILING = ['Grid.Parse("..|.", ".#")', 'Grid.Parse("x", ".#")', "Grid.Empty(2,2).Updated((3,1), 1)",
           "Grid.Empty(2,2).Updated((1,1), 128)"]


def grid_script(tmp_path):
    (tmp_path / "run").mkdir(exist_ok=True)
    path = tmp_path / "run" / "grids.cgs"
    path.write_text("".join(f"System.Print({e});\n" for e, _ in GRID_LINES), encoding="utf-8")
    return path


def test_the_grid_api_prints_what_cgsuite_prints(library, tmp_path):
    rep = audit(grid_script(tmp_path), "dawsons_kayles", library)
    assert check(rep, "run").verdict == "ok", summaries(rep)
    assert rep.printed["as printed"] == [line for _, line in GRID_LINES]


@pytest.mark.parametrize("expr, why", list(zip(FAILING, ["All rows of the position must have equal length",
                                                    "may only contain the following characters: .#",
                                                    "Coordinate is out of bounds: (3,1)",
                                                    "Value is out of range"])))
def test_a_bad_grid_stops_the_run_with_cgsuites_reason(user, tmp_path, expr, why):
    rep = audit(DATA / "cram_strips.cgs", "dawsons_kayles", user, text=f"System.Print({expr});\n")
    run = check(rep, "run")
    assert run.verdict == "error" and why in run.summary and "at 1:" in run.summary


def test_the_real_cgsuite_prints_the_same_grid_lines(library, real_cgsuite, tmp_path):
    out = real_cgsuite.run(tmp_path / "run", grid_script(tmp_path))
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.splitlines() == [line for _, line in GRID_LINES]
    for expr in FAILING:
        (tmp_path / "run" / "bad.cgs").write_text(f"System.Print({expr});\n", encoding="utf-8")
        bad = real_cgsuite.run(tmp_path / "run", tmp_path / "run" / "bad.cgs")
        assert bad.returncode == 1, (expr, bad.stdout)


# ---------------------------------------------------------------- Domineering: partizan, refused
def test_domineering_is_refused_as_partizan_naming_the_position_and_lines(library, tmp_path):
    lines = (library / "game" / "grid" / "Domineering.cgs").read_text(encoding="utf-8").splitlines()
    options = next(k for k, line in enumerate(lines, 1) if "def Options(player as Player)" in line)
    reads = next(k for k, line in enumerate(lines, 1) if "player == Left" in line)
    (tmp_path / "d.cgs").write_text('System.Print(game.grid.Domineering("...").CanonicalForm);\n', encoding="utf-8")
    rep = audit(tmp_path / "d.cgs", "dawsons_kayles", library)
    run = check(rep, "run")
    assert rep.exit_code == 2 and run.verdict == "error"
    assert 'partizan: Domineering.Position("...") has Left options {} and Right options' in run.summary
    assert f"Options(player) at line {options}, the player read at line {reads}" in run.summary


def test_the_real_cgsuite_gives_domineering_a_value_that_is_no_nimber(library, real_cgsuite, tmp_path):
    (tmp_path / "run").mkdir()  # not d.cgs: CGSuite would read Domineering's `d` as that script
    script = tmp_path / "run" / "domineering_value.cgs"
    script.write_text('System.Print(game.grid.Domineering("...").CanonicalForm);\n', encoding="utf-8")
    out = real_cgsuite.run(tmp_path / "run", script)
    assert out.returncode == 0 and out.stdout.splitlines() == ["-1"]


# ---------------------------------------------------------------- CGSuite's own Cram (Domineering.ImpartialVariant)
def test_cgsuites_own_cram_on_strips_agrees_with_dawsons_kayles(library, tmp_path):
    """``game.grid.Cram`` runs as the jar writes it (constants.cgs, Domineering.cgs, the generic
    ImpartialVariant): on strips with holes it agrees with the spec, with the brute force's values."""
    rep = audit(board_script(tmp_path, cls="game.grid.Cram"), "dawsons_kayles", library)
    grids = check(rep, "grids")
    assert rep.exit_code == 0 and grids.verdict == "agree", summaries(rep)
    assert f"all {len(BOARDS)} values of ImpartialVariantGame of Domineering" in grids.summary
    assert rep.printed["as printed"] == [values_line(cram(cells(b)) for b in BOARDS)]


@pytest.mark.parametrize("old, new, kwargs", [
    ("Position(grid Updated {(m,n) => 1, (m,n)+d => 1})", "Position(grid Updated {(m,n) => 1})", {"one": True}),
    ("if player == Left then [(1,0)] else [(0,1)] end", "[(0,1)]", {"dirs": ((0, 1),)}),
], ids=["one cell too few", "horizontal only"])
def test_a_twin_of_the_library_differs_where_its_brute_force_differs(library, tmp_path, old, new, kwargs):
    """Domineering.cgs edited: its impartial variant is the twin game."""
    source = library / "game" / "grid" / "Domineering.cgs"
    text = source.read_text(encoding="utf-8")
    assert text.count(old) == 1
    source.write_text(text.replace(old, new), encoding="utf-8")
    rep = audit(board_script(tmp_path, cls="game.grid.Cram"), "dawsons_kayles", library)
    grids = check(rep, "grids")
    assert rep.exit_code == 1 and grids.verdict == "differ", summaries(rep)
    twin = {b: cram(cells(b), **kwargs) for b in BOARDS}
    assert {r["position"] for r in grids.rows} == {grid_text(b) for b in BOARDS if twin[b] != cram(cells(b))}


def test_cgsuites_own_cram_on_boards_gives_the_brute_force_values(library, tmp_path):
    """Every 1 x n (n <= 10), 2 x n (n <= 6), 3 x 3, 3 x 4 and boards with holes: the values
    are the brute force's (the engine test checks the real CGSuite prints them too); the 2-D
    boards cannot be judged against a heap spec (exit 2)."""
    rep = audit(board_script(tmp_path, cls="game.grid.Cram", boards=ENGINE_BOARDS, name="own.cgs"),
                "dawsons_kayles", library)
    assert rep.printed["as printed"] == [values_line(cram(cells(b)) for b in ENGINE_BOARDS)]
    grids = check(rep, "grids")
    assert rep.exit_code == 2 and "Grid([[0],[0]])" not in grids.summary
    assert "Grid([[0,0],[0,0]]) (valued 0 by ImpartialVariantGame of Domineering) cannot be judged" in grids.summary


# ---------------------------------------------------------------- the real CGSuite
def test_the_real_cgsuite_gives_user_cram_and_its_own_cram_the_brute_force_values(user, library, real_cgsuite,
                                                                                  tmp_path):
    """The engine runs UserCram.cgs (the class path) and CGSuite's own ``game.grid.Cram``
    (Domineering.ImpartialVariant): both print the brute force's values; the interpreter prints
    the same for UserCram on the same boards, and on cram_strips.cgs."""
    want = values_line(cram(cells(b)) for b in ENGINE_BOARDS)
    ours = board_script(tmp_path, boards=ENGINE_BOARDS, name="user.cgs")
    own = board_script(tmp_path, cls="game.grid.Cram", boards=ENGINE_BOARDS, name="own.cgs")
    for script in (ours, own):
        out = real_cgsuite.run(user, script)
        assert out.returncode == 0, out.stdout + out.stderr
        assert out.stdout.splitlines() == [want]
    assert audit(ours, "dawsons_kayles", user).printed["as printed"] == [want]
    assert audit(own, "dawsons_kayles", library).printed["as printed"] == [want]
    out = real_cgsuite.run(user, DATA / "cram_strips.cgs")
    assert out.returncode == 0 and out.stdout.splitlines() == audit(
        DATA / "cram_strips.cgs", "dawsons_kayles", user).printed["as printed"]
