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


class WordTooLong(ValueError):
    """The shortest accepted word is longer than a caller's ``longest``: ``length`` letters."""

    def __init__(self, length: int):
        super().__init__(f"the shortest accepted word has {length:,} letters")
        self.length = length


def distances(d: Dfa, graph=None) -> np.ndarray:
    """Per state, the length of the shortest word ``d`` accepts from it (-1: none), breadth-first
    over the reversed edges of the transition diagram (``graph``: :func:`~.diagram.edges`' ``(src,
    dst, letter)``, computed when None): edges sorted by target once, each level visits only the
    predecessors of the last one, so a chain of n states takes O(n log n), not O(n^2)."""
    src, dst, _ = graph if graph is not None else edges(list(d.levels), d.widths, d.roots)
    n = d.states
    dist = np.where(d.accept, 0, -1).astype(np.int64)
    order = np.argsort(dst, kind="stable")
    preds = src[order]
    starts = np.searchsorted(dst[order], np.arange(n + 1))
    frontier, level = np.flatnonzero(d.accept), 0
    while frontier.size:
        lo, counts = starts[frontier], starts[frontier + 1] - starts[frontier]
        at = np.repeat(lo - np.cumsum(counts) + counts, counts) + np.arange(int(counts.sum()))
        grow = np.unique(preds[at])
        frontier = grow[dist[grow] < 0]
        level += 1
        dist[frontier] = level
    return dist


def shortest_word(d: Dfa, longest: int | None = None) -> list | None:
    """The shortest word ``d`` accepts, ties broken by the least sequence of letter indices
    (letters compared one by one from the first); None when ``d`` accepts nothing. Read from the
    edges of the transition diagram with their least letters (:func:`~.diagram.edges`, sorted by
    source). The one witness search of both provers (issue 45): Walnut's counterexample automata
    are read by the one reader of the format into a :class:`Dfa` (:func:`~.dfa.of_file`, through
    :func:`cgs_bridge.systems.walnut.automata.read`) and searched here.

    Raises:
        WordTooLong: ``longest`` given and the shortest word is longer (found before it is spelt).
    """
    src, dst, letter = graph = edges(list(d.levels), d.widths, d.roots)
    dist = distances(d, graph)
    if dist[0] < 0:
        return None
    if longest is not None and dist[0] > longest:
        raise WordTooLong(int(dist[0]))
    starts = np.searchsorted(src, np.arange(d.states + 1))
    word, state = [], 0
    while dist[state] > 0:                        # greedy: the least letter that stays shortest
        lo, hi = starts[state], starts[state + 1]
        to, by = dst[lo:hi], letter[lo:hi]
        ok = dist[to] == dist[state] - 1
        best = int(np.argmin(np.where(ok, by, np.iinfo(np.int64).max)))
        word.append(int(by[best]))
        state = int(to[best])
    return word


def word_values(word: list, tracks: int, numeration: str = "msd_2") -> tuple:
    """The numbers a word spells, one per track (letter bit ``n-1-i`` = track ``i``), most
    significant digit first, in binary or Zeckendorf (``msd_fib``) numeration."""
    from cgs_bridge.language.automaton_file import word_value
    return tuple(word_value([(a >> (tracks - 1 - i)) & 1 for a in word], numeration)
                 for i in range(tracks))


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


def decide_obligation(builder: Builder, ob: Obligation, numeration: str = "msd_2") -> Decision:
    """One :class:`Decision`: ``holds`` when the automaton of failing tuples accepts nothing;
    else ``witness`` from its shortest accepted word (values in ``ob.free`` order; None for a
    sentence without free variables)."""
    start = time.monotonic()
    builder.budget.largest = 0
    bad = failing_automaton(builder, ob)
    word = shortest_word(bad)
    witness = None
    if word is not None and ob.free:
        witness = word_values(word, len(ob.free), numeration)
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
    from .numeration import NumerationBuilder
    budget = Budget(timeout, memory)
    builder = NumerationBuilder({d.name: d for d in problem.defines}, budget, problem.numeration)
    return [decide_obligation(builder, ob, problem.numeration) for ob in problem.obligations]
