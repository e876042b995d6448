"""Deterministic automata over tuples of bits, as numpy transition tables (issue 33).

A :class:`Dfa` reads a word of letters, one letter per binary digit position, most significant
digit first; a letter is one bit per *track* (a variable). Letter index ``a`` carries track ``i``'s
bit at ``(a >> (n - 1 - i)) & 1``: the first track is the most significant bit of the index, so
comparing letter indices compares bit tuples in track order. The start state is 0; a transition
``-1`` rejects (the automaton is *partial*: minimisation removes the dead state).

Every automaton this package builds accepts a tuple's word with any number of leading zero
letters or none (the *padding invariant*): atoms are built so, product and complement keep it,
and :func:`solvers.automata.project.project` restores it after a projection.

Operations (the classical construction: Büchi; Boudet and Comon, CAAP 1996; Wolper and Boigelot,
CAV 2000): :func:`relabel` (rename, reorder, identify or add tracks), :func:`product`
(``and``/``or``/``iff``), :func:`complete`, :func:`complement`; minimisation is in
:mod:`.minimize`, projection in :mod:`.project`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Tuple

import numpy as np

from .limits import Budget

_OPS = {"and": np.logical_and, "or": np.logical_or, "iff": np.equal}


@dataclass(frozen=True, eq=False)
class Dfa:
    """``tracks``: variable names (track order); ``delta``: int32 array (states, 2**len(tracks)),
    -1 = reject; ``accept``: bool array (states,). State 0 is the start state."""

    tracks: Tuple[str, ...]
    delta: np.ndarray
    accept: np.ndarray

    @property
    def states(self) -> int:
        return int(self.delta.shape[0])

    @property
    def letters(self) -> int:
        return int(self.delta.shape[1])

    def is_empty(self) -> bool:
        """True when no word is accepted (valid on a trimmed automaton: see :mod:`.minimize`)."""
        return not bool(self.accept.any())


def constant(value: bool, tracks: Tuple[str, ...] = ()) -> Dfa:
    """The automaton of TRUE (every word) or FALSE (no word) over ``tracks``."""
    letters = 1 << len(tracks)
    delta = np.full((1, letters), 0 if value else -1, dtype=np.int32)
    return Dfa(tuple(tracks), delta, np.array([bool(value)]))


def letter_bits(n: int) -> np.ndarray:
    """Array (2**n, n) of the bits of every letter over ``n`` tracks, track order."""
    letters = np.arange(1 << n, dtype=np.int64)
    shifts = np.arange(n - 1, -1, -1, dtype=np.int64)
    return ((letters[:, None] >> shifts) & 1).astype(np.int64)


def relabel(d: Dfa, tracks, source: dict | None = None) -> Dfa:
    """``d`` over new ``tracks``: old track ``o`` reads the bit of new track ``source.get(o, o)``.

    Renames, reorders, adds tracks (cylindrification: a new track nobody reads is free) and
    identifies tracks (two old tracks reading one new track: the diagonal). Raises ValueError when
    an old track has no source among ``tracks``."""
    tracks = tuple(tracks)
    source = source or {}
    pos = {t: i for i, t in enumerate(tracks)}
    try:
        cols = [pos[source.get(o, o)] for o in d.tracks]
    except KeyError as exc:
        raise ValueError(f"track {exc.args[0]!r} has no source in {tracks}") from None
    n_old = len(d.tracks)
    weights = np.array([1 << (n_old - 1 - i) for i in range(n_old)], dtype=np.int64)
    old = letter_bits(len(tracks))[:, cols] @ weights if n_old else np.zeros(1 << len(tracks), np.int64)
    return Dfa(tracks, np.ascontiguousarray(d.delta[:, old]), d.accept.copy())


def complete(d: Dfa) -> Dfa:
    """``d`` with a rejecting sink state added when some transition is missing (-1)."""
    missing = d.delta < 0
    if not missing.any():
        return d
    sink = d.states
    delta = np.vstack([d.delta, np.full((1, d.letters), sink, dtype=np.int32)])
    delta[:-1][missing] = sink
    return Dfa(d.tracks, delta, np.append(d.accept, False))


def complement(d: Dfa) -> Dfa:
    """The automaton of the words ``d`` rejects, over the same tracks: complete first (a missing
    transition rejects, so it must lead to a state that becomes accepting), then swap accepting
    states. Keeps the padding invariant."""
    c = complete(d)
    return Dfa(c.tracks, c.delta, ~c.accept)


def product(a: Dfa, b: Dfa, op: str, budget: Budget | None = None) -> Dfa:
    """The synchronous product of ``a`` and ``b`` over the union of their tracks (sorted), with
    accepting states combined by ``op`` (``and``, ``or``, ``iff``); only states reachable from the
    start are built, breadth-first. For ``and`` the operands stay partial: a pair with a rejecting
    (-1) side rejects and is never built, since no word read from it is accepted by both. Raises
    :class:`~.limits.AutomatonLimitError` via ``budget``."""
    tracks = tuple(sorted(set(a.tracks) | set(b.tracks)))
    if op != "and":
        a, b = complete(a), complete(b)
    da, db = relabel(a, tracks).delta, relabel(b, tracks).delta
    nb = np.int64(db.shape[0])
    known = np.zeros(1, dtype=np.int64)           # sorted pair codes p * nb + q
    ids = np.zeros(1, dtype=np.int64)             # their state numbers
    frontier, rows, count = known.copy(), [], 1
    while frontier.size:
        sa, sb = da[frontier // nb].astype(np.int64), db[frontier % nb]
        live = (sa >= 0) & (sb >= 0)
        succ = np.where(live, sa * nb + sb, -1)
        flat = np.unique(succ[live])
        where = np.minimum(np.searchsorted(known, flat), known.size - 1)
        new = flat[known[where] != flat]
        known = np.concatenate([known, new])
        ids = np.concatenate([ids, np.arange(count, count + new.size)])
        order = np.argsort(known, kind="stable")
        known, ids = known[order], ids[order]
        count += new.size
        if budget is not None:
            budget.check(count, da.shape[1], "product")
        found = ids[np.minimum(np.searchsorted(known, succ), known.size - 1)]
        rows.append(np.where(live, found, -1).astype(np.int32))
        frontier = new
    codes = np.empty(count, dtype=np.int64)
    codes[ids] = known
    accept = _OPS[op](a.accept[codes // nb], b.accept[codes % nb])
    return Dfa(tracks, np.vstack(rows), np.asarray(accept, dtype=bool))
