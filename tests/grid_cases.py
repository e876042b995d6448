"""Shared cases of the grid tests (issue 47 item 6: ``test_cgscript_grids.py``,
``test_audit_grids.py``): the class path folders of the fixtures, the audit call, and brute forces of Cram and its
twins written independently of the code under test."""

from __future__ import annotations

import itertools
from functools import cache

from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_game
from cgs_bridge.systems.cgsuite.audit.core import audit_cgscript

from cgsuite_jar import check, mex, summaries  # noqa: F401  (re-exported for the grid tests)
import paths

DATA = paths.DATA / "audit" / "grids"


def make_user(tmp_path):
    """A class path folder holding ``UserCram.cgs`` alone (a copy: twins edit it)."""
    (tmp_path / "user").mkdir()
    (tmp_path / "user" / "UserCram.cgs").write_text((DATA / "UserCram.cgs").read_text(encoding="utf-8"),
                                                    encoding="utf-8")
    return tmp_path / "user"


def audit(program, game, library, text=None):
    return audit_cgscript(str(program), Ruleset(load_game(str(game)), {}), text=text, class_path=[str(library)])


# ---------------------------------------------------------------- brute forces (independent of the code)

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


def swapped(user):
    """UserCram with the empty cell written 1 and a filled cell 0 (``Grid.Parse(b, "#.")``): a
    correct Cram, whose boards the check must not read with empty and filled swapped."""
    text = (user / "UserCram.cgs").read_text(encoding="utf-8")
    for old, new in [("grid[(m,n)] == 0 and grid[(m,n)+d] == 0", "grid[(m,n)] == 1 and grid[(m,n)+d] == 1"),
                     ("{(m,n) => 1, (m,n)+d => 1}", "{(m,n) => 0, (m,n)+d => 0}")]:
        assert text.count(old) == 1
        text = text.replace(old, new)
    (user / "UserCram.cgs").write_text(text, encoding="utf-8")
