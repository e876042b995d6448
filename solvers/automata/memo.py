"""Numbering of the states (and diagram nodes) a construction discovers (issue 45): pairs of
states for the product (:class:`CodeMemo`, a pair coded as one integer), sets of states for the
subset construction (:class:`SetMemo`). Both number new entries in batches (a breadth-first layer
at a time) and hand back the entries added since the last call, to be expanded next."""

from __future__ import annotations

import numpy as np

#: Code spaces up to this size are numbered through an array, larger ones through a dict.
DENSE_SPACE = 1 << 20


class CodeMemo:
    """Ids ``0, 1, ...`` for non-negative int64 codes, in order of discovery (sorted within a
    batch); ``space``: one more than the largest code."""

    def __init__(self, space: int):
        self.table = np.full(space, -1, dtype=np.int64) if space <= DENSE_SPACE else None
        self.index: dict = {}
        self.found: list = []
        self.fresh: list = []
        self.count = 0

    def __len__(self) -> int:
        return self.count

    def lookup(self, codes: np.ndarray) -> np.ndarray:
        """The id of every code (new codes numbered now)."""
        codes = np.asarray(codes, dtype=np.int64).ravel()
        if not codes.size:
            return np.zeros(0, dtype=np.int64)
        uniq, inv = np.unique(codes, return_inverse=True)
        if self.table is not None:
            ids = self.table[uniq]
        else:
            get = self.index.get
            ids = np.fromiter((get(c, -1) for c in uniq.tolist()), dtype=np.int64,
                              count=uniq.size)
        new = ids < 0
        if new.any():
            added = uniq[new]
            ids[new] = np.arange(self.count, self.count + added.size)
            if self.table is not None:
                self.table[added] = ids[new]
            else:
                self.index.update(zip(added.tolist(), ids[new].tolist()))
            self.count += added.size
            self.found.append(added)
            self.fresh.append(added)
        return ids[inv.ravel()]

    def take_new(self) -> np.ndarray:
        """The codes numbered since the last call, in id order."""
        out = np.concatenate(self.fresh) if self.fresh else np.zeros(0, dtype=np.int64)
        self.fresh = []
        return out

    def codes(self) -> np.ndarray:
        """Every code, in id order."""
        return np.concatenate(self.found) if self.found else np.zeros(0, dtype=np.int64)


_PAD = np.iinfo(np.int64).max
_RNG = np.random.default_rng(20240545)
_MULT = _RNG.integers(1, 2 ** 63, size=(2, 4096), dtype=np.uint64) | np.uint64(1)


def canonical_sets(block: np.ndarray) -> np.ndarray:
    """Each row of ``block`` (ints; negative entries are not members) as its sorted distinct
    members followed by :data:`_PAD`, trimmed to the widest row (at least one column)."""
    rows = np.where(block < 0, _PAD, block.astype(np.int64))
    rows.sort(axis=1)
    dup = np.zeros(rows.shape, dtype=bool)
    dup[:, 1:] = rows[:, 1:] == rows[:, :-1]
    rows[dup] = _PAD
    rows.sort(axis=1)
    used = int((rows != _PAD).sum(axis=1).max()) if rows.size else 0
    return rows[:, :max(used, 1)]


class SetMemo:
    """Ids ``0, 1, ...`` for sets of non-negative ints given as rows of :func:`canonical_sets`
    (the empty set is -1). Rows are found by two 64-bit hashes and then compared member by member
    with the stored set, so equal ids mean equal sets (a hash collision only costs a slower exact
    lookup). Members are stored flat (int32), :meth:`block` gives them back."""

    def __init__(self):
        self.index: dict = {}
        self.exact: dict = {}
        self.flat = np.zeros(1024, dtype=np.int32)
        self.start = np.zeros(256, dtype=np.int64)
        self.size = np.zeros(256, dtype=np.int64)
        self.count, self.used, self.fresh = 0, 0, 0

    def __len__(self) -> int:
        return self.count

    def lookup(self, rows: np.ndarray) -> np.ndarray:
        """The id of every row (new sets numbered now, in the order of their hashes)."""
        n, w = rows.shape
        if w > _MULT.shape[1]:
            raise ValueError(f"a set of {w} states is beyond the subset construction's hashing")
        ids = np.full(n, -1, dtype=np.int64)
        live = rows[:, 0] != _PAD
        if not live.any():
            return ids
        sub = rows[live]
        keys = np.where(sub == _PAD, 0, sub + 1).astype(np.uint64)
        with np.errstate(over="ignore"):
            h1 = (keys * _MULT[0, :w]).sum(axis=1, dtype=np.uint64)
            h2 = (keys * _MULT[1, :w]).sum(axis=1, dtype=np.uint64)
        _, first, inv = np.unique(h1, return_index=True, return_inverse=True)
        inv, reps = inv.ravel(), sub[first]
        get = self.index.get
        got = np.fromiter((get(k, -1) for k in zip(h1[first].tolist(), h2[first].tolist())),
                          dtype=np.int64, count=first.size)
        old = np.flatnonzero(got >= 0)
        wrong = old[~self._equal(got[old], reps[old])]
        new = np.flatnonzero(got < 0)
        if new.size:
            got[new] = self._append(reps[new])
            self.index.update(zip(zip(h1[first[new]].tolist(), h2[first[new]].tolist()),
                                  got[new].tolist()))
        for g in wrong:                                   # a collision with an earlier set
            got[g] = self._exact(reps[g])
        out = got[inv]
        for r in np.flatnonzero(~(sub == reps[inv]).all(axis=1)):   # a collision in the batch
            out[r] = self._exact(sub[r])
        ids[live] = out
        return ids

    def _equal(self, ids: np.ndarray, reps: np.ndarray) -> np.ndarray:
        """Whether each stored set ``ids[i]`` has the members of row ``reps[i]``."""
        width = reps.shape[1]
        size = (reps != _PAD).sum(axis=1)
        stored = self.block(ids, width)
        return (self.size[ids] == size) & (np.where(stored < 0, _PAD, stored) == reps).all(axis=1)

    def _exact(self, row: np.ndarray) -> int:
        key = row[row != _PAD].tobytes()
        if key not in self.exact:
            self.exact[key] = int(self._append(row[None, :])[0])
        return self.exact[key]

    def _append(self, rows: np.ndarray) -> np.ndarray:
        """Store ``rows`` as new sets; their ids."""
        sizes = (rows != _PAD).sum(axis=1)
        k, total = rows.shape[0], int(sizes.sum())
        while self.used + total > self.flat.size:
            self.flat = np.concatenate([self.flat, np.zeros_like(self.flat)])
        while self.count + k > self.start.size:
            self.start = np.concatenate([self.start, np.zeros_like(self.start)])
            self.size = np.concatenate([self.size, np.zeros_like(self.size)])
        self.flat[self.used:self.used + total] = rows[rows != _PAD]
        ids = np.arange(self.count, self.count + k)
        self.start[ids] = self.used + np.concatenate([[0], np.cumsum(sizes)[:-1]])
        self.size[ids] = sizes
        self.count += k
        self.used += total
        return ids

    def block(self, ids, width: int | None = None) -> np.ndarray:
        """The members of sets ``ids`` as rows padded with -1 (``width`` columns, at least the
        largest set's size when None)."""
        ids = np.asarray(ids, dtype=np.int64)
        size = self.size[ids]
        width = int(size.max(initial=1)) if width is None else width
        cols = np.arange(width)
        ok = cols[None, :] < size[:, None]
        at = np.where(ok, self.start[ids][:, None] + cols[None, :], 0)
        return np.where(ok, self.flat[at], -1).astype(np.int64)

    def take_new(self) -> np.ndarray:
        """The ids numbered since the last call, in order."""
        out = np.arange(self.fresh, self.count)
        self.fresh = self.count
        return out
