"""Transition diagrams (issue 45): the transitions of every state of a :class:`~.dfa.Dfa` as one
shared, levelled decision diagram over its tracks, the size of which follows the automaton's real
branching instead of the 2**tracks letters of a dense row.

The tracks are read in order, ``widths[i]`` of them at level ``i`` (sum: the number of tracks).
``levels[i]`` is an int array ``(nodes, 2**widths[i])``: node ``u`` at level ``i`` goes on the
bits ``a`` of its tracks (the first of them most significant) to node ``levels[i][u, a]`` of level
``i + 1``, or at the last level to a *state*; ``-1`` rejects every completion. ``roots[s]`` is the
level-0 node of state ``s`` (the state reached on the one empty letter when there are no tracks).
A state's row of the dense table is the list of leaves of its node, letters in index order, so a
one-level layout ``(n,)`` *is* the dense table, and one bit per level is an ordered decision
diagram without skipped levels (quasi-reduced: MONA's shared BDD-labelled transitions, Klarlund
and Møller, *MONA User Manual*, section 3; Bryant, "Graph-based algorithms for Boolean function
manipulation", 1986). Nodes are deduplicated per level (:func:`normalize`), so equal sub-rows are
stored once across all states.

:func:`layout` fixes the widths of ``n`` tracks for every automaton (operations need equal layouts):
dense (one level) up to :data:`SETTINGS` ``dense_below`` tracks, else levels of ``chunk`` bits.
"""

from __future__ import annotations

import numpy as np

from .memo import factor

#: The layout of every automaton built (chosen by the measurements of cgs_bridge/jobs/bench/
#: prove.py: see docs/prove.md); :func:`set_layout` changes it (the bench's dense yardstick).
SETTINGS = {"dense_below": 8, "chunk": 2}


def set_layout(dense_below: int, chunk: int) -> dict:
    """Set the layout of automata built from now on; returns the previous settings. Raises
    ValueError unless ``dense_below >= 0`` and ``chunk >= 1``."""
    if dense_below < 0 or chunk < 1:
        raise ValueError(f"layout needs dense_below >= 0 and chunk >= 1, got {dense_below}, {chunk}")
    old = dict(SETTINGS)
    SETTINGS.update(dense_below=dense_below, chunk=chunk)
    return old


def layout(n: int) -> tuple:
    """The level widths of an automaton over ``n`` tracks: ``(n,)`` (dense) up to
    ``dense_below`` tracks, else ``chunk`` tracks per level from the first, the rest last."""
    if n == 0:
        return ()
    if n <= SETTINGS["dense_below"]:
        return (n,)
    c = SETTINGS["chunk"]
    return (c,) * (n // c) + ((n % c,) if n % c else ())


# ----------------------------------------------------------------- rows
def unique_rows(rows: np.ndarray) -> tuple:
    """(unique rows in order of first appearance, inverse) of a 2-D int array: each row coded
    as one int64 when it fits, else hashed and then compared with its group's first row (rows
    compared as bytes when two differ)."""
    rows = np.ascontiguousarray(rows, dtype=np.int64)
    n, w = rows.shape
    if n == 0:
        return rows.reshape(0, w), np.zeros(0, dtype=np.int64)
    if n <= 64:                                   # few rows: a dict of their bytes
        buf, step, seen = rows.tobytes(), 8 * w, {}
        inv = np.fromiter((seen.setdefault(buf[r * step:(r + 1) * step], len(seen))
                           for r in range(n)), dtype=np.int64, count=n)
        first = np.zeros(len(seen), dtype=np.int64)
        first[inv[::-1]] = np.arange(n - 1, -1, -1)
        return rows[first], inv
    base = int(rows.max()) + 2
    exact = w * np.log2(max(base, 2)) < 62
    if not exact and w > _ROW_MULT.size:          # rows too wide to hash: compared as bytes
        view = rows.view(np.dtype((np.void, 8 * w))).ravel()
        _, first, inv = np.unique(view, return_index=True, return_inverse=True)
        return rows[first], inv.ravel().astype(np.int64)
    if exact:
        code = np.zeros(n, dtype=np.int64)
        for j in range(w):
            code = code * base + (rows[:, j] + 1)
    else:
        with np.errstate(over="ignore"):
            code = ((rows + 1).astype(np.uint64) * _ROW_MULT[:w]).sum(axis=1, dtype=np.uint64)
    inv, first = factor(code)
    if exact or (rows == rows[first][inv]).all():
        return rows[first], inv
    view = rows.view(np.dtype((np.void, 8 * w))).ravel()          # a hash collision
    _, first, inv = np.unique(view, return_index=True, return_inverse=True)
    return rows[first], inv.ravel().astype(np.int64)


_ROW_MULT = np.random.default_rng(45).integers(1, 2 ** 63, size=1 << 16,
                                               dtype=np.uint64) | np.uint64(1)
#: Odd 64-bit multipliers of a row's columns for hashing rows (any use must compare the rows
#: of equal hashes: equal hashes do not mean equal rows).
ROW_MULT = _ROW_MULT


def dedupe(rows: np.ndarray) -> tuple:
    """(unique rows, id of each row): rows whose every entry is -1 get id -1 (a dead node)."""
    dead = (rows < 0).all(axis=1) if rows.shape[1] else np.ones(rows.shape[0], dtype=bool)
    ids = np.full(rows.shape[0], -1, dtype=np.int64)
    uniq, inv = unique_rows(rows[~dead])
    ids[~dead] = inv
    return uniq, ids


def follow(table: np.ndarray, nodes: np.ndarray) -> np.ndarray:
    """``table[nodes]`` with -1 for a node -1 (shape ``nodes.shape + table.shape[1:]``)."""
    if table.shape[0] == 0:
        return np.full(nodes.shape + table.shape[1:], -1, dtype=np.int64)
    out = table[np.maximum(nodes, 0)]
    return np.where((nodes >= 0).reshape(nodes.shape + (1,) * (out.ndim - nodes.ndim)), out, -1)


# ----------------------------------------------------------------- whole diagrams
def normalize(levels: list, roots: np.ndarray) -> tuple:
    """(levels, roots) with the nodes no root reaches removed and equal nodes merged, level by
    level from the bottom; a node whose every completion rejects becomes -1."""
    keep, cur = [], np.unique(roots[roots >= 0])
    for lv in levels:
        keep.append(cur)
        ch = lv[cur].ravel()
        cur = np.unique(ch[ch >= 0])
    out, remap = [None] * len(levels), None
    for i in range(len(levels) - 1, -1, -1):
        rows = levels[i][keep[i]].astype(np.int64)
        if remap is not None:
            rows = follow(remap, rows)
        uniq, ids = dedupe(rows)
        out[i] = uniq.astype(np.int32)
        remap = np.full(levels[i].shape[0], -1, dtype=np.int64)
        remap[keep[i]] = ids
    roots = roots.astype(np.int64)
    if remap is not None:
        roots = follow(remap, roots)
    return out, roots.astype(np.int32)


def from_table(delta: np.ndarray, widths: tuple) -> tuple:
    """(levels, roots) of a dense table ``(states, 2**sum(widths))`` (-1 = reject)."""
    cur = np.asarray(delta, dtype=np.int64)
    states = cur.shape[0]
    levels = []
    for w in reversed(widths):
        uniq, ids = dedupe(cur.reshape(-1, 1 << w))
        levels.insert(0, uniq.astype(np.int32))
        cur = ids.reshape(states, cur.shape[1] >> w)
    return levels, cur[:, 0].astype(np.int32)


def to_table(levels: list, roots: np.ndarray) -> np.ndarray:
    """The dense table ``(states, 2**tracks)`` of a diagram."""
    cur = roots.astype(np.int64)[:, None]
    for lv in levels:
        cur = follow(lv, cur).reshape(cur.shape[0], cur.shape[1] * lv.shape[1])
    return cur.astype(np.int32)


def edges(levels: list, widths: tuple, roots: np.ndarray) -> tuple:
    """(src, dst, letter): each pair of states joined by some letter once, with the least letter
    index joining them (letters compared as numbers: bit tuples in track order)."""
    src = np.arange(roots.shape[0], dtype=np.int64)
    node = roots.astype(np.int64)
    letter = np.zeros_like(src)
    ok = node >= 0
    src, node, letter = src[ok], node[ok], letter[ok]
    for lv, w in zip(levels, widths):
        k = 1 << w
        node = lv[node].ravel().astype(np.int64)
        src = np.repeat(src, k)
        letter = ((letter << w)[:, None] + np.arange(k, dtype=np.int64)).ravel()
        ok = node >= 0
        src, node, letter = src[ok], node[ok], letter[ok]
        order = np.lexsort((letter, node, src))
        src, node, letter = src[order], node[order], letter[order]
        first = np.ones(src.size, dtype=bool)
        first[1:] = (src[1:] != src[:-1]) | (node[1:] != node[:-1])
        src, node, letter = src[first], node[first], letter[first]
    return src, node, letter


def successors(levels: list, roots: np.ndarray, states: np.ndarray) -> np.ndarray:
    """The sorted distinct states some letter leads to from any of ``states``."""
    cur = roots[states].astype(np.int64)
    cur = np.unique(cur[cur >= 0])
    for lv in levels:
        ch = lv[cur].ravel()
        cur = np.unique(ch[ch >= 0]).astype(np.int64)
    return cur


def relink(levels: list, roots: np.ndarray, targets: np.ndarray) -> tuple:
    """(levels, roots) with every leaf ``t`` replaced by ``targets[t]`` (-1 stays -1), then
    :func:`normalize` d."""
    targets = np.asarray(targets, dtype=np.int64)
    if levels:
        levels = list(levels)
        levels[-1] = follow(targets, levels[-1].astype(np.int64)).astype(np.int32)
    else:
        roots = follow(targets, roots.astype(np.int64)).astype(np.int32)
    return normalize(levels, roots)


# ----------------------------------------------------------------- changing the layout
def split_top(level: np.ndarray, w: int) -> tuple:
    """A level of width ``w >= 2`` as two levels of widths 1 and ``w - 1``."""
    half = 1 << (w - 1)
    lower, ids = dedupe(level.reshape(-1, half).astype(np.int64))
    return ids.reshape(-1, 2).astype(np.int32), lower.astype(np.int32)


def merge_pair(upper: np.ndarray, lower: np.ndarray) -> np.ndarray:
    """Two adjacent levels as one (``upper``'s bits most significant)."""
    out = follow(lower, upper.astype(np.int64))
    return out.reshape(upper.shape[0], upper.shape[1] * lower.shape[1]).astype(np.int32)


def to_binary(levels: list, widths: tuple) -> list:
    """The same diagram with one track per level."""
    out = []
    for lv, w in zip(levels, widths):
        parts = []
        while w > 1:
            top, lv = split_top(lv, w)
            parts.append(top)
            w -= 1
        out.extend(parts + [lv])
    return out


def from_binary(levels: list, widths: tuple) -> list:
    """A one-track-per-level diagram regrouped into levels of ``widths``."""
    out, i = [], 0
    for w in widths:
        lv = levels[i]
        for j in range(1, w):
            lv = merge_pair(lv, levels[i + j])
        out.append(lv)
        i += w
    return out
