"""Deciding a :class:`~solvers.logic.formula.Problem` with automata, for all natural numbers
(issue 33), and reading the smallest counterexample from the automaton of the failing tuples."""

from __future__ import annotations

import time

import numpy as np

from solvers.logic.formula import Decision, Not, Obligation, Problem, free_vars

from .build import Builder
from .diagram import edges
from .dfa import Dfa, relabel
from .limits import Budget
from .minimize import minimize


def shortest_word(d: Dfa) -> list | None:
    """The shortest word ``d`` accepts, ties broken by the least sequence of letter indices
    (letters compared one by one from the first); None when ``d`` accepts nothing. Read from the
    edges of the transition diagram with their least letters (:func:`~.diagram.edges`)."""
    src, dst, letter = edges(list(d.levels), d.widths, d.roots)
    dist = np.where(d.accept, 0, -1).astype(np.int64)
    level = 0
    while True:                                   # distance of every state to acceptance
        frontier = dist == level
        grow = np.unique(src[frontier[dst]])
        grow = grow[dist[grow] < 0]
        if not grow.size:
            break
        level += 1
        dist[grow] = level
    if dist[0] < 0:
        return None
    word, state = [], 0
    while dist[state] > 0:                        # greedy: the least letter that stays shortest
        ok = (src == state) & (dist[dst] == dist[state] - 1)
        best = int(np.argmin(np.where(ok, letter, np.iinfo(np.int64).max)))
        word.append(int(letter[best]))
        state = int(dst[best])
    return word


def word_values(word: list, tracks: int) -> tuple:
    """The numbers a word spells, one per track (letter bit ``n-1-i`` = track ``i``), most
    significant digit first."""
    values = [0] * tracks
    for a in word:
        for i in range(tracks):
            values[i] = 2 * values[i] + ((a >> (tracks - 1 - i)) & 1)
    return tuple(values)


def failing_automaton(builder: Builder, ob: Obligation) -> Dfa:
    """The minimal automaton of the tuples of ``ob.free`` where ``ob.body`` fails, tracks in
    ``ob.free`` order. Raises ValueError when the body has a free variable not in ``ob.free``."""
    extra = free_vars(ob.body) - set(ob.free)
    if extra:
        raise ValueError(f"obligation {ob.name}: free variables {sorted(extra)} are not listed "
                         f"in its free variables {ob.free}")
    if len(set(ob.free)) != len(ob.free):
        raise ValueError(f"obligation {ob.name}: a free variable is listed twice in {ob.free}")
    bad = builder.build(Not(ob.body))
    return minimize(relabel(bad, tuple(ob.free)), builder.budget)


def decide_obligation(builder: Builder, ob: Obligation) -> Decision:
    """One :class:`Decision`: ``holds`` when the automaton of failing tuples accepts nothing;
    else ``witness`` from its shortest accepted word (values in ``ob.free`` order; None for a
    sentence without free variables)."""
    start = time.monotonic()
    builder.budget.largest = 0
    bad = failing_automaton(builder, ob)
    word = shortest_word(bad)
    witness = None
    if word is not None and ob.free:
        witness = word_values(word, len(ob.free))
    return Decision(ob.name, word is None, witness, builder.budget.largest,
                    time.monotonic() - start, "")


def decide_problem(problem: Problem, *, timeout: float | None = None,
                   memory: int | None = None) -> list:
    """Decide every obligation of ``problem`` for all natural numbers with automata.

    Args:
        problem: definitions (in dependency order) and obligations.
        timeout: seconds for the whole problem (None: no limit).
        memory: bytes the transition tables may take (None: no limit); an automaton that would
            exceed it stops the run.

    Returns one :class:`~solvers.logic.formula.Decision` per obligation, in order; ``states`` is
    the largest automaton built while deciding it (products and subset constructions before
    their minimisation, and the cached definitions it calls, included).

    Raises :class:`~cgs_bridge.foundation.errors.AutomatonLimitError` (exit 2) past a limit,
    ValueError/KeyError on a malformed problem (free variables not listed, unknown predicate).
    Never samples: the answer is the automaton's, or an error."""
    budget = Budget(timeout, memory)
    builder = Builder({d.name: d for d in problem.defines}, budget)
    return [decide_obligation(builder, ob) for ob in problem.obligations]
