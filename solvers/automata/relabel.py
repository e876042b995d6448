"""Renaming, reordering, identifying and adding tracks of a diagram (issue 45), on the
one-track-per-level form of :mod:`.diagram`: two adjacent levels are exchanged (the swap of
variable reordering: Rudell, "Dynamic variable ordering for ordered binary decision diagrams",
ICCAD 1993), two adjacent levels reading one track become one level (the diagonal ``x = y``),
and a level nobody reads is added with both branches equal (cylindrification)."""

from __future__ import annotations

import numpy as np

from .diagram import dedupe, follow


def swap(levels: list, i: int) -> None:
    """Exchange binary levels ``i`` and ``i + 1`` in place (same function, tracks read in the
    other order)."""
    upper, lower = levels[i].astype(np.int64), levels[i + 1]
    on0 = follow(lower, upper[:, 0])               # (nodes, 2): after bit 0 of the upper track
    on1 = follow(lower, upper[:, 1])
    rows = np.stack([on0, on1], axis=2).reshape(-1, 2)
    new_lower, ids = dedupe(rows)
    levels[i] = ids.reshape(-1, 2).astype(np.int32)
    levels[i + 1] = new_lower.astype(np.int32)


def diagonal(levels: list, i: int) -> None:
    """Binary levels ``i`` and ``i + 1`` read one track: keep the paths where both bits are
    equal, as one level (in place)."""
    upper, lower = levels[i].astype(np.int64), levels[i + 1]
    on0 = follow(lower, upper[:, 0])[:, 0]
    on1 = follow(lower, upper[:, 1])[:, 1]
    levels[i] = np.stack([on0, on1], axis=1).astype(np.int32)
    del levels[i + 1]


def insert_free(levels: list, i: int, states: int) -> None:
    """Insert before binary level ``i`` (at the bottom when ``i == len(levels)``) a level whose
    track nobody reads: both branches lead where the old parent led."""
    below = levels[i].shape[0] if i < len(levels) else states
    ids = np.arange(below, dtype=np.int32)
    levels.insert(i, np.stack([ids, ids], axis=1))


def arrange(levels: list, reads: list, n_new: int, states: int) -> list:
    """A binary diagram whose level ``j`` reads new track ``reads[j]`` rearranged so that level
    ``p`` reads new track ``p`` for ``p < n_new``: bubble sort by swaps, equal neighbours merged,
    missing tracks added free."""
    levels, reads = list(levels), list(reads)
    for end in range(len(reads) - 1, 0, -1):
        for i in range(end):
            if reads[i] > reads[i + 1]:
                swap(levels, i)
                reads[i], reads[i + 1] = reads[i + 1], reads[i]
    i = 0
    while i < len(reads) - 1:
        if reads[i] == reads[i + 1]:
            diagonal(levels, i)
            del reads[i + 1]
        else:
            i += 1
    for p in range(n_new):
        if p >= len(reads) or reads[p] != p:
            insert_free(levels, p, states)
            reads.insert(p, p)
    return levels
