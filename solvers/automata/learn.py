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

On a box of all words of length ``L`` (``0 <= x_i < 2^L``, or ``< F(L+2)``), a prefix of length
``i`` can be tested on suffixes of length up to ``L - i``. For ``s = 1, 2, ...`` the learner takes
prefixes of length at most ``p = L - s - 1`` with their blocks of lengths ``0..s`` as signatures
(an observation table, Angluin's L*, Inform. Comput. 75 (1987), with suffix lengths for
columns); it is *closed* when every prefix one digit longer has the signature of a shorter one,
then the automaton's states are the signatures and ``u --a--> ua``. The hypothesis is kept only
when it reproduces every entry of the table (each tuple of the box run through it). Nothing here
says the set is automatic: the caller confirms the automaton on a larger box and then proves it.
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
    packed = np.packbits(rows, axis=1)
    _, ids = np.unique(packed, axis=0, return_inverse=True)
    return ids.ravel()


@dataclass(frozen=True)
class Hypothesis:
    """A learned automaton: ``automaton`` (state 0 the start, complete, one state per residual
    seen), ``suffix`` the longest suffix length compared, ``prefix`` the longest prefix."""

    automaton: AutomatonFile
    suffix: int
    prefix: int


def learn(table: np.ndarray, depth: int, numeration: str = "msd_2",
          max_states: int = 200) -> Hypothesis | None:
    """The automaton of the set ``table`` (bool array, every axis of length ``side(depth)``),
    or None when no hypothesis of at most ``max_states`` states reproduces the whole table.

    Raises:
        ValueError: the table's shape is not the box of words of length ``depth``."""
    words = _Words(depth, numeration)
    if table.shape != (words.m,) * table.ndim:
        raise ValueError(f"the table has shape {table.shape}, expected {(words.m,) * table.ndim}")
    table = np.asarray(table, dtype=bool)
    for s in range(1, depth):
        p = depth - s - 1
        wide = side(p + 1, numeration)
        sigs = np.stack([_signatures(table, words, wide, j) for j in range(s + 1)], axis=1)
        _, cls = np.unique(sigs, axis=0, return_inverse=True)
        cls = cls.ravel().reshape((wide,) * table.ndim)
        narrow = side(p, numeration)
        inner = cls[(slice(0, narrow),) * table.ndim]
        states = np.unique(inner)
        if states.size > max_states:
            return None
        if not np.isin(cls, states).all():
            continue                                   # not closed: a longer suffix is needed
        hyp = _hypothesis(table, words, cls, narrow, numeration)
        if hyp is not None and _reproduces(hyp, table, words):
            return Hypothesis(hyp, s, p)
    return None


def _hypothesis(table, words, cls, narrow, numeration) -> AutomatonFile | None:
    d = table.ndim
    flat_inner = cls[(slice(0, narrow),) * d]
    reps = {}
    for pos in zip(*np.unravel_index(np.arange(flat_inner.size), flat_inner.shape)):
        reps.setdefault(int(flat_inner[pos]), pos)      # C order: the least tuple first
    start_cls = int(cls[(0,) * d])
    order = [start_cls] + [c for c in reps if c != start_cls]
    number = {c: i for i, c in enumerate(order)}
    delta, accept = [], []
    for c in order:
        rep = reps[c]
        row = []
        for letter in range(1 << d):
            digits = [(letter >> (d - 1 - k)) & 1 for k in range(d)]
            child = [int(words.child(np.array([rep[k]]), digits[k])[0]) for k in range(d)]
            row.append(-1 if min(child) < 0 else number.get(int(cls[tuple(child)]), -2))
        if -2 in row:
            return None
        delta.append(tuple(row))
        accept.append(bool(table[rep]))
    return AutomatonFile(numeration, d, tuple(delta), tuple(accept), "learned")


def _reproduces(aut: AutomatonFile, table: np.ndarray, words: _Words) -> bool:
    """Every tuple of the box run through ``aut``: accepted exactly where ``table`` is True."""
    return bool((_run(aut, words, table.ndim) == table).all())


def _run(aut: AutomatonFile, words: _Words, d: int) -> np.ndarray:
    """Bool array (``side(depth)`` per axis): ``aut`` run on every tuple of the box of words,
    prefix by prefix, all at once."""
    delta = np.array(aut.delta, dtype=np.int64)
    accept = np.array(aut.accept + (False,), dtype=bool)
    dead = len(aut.delta)
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
    shortest words, as :meth:`AutomatonFile.accepts`)."""
    from cgs_bridge.language.automaton_file import padded
    depth = 0
    while side(depth, aut.numeration) <= max(upper, default=0):
        depth += 1
    out = _run(padded(aut), _Words(depth, aut.numeration), aut.arity)
    return out[tuple(slice(0, u + 1) for u in upper)]


def _parents(n: np.ndarray, words: _Words) -> tuple:
    """Each value's word without its last digit (as a value) and that digit: in Zeckendorf
    numeration ``val(ud) = A + B + d`` and ``shift(ud) = A + d`` with ``A = val(u)``."""
    if not words.fib:
        return n >> 1, n & 1
    last = words.last[n]
    return words.shift[n] - last, last


def minimal(aut: AutomatonFile):
    """The minimal trimmed :class:`~.dfa.Dfa` of ``aut``'s padded language (tracks ``#in0``,
    ``#in1``, ...): equal languages give equal tables; ``states`` excludes the dead state."""
    from cgs_bridge.language.automaton_file import padded

    from .dfa import Dfa
    from .minimize import minimize
    aut = padded(aut)
    tracks = tuple(f"#in{i}" for i in range(aut.arity))
    return minimize(Dfa(tracks, np.array(aut.delta, dtype=np.int32).reshape(aut.states, -1),
                        np.array(aut.accept, dtype=bool)))
