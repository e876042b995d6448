"""Learning an automaton from a finite table (issue 44, item 1): the Myhill–Nerode residuals of
digit prefixes compared on the box.

A set ``S`` of tuples of naturals is read as a language over letters (one digit per coordinate,
most significant first, shorter numbers padded with leading zeros: Walnut's convention). The
residual of a prefix ``u`` is ``{v : uv in S}``; ``S`` is *automatic* iff it has finitely many
residuals, and the minimal automaton's states are the residuals (Myhill 1957, Nerode 1958). A
prefix ``u`` determines the numbers it starts (Zeckendorf representations are unique), so the
residual of ``u`` restricted to suffixes of length ``j`` is a block of the table: in base 2 the
tuples ``n 2^j + r`` (``n`` the prefix's numbers, ``0 <= r < 2^j``), in Zeckendorf numeration the
tuples ``val(u 0^j) + r`` with ``0 <= r < F(j+2)``, rejected where the prefix ends in 1 and ``r``
starts with 1 (two adjacent 1s).

On a box of all words of length ``L`` (``0 <= x_i < 2^L``, or ``< F(L+2)``), a prefix whose
numbers are below ``side(L - j)`` can be tested on every suffix of length up to ``j``. The states
are found breadth-first from the empty prefix (as the rows of an observation table, Angluin's
L*, Inform. Comput. 75 (1987)): a child ``ua`` of a state's representative is the first state
whose representative has the same blocks at every suffix length both can be tested on, else a new
state. The hypothesis is kept only when it reproduces every entry of the table (each tuple of the
box run through it). Nothing here says the set is automatic: the caller confirms the automaton on
a larger box and then proves it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from cgs_bridge.language.automaton_file import AutomatonFile


def side(depth: int, numeration: str) -> int:
    """The number of words of length ``depth``: ``2^depth`` or ``F(depth + 2)``."""
    if numeration == "msd_2":
        return 1 << depth
    a, b = 1, 2                        # words of length 0 and 1
    for _ in range(depth):
        a, b = b, a + b
    return a


class _Words:
    """Per coordinate value ``n < side(depth)``: its last digit, the start of its block at level
    ``j`` (``val(u 0^j)``) and its children ``ua`` (``-1`` when invalid)."""

    def __init__(self, depth: int, numeration: str):
        self.fib = numeration == "msd_fib"
        self.depth = depth
        self.m = side(depth, numeration)
        n = np.arange(self.m, dtype=np.int64)
        if not self.fib:
            self.last = n & 1
            return
        # Zeckendorf: the state (A, B) of every value (A = n, B = the value shifted down)
        a_vals, b_vals, last = [0], [0], [0]
        frontier = [0]
        seen = {0}
        while frontier:
            nxt = []
            for v in frontier:
                for d in (0, 1):
                    if d and last[v]:
                        continue
                    a, b = a_vals[v] + b_vals[v] + d, a_vals[v] + d
                    if a >= self.m or a in seen:
                        continue
                    seen.add(a)
                    while len(a_vals) <= a:
                        a_vals.append(0), b_vals.append(0), last.append(0)
                    a_vals[a], b_vals[a], last[a] = a, b, d
                    nxt.append(a)
            frontier = nxt
        self.shift = np.array(b_vals, dtype=np.int64)
        self.last = np.array(last, dtype=np.int64)

    def start(self, n: np.ndarray, j: int) -> np.ndarray:
        if not self.fib:
            return n << j
        a, b = n.copy(), self.shift[n]
        for _ in range(j):
            a, b = a + b, a
        return a

    def block(self, j: int) -> int:
        return side(j, "msd_fib" if self.fib else "msd_2")

    def child(self, n: np.ndarray, d: int) -> np.ndarray:
        out = self.start(n, 1) + d
        if self.fib and d:
            out = np.where(self.last[n] == 1, -1, out)
        return out


def _signatures(table: np.ndarray, words: _Words, count: int, j: int) -> np.ndarray:
    """Class ids (per tuple of values ``< count`` in every coordinate, flattened C-order) of the
    blocks at level ``j``: equal ids = equal residuals on suffixes of length ``j``."""
    d = table.ndim
    n = np.arange(count, dtype=np.int64)
    r = np.arange(words.block(j), dtype=np.int64)
    idx = words.start(n, j)[:, None] + r[None, :]                  # (count, block)
    ok = idx < words.m
    if words.fib and j:
        ok &= ~((words.last[n][:, None] == 1) & (r[None, :] >= side(j - 1, "msd_fib")))
    idx = np.where(ok, idx, 0)
    sub = table
    for axis in range(d):                                         # gather axis by axis
        sub = np.take(sub, idx.ravel(), axis=2 * axis).reshape(
            sub.shape[:2 * axis] + idx.shape + sub.shape[2 * axis + 1:])
    mask = np.ones((), dtype=bool)
    for axis in range(d):
        shape = [1] * (2 * d)
        shape[2 * axis], shape[2 * axis + 1] = ok.shape
        mask = mask & ok.reshape(shape)
    sub = sub & mask
    order = [2 * a for a in range(d)] + [2 * a + 1 for a in range(d)]
    rows = sub.transpose(order).reshape(count ** d, -1)
    return _row_ids(np.packbits(rows, axis=1))


#: Random odd 64-bit multipliers of the row hash (fixed: the same ids in every run).
_MULT = np.random.default_rng(44).integers(1, 2**63, size=4096, dtype=np.int64) | 1


def _row_ids(packed: np.ndarray) -> np.ndarray:
    """Ids of the rows of ``packed`` (uint8): equal rows get equal ids. Narrow rows are
    compared exactly; wide ones by a 64-bit multiply-add hash of their 8-byte words (two
    different rows share an id with probability about 2^-64; a false merge can only make a
    hypothesis fail the whole-table check, never pass it)."""
    width = packed.shape[1]
    if width <= 8:
        words = np.zeros((packed.shape[0], 8), dtype=np.uint8)
        words[:, :width] = packed
        key = words.view(np.uint64).ravel()
    else:
        pad = (-width) % 8
        words = np.pad(packed, ((0, 0), (0, pad))).view(np.uint64).astype(np.int64)
        key = np.zeros(packed.shape[0], dtype=np.int64)
        for i in range(words.shape[1]):
            key = key * np.int64(1_000_003) + words[:, i] * _MULT[i % _MULT.size]
    return key


@dataclass(frozen=True)
class Hypothesis:
    """A learned automaton: ``automaton`` (state 0 the start, one state per residual found; a
    transition to no state, -1, rejects), ``prefix`` the longest representative prefix."""

    automaton: AutomatonFile
    prefix: int


def _reach(values, depth: int, numeration: str) -> int:
    """The longest suffix length whose block fits in the box for the prefix ``values``."""
    top = max(values)
    j = depth
    while j >= 0 and top >= side(depth - j, numeration):
        j -= 1
    return j


def learn(table: np.ndarray, depth: int, numeration: str = "msd_2",
          max_states: int = 200) -> Hypothesis | None:
    """The automaton of the set ``table`` (bool array, every axis of length ``side(depth)``),
    or None when no automaton of at most ``max_states`` states reproducing the whole table is
    found.

    Residuals are compared on the table (module): the states are found breadth-first from the
    empty prefix; the child ``ua`` of a state's representative ``u`` is the state whose
    representative has the same blocks at every suffix length both can be tested on (at least
    one digit: else the box is too small, None), or a new state. The hypothesis is kept only if
    it reproduces every entry of the table.

    Raises:
        ValueError: the table's shape is not the box of words of length ``depth``."""
    words = _Words(depth, numeration)
    d = table.ndim
    if table.shape != (words.m,) * d:
        raise ValueError(f"the table has shape {table.shape}, expected {(words.m,) * d}")
    table = np.asarray(table, dtype=bool)
    ids = [_signatures(table, words, side(depth - j, numeration), j).reshape((side(depth - j, numeration),) * d)
           for j in range(depth + 1)]
    states, rows, length = _States(ids), [], [0]
    states.add((0,) * d, depth)
    for i, rep in enumerate(states.reps):                   # grows while iterating
        row = []
        for letter in range(1 << d):
            digits = [(letter >> (d - 1 - k)) & 1 for k in range(d)]
            child = tuple(int(words.child(np.array([rep[k]]), digits[k])[0]) for k in range(d))
            if min(child) < 0:
                row.append(-1)
                continue
            j_child = _reach(child, depth, numeration)
            if j_child < 1:
                return None                                  # the box is too small to tell
            row.append(states.find(child, j_child))
            if row[-1] == len(states.reps):
                if len(states.reps) >= max_states:
                    return None
                states.add(child, j_child)
                length.append(length[i] + 1)
        rows.append(tuple(row))
    reps = states.reps
    accept = tuple(bool(table[r]) for r in reps)
    aut = AutomatonFile(numeration, d, tuple(rows), accept, "learned")
    if not _reproduces(aut, table, words):
        return None
    return Hypothesis(aut, max(length))


class _States:
    """The states found so far, looked up by their blocks: per reach ``R`` of a representative (the
    longest suffix length it can be tested on), a dict from its blocks at lengths ``0..top`` to
    the first state, for every ``top <= R``."""

    def __init__(self, ids):
        self.ids, self.reps, self.reach, self.index = ids, [], [], {}

    def key(self, values, top: int) -> tuple:
        return tuple(int(self.ids[j][values]) for j in range(top + 1))

    def add(self, values, reach: int) -> None:
        q = len(self.reps)
        self.reps.append(values)
        self.reach.append(reach)
        for top in range(reach + 1):
            self.index.setdefault((reach, top), {}).setdefault(self.key(values, top), q)

    def find(self, values, reach: int) -> int:
        """The first state whose representative's blocks equal those of ``values`` at every
        suffix length both reach; ``len(reps)`` (a new state) when none."""
        best = len(self.reps)
        for r in set(self.reach):
            top = min(reach, r)
            q = self.index.get((r, top), {}).get(self.key(values, top))
            if q is not None and q < best:
                best = q
        return best


def _reproduces(aut: AutomatonFile, table: np.ndarray, words: _Words) -> bool:
    """Every tuple of the box run through ``aut``: accepted exactly where ``table`` is True."""
    delta = np.array(aut.delta, dtype=np.int64).reshape(aut.states, -1)
    return bool((_run(delta, np.array(aut.accept, dtype=bool), words, table.ndim) == table).all())


def _run(delta: np.ndarray, accept: np.ndarray, words: _Words, d: int) -> np.ndarray:
    """Bool array (``side(depth)`` per axis): the dense table ``delta`` (-1 rejects) with its
    ``accept`` run on every tuple of the box of words, prefix by prefix, all at once."""
    delta = np.asarray(delta, dtype=np.int64)
    accept = np.append(np.asarray(accept, dtype=bool), False)
    dead = delta.shape[0]
    delta = np.vstack([np.where(delta < 0, dead, delta), np.full((1, delta.shape[1]), dead)])
    state = np.zeros((1,) * d, dtype=np.int64)         # values < side(0) = 1
    for i in range(1, words.depth + 1):
        m = side(i, "msd_fib" if words.fib else "msd_2")
        n = np.arange(m, dtype=np.int64)
        parent, digit = _parents(n, words)
        grid = np.ix_(*([parent] * d))
        letter = np.zeros((m,) * d, dtype=np.int64)
        for k in range(d):
            shape = [1] * d
            shape[k] = m
            letter = 2 * letter + digit.reshape(shape)
        state = delta[state[grid], letter]
    return accept[state]


def accepted_on(aut: AutomatonFile, upper) -> np.ndarray:
    """Bool array over the box ``0..upper[i]``: the tuples ``aut`` accepts (read from their
    shortest words, as :meth:`AutomatonFile.accepts`: the automaton of :func:`~.dfa.of_file`)."""
    from .dfa import of_file
    depth = 0
    while side(depth, aut.numeration) <= max(upper, default=0):
        depth += 1
    d = of_file(aut)
    out = _run(d.delta, d.accept, _Words(depth, aut.numeration), aut.arity)
    return out[tuple(slice(0, u + 1) for u in upper)]


def _parents(n: np.ndarray, words: _Words) -> tuple:
    """Each value's word without its last digit (as a value) and that digit: in Zeckendorf
    numeration ``val(ud) = A + B + d`` and ``shift(ud) = A + d`` with ``A = val(u)``."""
    if not words.fib:
        return n >> 1, n & 1
    last = words.last[n]
    return words.shift[n] - last, last


def minimal(aut: AutomatonFile):
    """The minimal trimmed :class:`~.dfa.Dfa` of ``aut``'s padded language (:func:`~.dfa.of_file`,
    tracks ``#in0``, ``#in1``, ...): equal languages give equal tables; ``states`` excludes the
    dead state."""
    from .dfa import of_file
    from .minimize import minimize
    return minimize(of_file(aut))
