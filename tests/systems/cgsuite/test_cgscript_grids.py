"""Grids in CGScript, Domineering and Cram (issue 47 item 6). CGSuite's ``game.grid`` library is
read from ``../shared/engines/cgsuite/lib/cgsuite-core.jar`` at run time (``GridRuleset.cgs``,
``Domineering.cgs``, ``constants.cgs``: nothing copied).

Before this change ``Grid`` was an unknown name and every program on a grid was exit 2.

- The Grid API as programs and the library use it prints what the real CGSuite 2.2 prints (the
  expected lines were printed by the engine; the engine tests compare them again).
- Domineering runs from the jar's file and is refused as partizan (exit 2) naming the position and
  the lines of its ``Options``; the real CGSuite gives ``Domineering("...")`` the value -1, not a nimber.
- Cram written as a program class (``tests/data/audit/grids/UserCram.cgs``) agrees with the catalog's
  ``dawsons_kayles`` on strips (a 1 x n or n x 1 strip of empty cells <-> heap n, components <-> sums);
  its values are those of a brute force of Cram written here, and of the real CGSuite's
  ``game.grid.Cram``; twins (a domino covering one cell, dominoes only horizontal) differ exactly
  where the brute forces of those games differ from Cram; a 2 x 2 board cannot be judged (exit 2).
"""

from __future__ import annotations

import itertools
from functools import cache

import pytest

from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_game
from cgs_bridge.systems.cgsuite.audit.core import audit_cgscript

import cgsuite_jar
import paths

DATA = paths.DATA / "audit" / "grids"


@pytest.fixture
def library(shared, tmp_path):
    """The jar's game library as a class path folder (``cp/game/grid/Domineering.cgs``)."""
    cgsuite_jar.extract(shared, tmp_path / "cp" / "game")
    return tmp_path / "cp"


@pytest.fixture
def user(tmp_path):
    """A class path folder holding ``UserCram.cgs`` alone (a copy: twins edit it)."""
    (tmp_path / "user").mkdir()
    (tmp_path / "user" / "UserCram.cgs").write_text((DATA / "UserCram.cgs").read_text(encoding="utf-8"),
                                                    encoding="utf-8")
    return tmp_path / "user"


def audit(program, game, library, text=None):
    return audit_cgscript(str(program), Ruleset(load_game(str(game)), {}), text=text, class_path=[str(library)])


def check(rep, name):
    return next(c for _, c in rep.checks if c.name == name)


def summaries(rep):
    return [f"{c.name}: {c.verdict}: {c.summary}" for _, c in rep.checks]


# ---------------------------------------------------------------- brute forces (independent of the code)
def mex(values) -> int:
    return next(m for m in range(len(values) + 1) if m not in values)


def cells(board: str) -> frozenset:
    """The empty cells (row, col) of a board written as CGSuite writes it (``..#|...``)."""
    return frozenset((r, c) for r, row in enumerate(board.split("|"), 1) for c, ch in enumerate(row, 1) if ch == ".")


@cache
def cram(empty: frozenset, dirs=((0, 1), (1, 0)), one: bool = False) -> int:
    """Grundy value of Cram on the empty cells ``empty``: a move fills two adjacent empty cells
    (``dirs``: both orientations; only ``(0, 1)``: horizontal dominoes only; ``one``: it fills
    only the first of the two cells, the twin whose domino covers one cell too few)."""
    opts = set()
    for r, c in empty:
        for dr, dc in dirs:
            if (r + dr, c + dc) in empty:
                opts.add(cram(empty - {(r, c)} if one else empty - {(r, c), (r + dr, c + dc)}, dirs, one))
    return mex(opts)


def grid_text(board: str) -> str:
    """How CGSuite prints the Grid of ``board`` (charMap ``.#``)."""
    return "Grid([" + ",".join("[" + ",".join("0" if ch == "." else "1" for ch in row) + "]"
                               for row in board.split("|")) + "])"


#: Strips with holes: every row of 1..7 cells, written across and down.
STRIPS = ["".join(p) for n in range(1, 8) for p in itertools.product(".#", repeat=n)]
BOARDS = STRIPS + ["|".join(s) for s in STRIPS if len(s) > 1]


#: Cram boards checked on the real engine: every 1 x n (n <= 10), 2 x n (n <= 6), 3 x 3, 3 x 4,
#: boards with holes.
ENGINE_BOARDS = (["." * n for n in range(1, 11)] + ["|".join(["." * n] * 2) for n in range(1, 7)]
                 + ["...|...|...", "....|....|....", ".#.|...|.#.", "..#|...|#..", "...|.#.|...",
                    "....|.##.|....", "#...|..#.|...."])


def board_script(tmp_path, cls: str = "UserCram", boards=BOARDS, name: str = "boards.cgs"):
    (tmp_path / "run").mkdir(exist_ok=True)
    path = tmp_path / "run" / name
    listed = ", ".join(f'"{b}"' for b in boards)
    path.write_text(f"boards := [{listed}];\n"
                    f'System.Print([{cls}(Grid.Parse(b, ".#")).NimValue for b in boards]);\n', encoding="utf-8")
    return path


def values_line(values) -> str:
    return "[" + ",".join(map(str, values)) + "]"


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


# ---------------------------------------------------------------- Cram on strips: Dawson's Kayles
def test_cram_on_strips_agrees_with_dawsons_kayles(user):
    rep = audit(DATA / "cram_strips.cgs", "dawsons_kayles", user)
    grids = check(rep, "grids")
    assert rep.exit_code == 0 and grids.verdict == "agree", summaries(rep)
    assert "strips of n empty cells <-> heaps n" in grids.summary
    across = [cram(cells("." * n)) for n in range(1, 13)]
    down = [cram(cells("|".join("." * n))) for n in range(1, 13)]
    assert rep.printed["as printed"] == [values_line(across), values_line(down),
                                         str(cram(cells("..#....#..."))), str(cram(cells("....#|#####|....."))),
                                         "0"]


def test_every_strip_with_holes_agrees(user, tmp_path):
    rep = audit(board_script(tmp_path), "dawsons_kayles", user)
    grids = check(rep, "grids")
    assert rep.exit_code == 0 and grids.verdict == "agree", summaries(rep)
    assert rep.printed["as printed"] == [values_line(cram(cells(b)) for b in BOARDS)]


def test_against_kayles_the_program_differs_where_the_games_differ(user):
    """Kayles (0.77) also lets a move take one cell: it differs from Cram on a strip of n cells
    exactly where the one-cell-or-domino game differs from Cram."""
    rep = audit(DATA / "cram_strips.cgs", "kayles", user)
    grids = check(rep, "grids")
    assert rep.exit_code == 1 and grids.verdict == "differ"

    @cache
    def kayles(n):
        return mex({kayles(i) ^ kayles(n - k - i) for k in (1, 2) for i in range(n - k + 1)}) if n else 0
    across = {f"({n})" for n in range(1, 13) if kayles(n) != cram(cells("." * n))}
    assert {r["detail"] for r in grids.rows if r["detail"].count("(") == 1} == across


@pytest.mark.parametrize("old, new, kwargs", [
    ("UserCram(grid Updated {(m,n) => 1, (m,n)+d => 1})", "UserCram(grid Updated {(m,n) => 1})", {"one": True}),
    ("for d in [(0,1), (1,0)]", "for d in [(0,1)]", {"dirs": ((0, 1),)}),
], ids=["one cell too few", "horizontal only"])
def test_a_planted_twin_differs_where_its_brute_force_differs(user, tmp_path, old, new, kwargs):
    source = user / "UserCram.cgs"
    text = source.read_text(encoding="utf-8")
    assert text.count(old) == 1
    source.write_text(text.replace(old, new), encoding="utf-8")
    rep = audit(board_script(tmp_path), "dawsons_kayles", user)
    grids = check(rep, "grids")
    assert rep.exit_code == 1 and grids.verdict == "differ", summaries(rep)
    twin = {b: cram(cells(b), **kwargs) for b in BOARDS}
    want = {grid_text(b) for b in BOARDS if twin[b] != cram(cells(b))}
    assert want and {r["position"] for r in grids.rows} == want
    assert all(r["program"] == twin[b] for b in BOARDS for r in grids.rows if r["position"] == grid_text(b))


@pytest.mark.parametrize("board, cells_named", [
    ("..|..", "4 empty cells (1,1),(1,2),(2,1),(2,2)"),
    ("..#|.##|...", "6 empty cells (1,1),(1,2),(2,1),(3,1),(3,2),(3,3)"),
])
def test_a_board_that_is_not_strips_cannot_be_judged(user, tmp_path, board, cells_named):
    (tmp_path / "p.cgs").write_text(f'System.Print(UserCram(Grid.Parse("{board}", ".#")).NimValue);\n'
                                    'System.Print(UserCram(Grid.Empty(1, 4)).NimValue);\n', encoding="utf-8")
    rep = audit(tmp_path / "p.cgs", "dawsons_kayles", user)
    grids = check(rep, "grids")
    assert rep.exit_code == 2 and grids.verdict == "error"
    assert f"the component of {cells_named} is not a 1 x n or n x 1 strip" in grids.summary
    assert "no spec states a 2-D board" in grids.summary
    assert rep.printed["as printed"] == [str(cram(cells(board))), str(cram(cells("....")))]


def swapped(user):
    """UserCram with the empty cell written 1 and a filled cell 0 (``Grid.Parse(b, "#.")``): a
    correct Cram, whose boards the check must not read with empty and filled swapped."""
    text = (user / "UserCram.cgs").read_text(encoding="utf-8")
    for old, new in [("grid[(m,n)] == 0 and grid[(m,n)+d] == 0", "grid[(m,n)] == 1 and grid[(m,n)+d] == 1"),
                     ("{(m,n) => 1, (m,n)+d => 1}", "{(m,n) => 0, (m,n)+d => 0}")]:
        assert text.count(old) == 1
        text = text.replace(old, new)
    (user / "UserCram.cgs").write_text(text, encoding="utf-8")


def test_a_program_whose_empty_cell_is_1_is_not_read_swapped(user, tmp_path):
    swapped(user)
    path = board_script(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace('".#"', '"#."'), encoding="utf-8")
    rep = audit(path, "dawsons_kayles", user)
    grids = check(rep, "grids")
    assert rep.exit_code == 2 and grids.verdict == "error", summaries(rep)
    assert "its moves change cells holding 1" in grids.summary
    assert rep.printed["as printed"] == [values_line(cram(cells(b)) for b in BOARDS)]
    boxed = audit_box(DATA / "cram_strips.cgs", "dawsons_kayles", user, 5)
    moves = next(c for label, c in boxed.checks if label == "box" and c.name == "moves")
    assert boxed.exit_code == 2 and moves.verdict == "error" and "its moves change cells holding 1" in moves.summary


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


# ---------------------------------------------------------------- --bound: every board of strips up to N cells
def audit_box(program, game, folder, bound):
    from cgs_bridge.model.box import parse_bound
    ruleset = Ruleset(load_game(str(game)), {})
    return audit_cgscript(str(program), ruleset, class_path=[str(folder)], box=parse_bound(str(bound), ruleset.coords))


def box_boards(n: int) -> list:
    """Every row of 1..n cells, each empty or filled, across and (2 cells or more) down."""
    rows = ["".join(p) for k in range(1, n + 1) for p in itertools.product(".#", repeat=k)]
    return rows + ["|".join(r) for r in rows if len(r) > 1]


def heaps_of(empty: frozenset) -> tuple:
    """The sizes of the orthogonally connected groups of ``empty`` cells, sorted."""
    left, out = set(empty), []
    while left:
        todo, size = [left.pop()], 0
        while todo:
            r, c = todo.pop()
            size += 1
            for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if q in left:
                    left.remove(q)
                    todo.append(q)
        out.append(size)
    return tuple(sorted(out))


def option_heaps(empty: frozenset, dirs=((0, 1), (1, 0)), one: bool = False) -> set:
    """The heaps each move of the (twin) game leaves, as sorted tuples."""
    return {heaps_of(empty - {(r, c)} if one else empty - {(r, c), (r + dr, c + dc)})
            for r, c in empty for dr, dc in dirs if (r + dr, c + dc) in empty}


def test_the_box_judges_options_and_values_of_every_board(user):
    rep = audit_box(DATA / "cram_strips.cgs", "dawsons_kayles", user, 8)
    moves, values = (c for label, c in rep.checks if label == "box")
    assert rep.exit_code == 0 and moves.verdict == values.verdict == "agree", summaries(rep)
    assert f"UserCram on {len(box_boards(8))} boards of --bound 8" in moves.summary


def test_the_box_judges_cgsuites_own_cram_as_its_impartial_variant(library, tmp_path):
    (tmp_path / "c.cgs").write_text('System.Print(game.grid.Cram("....").NimValue);\n', encoding="utf-8")
    rep = audit_box(tmp_path / "c.cgs", "dawsons_kayles", library, 7)
    moves, values = (c for label, c in rep.checks if label == "box")
    assert rep.exit_code == 0 and moves.verdict == values.verdict == "agree", summaries(rep)
    assert "game.grid.Domineering.Position.ImpartialVariant on" in moves.summary


@pytest.mark.parametrize("old, new, kwargs", [
    ("UserCram(grid Updated {(m,n) => 1, (m,n)+d => 1})", "UserCram(grid Updated {(m,n) => 1})", {"one": True}),
    ("for d in [(0,1), (1,0)]", "for d in [(0,1)]", {"dirs": ((0, 1),)}),
], ids=["one cell too few", "horizontal only"])
def test_on_the_box_a_twin_differs_where_its_brute_force_differs(user, old, new, kwargs):
    source = user / "UserCram.cgs"
    source.write_text(source.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    rep = audit_box(DATA / "cram_strips.cgs", "dawsons_kayles", user, 6)
    moves, values = (c for label, c in rep.checks if label == "box")
    assert rep.exit_code == 1 and moves.verdict == values.verdict == "differ", summaries(rep)
    boards = box_boards(6)
    want_moves = {grid_text(b) for b in boards if option_heaps(cells(b), **kwargs) != option_heaps(cells(b))}
    want_values = {grid_text(b) for b in boards if cram(cells(b), **kwargs) != cram(cells(b))}
    assert {r["position"] for r in moves.rows} == want_moves
    assert {r["position"] for r in values.rows} == want_values


def test_on_the_box_domineering_is_refused_as_partizan(library, tmp_path):
    (tmp_path / "d.cgs").write_text('System.Print(game.grid.Domineering("..").CanonicalForm);\n', encoding="utf-8")
    rep = audit_box(tmp_path / "d.cgs", "dawsons_kayles", library, 4)
    moves, values = (c for label, c in rep.checks if label == "box")
    assert rep.exit_code == 2 and moves.verdict == values.verdict == "error"
    assert 'partizan: Domineering.Position("..") has Left options {} and Right options' in moves.summary


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


# ---------------------------------------------------------------- the command line
@pytest.mark.parametrize("program, game, exit_code, text", [
    ("cram_strips.cgs", "dawsons_kayles", 0, "AGREE: all 26 values of UserCram"),
    ("cram_strips.cgs", "kayles", 1, "values of UserCram the program computed differ"),
    ("square.cgs", "dawsons_kayles", 2, "is not a 1 x n or n x 1 strip"),
])
def test_the_command_line_gives_the_exit_codes(user, tmp_path, capsys, program, game, exit_code, text):
    """`cgs-bridge audit prog.cgs --game G --class-path DIR` (in process, --no-sandbox)."""
    from cgs_bridge.cli.main import main
    (tmp_path / "square.cgs").write_text("System.Print(UserCram(Grid.Empty(2, 2)).NimValue);\n", encoding="utf-8")
    path = tmp_path / program if program == "square.cgs" else DATA / program
    assert main(["audit", str(path), "--game", game, "--class-path", str(user), "--no-sandbox"]) == exit_code
    assert text in capsys.readouterr().out
