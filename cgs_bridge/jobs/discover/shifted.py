"""Shifts and offsets as unknowns over a range that grows with the box (issue 21, point 3).

- Grundy values ``grundy == (c1 xor ... xor (ci + s) xor ...) - s`` for ``s = 1..S`` (seed 001,
  Theorem 4.1 and Example 4.1: ``(y xor (z + 12)) - 12`` for ``f(t) = floor((t + 12) / 4)``);
- P-positions ``P iff (nim-sum with ci - c for every i in a set A) == 0`` for ``|c| <= S``
  (seed 003, Conjecture 8.1: ``(x - 1) xor y xor (z - 1)``);
- per-slice constants: on each slice ``cj == v`` the P-positions are those of
  ``(nim-sum with ci - c(v) for i in A) == 0``, the constant ``c(v)`` fitted per slice.

``S`` is the box's largest bound (at least the ``shifts`` option): the range grows with the box.
Candidates are filtered on a random sample and then evaluated on the whole box like every other
family (:func:`cgs_bridge.jobs.discover.search.evaluate`).
"""

from __future__ import annotations

import itertools

import numpy as np

from .terms import Formula, Term


def shift_range(data, shifts: int) -> int:
    """The unknowns' range S: the box's largest coordinate value, at least ``shifts``."""
    return max(shifts, int(data.pos.max()) if len(data.pos) else 0)


def _subsets(coords):
    for s in range(1, len(coords) + 1):
        yield from itertools.combinations(coords, s)


def _on_sample(cands, data, idx, p_family):
    pos, g = data.pos[idx], data.g[idx]
    return [f for f in cands if f.holds_at(pos, g).all()] if p_family else \
        [f for f in cands if (f.rhs(pos) == g).all()]


def grundy_candidates(data, shifts: int, S: int | None = None) -> list:
    """``grundy == (nim-sum with one coordinate + s) - s`` for s beyond ``shifts`` up to S."""
    heaps = data.heaps
    S = shift_range(data, shifts) if S is None else S
    idx = data.sample()
    out = []
    for i in heaps:
        for s in range(shifts + 1, S + 1):
            terms = tuple(Term(j, shift=s if j == i else 0) for j in heaps)
            out.append(Formula("grundy nim-sum", terms, -s))
    return _on_sample(out, data, idx, False)


def p_candidates(data, shifts: int, S: int | None = None) -> list:
    """``P iff (nim-sum with ci - c for i in A) == 0`` for |c| beyond ``shifts`` up to S."""
    heaps = data.heaps
    S = shift_range(data, shifts) if S is None else S
    where = data.g == 0
    idx = np.concatenate([data.sample(where), data.sample(~where)])
    out = []
    for a in _subsets(heaps):
        for c in list(range(-S, -shifts)) + list(range(shifts + 1, S + 1)):
            out.append(Formula("P nim-sum", tuple(Term(j, shift=-c if j in a else 0) for j in heaps)))
    return _on_sample(out, data, idx, True)


def fit_slices(data, names, shifts: int, min_p: int = 2):
    """Per-slice constants: for a slice coordinate j and a set A of the other coordinates, the
    constant c(v) (smallest |c|, then the smaller) with ``P iff (nim-sum with ci - c(v), i in A)
    == 0`` on every position of the slice ``cj == v``. Returns ``[(j, A, {v: c})]`` for the
    pairs where every slice with at least ``min_p`` P-positions has one and not every c is the
    same (a single constant is the whole-box family). A flag coordinate (``data.flags``) may be
    the slice coordinate but is never shifted or nim-summed."""
    d, heaps = data.pos.shape[1], data.heaps
    S = shift_range(data, shifts)
    cs = sorted(range(-S, S + 1), key=lambda c: (abs(c), c))
    out = []
    for j in range(d):
        for a in _subsets(heaps):
            if j in a or len(a) + (j in heaps) < len(heaps):
                continue
            table = _fit(data, j, a, cs, min_p)
            if table and len(set(table.values())) > 1:
                out.append((j, a, table))
    return out


def _fit(data, j, a, cs, min_p):
    table = {}
    for v in np.unique(data.pos[:, j]).tolist():
        rows = data.pos[:, j] == v
        pos, g = data.pos[rows], data.g[rows]
        if int((g == 0).sum()) < min_p:
            continue
        isp = g == 0
        for c in cs:
            x = np.zeros(len(pos), np.int64)
            for i in data.heaps:
                x ^= pos[:, i] - c if i in a else pos[:, i]
            if ((x == 0) == isp).all():
                table[int(v)] = c
                break
        else:
            return None
    return table


def slice_formula(j, a, v, c, d, flags=()) -> tuple:
    """The Formula of slice ``cj == v`` (P family, shift -c on A; no term for a flag) and its
    region."""
    from .regions import Region
    return Formula("P nim-sum", tuple(Term(i, shift=-c if i in a else 0) for i in range(d) if i not in flags),
                   region=Region("eq", j, m=v))
