"""Existential projection of a track: projection, subset construction and the leading-zero
closure (Boudet and Comon, CAAP 1996; Wolper and Boigelot, CAV 2000, section 4).

Removing track ``v`` from a deterministic automaton gives a nondeterministic one: on a letter of
the other tracks it may read ``v``'s bit as 0 or 1. Its language is the set of words ``w`` such
that *some* ``v`` of the same length makes the tuple accepted. But a witness ``v`` may need more
digits than the other numbers have: most significant digit first, the word of the smaller numbers
is then ``w`` preceded by zero letters. So the projected automaton must accept ``w`` iff it
accepts ``0^n w`` for some ``n >= 0``: the subset construction starts from every state the
nondeterministic automaton reaches from the start on zero letters, not from the start alone."""

from __future__ import annotations

import numpy as np

from .dfa import Dfa, letter_bits
from .limits import Budget
from .minimize import minimize


def _lifts(d: Dfa, var: str) -> tuple:
    """(tracks without ``var``, array (2**(n-1), 2) of the old letters each new letter lifts to,
    ``var``'s bit 0 then 1)."""
    i = d.tracks.index(var)
    rest = d.tracks[:i] + d.tracks[i + 1:]
    n = len(d.tracks)
    bits = letter_bits(n - 1)
    old = np.zeros((bits.shape[0], 2), dtype=np.int64)
    for j in range(n - 1):
        k = j if j < i else j + 1                   # old track of new track j
        old += (bits[:, j] << (n - 1 - k))[:, None]
    old[:, 1] += 1 << (n - 1 - i)
    return rest, old


def zero_closure(d: Dfa, lifts: np.ndarray) -> np.ndarray:
    """Sorted states the projected automaton reaches from the start on ``0^n``, any ``n >= 0``."""
    reach = np.array([0], dtype=np.int64)
    while True:
        nxt = d.delta[reach][:, lifts[0]].ravel()
        nxt = np.union1d(reach, nxt[nxt >= 0])
        if nxt.size == reach.size:
            return reach
        reach = nxt


#: Subsets of one breadth-first layer expanded together (bounds the temporary arrays).
CHUNK = 1024


def project(d: Dfa, var: str, budget: Budget | None = None) -> Dfa:
    """The minimal automaton of ``E var. d`` over ``d``'s other tracks, padding invariant kept
    (``d`` unchanged when it has no track ``var``). Raises AutomatonLimitError via ``budget``.

    The subset construction runs a breadth-first layer at a time over numpy arrays: every
    (subset, letter) target set of up to :data:`CHUNK` subsets at once, each distinct target set
    looked up once."""
    if var not in d.tracks:
        return d
    rest, lifts = _lifts(d, var)
    letters = lifts.shape[0]
    delta = np.vstack([d.delta, np.full((1, d.letters), -1, dtype=d.delta.dtype)]).astype(np.int64)
    start = zero_closure(d, lifts)
    subsets, index, rows = [start], {start.tobytes(): 0}, {}
    frontier = [0]
    while frontier:
        nxt = []
        for i in range(0, len(frontier), CHUNK):
            chunk = frontier[i:i + CHUNK]
            targets = _targets(delta, [subsets[s] for s in chunk], lifts, d.states)
            ids = _lookup(targets, subsets, index, nxt)
            if budget is not None:
                budget.check(len(subsets), letters, "projection (subset construction)")
            for s, row in zip(chunk, ids.reshape(len(chunk), letters)):
                rows[s] = row
        frontier = nxt
    accept = np.array([bool(d.accept[m].any()) for m in subsets], dtype=bool)
    table = np.vstack([rows[s] for s in range(len(subsets))]).astype(np.int32)
    return minimize(Dfa(rest, table, accept), budget)


def _targets(delta: np.ndarray, members: list, lifts: np.ndarray, pad: int) -> np.ndarray:
    """Array (subsets * letters, width): each row the sorted distinct states a subset reaches on
    a letter (``var``'s bit 0 or 1), then ``BIG`` fill. ``pad`` is the all-rejecting extra state
    of ``delta`` that pads shorter subsets."""
    width = max(m.size for m in members)
    block = np.full((len(members), width), pad, dtype=np.int64)
    for j, m in enumerate(members):
        block[j, :m.size] = m
    succ = delta[block][:, :, lifts]                       # (subsets, width, letters, 2)
    succ = succ.transpose(0, 2, 1, 3).reshape(len(members) * lifts.shape[0], width * 2)
    succ = np.where(succ < 0, _BIG, succ)
    succ.sort(axis=1)
    dup = np.zeros_like(succ, dtype=bool)
    dup[:, 1:] = succ[:, 1:] == succ[:, :-1]
    succ[dup] = _BIG
    succ.sort(axis=1)
    used = int((succ != _BIG).sum(axis=1).max()) if succ.size else 0
    return succ[:, :max(used, 1)]


def _lookup(targets: np.ndarray, subsets: list, index: dict, fresh: list) -> np.ndarray:
    """The state of each row of ``targets`` (-1 for the empty set), new subsets appended to
    ``subsets`` (numbered in order) and to ``fresh``; each distinct row is looked up once."""
    rows = np.ascontiguousarray(targets)
    view = rows.view(np.dtype((np.void, rows.dtype.itemsize * rows.shape[1]))).ravel()
    _, first, inverse = np.unique(view, return_index=True, return_inverse=True)
    ids = np.empty(first.size, dtype=np.int64)
    for u, r in enumerate(first):
        row = rows[r]
        members = row[row != _BIG]
        if not members.size:
            ids[u] = -1
            continue
        key = members.tobytes()
        if key not in index:
            index[key] = len(subsets)
            subsets.append(members)
            fresh.append(index[key])
        ids[u] = index[key]
    return ids[inverse.ravel()]


_BIG = np.iinfo(np.int64).max
