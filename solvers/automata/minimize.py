"""Minimisation of a :class:`~.dfa.Dfa`: Moore's partition refinement over the transition
diagram, then trimming (unreachable states and the dead state removed), states renumbered in
breadth-first order from the start (E. F. Moore, "Gedanken-experiments on sequential machines",
1956; Hopcroft, Motwani and Ullman, *Introduction to Automata Theory*, section 4.4).

A refinement round compares states by their class and the diagram of their transitions with
every target replaced by its class: the diagram's levels are deduplicated from the bottom, so two
states get one signature exactly when their class-labelled rows are equal (issue 45: the work of
a round follows the diagram's size, not the 2**tracks letters).

The result is the minimal partial automaton of the language: two languages are equal iff their
minimised automata are equal (same tracks, same diagrams, same accepting states)."""

from __future__ import annotations

import numpy as np

from . import diagram as dg
from .dfa import Dfa, complete, constant
from .limits import Budget
from .memo import factor


def _signatures(d: Dfa, classes: np.ndarray) -> np.ndarray:
    """Per state, a number equal for two states iff their transitions lead, letter by letter,
    to states of equal ``classes`` (``d`` complete)."""
    below = classes.astype(np.int64)
    for lv in reversed(d.levels):
        _, below = dg.unique_rows(below[lv])
    return below[d.roots]


def _classes(d: Dfa, budget: Budget | None) -> np.ndarray:
    """Moore's refinement on a complete automaton: the class of each state (equivalent states
    share one). Each round splits classes by (class, signature) until stable."""
    classes = d.accept.astype(np.int64)
    count = len(np.unique(classes))
    while True:
        sig = _signatures(d, classes)
        new, first = factor(classes * (int(sig.max()) + 1) + sig)
        n = first.size
        if budget is not None:
            budget.tick("minimisation")
        if n == count:
            return new
        classes, count = new, n


def _reachable(d: Dfa, start: int = 0) -> np.ndarray:
    """Bool array: states reachable from ``start``."""
    seen = np.zeros(d.states, dtype=bool)
    seen[start] = True
    frontier = np.array([start])
    while frontier.size:
        nxt = dg.successors(list(d.levels), d.roots, frontier)
        nxt = nxt[~seen[nxt]]
        seen[nxt] = True
        frontier = nxt
    return seen


def _live(src: np.ndarray, dst: np.ndarray, accept: np.ndarray) -> np.ndarray:
    """Bool array: states from which an accepting state is reachable (backward search over the
    edges ``src -> dst``)."""
    live = accept.copy()
    while True:
        grow = np.unique(src[live[dst]])
        grow = grow[~live[grow]]
        if not grow.size:
            return live
        live[grow] = True


def restrict(d: Dfa, order: np.ndarray) -> Dfa:
    """The automaton of states ``order`` (old numbers), renumbered ``0, 1, ...`` in that order;
    transitions to states left out become -1."""
    remap = np.full(d.states, -1, dtype=np.int64)
    remap[order] = np.arange(order.size)
    levels, roots = dg.relink(list(d.levels), d.roots[order], remap)
    return Dfa.of_levels(d.tracks, d.widths, levels, roots, d.accept[order])


#: Up to this many edges :func:`bfs_numbering` walks them in a loop, above it layer by layer.
SMALL_BFS = 4096


def bfs_numbering(src, dst, letter, states: int, keep: np.ndarray | None = None) -> np.ndarray:
    """The states reachable from state 0 through states of ``keep`` (all when None), in
    breadth-first order, each state's successors in the order of the least letter leading to
    them (a canonical numbering: equal minimal automata get equal diagrams)."""
    if keep is not None:
        ok = keep[src] & keep[dst]
        src, dst, letter = src[ok], dst[ok], letter[ok]
    order = np.lexsort((letter, src))
    src, dst = src[order], dst[order]
    start = np.searchsorted(src, np.arange(states + 1))
    if dst.size <= SMALL_BFS:                     # few edges: a plain loop is faster
        targets, bounds = dst.tolist(), start.tolist()
        index, found = {0: 0}, [0]
        for s in found:                           # grows while iterating
            for t in targets[bounds[s]:bounds[s + 1]]:
                if t not in index:
                    index[t] = len(found)
                    found.append(t)
        return np.array(found, dtype=np.int64)
    seen = np.zeros(states, dtype=bool)
    seen[0] = True
    found, frontier = [np.array([0])], np.array([0])
    while frontier.size:
        lo, hi = start[frontier], start[frontier + 1]
        idx = np.repeat(lo - np.concatenate([[0], np.cumsum(hi - lo)[:-1]]), hi - lo) \
            + np.arange(int((hi - lo).sum()))
        cand = dst[idx]
        cand = cand[~seen[cand]]
        _, first = np.unique(cand, return_index=True)
        new = cand[np.sort(first)]
        seen[new] = True
        found.append(new)
        frontier = new
    return np.concatenate(found)


def _links(d: Dfa, roots: np.ndarray, targets: np.ndarray) -> tuple:
    """(src, dst, letter) of the states with ``roots``, each target ``t`` read as
    ``targets[t]``: each pair once, with its least letter."""
    src, dst, letter = dg.edges(list(d.levels), d.widths, roots)
    dst = targets[dst]
    order = np.lexsort((letter, dst, src))
    src, dst, letter = src[order], dst[order], letter[order]
    first = np.ones(src.size, dtype=bool)
    first[1:] = (src[1:] != src[:-1]) | (dst[1:] != dst[:-1])
    return src[first], dst[first], letter[first]


def _quotient(d: Dfa, classes: np.ndarray) -> Dfa:
    """The automaton of ``d``'s classes (a class of states with equal futures is one state),
    trimmed (classes unreachable from the start's or that cannot reach acceptance removed) and
    in breadth-first order."""
    start = int(classes[0])
    swap = np.arange(int(classes.max()) + 1)
    swap[[0, start]] = swap[[start, 0]]                      # the start state's class is 0
    classes = swap[classes]
    first = np.full(swap.size, -1, dtype=np.int64)
    first[classes[::-1]] = np.arange(d.states - 1, -1, -1)   # a representative of each class
    accept = d.accept[first]
    src, dst, letter = _links(d, d.roots[first], classes)
    keep = _live(src, dst, accept)
    if not keep[0]:
        return constant(False, d.tracks)
    order = bfs_numbering(src, dst, letter, swap.size, keep)
    rank = np.full(swap.size, -1, dtype=np.int64)
    rank[order] = np.arange(order.size)
    levels, roots = dg.relink(list(d.levels), d.roots[first[order]], rank[classes])
    return Dfa.of_levels(d.tracks, d.widths, levels, roots, accept[order])


def bfs_order(d: Dfa) -> Dfa:
    """``d`` with its states renumbered breadth-first from the start (:func:`bfs_numbering`)."""
    src, dst, letter = dg.edges(list(d.levels), d.widths, d.roots)
    return restrict(d, bfs_numbering(src, dst, letter, d.states))


def trim(d: Dfa) -> Dfa:
    """``d`` without unreachable states and without states that cannot reach acceptance
    (transitions to them become -1), in breadth-first order; FALSE's one-state automaton when
    nothing is accepted."""
    src, dst, letter = dg.edges(list(d.levels), d.widths, d.roots)
    keep = _live(src, dst, d.accept)
    if not keep[0]:
        return constant(False, d.tracks)
    return restrict(d, bfs_numbering(src, dst, letter, d.states, keep))


def minimize(d: Dfa, budget: Budget | None = None) -> Dfa:
    """The minimal trimmed automaton of ``d``'s language (same tracks): Moore's classes of the
    completed automaton (unreachable states included: they change no class of a reachable one),
    then their quotient (:func:`_quotient`)."""
    c = complete(d)
    out = _flat_minimize(c, budget) if c.flat else _quotient(c, _classes(c, budget))
    if budget is not None:
        budget.check(out.states, 1, "minimised", entries=out.entries)
    return out


def trim_unreachable(d: Dfa) -> Dfa:
    """``d`` restricted to the states reachable from the start."""
    keep = _reachable(d)
    return d if keep.all() else restrict(d, np.flatnonzero(keep))


#: From this many states Moore's rounds on a dense table hash a column at a time (:func:`_refined`);
#: below it, one call on the whole rows costs less than a call per letter.
COLUMNS_FROM = 1 << 14


def _refined(classes: np.ndarray, columns: np.ndarray) -> np.ndarray:
    """One of Moore's rounds on a dense table given by its ``columns`` (one per letter): states
    numbered by first appearance of the row (class, class of each letter's target). The rows are
    hashed a column at a time (no ``states x letters`` temporaries), then every state's row is
    compared with its group's first row; on a collision the rows are grouped exactly
    (:func:`~.diagram.unique_rows`)."""
    mult = dg.ROW_MULT
    with np.errstate(over="ignore"):
        code = classes.astype(np.uint64) * mult[0]
        for j, col in enumerate(columns):
            code += classes[col].astype(np.uint64) * mult[j + 1]
    new, first = factor(code)
    rep = first[new]
    same = classes[rep] == classes
    for col in columns:
        label = classes[col]
        same &= label[rep] == label
    if same.all():
        return new
    return dg.unique_rows(np.column_stack([classes, classes[columns.T]]))[1]


def _flat_minimize(c: Dfa, budget: Budget | None) -> Dfa:
    """:func:`minimize` of a complete dense table: Moore's rounds compare the rows of class
    labels, then the quotient's live classes in breadth-first order (issue 33's algorithm)."""
    table = c.delta.astype(np.int64)
    columns = np.ascontiguousarray(table.T) if c.states >= COLUMNS_FROM else None
    classes = c.accept.astype(np.int64)
    count = len(np.unique(classes))
    while True:
        new = dg.unique_rows(np.column_stack([classes, classes[table]]))[1] if columns is None \
            else _refined(classes, columns)
        n = int(new.max()) + 1
        if budget is not None:
            budget.tick("minimisation")
        if n == count:
            break
        classes, count = new, n
    start = int(new[0])
    swap = np.arange(n)
    swap[[0, start]] = swap[[start, 0]]                      # the start state's class is 0
    classes = swap[new]
    first = np.full(n, -1, dtype=np.int64)
    first[classes[::-1]] = np.arange(c.states - 1, -1, -1)   # a representative of each class
    quot, accept = classes[table[first]], c.accept[first]
    letters = quot.shape[1]
    src = np.repeat(np.arange(n), letters)
    dst, letter = quot.ravel(), np.tile(np.arange(letters), n)
    keep = _live(src, dst, accept)
    if not keep[0]:
        return constant(False, c.tracks)
    order = bfs_numbering(src, dst, letter, n, keep)
    rank = np.full(n, -1, dtype=np.int64)
    rank[order] = np.arange(order.size)
    return Dfa.of_table(c.tracks, rank[quot[order]].astype(np.int32), accept[order])
