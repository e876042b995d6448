"""Numbering of the states (and diagram nodes) a construction discovers (issue 45): pairs of
states for the product (:class:`CodeMemo`, a pair coded as one integer), sets of states for the
subset construction (:class:`SetMemo`). Both number new entries in batches (a breadth-first layer
at a time) and hand back the entries added since the last call, to be expanded next.

Lookups are vectorized: :class:`HashIndex` is an open-addressing hash table (linear probing,
Knuth, *TAOCP* vol. 3, section 6.4, algorithm L) probed for a whole batch at once, and a batch is
grouped with :func:`pandas.factorize` (hashing, linear time). Sets are found by hashes and then
compared member by member, so equal ids always mean equal sets."""

from __future__ import annotations

import numpy as np
import pandas as pd

from .hashindex import HashIndex

#: Code spaces up to this size are numbered through an array, larger ones through a hash table.
DENSE_SPACE = 1 << 18
#: Up to TINY values :func:`factor` uses a dict, below SMALL it sorts (numpy), above it hashes
#: (pandas): the fastest of the three at each size on this machine.
TINY, SMALL = 64, 1 << 14


def factor(values: np.ndarray) -> tuple:
    """(codes, first): ``codes[i]`` numbers ``values[i]`` by order of first appearance,
    ``first[c]`` is the index of value ``c``'s first appearance."""
    if values.size <= TINY:
        seen: dict = {}
        codes = np.fromiter((seen.setdefault(v, len(seen)) for v in values.tolist()),
                            dtype=np.int64, count=values.size)
        first = np.zeros(len(seen), dtype=np.int64)
        first[codes[::-1]] = np.arange(values.size - 1, -1, -1)
        return codes, first
    if values.size < SMALL:
        _, first, codes = np.unique(values, return_index=True, return_inverse=True)
        order = np.argsort(first)                  # number by first appearance
        rank = np.empty_like(order)
        rank[order] = np.arange(order.size)
        return rank[codes.ravel()].astype(np.int64), first[order]
    codes = pd.factorize(values)[0].astype(np.int64)
    if not codes.size:
        return codes, codes
    new = np.ones(codes.size, dtype=bool)         # a code first seen is above all before it
    new[1:] = codes[1:] > np.maximum.accumulate(codes)[:-1]
    return codes, np.flatnonzero(new)


class CodeMemo:
    """Ids ``0, 1, ...`` for non-negative int64 codes, in order of discovery; ``space``: one
    more than the largest code."""

    def __init__(self, space: int):
        self.table = np.full(space, -1, dtype=np.int64) if space <= DENSE_SPACE else None
        self.index = HashIndex() if self.table is None else None
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
        inv, first = factor(codes)
        uniq = codes[first]
        if self.table is not None:
            ids = self.table[uniq]
            new = ids < 0
            ids[new] = np.arange(self.count, self.count + int(new.sum()))
            self.table[uniq[new]] = ids[new]
        else:
            ids = self.index.find_or_add(uniq.astype(np.uint64) + np.uint64(1), self.count)
            new = ids >= self.count
        if new.any():
            added = uniq[new]
            self.count += added.size
            self.found.append(added)
            self.fresh.append(added)
        return ids[inv]

    def take_new(self) -> np.ndarray:
        """The codes numbered since the last call, in id order."""
        out = np.concatenate(self.fresh) if self.fresh else np.zeros(0, dtype=np.int64)
        self.fresh = []
        return out

    def codes(self) -> np.ndarray:
        """Every code, in id order."""
        return np.concatenate(self.found) if self.found else np.zeros(0, dtype=np.int64)


_PAD = np.iinfo(np.int64).max
_MULT = np.random.default_rng(20240545).integers(1, 2 ** 63, size=(2, 8192),
                                                 dtype=np.uint64) | np.uint64(1)


def canonical_sets(block: np.ndarray) -> np.ndarray:
    """Each row of ``block`` (ints; negative entries are not members) as its sorted distinct
    members followed by :data:`_PAD`, trimmed to the widest row (at least one column)."""
    rows = np.where(block < 0, _PAD, block.astype(np.int64))
    rows.sort(axis=1)
    dup = np.zeros(rows.shape, dtype=bool)
    dup[:, 1:] = rows[:, 1:] == rows[:, :-1]
    if dup.any():
        rows[dup] = _PAD
        rows.sort(axis=1)
    used = int((rows != _PAD).sum(axis=1).max()) if rows.size else 0
    return rows[:, :max(used, 1)]


def _hash(rows: np.ndarray) -> np.ndarray:
    """A non-zero 64-bit hash of each row of :func:`canonical_sets`."""
    keys = np.where(rows == _PAD, 0, rows + 1).astype(np.uint64)
    with np.errstate(over="ignore"):
        return (keys * _MULT[0, :rows.shape[1]]).sum(axis=1, dtype=np.uint64) | np.uint64(1)


def _small_sets(universe: int | None) -> tuple:
    """(base, size): with members below ``universe``, a set of at most ``size`` members is the
    integer whose base-``base`` digits are its sorted members plus one, then zeros (exact in 62
    bits); ``(1, 0)`` without a universe."""
    if not universe:
        return 1, 0
    base, size = universe + 1, 0
    while base ** (size + 1) < 1 << 62:
        size += 1
    return base, size


class SetMemo:
    """Ids ``0, 1, ...`` for sets of non-negative ints given as rows of :func:`canonical_sets`
    (the empty set is -1). The first :attr:`SWITCH` sets are numbered through a dict of their
    members. After that, with a ``universe`` (every member below it), a set of few members is
    numbered by its exact integer code (:func:`_small_sets`: no hash, no comparison). Any other
    set is found by a 64-bit hash, then compared with the stored set member by member; a set
    whose hash an earlier, different set has is numbered through an exact dict (so equal ids
    mean equal sets). Members are stored flat (int32): :meth:`block`."""

    #: Sets numbered through a dict of their members until there are this many.
    SWITCH = 4096

    def __init__(self, universe: int | None = None):
        self.base, self.few = _small_sets(universe)
        self.coded: HashIndex | None = None
        self.index: HashIndex | None = None
        self.small: dict = {}
        self.exact: dict = {}
        self.flat = np.zeros(1024, dtype=np.int32)
        self.start = np.zeros(256, dtype=np.int64)
        self.size = np.zeros(256, dtype=np.int64)
        self.count, self.used, self.fresh = 0, 0, 0

    def __len__(self) -> int:
        return self.count

    def lookup(self, rows: np.ndarray) -> np.ndarray:
        """The id of every row (new sets numbered now, in order of first appearance; after the
        first :attr:`SWITCH` sets, those of few members before the others)."""
        n, w = rows.shape
        ids = np.full(n, -1, dtype=np.int64)
        live = rows[:, 0] != _PAD
        if not live.any():
            return ids
        if self.index is None and self.count + int(live.sum()) <= self.SWITCH:
            ids[live] = self._lookup_small(rows[live])
            return ids
        if self.index is None:
            self._to_hashes()
        if self.few:
            small = live if w <= self.few else live & (rows[:, self.few] == _PAD)
            if small.any():
                ids[small] = self._lookup_coded(rows[small, :min(w, self.few)])
                live &= ~small
            if not live.any():
                return ids
        if w > _MULT.shape[1]:
            raise ValueError(f"a set of {w} states is beyond the subset construction's hashing")
        sub = rows[live]
        h = _hash(sub)
        inv, first = factor(h)
        reps, hashes = sub[first], h[first]
        got = self.index.find_or_add(hashes, self.count)
        old = np.flatnonzero(got < self.count)
        wrong = old[~self._equal(got[old], reps[old])]
        new = np.flatnonzero(got >= self.count)
        if new.size:
            self._append(reps[new])
        for g in wrong:                                   # a collision with an earlier set
            got[g] = self._exact(reps[g], hashes[g])
        out = got[inv]
        for r in np.flatnonzero(~(sub == reps[inv]).all(axis=1)):   # a collision in the batch
            out[r] = self._exact(sub[r], h[r])
        ids[live] = out
        return ids

    def _codes(self, sub: np.ndarray) -> np.ndarray:
        """The exact code of each row of at most :attr:`few` members (:func:`_small_sets`).
        Raises ValueError for a member outside the universe."""
        code = np.zeros(sub.shape[0], dtype=np.int64)
        for j in range(sub.shape[1]):
            digit = np.where((sub[:, j] == _PAD) | (sub[:, j] < 0), 0, sub[:, j] + 1)
            if digit.size and digit.max() >= self.base:
                raise ValueError(f"a member {int(digit.max()) - 1} is outside the sets' universe "
                                 f"0..{self.base - 2}")
            code = code * self.base + digit
        for _ in range(sub.shape[1], self.few):
            code = code * self.base
        return code

    def _lookup_coded(self, sub: np.ndarray) -> np.ndarray:
        """Ids of sets of at most :attr:`few` members through their exact codes."""
        code = self._codes(sub)
        inv, first = factor(code)
        got = self.coded.find_or_add(code[first].astype(np.uint64) + np.uint64(1), self.count)
        new = np.flatnonzero(got >= self.count)
        if new.size:
            self._append(sub[first[new]])
        return got[inv]

    def _lookup_small(self, sub: np.ndarray) -> np.ndarray:
        """Ids through the dict of members (few sets: no hashing); a key is the bytes of a
        row's members."""
        sub = np.ascontiguousarray(sub)
        out = np.empty(sub.shape[0], dtype=np.int64)
        buf, step = sub.tobytes(), 8 * sub.shape[1]
        sizes = (8 * (sub != _PAD).sum(axis=1)).tolist()
        new_rows, get = [], self.small.get
        for r, size in enumerate(sizes):
            key = buf[r * step:r * step + size]
            i = get(key)
            if i is None:
                i = self.small[key] = self.count + len(new_rows)
                new_rows.append(r)
            out[r] = i
        if new_rows:
            self._append(sub[new_rows])
        return out

    def _to_hashes(self) -> None:
        """Leave the dict: number the stored sets in a :class:`HashIndex` by their hashes
        (sets sharing a hash with an earlier one go to the exact dict)."""
        self.index = HashIndex()
        if self.few:
            self.coded = HashIndex()
            ids = np.flatnonzero(self.size[:self.count] <= self.few)
            if ids.size:
                self.coded.insert(self._codes(self.block(ids, self.few)).astype(np.uint64)
                                  + np.uint64(1), ids)
        ids = np.flatnonzero(self.size[:self.count] > self.few)
        if ids.size:
            block = self.block(ids)
            rows = np.where(block < 0, _PAD, block)
            h = _hash(rows)
            inv, first = factor(h)
            self.index.insert(h[first], ids[first])
            for r in np.flatnonzero(~(rows == rows[first][inv]).all(axis=1)):
                self.exact[rows[r][rows[r] != _PAD].tobytes()] = int(ids[r])
        self.small = {}

    def _equal(self, ids: np.ndarray, reps: np.ndarray) -> np.ndarray:
        """Whether each stored set ``ids[i]`` has the members of row ``reps[i]``."""
        size = (reps != _PAD).sum(axis=1)
        stored = self.block(ids, reps.shape[1])
        return (self.size[ids] == size) & (np.where(stored < 0, _PAD, stored) == reps).all(axis=1)

    def _exact(self, row: np.ndarray, h) -> int:
        """The id of a set whose hash is shared: the set numbered under that hash when it is
        the same, else its id in the exact dict."""
        owner = self.index.find(np.array([h], dtype=np.uint64))
        if owner[0] >= 0 and self._equal(owner, row[None, :])[0]:
            return int(owner[0])
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
