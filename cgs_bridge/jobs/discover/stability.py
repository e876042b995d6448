"""Stability before report (issue 21, point 1): every formula found on the search box is
re-checked on a larger box before it is shown, and the evidence behind it is counted.

The re-check box doubles every coordinate's bound (``factor``) and then grows the coordinates the
game leaves free until every coordinate can reach its doubled bound: in the triangular bar
``y <= floor((x + z) / k)``, so at k = 16 the box ``x, z <= 40`` holds no position with y > 5
and a claim about y is barely tested; there ``x`` and ``z`` grow (to 320) until y reaches 40. The
largest valid value of a coordinate in a box is read off the box's corners (every other
coordinate at 0 or at its bound) with :meth:`cgs_bridge.model.game.Ruleset.is_valid`: for the chocolate
bars (a constraint ``ci <= f(cj, ...)`` with f nondecreasing) the largest value sits at a corner.
The box is capped at :data:`MAX_CELLS` cells; the cap is stated in the evidence when it cut the
growth short.

A formula that fails on the re-check box is an *artefact of the small box*, reported with its
first counterexample (lexicographic, from the claim checker), never as a finding.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

MAX_CELLS = 12_000_000   #: largest re-check box (cells, valid or not)
FACTOR = 2               #: the re-check box doubles every bound
REFERENCE_CELLS = 10_000   #: largest re-check box solved by the reference (plain Python) solver

#: the least evidence for a finding (issue 21, point 2); below it nothing of the family is reported
MIN_POSITIONS = 30       #: valid positions in the search box, for every family
MIN_P = 8                #: P-positions (and N-positions) in the search box, for P-position formulas
MIN_VALUES = 4           #: distinct Grundy values in the search box, for Grundy formulas
MIN_PERIODS = 3          #: full periods observed, for a periodic sequence


def reach(ruleset, upper, i: int) -> int:
    """The largest value of coordinate ``i`` at a valid position of the box ``upper`` whose other
    coordinates sit at a corner (0 or their bound); -1 when there is none."""
    others = [(0, u) if j != i else None for j, u in enumerate(upper)]
    corners = list(itertools.product(*[o or (None,) for o in others]))
    for v in range(upper[i], -1, -1):
        for c in corners:
            p = list(c)
            p[i] = v
            if ruleset.is_valid(tuple(p)):
                return v
    return -1


def _cells(upper) -> int:
    n = 1
    for u in upper:
        n *= u + 1
    return n


@dataclass
class Scaled:
    """A re-check box: ``upper`` bounds, ``target`` the bounds each coordinate should reach,
    ``reached`` the largest valid value of each, ``capped`` whether :data:`MAX_CELLS` stopped the
    growth."""

    upper: list
    target: list
    reached: list
    capped: bool = False

    def short(self, names) -> list:
        """Coordinates that do not reach their target, as text."""
        return [f"{n} reaches {r} < {t}" for n, r, t in zip(names, self.reached, self.target) if r < t]


def larger_box(ruleset, upper, factor: int = FACTOR, max_cells: int = MAX_CELLS) -> Scaled:
    """The re-check box for a search box with bounds ``upper`` (see the module docstring). A
    flag coordinate (``pass once``, issue 36) keeps its own range: its target is its bound in
    ``upper`` and it never grows."""
    d = len(upper)
    flag = getattr(ruleset, "pass_index", None)
    target = [u if i == flag else max(1, factor * u) for i, u in enumerate(upper)]
    base = list(target)
    reached = [reach(ruleset, base, i) for i in range(d)]
    short = [i for i in range(d) if 0 <= reached[i] < target[i] or reached[i] < 0]
    free = [j for j in range(d) if j not in short and j != flag]
    if not short or not free:
        return Scaled(base, target, reached)

    def box_at(s):
        return [u * s if j in free else u for j, u in enumerate(base)]

    def ok(s):
        b = box_at(s)
        return all(reach(ruleset, b, i) >= target[i] for i in short)
    top = 1                      # the largest scale under the cap
    while _cells(box_at(top * 2)) <= max_cells and top < 1 << 12:
        top *= 2
    lo, hi = top, top * 2
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if _cells(box_at(mid)) <= max_cells else (lo, mid)
    top = lo
    if not ok(top):
        capped, up = True, box_at(top)
    else:                        # the smallest scale that reaches every target
        capped, lo, hi = False, 0, top
        while hi - lo > 1:
            mid = (lo + hi) // 2
            lo, hi = (lo, mid) if ok(mid) else (mid, hi)
        up = box_at(hi)
    return Scaled(up, target, [reach(ruleset, up, i) for i in range(d)], capped)


@dataclass
class Evidence:
    """The boxes a finding holds on, with ``positions`` and ``p_positions`` in each (the search
    box first, then the re-check box); ``notes`` on limits of the re-check."""

    boxes: list = field(default_factory=list)        # [(box text, positions, P-positions)]
    notes: list = field(default_factory=list)

    def text(self) -> str:
        parts = [f"box {b}: {n:,} positions ({p:,} P)" for b, n, p in self.boxes]
        return "; ".join(parts + self.notes)

    def to_dict(self) -> dict:
        return {"boxes": [{"box": b, "positions": n, "p_positions": p} for b, n, p in self.boxes],
                "notes": list(self.notes)}


def count(solution) -> tuple:
    """(valid positions, P-positions) of a solved box."""
    g = solution.grundy
    return int((g >= 0).sum()), int((g == 0).sum())


def solve_larger(solution, misere: bool = False, method: str = "auto", factor: int = FACTOR,
                 max_cells: int = MAX_CELLS):
    """Solve the game of ``solution`` on its re-check box: ``(solution, Scaled, Evidence)``;
    the solution is None (and the evidence says why) when the box cannot be solved. With
    ``method="reference"`` the box is capped at :data:`REFERENCE_CELLS` (the plain-Python solver
    is slow; the cap is stated in the evidence)."""
    from cgs_bridge.foundation.errors import CgsBridgeError
    from solvers import Box, solve
    r = solution.ruleset
    names = list(r.coords)
    if method == "reference":
        max_cells = min(max_cells, REFERENCE_CELLS)
    sc = larger_box(r, list(solution.box.upper), factor, max_cells)
    box = Box(tuple(names), tuple(sc.upper))
    ev = Evidence([(str(solution.box), *count(solution))])
    try:
        big = solve(r, box, misere=misere, method=method)
    except CgsBridgeError as e:
        ev.notes.append(f"re-check box {box} could not be solved: {e}")
        return None, sc, ev
    ev.boxes.append((str(box), *count(big)))
    if sc.capped or sc.short(names):
        ev.notes.append(f"re-check box capped at {max_cells:,} cells: " + ", ".join(sc.short(names)))
    return big, sc, ev


def stable(big, items, method: str = "auto") -> list:
    """Re-check claim ``items`` (name, condition, when) on the solved re-check box ``big`` with
    the claim checker: per item ``None`` (holds) or ``(position, grundy)`` of its first
    counterexample, or the string 'unchecked' when there is no re-check box. A box of more than
    :data:`REFERENCE_CELLS` cells is checked with compiled claims whatever ``method`` says
    (position-by-position evaluation of a large box would take minutes)."""
    from .recheck import recheck
    if big is None:
        return ["unchecked"] * len(items)
    out = []
    for res in recheck(big, items, limit=1, method=method if _cells(big.box.upper) <= REFERENCE_CELLS else "auto"):
        if res.status == "holds":
            out.append(None)
        elif res.counterexamples:
            p, g = res.counterexamples[0]
            out.append((tuple(int(v) for v in p), int(g)))
        else:
            out.append(("claim", res.status))
    return out


def enough(solution, family: str) -> str | None:
    """None when the search box holds the least evidence for ``family`` ('p', 'grundy', ...),
    else the reason (stated in the report)."""
    import numpy as np
    g = solution.grundy
    n, p = count(solution)
    if n < MIN_POSITIONS:
        return f"{n} valid positions (< {MIN_POSITIONS}): too few to report any formula"
    if family == "p" and (p < MIN_P or n - p < MIN_P):
        return (f"{p} P-positions and {n - p} N-positions in {n} positions (each must be >= {MIN_P}): "
                "too few to report a P-position formula")
    if family in ("grundy", "linear", "regions"):
        vals = len(np.unique(g[g >= 0]))
        if vals < MIN_VALUES:
            return f"{vals} distinct Grundy values (< {MIN_VALUES}): too few to report a Grundy formula"
    return None
