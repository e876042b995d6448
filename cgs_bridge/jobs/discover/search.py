"""Exhaustive, vectorised search of the formula families over the solved arrays.

Nim-sum families are searched by meeting in the middle on a random sample of positions: for a
subset ``S`` of coordinates, every nim-sum of one term per coordinate of ``S`` except the last is
computed on the sample (a matrix, one row per combination), the last coordinate's terms are
combined with the targets (0 for the P family, ``grundy - c`` for the Grundy family) and rows are
matched by hash, then exactly. A candidate that survives the sample (and, for the P family, a
second sample of N-positions) is evaluated on every position of the box. Only candidates that hold
everywhere are formulas; the others that reached the full evaluation are near misses.

Everything reported is re-checked afterwards by the claim checker (:mod:`.recheck`): this module
only proposes.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import numpy as np

from .terms import Formula, term_lists

SAMPLE = 48          #: rows of each random sample
LEFT_MAX = 120_000   #: most combinations on the left side of one subset (else id terms only)
PAIRS_MAX = 400_000  #: most sample matches examined per subset
FULL_MAX = 300       #: most candidates evaluated on the whole box per search

_RNG_COEFFS = np.random.default_rng(20261122).integers(1, 2 ** 62, size=4096, dtype=np.int64) | 1


@dataclass
class Outcome:
    """Result of one search: ``holds`` formulas (whole set of rows), ``misses`` as
    ``(formula, failures, first failing row indices)``, ``notes`` on what was cut short."""

    holds: list = field(default_factory=list)
    misses: list = field(default_factory=list)
    notes: list = field(default_factory=list)


class Data:
    """The rows searched: ``pos`` (n x d int64 positions), ``g`` (their Grundy values);
    ``flags`` the indices of flag coordinates (``pass once``: 0/1, never a heap, issue 36), which
    no term of a formula uses."""

    def __init__(self, pos: np.ndarray, g: np.ndarray, seed: int = 0, flags=()):
        self.pos, self.g = pos, g.astype(np.int64)
        self.rng = np.random.default_rng(seed)
        self.flags = tuple(flags)

    @property
    def heaps(self) -> tuple:
        """The coordinate indices formulas are built from: every coordinate but the flags."""
        return tuple(i for i in range(self.pos.shape[1]) if i not in self.flags)

    def restrict(self, rows: np.ndarray) -> "Data":
        """The rows where the boolean mask ``rows`` holds, as Data with the same flags."""
        return Data(self.pos[rows], self.g[rows], flags=self.flags)

    def sample(self, where=None, size=SAMPLE) -> np.ndarray:
        idx = np.arange(len(self.pos)) if where is None else np.flatnonzero(where)
        if len(idx) > size:
            idx = np.sort(self.rng.choice(idx, size=size, replace=False))
        return idx


def flag_indices(ruleset) -> tuple:
    """The indices of the flag coordinates of ``ruleset`` (the ``pass once`` flag), or ()."""
    i = getattr(ruleset, "pass_index", None)
    return () if i is None else (i,)


def _hash(rows: np.ndarray) -> np.ndarray:
    with np.errstate(over="ignore"):
        return (rows * _RNG_COEFFS[: rows.shape[1]]).sum(axis=1)


def _combos(mats, ns):
    """Nim-sums of one row of each matrix: values (N x ns) and the row indices (N x len(mats))."""
    vals = np.zeros((1, ns), dtype=np.int64)
    idx = np.zeros((1, 0), dtype=np.int64)
    for m in mats:
        vals = (vals[:, None, :] ^ m[None, :, :]).reshape(-1, ns)
        idx = np.concatenate([np.repeat(idx, len(m), axis=0),
                              np.tile(np.arange(len(m)), len(idx))[:, None]], axis=1)
    return vals, idx


def _match(left, right):
    """Pairs (i, j) with left[i] == right[j] (rows), at most PAIRS_MAX."""
    hl, hr = _hash(left), _hash(right)
    order = np.argsort(hr, kind="stable")
    hs = hr[order]
    lo, hi = np.searchsorted(hs, hl, "left"), np.searchsorted(hs, hl, "right")
    counts = hi - lo
    li = np.repeat(np.arange(len(left)), counts)[:PAIRS_MAX]
    starts = np.repeat(lo - np.concatenate([[0], np.cumsum(counts)[:-1]]), counts)[:PAIRS_MAX]
    rj = order[starts + np.arange(len(li))]
    ok = (left[li] == right[rj]).all(axis=1)
    return li[ok], rj[ok], int(counts.sum()) > PAIRS_MAX


def _subsets(coords, max_size=None):
    n = len(coords)
    for s in range(1, min(n, max_size or n) + 1):
        yield from itertools.combinations(coords, s)


def _terms_for(subset, full, idonly):
    lists = [full[i] for i in subset]
    n_left = int(np.prod([len(t) for t in lists[:-1]])) if len(lists) > 1 else 1
    if n_left <= LEFT_MAX:
        return lists, False
    lists = [idonly[i] for i in subset]
    n_left = int(np.prod([len(t) for t in lists[:-1]])) if len(lists) > 1 else 1
    return (lists if n_left <= LEFT_MAX else None), True


def _values(lists, pos):
    return [np.stack([t.values(pos) for t in ts]) for ts in lists]


def nimsum_candidates(data: Data, family: str, shifts: int, moduli, offsets: int, rows=None,
                      max_size=None):
    """Candidates of a nim-sum family that agree with the sample(s), and notes.

    ``family`` is 'P nim-sum' or 'grundy nim-sum'; ``rows`` restricts to a boolean mask;
    ``max_size`` bounds the number of coordinates in a nim-sum."""
    d = data.pos.shape[1]
    full, idonly = term_lists(d, shifts, moduli), term_lists(d, shifts, moduli, transforms=False)
    where = np.ones(len(data.pos), bool) if rows is None else rows
    if family == "P nim-sum":
        s_idx, n_idx = data.sample(where & (data.g == 0)), data.sample(where & (data.g != 0))
        targets = np.zeros((1, len(s_idx)), dtype=np.int64)
    else:
        s_idx, n_idx = data.sample(where), None
        targets = np.stack([data.g[s_idx] - c for c in range(-offsets, offsets + 1)])
    ns = len(s_idx)
    if ns == 0:
        return [], []
    cands, notes, reduced = [], [], set()
    for subset in _subsets(data.heaps, max_size):
        lists, red = _terms_for(subset, full, idonly)
        if red:
            reduced.add(len(subset))
        if lists is None:
            notes.append(f"skipped nim-sums of {len(subset)} coordinates (too many combinations)")
            continue
        mats = _values(lists, data.pos[s_idx])
        left, lidx = _combos(mats[:-1], ns)
        tg = targets[offsets:offsets + 1] if (len(subset) == 1 and family != "P nim-sum") else targets
        right = (mats[-1][:, None, :] ^ tg[None, :, :]).reshape(-1, ns)
        li, rj, cut = _match(left, right)
        if cut:
            notes.append(f"sample matches of a {len(subset)}-coordinate nim-sum truncated at {PAIRS_MAX:,}")
        if not len(li):
            continue
        tsel, csel = rj // len(tg), rj % len(tg)
        if n_idx is not None and len(n_idx):
            matsn = _values(lists, data.pos[n_idx])
            v = np.zeros((len(li), len(n_idx)), dtype=np.int64)
            for c in range(len(subset) - 1):
                v ^= matsn[c][lidx[li, c]]
            v ^= matsn[-1][tsel]
            keep = (v != 0).all(axis=1)
            li, tsel, csel = li[keep], tsel[keep], csel[keep]
        for a, t, c in zip(li.tolist(), tsel.tolist(), csel.tolist()):
            terms = tuple(lists[k][lidx[a, k]] for k in range(len(subset) - 1)) + (lists[-1][t],)
            off = 0 if family == "P nim-sum" or len(tg) == 1 else c - offsets
            if _redundant(terms, family, shifts):
                continue
            cands.append(Formula(family, terms, off))
    if reduced:
        notes.append(f"{family} of {', '.join(map(str, sorted(reduced)))} coordinates: shifted "
                     "coordinates only (no floor/mod), to bound the search")
    return cands, notes


def _redundant(terms, family, shifts) -> bool:
    """A two-term P formula ``(T1 + a) xor (T2 + b) == 0`` says ``T1 + a == T2 + b``: when both
    shifts are nonzero the same condition with one shift (``b - a``) is in the search, simpler."""
    if family != "P nim-sum" or len(terms) != 2:
        return False
    a, b = terms[0].shift, terms[1].shift
    return a != 0 and b != 0 and abs(b - a) <= shifts


def linear_candidates(data: Data, offsets: int, rows=None):
    """``grundy == e1*c1 + ... + b`` (e in {-1, 0, 1}, |b| <= offsets) agreeing with a sample."""
    d = data.pos.shape[1]
    where = np.ones(len(data.pos), bool) if rows is None else rows
    idx = data.sample(where)
    if not len(idx):
        return []
    coeffs = np.array([c for c in itertools.product((0, 1, -1), repeat=d)
                       if not any(c[i] for i in data.flags)], dtype=np.int64)
    base = coeffs @ data.pos[idx].T                       # (ncoeff, ns)
    out = []
    for b in sorted(range(-offsets, offsets + 1), key=abs):
        ok = ((base + b) == data.g[idx][None, :]).all(axis=1)
        out += [Formula("grundy linear", coeffs=tuple(int(e) for e in coeffs[k]), offset=b)
                for k in np.flatnonzero(ok)]
    return out


def evaluate(data: Data, cands, rows=None, first: int = 10, full_max: int = FULL_MAX) -> Outcome:
    """Evaluate candidates (simplest first, at most ``full_max``) on every row (or ``rows``)."""
    out = Outcome()
    cands = sorted(set(cands), key=lambda f: (f.complexity, repr(f)))
    if len(cands) > full_max:
        out.notes.append(f"{len(cands) - full_max} sample-consistent candidates not evaluated "
                         f"(only the {full_max} simplest)")
        cands = cands[:full_max]
    pos, g = (data.pos, data.g) if rows is None else (data.pos[rows], data.g[rows])
    for f in cands:
        bad = np.flatnonzero(~f.holds_at(pos, g))
        if not len(bad):
            out.holds.append(f)
        else:
            out.misses.append((f, int(len(bad)), bad[:first]))
    return out
