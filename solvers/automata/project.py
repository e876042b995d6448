"""Existential projection of a track: projection, subset construction and the leading-zero
closure (Boudet and Comon, CAAP 1996; Wolper and Boigelot, CAV 2000, section 4).

Removing track ``v`` from a deterministic automaton gives a nondeterministic one: on a letter of
the other tracks it may read ``v``'s bit as 0 or 1. Its language is the set of words ``w`` such
that *some* ``v`` of the same length makes the tuple accepted. But a witness ``v`` may need more
digits than the other numbers have: most significant digit first, the word of the smaller numbers
is then ``w`` preceded by zero letters. So the projected automaton must accept ``w`` iff it
accepts ``0^n w`` for some ``n >= 0``: the subset construction starts from every state the
nondeterministic automaton reaches from the start on zero letters, not from the start alone.

The subset construction works on the transition diagram (:mod:`.diagram`, issue 45) with ``v``
moved to the last track: a node of the new diagram at level ``i`` is a *set* of old nodes of level
``i`` (MONA's projection, whose BDD leaves become sets of states), so a subset's transitions are
built once per distinct set of sub-rows, never letter by letter; at the last level the two
branches of ``v`` are joined into sets of states, the new subsets."""

from __future__ import annotations

import numpy as np

from . import diagram as dg
from .dfa import Dfa, conform, letter_bits, relabel
from .limits import Budget
from .memo import SetMemo, canonical_sets
from .minimize import minimize


def zero_closure(d: Dfa) -> np.ndarray:
    """Sorted states reached from the start on ``0^n``, any ``n >= 0``, with the last track (the
    projected one) read freely."""
    reach = np.array([0], dtype=np.int64)
    while True:
        nodes = d.roots[reach].astype(np.int64)
        for lv in d.levels[:-1]:
            nodes = dg.follow(lv, nodes)[:, 0]
        nxt = dg.follow(d.levels[-1], nodes)[:, :2].ravel()
        nxt = np.union1d(reach, nxt[nxt >= 0])
        if nxt.size == reach.size:
            return reach
        reach = nxt


def project(d: Dfa, var: str, budget: Budget | None = None) -> Dfa:
    """The minimal automaton of ``E var. d`` over ``d``'s other tracks, padding invariant kept
    (``d`` unchanged when it has no track ``var``). Raises AutomatonLimitError via ``budget``."""
    if var not in d.tracks:
        return d
    if d.flat and len(dg.layout(len(d.tracks) - 1)) <= 1:
        return _flat_project(d, var, budget)
    rest = tuple(t for t in d.tracks if t != var)
    e = relabel(d, rest + (var,))
    depth, last = len(e.levels), e.widths[-1]
    subsets, nodes = SetMemo(e.states), [SetMemo(lv.shape[0]) for lv in e.levels[1:]]
    rows = [[] for _ in range(depth)]               # rows[i]: level i (a subset's root: its id)
    accept = []
    subsets.lookup(canonical_sets(zero_closure(e)[None, :]))
    frontier = subsets.take_new()
    while frontier.size:
        block = subsets.block(frontier)
        accept.append(((block >= 0) & e.accept[np.maximum(block, 0)]).any(axis=1))
        members = dg.follow(e.roots, block)            # level 0: the subset's own node
        for i in range(depth):
            ch = dg.follow(e.levels[i], members)          # (k, width, branches)
            k, width, branches = ch.shape
            if i == depth - 1:                    # the last bit is var's: join its branches
                ch = ch.reshape(k, width, branches // 2, 2).transpose(0, 2, 1, 3)
                cur = ch.reshape(k * (branches // 2), 2 * width)
            else:
                cur = ch.transpose(0, 2, 1).reshape(k * branches, width)
            memo = nodes[i] if i < depth - 1 else subsets
            rows[i].append(memo.lookup(canonical_sets(cur)))
            if i < depth - 1:
                members = memo.block(memo.take_new())
        frontier = subsets.take_new()
        if budget is not None:
            entries = len(subsets) + sum(len(m) << w for m, w in zip(nodes, e.widths[1:]))
            budget.check(len(subsets), 1, "projection (subset construction)", entries=entries)
    widths = e.widths[:-1] + (last - 1,)
    levels = [np.concatenate(r).reshape(-1, 1 << w).astype(np.int32)
              for r, w in zip(rows, widths)]
    roots = np.arange(len(subsets), dtype=np.int32)
    if last == 1:                                 # the last level read var only: drop it
        if depth == 1:
            roots = dg.follow(levels[0], roots.astype(np.int64))[:, 0].astype(np.int32)
            levels, widths = [], ()
        else:
            levels[-2:] = [dg.merge_pair(levels[-2], levels[-1])]
            widths = widths[:-1]
    out = Dfa.of_levels(rest, widths, levels, roots, np.concatenate(accept))
    return minimize(conform(out), budget)


def _flat_project(d: Dfa, var: str, budget: Budget | None) -> Dfa:
    """:func:`project` of a dense table into a dense table: each new letter lifts to the two
    old letters with ``var``'s bit 0 and 1 (issue 33's subset construction, sets numbered by
    :class:`~.memo.SetMemo`)."""
    i = d.tracks.index(var)
    rest = d.tracks[:i] + d.tracks[i + 1:]
    n = len(d.tracks)
    bits = letter_bits(n - 1)
    lifts = np.zeros((bits.shape[0], 2), dtype=np.int64)
    for j in range(n - 1):
        lifts += (bits[:, j] << (n - 1 - (j if j < i else j + 1)))[:, None]
    lifts[:, 1] += 1 << (n - 1 - i)
    table = d.delta
    reach = np.array([0], dtype=np.int64)
    while True:                                   # the zero closure
        nxt = table[reach][:, lifts[0]].ravel()
        nxt = np.union1d(reach, nxt[nxt >= 0])
        if nxt.size == reach.size:
            break
        reach = nxt
    subsets, rows, accept = SetMemo(d.states), [], []
    subsets.lookup(canonical_sets(reach[None, :]))
    frontier = subsets.take_new()
    while frontier.size:
        if budget is not None:                    # the layer's rows before they are allocated
            budget.check(len(subsets) + frontier.size, 2 * lifts.shape[0],
                         "projection (subset construction)")
        block = subsets.block(frontier)
        accept.append(((block >= 0) & d.accept[np.maximum(block, 0)]).any(axis=1))
        succ = dg.follow(table, block)[:, :, lifts]             # (k, width, letters, 2)
        k, width, letters, _ = succ.shape
        succ = succ.transpose(0, 2, 1, 3).reshape(k * letters, 2 * width)
        rows.append(subsets.lookup(canonical_sets(succ)).reshape(k, letters))
        frontier = subsets.take_new()
        if budget is not None:
            budget.check(len(subsets), letters, "projection (subset construction)")
    out = Dfa.of_table(rest, np.vstack(rows).astype(np.int32), np.concatenate(accept))
    return minimize(out, budget)
