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


def project(d: Dfa, var: str, budget: Budget | None = None) -> Dfa:
    """The minimal automaton of ``E var. d`` over ``d``'s other tracks, padding invariant kept
    (``d`` unchanged when it has no track ``var``). Raises AutomatonLimitError via ``budget``."""
    if var not in d.tracks:
        return d
    rest, lifts = _lifts(d, var)
    letters = lifts.shape[0]
    start = zero_closure(d, lifts)
    subsets, index = [start], {start.tobytes(): 0}
    rows, accept = [], []
    for members in subsets:                      # grows while iterating: the subset construction
        succ = d.delta[members][:, lifts].astype(np.int64)     # (|members|, letters, 2)
        succ = np.sort(succ.transpose(1, 0, 2).reshape(letters, -1), axis=1)
        keep = succ >= 0                                      # each letter's targets, once
        keep[:, 1:] &= succ[:, 1:] != succ[:, :-1]
        row = np.empty(letters, dtype=np.int32)
        for a in range(letters):
            targets = succ[a][keep[a]]
            if not targets.size:
                row[a] = -1
                continue
            key = targets.tobytes()
            if key not in index:
                index[key] = len(subsets)
                subsets.append(targets)
                if budget is not None and len(subsets) % 64 == 0:
                    budget.check(len(subsets), letters, "projection (subset construction)")
            row[a] = index[key]
        rows.append(row)
        accept.append(bool(d.accept[members].any()))
    if budget is not None:
        budget.check(len(subsets), letters, "projection (subset construction)")
    return minimize(Dfa(rest, np.vstack(rows), np.array(accept, dtype=bool)), budget)
