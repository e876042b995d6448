"""Paper-style figures of a solved game (matplotlib, Agg backend): Grundy grids, P-positions,
differences between engines.

Every function takes a :class:`solvers.Solution` (or a comparison) and returns a matplotlib
``Figure``; :func:`save_figure` writes PNG or SVG atomically. Sweep charts are in
:mod:`cgs_bridge.presentation.plot_sweep`.

Styles follow the seeds:

- ``grid`` (seed 000, Examples 7.1/7.2, Figures 7.9/7.14): a table whose rows are the first free
  coordinate and whose columns are the second, a grey header row and column holding the coordinate
  values (Mathematica ``GrayLevel[0.75]``), points that are not positions in light grey
  (``GrayLevel[0.87]``) and empty, every position holding its Grundy value. With ``mod=3`` the cells
  are coloured by value class as in Figures 7.10/7.15: 1 (mod 3) red, 2 (mod 3) blue, 0 (mod 3)
  white; other moduli add green, orange, purple, ... for the classes 3, 4, 5, ...
- ``p-positions`` (seed 003, Section 8): the P-positions (Grundy value 0) of a 3-coordinate game
  (or slice) as a 3-D scatter; of a 2-coordinate one as dark marked cells of the grid.
- ``diff``: the grid (or 3-D scatter) with each position where an engine differs from Python
  coloured by the kind of difference (:mod:`cgs_bridge.jobs.compare`).

Every drawn cell is a ``Rectangle`` whose ``gid`` is ``"cell r,c"`` (coordinate values); its text
has the same gid. Scatters carry the gid ``"p-positions"`` or ``"diff <kind>"``; SVG output keeps
gids as element ids.
"""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import numpy as np  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.patches import Patch, Rectangle  # noqa: E402

from cgs_bridge.foundation.errors import InputError  # noqa: E402
from cgs_bridge.foundation.io import atomic_write_bytes  # noqa: E402

from .colours import KIND_COLOURS  # noqa: E402
from .plot_scatter import axes3d, box_text, scatter_figure  # noqa: E402

HEADER = "0.75"        # seed 000: GrayLevel[0.75] for the coordinate row/column
NOT_POSITION = "0.87"  # seed 000: GrayLevel[0.87] for points that are not positions
#: Colours of value classes mod m: class 0 white, 1 red, 2 blue (seed 000 Fig 7.10), then more.
CLASS_COLOURS = ["#ffffff", "#ff5a5a", "#5a8cff", "#5ac85a", "#ffb43c", "#b478e6", "#50d2d2",
                 "#f08cc8", "#a0a0a0"]
P_MARK = "#303030"
MAX_TEXT_CELLS = 60  # per axis; larger grids are drawn without values in the cells


class PlotError(InputError):
    """A figure that cannot be drawn for this game and slice (exit 2)."""


# ------------------------------------------------------------------ slices
def parse_slice(text, box) -> dict:
    """Parse ``--slice``: ``"y=2"`` or ``"y=2,z=0"`` -> ``{index: value}`` over ``box.coords``.

    Raises:
        PlotError: malformed text, a name that is not a coordinate, a coordinate given twice, or a
        value outside ``0..upper`` of the box.
    """
    out: dict = {}
    if text is None or not str(text).strip():
        return out
    for part in str(text).split(","):
        name, eq, value = part.partition("=")
        name = name.strip()
        if not eq:
            raise PlotError(f"--slice expects coordinate=value[,coordinate=value], got {part.strip()!r}")
        if name not in box.coords:
            raise PlotError(f"--slice names {name!r}, which is not a coordinate "
                            f"(coordinates: {', '.join(box.coords)})")
        i = box.coords.index(name)
        if i in out:
            raise PlotError(f"--slice names {name} twice")
        try:
            v = int(value.strip())
        except ValueError:
            raise PlotError(f"--slice {name} expects an integer, got {value.strip()!r}") from None
        if not 0 <= v <= box.upper[i]:
            raise PlotError(f"--slice {name}={v} is outside the box ({name} = 0..{box.upper[i]})")
        out[i] = v
    return out


def free_coords(box, fixed: dict, want: tuple, kind: str) -> list:
    """Indices of the coordinates ``fixed`` leaves free, checked against ``want`` (allowed counts).

    Raises:
        PlotError: the number of free coordinates is not in ``want`` (the message says what to fix).
    """
    free = [i for i in range(len(box.coords)) if i not in fixed]
    if len(free) not in want:
        names = ", ".join(box.coords[i] for i in free)
        need = " or ".join(str(w) for w in want)
        extra = len(free) - max(want)
        example = ",".join(f"{box.coords[i]}=0" for i in free[len(free) - extra:]) if extra > 0 else ""
        hint = (f"fix {extra} of them with --slice (e.g. --slice {example})" if extra > 0
                else "fix fewer with --slice")
        raise PlotError(f"a {kind} needs {need} free coordinates; {len(free)} are free "
                        f"({names}): {hint}")
    return free


def sliced(solution, fixed: dict, want: tuple, kind: str):
    """The Grundy array with the ``fixed`` coordinates (index -> value) removed.

    Returns:
        ``(free, array)``: the free coordinate indices in spec order and the sub-array.
    Raises:
        PlotError: see :func:`free_coords`.
    """
    box = solution.box
    free = free_coords(box, fixed, want, kind)
    index = tuple(fixed.get(i, slice(None)) for i in range(len(box.coords)))
    return free, solution.grundy[index]


def _slice_text(solution, fixed: dict) -> str:
    return ", ".join(f"{solution.box.coords[i]} = {v}" for i, v in sorted(fixed.items()))


def class_colour(value: int, mod: int | None) -> str:
    """Cell colour of a Grundy value: white without ``mod``; else the colour of ``value % mod``."""
    if not mod:
        return CLASS_COLOURS[0]
    return CLASS_COLOURS[(value % mod) % len(CLASS_COLOURS)]


# ------------------------------------------------------------------ drawing
def _table_axes(rows: int, cols: int, title: str):
    w = min(40.0, 0.9 + 0.36 * (cols + 1))
    h = min(40.0, 0.9 + 0.3 * (rows + 1))
    fig = Figure(figsize=(w, h))
    ax = fig.add_axes((0.02, 0.02, 0.96, 0.96 - min(0.4, 0.45 / h)))
    ax.set_xlim(0, cols + 1)
    ax.set_ylim(rows + 1, 0)
    ax.set_axis_off()
    if title:
        fig.suptitle(title, fontsize=10)
    return fig, ax


def draw_table(row_name: str, col_name: str, nrows: int, ncols: int, cells, title: str = "") -> Figure:
    """A paper-style table: header row/column of coordinate values, then one cell per point.

    Args:
        cells: callable (r, c) -> (text, facecolour, textcolour) for every point.
    """
    fig, ax = _table_axes(nrows, ncols, title)
    small = max(nrows, ncols) > MAX_TEXT_CELLS
    size = 9 if max(nrows, ncols) <= 40 else 7  # about half a cell's height: readable in print
    ax.add_patch(Rectangle((0, 0), 1, 1, facecolor=HEADER, edgecolor="black", lw=0.4, gid="corner"))
    ax.text(0.5, 0.5, f"{row_name}\\{col_name}", ha="center", va="center", fontsize=size - 1)
    for c in range(ncols):
        ax.add_patch(Rectangle((c + 1, 0), 1, 1, facecolor=HEADER, edgecolor="black", lw=0.4,
                               gid=f"header {col_name}={c}"))
        if not small:
            ax.text(c + 1.5, 0.5, str(c), ha="center", va="center", fontsize=size)
    for r in range(nrows):
        ax.add_patch(Rectangle((0, r + 1), 1, 1, facecolor=HEADER, edgecolor="black", lw=0.4,
                               gid=f"header {row_name}={r}"))
        if not small:
            ax.text(0.5, r + 1.5, str(r), ha="center", va="center", fontsize=size)
        for c in range(ncols):
            text, face, ink = cells(r, c)
            gid = f"cell {r},{c}"
            ax.add_patch(Rectangle((c + 1, r + 1), 1, 1, facecolor=face, edgecolor="black",
                                   lw=0.0 if small else 0.4, gid=gid))
            if text and not small:
                ax.text(c + 1.5, r + 1.5, text, ha="center", va="center", fontsize=size, color=ink, gid=gid)
    return fig


def crop_to_valid(a):
    """The 2-D array without its trailing rows and columns that hold no position (cropped to the
    valid region; the origin stays, so row and column numbers keep their meaning)."""
    rows = np.flatnonzero((a >= 0).any(axis=1))
    cols = np.flatnonzero((a >= 0).any(axis=0))
    if not len(rows):
        return a
    return a[:rows[-1] + 1, :cols[-1] + 1]


def grid_figure(solution, fixed: dict | None = None, mod: int | None = None, title: str | None = None) -> Figure:
    """Grundy values of a 2-D slice as a coloured table (seed 000 Figures 7.9/7.10).

    Args:
        fixed: coordinate index -> value for every coordinate but two (see :func:`parse_slice`).
        mod: colour cells by Grundy value modulo ``mod`` (``None``: all positions white).
    Raises:
        PlotError: not exactly two free coordinates; ``mod`` < 1.
    """
    fixed = fixed or {}
    if mod is not None and mod < 1:
        raise PlotError(f"--mod must be >= 1, got {mod}")
    free, a = sliced(solution, fixed, (2,), "grid figure")
    rn, cn = (solution.box.coords[i] for i in free)
    a = crop_to_valid(a)

    def cell(r, c):
        g = int(a[r, c])
        if g < 0:
            return "", NOT_POSITION, "black"
        return str(g), class_colour(g, mod), "black"
    if title is None:
        title = _title(solution, fixed, "Grundy values" + (f", coloured mod {mod}" if mod else ""))
    return draw_table(rn, cn, a.shape[0], a.shape[1], cell, title)


def _title(solution, fixed, what: str) -> str:
    s = _slice_text(solution, fixed)
    return f"{solution.ruleset.describe()}: {what}" + (f" ({s})" if s else "")


def p_positions_figure(solution, fixed: dict | None = None, title: str | None = None) -> Figure:
    """P-positions (Grundy value 0): for three free coordinates a 3-D scatter beside its three
    projections (seed 003 §8; drawn for a paper by :func:`.plot_scatter.scatter_figure`: every axis
    spans the box's range, integer ticks), dark marked cells of the grid for two. The title (unless
    ``title`` is given) states game, parameters, box, slice and the number of P-positions.

    Raises:
        PlotError: the slice leaves other than 2 or 3 free coordinates.
    """
    fixed = fixed or {}
    free, a = sliced(solution, fixed, (2, 3), "p-positions figure")
    names = [solution.box.coords[i] for i in free]
    uppers = [int(solution.box.upper[i]) for i in free]
    if len(free) == 2:
        if title is None:
            title = _p_title(solution, fixed, names, uppers, int((a == 0).sum()))

        def cell(r, c):
            g = int(a[r, c])
            if g < 0:
                return "", NOT_POSITION, "black"
            return ("P", P_MARK, "white") if g == 0 else ("", CLASS_COLOURS[0], "black")
        return draw_table(names[0], names[1], a.shape[0], a.shape[1], cell, title)
    pts = np.argwhere(a == 0)
    if title is None:
        title = _p_title(solution, fixed, names, uppers, len(pts))
    return scatter_figure(pts, names, uppers, title)


def _p_title(solution, fixed, names, uppers, count: int) -> str:
    """The title line of a P-position figure: game and parameters, box (and slice), the count."""
    return (f"{solution.ruleset.describe()} on {box_text(names, uppers, _slice_text(solution, fixed))}: "
            f"{count} P-positions")


def diff_figure(solution, differences: list, fixed: dict | None = None, title: str | None = None) -> Figure:
    """Where other engines differ from Python: the grid of Python's values (2 free coordinates)
    with differing positions coloured by kind and written ``python/other``; or a 3-D scatter of the
    differing positions by kind (3 free coordinates).

    Args:
        differences: a :class:`cgs_bridge.jobs.compare.Comparison`, or its ``Difference`` objects (or
            dicts with ``kind``, ``position``, ``python``, ``other``, ``side``, as
            :func:`load_differences` reads); positions off the slice are left out.
    Raises:
        PlotError: other than 2 or 3 free coordinates.
    """
    fixed = fixed or {}
    if hasattr(differences, "sides"):  # a Comparison
        differences = [d for side in differences.sides for d in side.differences]
    free, a = sliced(solution, fixed, (2, 3), "diff figure")
    names = [solution.box.coords[i] for i in free]
    on: dict = {}
    for d in differences:
        d = d if isinstance(d, dict) else d.__dict__
        pos = tuple(int(v) for v in d["position"])
        if len(pos) != len(solution.box.coords) or any(pos[i] != v for i, v in fixed.items()):
            continue
        on.setdefault(tuple(pos[i] for i in free), []).append(d)
    n = sum(len(v) for v in on.values())
    title = title if title is not None else _title(solution, fixed, f"{n} differences from python")
    kinds = sorted({d["kind"] for ds in on.values() for d in ds}, key=list(KIND_COLOURS).index)
    if len(free) == 2:
        def cell(r, c):
            ds = on.get((r, c))
            g = int(a[r, c]) if r < a.shape[0] and c < a.shape[1] else -1
            if ds:
                d = ds[0]
                text = f"{_v(d['python'])}/{_v(d['other'])}"
                return text, KIND_COLOURS[d["kind"]], "white"
            return (str(g), CLASS_COLOURS[0], "black") if g >= 0 else ("", NOT_POSITION, "black")
        fig = draw_table(names[0], names[1], a.shape[0], a.shape[1], cell, title)
        outside = [p for p in on if not (p[0] < a.shape[0] and p[1] < a.shape[1])]
        if outside:
            fig.text(0.01, 0.005, f"outside the box (not drawn): {outside[:5]}", fontsize=6)
    else:
        fig = Figure(figsize=(6.4, 5.6))
        ax = fig.add_subplot(projection="3d")
        for kind in kinds:
            pts = np.array([p for p, ds in on.items() if ds[0]["kind"] == kind])
            ax.scatter(pts[:, 0], pts[:, 1], pts[:, 2], s=18, color=KIND_COLOURS[kind], label=kind,
                       gid=f"diff {kind}")
        axes3d(ax, names, [s - 1 for s in a.shape])
        ax.set_title(title, fontsize=9)
    if kinds:
        fig.legend(handles=[Patch(facecolor=KIND_COLOURS[k], label=k) for k in kinds], loc="upper left",
                   bbox_to_anchor=(1.0, 0.98), fontsize=7, title="python/other", title_fontsize=7)
    return fig


def _v(x):
    return "-" if x is None or (isinstance(x, float) and np.isnan(x)) else str(int(x))


# ------------------------------------------------------------------ files
FORMATS = {".png": "png", ".svg": "svg", ".pdf": "pdf"}


def figure_bytes(fig: Figure, fmt: str = "png") -> bytes:
    """The figure as PNG (300 dpi), SVG or PDF (vector) bytes, cropped to what is drawn. PDF text
    is embedded as TrueType (Type 42) fonts, which publishers accept (not Type 3)."""
    import io
    buf = io.BytesIO()
    with matplotlib.rc_context({"pdf.fonttype": 42}):
        fig.savefig(buf, format=fmt, dpi=300 if fmt == "png" else None, bbox_inches="tight",
                    pad_inches=0.03)
    return buf.getvalue()


def save_figure(fig: Figure, path, overwrite: bool = False) -> Path:
    """Write ``fig`` to ``path`` (``.png`` or ``.svg``) atomically: a temporary file in the same
    folder renamed into place, so a failure leaves no partial file.

    Raises:
        InputError: unknown suffix, missing folder, or an existing file without ``overwrite``.
    """
    path = Path(path)
    fmt = FORMATS.get(path.suffix.lower())
    if fmt is None:
        raise InputError(f"{path}: the figure format is chosen by the suffix: .png, .svg or .pdf")
    if not path.parent.is_dir():
        raise InputError(f"{path}: folder {path.parent} does not exist")
    if path.exists() and not overwrite:
        raise InputError(f"{path} exists; pass --force to replace it")
    return atomic_write_bytes(path, figure_bytes(fig, fmt), overwrite=overwrite)
