"""CGSuite 2.2's ``cgsuite.util.Grid``, ``Symmetry`` and the ``Coordinates`` constants for
:mod:`.evaluator` (issue 47 item 6): what ``game.grid.GridRuleset`` and ``Domineering`` (read
from CGSuite's own library files at run time) and programs on grids need.

``Grid.cgs`` declares these members ``external`` (Scala in CGSuite), so the interpreter computes
them, as CGSuite 2.2 gives them (``lib/core/src/main/scala/org/cgsuite/util/Grid.scala`` and
``Symmetry.scala`` of github aaron-siegel/cgsuite; each behaviour below was checked on the real
engine, ``tests/systems/cgsuite/test_cgscript_grids.py``):

- an ``m x n`` array of integers in ``-128..127``, entries ``g[(i, j)]`` for ``1 <= i <= m``,
  ``1 <= j <= n`` (``Nothing`` off the board); ``Grid.Empty(m, n)`` (``Grid([])`` when ``m`` or
  ``n`` is 0); ``Grid.Parse(str, charMap)``: rows separated by ``|`` (split as Java's
  ``String.split`` does: trailing empty rows dropped), each character (lower-cased) the index of
  its character in ``charMap``; rows of unequal length or a character not in ``charMap`` are errors;
- ``RowCount``, ``ColCount``, ``Updated(coord, v)``, ``Updated({coord => v, ...})``,
  ``FindAll(v)`` (coordinates in row-major order), ``IsInBounds(c)``, ``Subgrid(nw, se)``,
  ``Permuted(symmetry)``, ``SymmetryInvariant(symmetries)`` (the least of the grids reached by
  permuting the least so far by each symmetry in turn, grids ordered by rows, columns, then
  entries), ``ToString(charMap)`` (rows joined by ``|``), printing ``Grid([[0,1],[0,0]])``;
- ``Decomposition(b, directions ? Coordinates.Orthogonal)``: the connected components of the
  entries other than ``b`` (a direction ``d`` joins an entry to those at ``+d`` and ``-d``), in
  row-major order of their first entry, each the bounding box of the component with every entry
  outside the component set to ``b``; one component is the grid itself, unchanged; none is ``[]``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .values import CGList, CGMap, Coordinates, need_int


@dataclass(frozen=True)
class Grid:
    rows: int
    cols: int
    values: tuple  # row-major

    def __str__(self):
        if self.rows == 0:
            return "Grid([])"
        return "Grid([" + ",".join("[" + ",".join(map(str, self.row(i))) + "]" for i in range(self.rows)) + "])"

    def row(self, i: int) -> tuple:
        return self.values[i * self.cols:(i + 1) * self.cols]

    def at(self, r: int, c: int):
        """The entry at ``(r, c)`` (from 1), or None off the board."""
        if 1 <= r <= self.rows and 1 <= c <= self.cols:
            return self.values[(r - 1) * self.cols + c - 1]
        return None

    def key(self) -> tuple:
        """CGSuite's order of grids (``Grid.compare``): rows, columns, then entries."""
        return (self.rows, self.cols, self.values)


@dataclass(frozen=True)
class Symmetry:
    """A rotation or reflection: ``h`` flips the rows, ``v`` the columns, ``t`` transposes after."""

    name: str
    h: bool
    v: bool
    t: bool

    def __str__(self):
        return self.name


SYMMETRIES = {s.name: s for s in (
    Symmetry("Identity", False, False, False), Symmetry("Inversion", True, True, False),
    Symmetry("HorizontalFlip", True, False, False), Symmetry("VerticalFlip", False, True, False),
    Symmetry("Transpose", False, False, True), Symmetry("AntiTranspose", True, True, True),
    Symmetry("ClockwiseRotation", False, True, True), Symmetry("AnticlockwiseRotation", True, False, True))}
#: ``Symmetry.Flip`` and the other groups of Symmetry.cgs (the order matters to SymmetryInvariant).
GROUPS = {"Flip": ("Identity", "Inversion", "HorizontalFlip", "VerticalFlip"),
          "Rotational": ("Identity", "Inversion", "ClockwiseRotation", "AnticlockwiseRotation"),
          "EightWay": ("Identity", "Inversion", "HorizontalFlip", "VerticalFlip", "ClockwiseRotation",
                       "AnticlockwiseRotation", "Transpose", "AntiTranspose")}
_C = {"North": (-1, 0), "Northeast": (-1, 1), "East": (0, 1), "Southeast": (1, 1), "South": (1, 0),
      "Southwest": (1, -1), "West": (0, -1), "Northwest": (-1, -1)}
#: ``Coordinates.North`` ... and the direction lists of CGSuite's Coordinates.cgs.
DIRECTIONS = {"Orthogonal": ("North", "East", "South", "West"),
              "Diagonal": ("Northeast", "Southeast", "Southwest", "Northwest"),
              "Compass": ("North", "Northeast", "East", "Southeast", "South", "Southwest", "West", "Northwest"),
              "Hexagonal": ("North", "Northeast", "East", "South", "Southwest", "West")}
KNIGHTS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


def empty(rows: int, cols: int) -> Grid:
    if rows == 0 or cols == 0:
        return Grid(0, 0, ())
    return Grid(rows, cols, (0,) * (rows * cols))


# ------------------------------------------------------------------ statics
def static(interp, owner: str, name: str, args, node):
    """``Grid.Empty(m, n)``, ``Grid.Parse(s, map)``, ``Symmetry.X``, ``Coordinates.X``."""
    if owner == "Symmetry" and args is None:
        if name in SYMMETRIES:
            return SYMMETRIES[name]
        if name in GROUPS:
            return CGList(SYMMETRIES[s] for s in GROUPS[name])
    if owner == "Coordinates" and args is None:
        if name in _C:
            return Coordinates(*_C[name])
        if name in DIRECTIONS:
            return CGList(Coordinates(*_C[d]) for d in DIRECTIONS[name])
        if name == "KnightsMove":
            return CGList(Coordinates(*d) for d in KNIGHTS)
    if owner == "Grid" and name == "Empty" and args is not None and len(args) == 2:
        m, n = (need_int(interp, a, "Grid.Empty's size", node) for a in args)
        if m < 0 or n < 0:
            interp.fail(f"Invalid {'RowCount' if m < 0 else 'ColCount'}: {m if m < 0 else n} (Grid.Empty)", node)
        interp.check_count(m * n, node)
        return empty(m, n)
    if owner == "Grid" and name == "Parse" and args is not None and len(args) == 2:
        return parse(interp, args[0], args[1], node)
    interp.fail(f"`{owner}.{name}` is not interpreted with these arguments (the interpreter gives "
                "Grid.Empty(m, n), Grid.Parse(str, charMap), the Symmetry values and groups Flip, "
                "Rotational, EightWay, and Coordinates' directions)", node)


def parse(interp, text, charmap, node) -> Grid:
    """``Grid.Parse(text, charmap)`` as CGSuite 2.2 reads it (Grid.scala ``parse``)."""
    if not isinstance(text, str) or not isinstance(charmap, str):
        interp.fail("Grid.Parse takes two strings (the position and the character map)", node)
    interp.check_size(text, node)
    rows = text.split("|")
    while "|" in text and rows and rows[-1] == "":  # Java's String.split drops trailing empty rows
        rows.pop()
    cols = len(rows[0]) if rows else 0
    if any(len(r) != cols for r in rows):
        interp.fail("All rows of the position must have equal length. (Grid.Parse)", node)
    values = []
    for ch in text.replace("|", ""):
        k = charmap.find(ch.lower())
        if k < 0:
            interp.fail(f"The position may only contain the following characters: {charmap} "
                        f"(Grid.Parse found {ch!r})", node)
        values.append(k)
    return Grid(len(rows), cols, tuple(values)) if rows else Grid(0, 0, ())


# ------------------------------------------------------------------ members
def _coord(interp, v, node) -> Coordinates:
    if not isinstance(v, Coordinates):
        interp.fail(f"a grid position is coordinates (row, col), got {interp.builtins.show(interp, v)}", node)
    return v


def index(interp, g: Grid, i, node):
    """``g[(r, c)]``: the entry, or Nothing off the board."""
    c = _coord(interp, i, node)
    return g.at(c.row, c.col)


def updated(interp, g: Grid, pairs, node) -> Grid:
    """``g`` with the entries ``[(coord, value), ...]`` replaced (CGSuite's bounds and range checks)."""
    values = list(g.values)
    for coord, v in pairs:
        c = _coord(interp, coord, node)
        if g.at(c.row, c.col) is None:
            interp.fail(f"Coordinate is out of bounds: {c} (Grid.Updated)", node)
        v = need_int(interp, v, "a grid entry", node)
        if not -128 <= v <= 127:
            interp.fail(f"Value is out of range (must satisfy -128 <= x <= 127): {v} (Grid.Updated)", node)
        values[(c.row - 1) * g.cols + c.col - 1] = v
    return Grid(g.rows, g.cols, tuple(values))


def subgrid(g: Grid, r0: int, r1: int, c0: int, c1: int) -> Grid:
    if r1 < r0 or c1 < c0:
        return Grid(0, 0, ())
    return Grid(r1 - r0 + 1, c1 - c0 + 1, tuple(g.values[(r - 1) * g.cols + c - 1]
                                                for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)))


def decomposition(g: Grid, boundary: int, directions=None) -> list:
    """CGSuite's ``Grid.decomposition`` (see the module docstring); ``directions`` a list of
    ``(dr, dc)``, orthogonal by default."""
    steps = [(dr * s, dc * s) for dr, dc in (directions or [_C[d] for d in DIRECTIONS["Orthogonal"]])
             for s in (1, -1)]
    region: dict = {}
    boxes = []
    for r in range(1, g.rows + 1):
        for c in range(1, g.cols + 1):
            if (r, c) in region or g.at(r, c) == boundary:
                continue
            k, todo, box = len(boxes), [(r, c)], [r, r, c, c]
            region[(r, c)] = k
            while todo:
                y, x = todo.pop()
                box[:] = [min(box[0], y), max(box[1], y), min(box[2], x), max(box[3], x)]
                for dr, dc in steps:
                    p = (y + dr, x + dc)
                    v = g.at(*p)
                    if v is not None and v != boundary and p not in region:
                        region[p] = k
                        todo.append(p)
            boxes.append(box)
    if len(boxes) <= 1:
        return [g] * len(boxes)
    out = []
    for k, (r0, r1, c0, c1) in enumerate(boxes):
        out.append(Grid(r1 - r0 + 1, c1 - c0 + 1, tuple(
            g.at(r, c) if region.get((r, c)) == k else boundary
            for r in range(r0, r1 + 1) for c in range(c0, c1 + 1))))
    return out


def permuted(g: Grid, s: Symmetry) -> Grid:
    """CGSuite's ``Grid.permuted``: flip rows (``h``), columns (``v``), then transpose (``t``)."""
    rows, cols = (g.cols, g.rows) if s.t else (g.rows, g.cols)
    out = [0] * len(g.values)
    for i, v in enumerate(g.values):
        r, c = divmod(i, g.cols)
        r = g.rows - r - 1 if s.h else r
        c = g.cols - c - 1 if s.v else c
        nr, nc = (c, r) if s.t else (r, c)
        out[nr * cols + nc] = v
    return Grid(rows, cols, tuple(out)) if out else Grid(0, 0, ())


def symmetry_invariant(g: Grid, symmetries) -> Grid:
    least = g
    for s in symmetries:
        if s.name != "Identity":
            new = permuted(least, s)
            if new.key() < least.key():
                least = new
    return least


def grid_member(interp, g: Grid, name: str, args, node):
    """``g.NAME`` or ``g.NAME(args)``; an error naming the members for another."""
    show = interp.builtins.show
    elements = interp.builtins.elements
    if args is None or not args:
        plain = {"RowCount": lambda: g.rows, "ColCount": lambda: g.cols, "ToString": lambda: str(g)}
        if name in plain:
            return plain[name]()
    args = list(args or [])
    if name == "Updated" and len(args) == 2:
        return updated(interp, g, [(args[0], args[1])], node)
    if name == "Updated" and len(args) == 1:
        if not isinstance(args[0], CGMap):
            interp.fail(f"Grid.Updated takes a map {{coord => value}}, got {show(interp, args[0])[:60]}", node)
        return updated(interp, g, list(args[0].items.values()), node)
    if name == "Decomposition" and len(args) in (1, 2):
        b = need_int(interp, args[0], "Decomposition's boundary value", node)
        dirs = None
        if len(args) == 2:
            dirs = [(c.row, c.col) for c in (_coord(interp, d, node) for d in elements(interp, args[1], node))]
        return CGList(decomposition(g, b, dirs))
    if name == "FindAll" and len(args) == 1:
        v = need_int(interp, args[0], "FindAll's value", node)
        return CGList(Coordinates(i // g.cols + 1, i % g.cols + 1) for i, x in enumerate(g.values) if x == v)
    if name == "IsInBounds" and len(args) == 1:
        c = _coord(interp, args[0], node)
        return g.at(c.row, c.col) is not None
    if name == "Subgrid" and len(args) == 2:
        nw, se = (_coord(interp, a, node) for a in args)
        if g.at(nw.row, nw.col) is None or g.at(se.row, se.col) is None:
            interp.fail(f"Grid.Subgrid: {nw} or {se} is off the board", node)
        return subgrid(g, nw.row, se.row, nw.col, se.col)
    if name in ("Permuted", "SymmetryInvariant") and len(args) == 1:
        syms = [args[0]] if name == "Permuted" else elements(interp, args[0], node)
        bad = next((s for s in syms if not isinstance(s, Symmetry)), None)
        if bad is not None:
            interp.fail(f"Grid.{name} takes {'a Symmetry' if name == 'Permuted' else 'a list of Symmetry values'}, "
                        f"got {show(interp, bad)[:60]}", node)
        return permuted(g, syms[0]) if name == "Permuted" else symmetry_invariant(g, syms)
    if name == "ToString" and len(args) == 1 and isinstance(args[0], str):
        return to_string(interp, g, args[0], node)
    interp.fail(f"`{name}` of a Grid is not interpreted with these arguments (RowCount, ColCount, "
                "Updated, Decomposition, FindAll, IsInBounds, Subgrid, Permuted, SymmetryInvariant, "
                "ToString)", node)


def to_string(interp, g: Grid, charmap: str, node) -> str:
    """``g.ToString(charMap)``: each entry the character at its index, rows joined by ``|``."""
    bad = next((v for v in g.values if not 0 <= v < len(charmap)), None)
    if bad is not None:
        interp.fail(f"Grid.ToString: the entry {bad} has no character in {charmap!r}", node)
    return "|".join("".join(charmap[v] for v in g.row(i)) for i in range(g.rows))
