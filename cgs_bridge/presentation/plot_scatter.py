"""The 3-D figures of :mod:`.plot`, drawn for a paper: the P-position scatter with its three
projections, and the 3-D axes the difference scatter shares with it.

Sizes are those of a figure printed at the text width of a one-column article (6.3 in, A4 or
letter with 1 in margins) without scaling: axis labels 9 pt, tick labels 8 pt, the labels inside
the projection markers 6.5 pt (5.5 pt above 11 values per axis), so the figure's text sits beside
the body text (10-11 pt) as the papers' own figures do. Every axis spans the box's own range
(``0..upper`` of each free coordinate: points that lie off the P-positions are part of the picture,
and a limit taken from the data would hide them), with integer ticks, at most :data:`MAX_TICKS` per
axis. The 2x2 layout (scatter, then the three projections) leaves no panel empty; the title states
game, parameters, box (and slice) and the number of P-positions.
"""

from __future__ import annotations

import numpy as np
from matplotlib.figure import Figure
from matplotlib.ticker import FixedLocator

FIG_WIDTH = 6.3        # inches: the text width of a one-column article
LABEL_PT, TICK_PT, TITLE_PT = 9, 8, 9
MAX_TICKS = 6          # integer ticks per axis, at most
MAX_LABELLED = 16      # projections label their points up to this many values per axis
FILL, EDGE = "#cfe3f3", "#0072b2"   # Okabe-Ito blue: readable in grey print and for colour-blind readers


def box_ticks(upper: int) -> list:
    """Integer ticks of the range ``0..upper``: 0 and every multiple of the smallest step of 1, 2
    or 5 times a power of ten that gives at most :data:`MAX_TICKS` of them."""
    step = 1
    while upper // step + 1 > MAX_TICKS:
        step = next(s * 10 ** e for e in range(len(str(upper)) + 1) for s in (1, 2, 5)
                    if s * 10 ** e > step)
    return list(range(0, upper + 1, step))


def integer_ticks(axis, upper: int) -> None:
    """The ticks :func:`box_ticks` on ``axis`` (a matplotlib ``Axis`` over ``0..upper``)."""
    axis.set_major_locator(FixedLocator(box_ticks(upper)))


def box_limits(upper: int, pad: float = 0.0) -> tuple:
    """The axis limits of the coordinate range ``0..upper``, widened by ``pad`` on each side (a
    one-value range, ``upper == 0``, by at least 0.5 so that the axis is not degenerate)."""
    pad = max(pad, 0.5) if upper == 0 else pad
    return (-pad if pad else 0.0, upper + pad)


def axes3d(ax, names, uppers) -> None:
    """Label a 3-D ``ax`` with the coordinate ``names`` and set its limits to the box's ranges
    ``0..uppers[i]`` (its proportions too, each side at least a quarter of the longest)."""
    longest = max(max(uppers), 1)
    for axis, name, upper, setter in zip((ax.xaxis, ax.yaxis, ax.zaxis), names, uppers,
                                         (ax.set_xlim, ax.set_ylim, ax.set_zlim)):
        setter(*box_limits(upper))
        integer_ticks(axis, upper)
        axis.set_label_text(name, fontsize=LABEL_PT)
        axis.labelpad = 0
    ax.tick_params(labelsize=TICK_PT, pad=0)
    ax.set_box_aspect(tuple(max(u, 0.25 * longest, 0.5) for u in uppers), zoom=0.95)


def box_text(names, uppers, fixed_text: str = "") -> str:
    """``"x ≤ 10, y ≤ 10, z ≤ 10"`` (the box of the free coordinates) with the slice after it."""
    box = ", ".join(f"{n} ≤ {u}" for n, u in zip(names, uppers))
    return box + (f"; {fixed_text}" if fixed_text else "")


def scatter_figure(pts, names, uppers, title: str) -> Figure:
    """The P-positions ``pts`` (an ``(n, 3)`` integer array, coordinates in ``names`` order) as a
    3-D scatter beside their projections onto the three coordinate planes, each projected point
    labelled with the third coordinate of the P-position above it (the values, comma-separated,
    when several lie above one point; no labels above :data:`MAX_LABELLED` values per axis). ``uppers``: the box's upper bound of each coordinate;
    ``title``: the figure's title line.

    The 3-D axes carry one collection (gid ``"p-positions"``); the projections carry the gid
    ``"projection a,b"``."""
    fig = Figure(figsize=(FIG_WIDTH, FIG_WIDTH * 0.92), layout="constrained")
    grid = fig.add_gridspec(2, 2)
    ax = fig.add_subplot(grid[0, 0], projection="3d")
    ax.scatter(pts[:, 0], pts[:, 1], pts[:, 2], s=18 if max(uppers) <= 10 else 9, color=EDGE, edgecolors="black", linewidths=0.3,
               depthshade=True, gid="p-positions")
    axes3d(ax, names, uppers)
    ax.set_title(f"(a) the P-positions in ({', '.join(names)})", fontsize=TITLE_PT)
    for letter, (i, j), cell in zip("bcd", ((0, 1), (0, 2), (1, 2)), ((0, 1), (1, 0), (1, 1))):
        _projection(fig.add_subplot(grid[cell]), pts, names, uppers, (i, j), letter)
    fig.suptitle(title, fontsize=TITLE_PT + 1)
    return fig


def _projection(pa, pts, names, uppers, ij, letter) -> None:
    i, j = ij
    third = 3 - i - j
    above: dict = {}
    for p in pts:
        above.setdefault((int(p[i]), int(p[j])), []).append(int(p[third]))
    xy = np.array(list(above), dtype=float).reshape(-1, 2)
    span = max(uppers[i], uppers[j]) + 1
    labelled = span <= MAX_LABELLED
    size = (80 if span <= 11 else 45) if labelled else 10
    pa.scatter(xy[:, 0], xy[:, 1], s=size, color=FILL, edgecolors=EDGE, linewidths=0.6,
               gid=f"projection {names[i]},{names[j]}")
    if labelled:
        point_pt = 6.5 if span <= 11 else 5.5
        for (u, v), zs in above.items():
            pa.text(u, v, ",".join(str(z) for z in sorted(zs)), ha="center", va="center",
                    fontsize=point_pt, gid=f"label {names[i]},{names[j]}")
    for axis, name, upper, setter in ((pa.xaxis, names[i], uppers[i], pa.set_xlim),
                                      (pa.yaxis, names[j], uppers[j], pa.set_ylim)):
        setter(*box_limits(upper, 0.5))
        integer_ticks(axis, upper)
        axis.set_label_text(name, fontsize=LABEL_PT)
    pa.tick_params(labelsize=TICK_PT)
    pa.set_aspect("equal", adjustable="box")
    pa.set_title(f"({letter}) onto ({names[i]}, {names[j]})" + (f", labelled {names[third]}" if labelled else ""),
                 fontsize=TITLE_PT)
