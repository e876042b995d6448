"""An open-addressing hash table from non-zero uint64 keys to int64 values, probed a batch at
a time (linear probing: Knuth, *TAOCP* vol. 3, section 6.4, algorithm L), for the numbering of
:mod:`.memo` (issue 45)."""

from __future__ import annotations

import numpy as np

_FIB = np.uint64(0x9E3779B97F4A7C15)           # 2**64 / golden ratio: multiplicative hashing


class HashIndex:
    """A table from non-zero uint64 keys to int64 values, probed a batch at a time."""

    def __init__(self, capacity: int = 1 << 12):
        self.keys = np.zeros(capacity, dtype=np.uint64)
        self.values = np.full(capacity, -1, dtype=np.int64)
        self.size = 0

    def _slots(self, keys: np.ndarray) -> np.ndarray:
        bits = np.uint64(64 - (self.keys.size.bit_length() - 1))
        with np.errstate(over="ignore"):
            return ((keys * _FIB) >> bits).astype(np.int64)

    def find(self, keys: np.ndarray) -> np.ndarray:
        """The value of each key (-1 when absent)."""
        return self.find_or_add(keys, None)

    def find_or_add(self, keys: np.ndarray, first_id: int | None) -> np.ndarray:
        """The value of each of the distinct ``keys``; absent keys are added with the values
        ``first_id, first_id + 1, ...`` in key order (-1 for them when ``first_id`` is None)."""
        if first_id is not None and 2 * (self.size + keys.size) > self.keys.size:
            self._grow(2 * (self.size + keys.size))
        out = np.full(keys.size, -1, dtype=np.int64)
        added = np.zeros(keys.size, dtype=bool)
        slot, todo, mask = self._slots(keys), np.arange(keys.size), self.keys.size - 1
        while todo.size:
            if todo.size <= self.FEW:
                self._probe_each(keys, todo, slot, out, added, first_id)
                break
            at = self.keys[slot[todo]]
            hit = at == keys[todo]
            out[todo[hit]] = self.values[slot[todo[hit]]]
            free = at == 0
            if first_id is not None and free.any():
                cand = todo[free]
                self.keys[slot[cand]] = keys[cand]          # several claim a slot: one wins
                won = self.keys[slot[cand]] == keys[cand]
                added[cand[won]] = True                     # its slot stays slot[...]: kept
                todo = np.concatenate([todo[~hit & ~free], cand[~won]])
            else:
                todo = todo[~hit & ~free]
            slot[todo] = (slot[todo] + 1) & mask
        if added.any():
            new = np.flatnonzero(added)
            out[new] = first_id + np.arange(new.size)
            self.values[slot[new]] = out[new]
            self.size += new.size
        return out

    #: A batch's last keys still probing are probed one by one below this many (the long
    #: probes of a few keys would otherwise cost a vectorized round each).
    FEW = 32

    def _probe_each(self, keys, todo, slot, out, added, first_id) -> None:
        """:meth:`find_or_add`'s probing of the keys ``todo``, one key at a time (same effect:
        ``out``, ``added`` and, for an added key, its ``slot``)."""
        table, values, mask = self.keys, self.values, self.keys.size - 1
        for t in todo.tolist():
            key, s = int(keys[t]), int(slot[t])
            while True:
                at = int(table[s])
                if at == key:
                    out[t] = values[s]
                    break
                if at == 0:
                    if first_id is not None:
                        table[s], added[t], slot[t] = key, True, s
                    break
                s = (s + 1) & mask

    def _where(self, keys: np.ndarray) -> np.ndarray:
        """The slots of keys in the table."""
        slot, todo, mask = self._slots(keys), np.arange(keys.size), self.keys.size - 1
        while todo.size:
            hit = self.keys[slot[todo]] == keys[todo]
            todo = todo[~hit]
            slot[todo] = (slot[todo] + 1) & mask
        return slot

    def insert(self, keys: np.ndarray, values: np.ndarray) -> None:
        """Add distinct keys not in the table with their ``values``."""
        if 2 * (self.size + keys.size) > self.keys.size:
            self._grow(2 * (self.size + keys.size))
        self.find_or_add(keys, 0)
        self.values[self._where(keys)] = values

    def _grow(self, need: int) -> None:
        keys, values = self.keys[self.keys != 0], self.values[self.keys != 0]
        capacity = self.keys.size
        while capacity < need:
            capacity *= 2
        self.keys = np.zeros(capacity, dtype=np.uint64)
        self.values = np.full(capacity, -1, dtype=np.int64)
        self.size = 0
        self.insert(keys, values)
