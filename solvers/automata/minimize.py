"""Minimisation of a :class:`~.dfa.Dfa`: Moore's partition refinement over the numpy transition
table, then trimming (unreachable states and the dead state removed), states renumbered in
breadth-first order from the start (E. F. Moore, "Gedanken-experiments on sequential machines",
1956; Hopcroft, Motwani and Ullman, *Introduction to Automata Theory*, section 4.4).

The result is the minimal partial automaton of the language: two languages are equal iff their
minimised automata have equal tables (up to the track order)."""

from __future__ import annotations

import numpy as np

from .dfa import Dfa, complete, constant
from .limits import Budget


def _classes(delta: np.ndarray, accept: np.ndarray, budget: Budget | None) -> np.ndarray:
    """Moore's refinement on a complete table: the class of each state (equivalent states share
    one). Each round splits classes by (class, classes of the successors) until stable."""
    classes = accept.astype(np.int64)
    count = len(np.unique(classes))
    while True:
        sig = np.column_stack([classes, classes[delta]])
        view = np.ascontiguousarray(sig).view(np.dtype((np.void, sig.dtype.itemsize * sig.shape[1])))
        _, new = np.unique(view.ravel(), return_inverse=True)
        new = new.ravel().astype(np.int64)
        n = int(new.max()) + 1
        if budget is not None:
            budget.tick("minimisation")
        if n == count:
            return new
        classes, count = new, n


def _reachable(delta: np.ndarray, start: int = 0) -> np.ndarray:
    """Bool array: states reachable from ``start`` (transitions -1 ignored)."""
    seen = np.zeros(delta.shape[0], dtype=bool)
    seen[start] = True
    frontier = np.array([start])
    while frontier.size:
        nxt = np.unique(delta[frontier])
        nxt = nxt[nxt >= 0]
        nxt = nxt[~seen[nxt]]
        seen[nxt] = True
        frontier = nxt
    return seen


def _live(delta: np.ndarray, accept: np.ndarray) -> np.ndarray:
    """Bool array: states from which an accepting state is reachable (backward search)."""
    live = accept.copy()
    src = np.repeat(np.arange(delta.shape[0]), delta.shape[1])
    dst = delta.ravel()
    keep = dst >= 0
    src, dst = src[keep], dst[keep]
    while True:
        grow = np.unique(src[live[dst]])
        grow = grow[~live[grow]]
        if not grow.size:
            return live
        live[grow] = True


def bfs_order(d: Dfa) -> Dfa:
    """``d`` with its states renumbered breadth-first from the start, letters in index order
    (a canonical numbering: equal minimal automata get equal tables)."""
    order, index = [0], {0: 0}
    for s in order:
        for t in d.delta[s]:
            t = int(t)
            if t >= 0 and t not in index:
                index[t] = len(order)
                order.append(t)
    old = np.array(order, dtype=np.int64)
    remap = np.full(d.states + 1, -1, dtype=np.int32)
    remap[old] = np.arange(old.size, dtype=np.int32)
    return Dfa(d.tracks, remap[d.delta[old]], d.accept[old])


def trim(d: Dfa) -> Dfa:
    """``d`` without unreachable states and without states that cannot reach acceptance
    (transitions to them become -1); FALSE's one-state automaton when nothing is accepted."""
    keep = _reachable(d.delta) & _live(d.delta, d.accept)
    if not keep[0]:
        return constant(False, d.tracks)
    remap = np.full(d.states + 1, -1, dtype=np.int32)   # index -1 (a missing transition) -> -1
    remap[np.flatnonzero(keep)] = np.arange(int(keep.sum()), dtype=np.int32)
    return bfs_order(Dfa(d.tracks, remap[d.delta[keep]], d.accept[keep]))


def minimize(d: Dfa, budget: Budget | None = None) -> Dfa:
    """The minimal trimmed automaton of ``d``'s language (same tracks)."""
    c = complete(d)
    c = trim_unreachable(c)
    classes = _classes(c.delta, c.accept, budget)
    n = int(classes.max()) + 1
    first = np.full(n, -1, dtype=np.int64)
    first[classes[::-1]] = np.arange(c.states - 1, -1, -1)   # a representative of each class
    delta = classes[c.delta[first]].astype(np.int32)
    accept = c.accept[first]
    start = int(classes[0])
    if start != 0:                                            # the start state becomes state 0
        perm = np.arange(n)
        perm[[0, start]] = perm[[start, 0]]
        inv = np.argsort(perm)
        delta, accept = inv[delta[perm]].astype(np.int32), accept[perm]
    out = trim(Dfa(d.tracks, delta, accept))
    if budget is not None:
        budget.check(out.states, out.letters, "minimised")
    return out


def trim_unreachable(d: Dfa) -> Dfa:
    """``d`` restricted to the states reachable from the start."""
    keep = _reachable(d.delta)
    if keep.all():
        return d
    remap = np.full(d.states + 1, -1, dtype=np.int32)
    remap[np.flatnonzero(keep)] = np.arange(int(keep.sum()), dtype=np.int32)
    return Dfa(d.tracks, remap[d.delta[keep]], d.accept[keep])
