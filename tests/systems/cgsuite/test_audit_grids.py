"""The audit of programs on grids (issue 47 item 6; helpers in ``tests/grid_cases.py``).

- Cram written as a program class (``tests/data/audit/grids/UserCram.cgs``) agrees with the catalog's
  ``dawsons_kayles`` on strips (a 1 x n or n x 1 strip of empty cells <-> heap n, components <-> sums);
  its values are those of a brute force of Cram written in the tests; twins (a domino covering one
  cell, dominoes only horizontal) differ exactly where the brute forces of those games differ from
  Cram; a 2 x 2 board cannot be judged (exit 2), nor a correct Cram whose empty cell is written 1.
- ``--bound N``: options and values on every strip of 1..N cells with holes, across and down.
"""

from __future__ import annotations

import itertools  # noqa: F401
from functools import cache

import pytest
from grid_cases import (
    BOARDS,
    DATA,
    audit,
    audit_box,
    board_script,
    box_boards,
    cells,
    check,
    cram,
    grid_text,
    make_user,
    mex,
    option_heaps,
    summaries,
    swapped,
    values_line,
)


@pytest.fixture
def user(tmp_path):
    """A class path folder holding a copy of UserCram.cgs alone."""
    return make_user(tmp_path)


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
