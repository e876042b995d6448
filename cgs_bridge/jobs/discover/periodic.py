"""Rows and columns of the Grundy table as ultimately (arithmetic-)periodic sequences.

A line fixes every coordinate but one, ``c``; along it the valid positions form ``c = lo..hi``
(lines whose valid set is not an interval are skipped). The sequence ``a(c)`` is *ultimately
arithmetic-periodic* with pre-period ``n0``, period ``p >= 1`` and saltus ``s`` when
``a(c + p) = a(c) + s`` for every ``c`` with ``n0 <= c`` and ``c + p <= hi`` (periodic when
``s = 0``; the usual notion for octal games, e.g. Berlekamp-Conway-Guy, *Winning Ways*, ch. 4).
The smallest period is chosen, then the smallest pre-period; a period is reported only when the
relation was checked at least ``max(2p, 4)`` times within the box, and nothing is said about the
line beyond the box. Each reported line is re-checked by a plain Python loop over
:meth:`solvers.solution.Solution.value` (independent of the numpy search).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Line:
    """``axis`` (coordinate index) varies over ``lo..hi``; ``fixed`` gives the other coordinates
    (None at ``axis``)."""

    axis: int
    fixed: tuple
    lo: int
    hi: int
    preperiod: int   # the coordinate value from which the relation holds (n0)
    period: int
    saltus: int

    def describe(self, names) -> str:
        args = ", ".join(names[i] if v is None else f"{names[i]}={v}" for i, v in enumerate(self.fixed))
        c = names[self.axis]
        kind = "arithmetic-periodic" if self.saltus else "periodic"
        pre = "" if self.preperiod == self.lo else f" from {c} = {self.preperiod}"
        return (f"grundy({args}) for {c} = {self.lo}..{self.hi}: {kind}{pre}, period {self.period}, "
                f"saltus {self.saltus}")

    def to_dict(self, names) -> dict:
        return {"axis": names[self.axis], "fixed": {names[i]: v for i, v in enumerate(self.fixed) if v is not None},
                "range": [self.lo, self.hi], "preperiod_from": self.preperiod, "period": self.period,
                "saltus": self.saltus, "text": self.describe(names)}


def analyse(seq: np.ndarray, lo: int):
    """(n0, p, s) for the sequence ``seq`` indexed from ``lo``, or None."""
    n = len(seq)
    for p in range(1, n):
        d = seq[p:] - seq[:-p]
        s = d[-1]
        bad = np.flatnonzero(d != s)
        start = int(bad[-1]) + 1 if len(bad) else 0
        checked = len(d) - start
        if checked >= max(2 * p, 4):
            return lo + start, p, int(s)
        if n - p < max(2 * p, 4):
            return None
    return None


def line_at(solution, axis: int, fixed: tuple):
    """The analysed line of ``solution`` along ``axis`` with the other coordinates ``fixed``
    (None at ``axis``), or None (not an interval of valid positions, or not periodic)."""
    g = solution.grundy
    if any(v is not None and v >= g.shape[i] for i, v in enumerate(fixed)):
        return None
    row = g[tuple(slice(None) if v is None else v for v in fixed)]
    valid = np.flatnonzero(row >= 0)
    if len(valid) < 4 or valid[-1] - valid[0] + 1 != len(valid):
        return None
    lo, hi = int(valid[0]), int(valid[-1])
    res = analyse(row[lo:hi + 1].astype(np.int64), lo)
    return Line(axis, tuple(fixed), lo, hi, *res) if res is not None else None


def full_periods(line: Line) -> int:
    """Full periods observed after the pre-period."""
    return (line.hi - line.preperiod + 1) // line.period


def lines(solution, fix_max: int = 2) -> list:
    """Analyse every line whose fixed coordinates are all ``<= fix_max``; periodic ones only."""
    g = solution.grundy
    d = g.ndim
    out = []
    for axis in range(d):
        others = [range(min(fix_max, g.shape[i] - 1) + 1) for i in range(d) if i != axis]
        for vals in itertools.product(*others):
            fixed = list(vals)
            fixed.insert(axis, None)
            sl = tuple(slice(None) if v is None else v for v in fixed)
            row = g[sl]
            valid = np.flatnonzero(row >= 0)
            if len(valid) < 4 or valid[-1] - valid[0] + 1 != len(valid):
                continue
            lo, hi = int(valid[0]), int(valid[-1])
            res = analyse(row[lo:hi + 1].astype(np.int64), lo)
            if res is not None:
                out.append(Line(axis, tuple(fixed), lo, hi, *res))
    return out


def recheck_line(solution, line: Line) -> bool:
    """Plain-Python check of ``line`` against :meth:`Solution.value` at every position."""
    def at(c):
        p = list(line.fixed)
        p[line.axis] = c
        return solution.value(tuple(p))
    return all(at(c + line.period) == at(c) + line.saltus
               for c in range(line.preperiod, line.hi - line.period + 1))
