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

from cgs_bridge.language import ast as A
from cgs_bridge.language.spec_printer import expr_text


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


def condition(line: Line, value, names) -> str:
    """The claim condition (spec text) that states ``line``: on the line (its fixed coordinates
    as a guard, ``not (y == 0 and passes == 1) or ...``) the Grundy value of each coordinate value
    before the pre-period, then a table indexed by ``c % period`` (residues with one value
    merged into one test; ``c % period`` itself when every residue is its own value) plus ``saltus * floor((c - n0) / period)`` for an arithmetic-periodic
    line. ``value(c)`` is the Grundy value at coordinate value ``c`` of the line (``lo <= c <
    preperiod + period``). The ``if`` chain is the spec language's (``grammar.lark``); the text is
    printed by :func:`cgs_bridge.language.spec_printer.expr_text`, so it parses back."""
    c, n0, p, s = A.Name(names[line.axis]), line.preperiod, line.period, line.saltus
    groups: dict = {}
    for r in range(p):          # residue (n0 + r) % p takes the value a(n0 + r)
        groups.setdefault(int(value(n0 + r)), []).append((n0 + r) % p)
    res = A.BinOp("%", c, A.Num(p))
    chain = res if all(int(value(n0 + r)) == (n0 + r) % p for r in range(p)) and p > 1 else None
    for v, rs in reversed(list(groups.items()) if chain is None else []):
        if chain is None:
            chain = A.Num(v)
            continue
        test = _any([A.Compare(("==",), (res, A.Num(r))) for r in sorted(rs)], "or")
        chain = A.If(test, A.Num(v), chain)
    if s and p == 1:           # a linear tail: a(c) = s * c + (a(n0) - s * n0)
        lin = c if s == 1 else A.BinOp("*", A.Num(s), c)
        k = int(value(n0)) - s * n0
        chain = lin if k == 0 else A.BinOp("+" if k > 0 else "-", lin, A.Num(abs(k)))
    elif s:
        steps = A.BinOp("-", c, A.Num(n0)) if n0 else c
        steps = steps if p == 1 else A.FloorDiv(steps, A.Num(p))
        steps = steps if s == 1 else A.BinOp("*", A.Num(s), steps)
        chain = steps if chain == A.Num(0) else A.BinOp("+", chain, steps)
    for k in range(n0 - 1, line.lo - 1, -1):
        chain = A.If(A.Compare(("==",), (c, A.Num(k))), A.Num(int(value(k))), chain)
    body = A.Compare(("==",), (A.Name("grundy"), chain))
    guard = [A.Compare(("==",), (A.Name(names[i]), A.Num(v))) for i, v in enumerate(line.fixed) if v is not None]
    return expr_text(A.BinOp("or", A.Not(_any(guard, "and")), body) if guard else body)


def _any(nodes, op):
    """``nodes`` joined by the boolean operator ``op`` ('or' / 'and'), left to right."""
    out = nodes[0]
    for n in nodes[1:]:
        out = A.BinOp(op, out, n)
    return out
