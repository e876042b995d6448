"""Deterministic automata over tuples of bits (issues 33, 45).

A :class:`Dfa` reads a word of letters, one letter per binary digit position, most significant
digit first; a letter is one bit per *track* (a variable). Letter index ``a`` carries track ``i``'s
bit at ``(a >> (n - 1 - i)) & 1``: the first track is the most significant bit of the index, so
comparing letter indices compares bit tuples in track order. The start state is 0; a missing
transition rejects (the automaton is *partial*: minimisation removes the dead state).

The transitions are stored as a shared decision diagram over the tracks (:mod:`.diagram`), whose
size follows the automaton's real branching; ``Dfa(tracks, delta, accept)`` still builds one from a
dense table (``delta[state, letter]``, -1 = reject) and :attr:`Dfa.delta` gives the dense table back.

Every automaton this package builds accepts a tuple's word with any number of leading zero
letters or none (the *padding invariant*): atoms are built so, product and complement keep it,
and :func:`solvers.automata.project.project` restores it after a projection.

Operations (the classical construction: Büchi; Boudet and Comon, CAAP 1996; Wolper and Boigelot,
CAV 2000): :func:`relabel` (rename, reorder, identify or add tracks), :func:`product`
(``and``/``or``/``iff``), :func:`complete`, :func:`complement`; minimisation is in
:mod:`.minimize`, projection in :mod:`.project`.
"""

from __future__ import annotations

from typing import Tuple

import numpy as np

from . import diagram as dg
from .limits import Budget
from .memo import CodeMemo
from .relabel import arrange

_OPS = {"and": np.logical_and, "or": np.logical_or, "iff": np.equal}

#: Dense tables (:attr:`Dfa.delta`) are refused above this many entries.
MAX_TABLE = 1 << 26


class Dfa:
    """An automaton over ``tracks`` (variable names, track order); state 0 is the start.

    ``Dfa(tracks, delta, accept)``: from a dense table, ``delta`` an int array
    ``(states, 2**len(tracks))`` (-1 = reject), ``accept`` a bool array ``(states,)``. Raises
    ValueError when the shapes disagree or a target is not a state. :meth:`of_levels` builds one
    from a diagram (:mod:`.diagram`)."""

    __slots__ = ("tracks", "widths", "levels", "roots", "accept", "_delta")

    def __init__(self, tracks, delta, accept):
        tracks = tuple(tracks)
        delta = np.asarray(delta, dtype=np.int64)
        accept = np.asarray(accept, dtype=bool)
        if delta.ndim != 2 or delta.shape != (accept.size, 1 << len(tracks)):
            raise ValueError(f"a table over {len(tracks)} tracks with {accept.size} states has "
                             f"shape ({accept.size}, {1 << len(tracks)}), got {delta.shape}")
        if delta.size and (delta.min() < -1 or delta.max() >= accept.size):
            raise ValueError("a transition leads to no state (targets are 0..states-1 or -1)")
        widths = dg.layout(len(tracks))
        if len(widths) <= 1:                      # one dense level: the table itself
            levels, roots = ([delta.astype(np.int32)], np.arange(accept.size)) if widths \
                else ([], delta[:, 0])
        else:
            levels, roots = dg.from_table(delta, widths)
        self._set(tracks, widths, levels, roots, accept)
        if len(widths) <= 1:
            self._delta = delta.astype(np.int32)

    def _set(self, tracks, widths, levels, roots, accept):
        self.tracks, self.widths = tuple(tracks), tuple(widths)
        self.levels, self.roots = tuple(levels), np.asarray(roots, dtype=np.int32)
        self.accept, self._delta = np.asarray(accept, dtype=bool), None

    @classmethod
    def of_table(cls, tracks, table, accept) -> "Dfa":
        """``Dfa(tracks, table, accept)`` without the checks (an operation's own table)."""
        d = cls.__new__(cls)
        widths = dg.layout(len(tracks))
        if len(widths) <= 1:
            levels, roots = ([table], np.arange(len(accept))) if widths else ([], table[:, 0])
            d._set(tracks, widths, levels, roots, accept)
        else:
            d._set(tracks, widths, *dg.from_table(table, widths), accept)
        d._delta = table if len(widths) <= 1 else None
        return d

    @property
    def flat(self) -> bool:
        """True when the transitions are one dense level (the dense algorithms apply)."""
        return len(self.widths) <= 1

    @classmethod
    def of_levels(cls, tracks, widths, levels, roots, accept) -> "Dfa":
        """The automaton of a diagram (levels of ``widths`` summing to ``len(tracks)``)."""
        d = cls.__new__(cls)
        d._set(tracks, widths, levels, roots, accept)
        return d

    @property
    def states(self) -> int:
        return int(self.accept.shape[0])

    @property
    def letters(self) -> int:
        return 1 << len(self.tracks)

    @property
    def entries(self) -> int:
        """Stored transition entries (every level's nodes times their branches, plus roots)."""
        return int(sum(lv.size for lv in self.levels)) + self.states

    @property
    def delta(self) -> np.ndarray:
        """The dense table ``(states, 2**len(tracks))`` (-1 = reject). Raises ValueError above
        :data:`MAX_TABLE` entries."""
        if self._delta is None:
            if self.states * self.letters > MAX_TABLE:
                raise ValueError(f"a dense table of {self.states} states over {self.letters} "
                                 f"letters is too large")
            self._delta = dg.to_table(list(self.levels), self.roots)
        return self._delta

    def is_empty(self) -> bool:
        """True when no word is accepted (valid on a trimmed automaton: see :mod:`.minimize`)."""
        return not bool(self.accept.any())


def constant(value: bool, tracks: Tuple[str, ...] = ()) -> Dfa:
    """The automaton of TRUE (every word) or FALSE (no word) over ``tracks``."""
    widths = dg.layout(len(tracks))
    if not value:
        levels = [np.zeros((0, 1 << w), dtype=np.int32) for w in widths]
        return Dfa.of_levels(tracks, widths, levels, [-1], [False])
    levels = [np.zeros((1, 1 << w), dtype=np.int32) for w in widths]
    return Dfa.of_levels(tracks, widths, levels, [0], [True])


def file_track(i: int) -> str:
    """The track of input ``i`` (file order) of an automaton read from a file (:func:`of_file`):
    ``#in0``, ``#in1``, ... (no variable of the proof language starts with ``#``)."""
    return f"#in{i}"


def of_file(aut, pad: bool = True) -> Dfa:
    """The automaton of a parsed automaton file (:class:`cgs_bridge.language.automaton_file.
    AutomatonFile`, the one reader of Walnut's format: ``accepts "FILE"`` claims, Walnut's saved
    automata, learned automata) over the tracks :func:`file_track` ``(0..arity-1)``; with ``pad``
    made padding-invariant first (:func:`~cgs_bridge.language.automaton_file.padded`: a tuple is
    read from its shortest word, as the evaluator reads it), else the file's words as they are
    (Walnut's saved automata: a shortest word they accept, leading zeros and all, is a smallest
    witness; ``../shared/engines/walnut/README.md``). The one conversion of a file into the
    embedded prover's model (issue 45, item 3)."""
    from cgs_bridge.language.automaton_file import padded
    aut = padded(aut) if pad else aut
    table = np.array(aut.delta, dtype=np.int32).reshape(aut.states, 1 << aut.arity)
    return Dfa(tuple(file_track(i) for i in range(aut.arity)), table, np.array(aut.accept, dtype=bool))


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
        reads = [pos[source.get(o, o)] for o in d.tracks]
    except KeyError as exc:
        raise ValueError(f"track {exc.args[0]!r} has no source in {tracks}") from None
    widths = dg.layout(len(tracks))
    if reads == list(range(len(tracks))):
        if d.tracks == tracks and d.widths == widths:
            return d
        if not (d.flat and len(widths) <= 1):
            return conform(Dfa.of_levels(tracks, d.widths, d.levels, d.roots, d.accept))
    if d.flat and len(widths) <= 1:               # column indexing of the dense table
        n_old = len(d.tracks)
        weights = np.array([1 << (n_old - 1 - i) for i in range(n_old)], dtype=np.int64)
        cols = letter_bits(len(tracks))[:, reads] @ weights if n_old \
            else np.zeros(1 << len(tracks), np.int64)
        return Dfa.of_table(tracks, np.ascontiguousarray(d.delta[:, cols]), d.accept.copy())
    binary = arrange(dg.to_binary(list(d.levels), d.widths), reads, len(tracks), d.states)
    levels, roots = dg.normalize(dg.from_binary(binary, widths), d.roots)
    return Dfa.of_levels(tracks, widths, levels, roots, d.accept.copy())


def conform(d: Dfa) -> Dfa:
    """``d`` in the current :func:`~.diagram.layout` (unchanged when it is)."""
    widths = dg.layout(len(d.tracks))
    if d.widths == widths:
        return d
    binary = dg.to_binary(list(d.levels), d.widths)
    levels, roots = dg.normalize(dg.from_binary(binary, widths), d.roots)
    return Dfa.of_levels(d.tracks, widths, levels, roots, d.accept)


def complete(d: Dfa) -> Dfa:
    """``d`` with a rejecting sink state added when some transition is missing (-1): every -1
    becomes a chain of sink nodes down to the sink state."""
    if (d.roots >= 0).all() and all((lv >= 0).all() for lv in d.levels):
        return d
    sink = d.states
    if d.flat:
        table = np.vstack([d.delta, np.full((1, d.letters), sink, dtype=np.int32)])
        return Dfa.of_table(d.tracks, np.where(table < 0, sink, table).astype(np.int32),
                            np.append(d.accept, False))
    levels = []
    for i, lv in enumerate(d.levels):         # one all-sink node appended per level
        below = d.levels[i + 1].shape[0] if i + 1 < len(d.levels) else sink
        lv = np.vstack([lv, np.full((1, lv.shape[1]), below, dtype=np.int32)])
        levels.append(np.where(lv < 0, below, lv).astype(np.int32))
    top = d.levels[0].shape[0] if d.levels else sink
    roots = np.append(np.where(d.roots < 0, top, d.roots), top).astype(np.int32)
    return Dfa.of_levels(d.tracks, d.widths, levels, roots, np.append(d.accept, False))


def complement(d: Dfa) -> Dfa:
    """The automaton of the words ``d`` rejects, over the same tracks: complete first (a missing
    transition rejects, so it must lead to a state that becomes accepting), then swap accepting
    states. Keeps the padding invariant."""
    c = complete(d)
    out = Dfa.of_levels(c.tracks, c.widths, c.levels, c.roots, ~c.accept)
    out._delta = c._delta
    return out


def product(a: Dfa, b: Dfa, op: str, budget: Budget | None = None,
            limit: int | None = None) -> Dfa | None:
    """The synchronous product of ``a`` and ``b`` over the union of their tracks (sorted), with
    accepting states combined by ``op`` (``and``, ``or``, ``iff``); only states reachable from the
    start are built, breadth-first, and each pair of diagram nodes once per level (the apply of
    decision diagrams: Bryant 1986). For ``and`` the operands stay partial: a pair with a
    rejecting side rejects and is never built. Returns None when more than ``limit`` states would
    be built. Raises :class:`~.limits.AutomatonLimitError` via ``budget``."""
    tracks = tuple(sorted(set(a.tracks) | set(b.tracks)))
    if op != "and":
        a, b = complete(a), complete(b)
    a, b = relabel(a, tracks), relabel(b, tracks)
    if a.flat:
        return _flat_product(a, b, op, budget, limit)
    depth = len(a.levels)
    # level i's node pairs are coded na * (b's nodes at level i) + nb; level `depth`: the states
    width = [lv.shape[0] for lv in b.levels] + [b.states]
    memos = [CodeMemo(la.shape[0] * w) for la, w in zip(a.levels, width)] + \
        [CodeMemo(a.states * b.states)]
    rows = [[] for _ in range(depth + 1)]          # rows[0]: roots; rows[i + 1]: level i
    memos[depth].lookup(np.zeros(1, dtype=np.int64))
    frontier = memos[depth].take_new()
    while frontier.size:
        na, nb = a.roots[frontier // b.states], b.roots[frontier % b.states]
        for i in range(depth + 1):
            live = (na >= 0) & (nb >= 0)
            ids = np.full(na.shape, -1, dtype=np.int64)
            ids[live] = memos[i].lookup(na[live].astype(np.int64) * width[i] + nb[live])
            rows[i].append(ids)
            new = memos[i].take_new()
            if i < depth:
                na, nb = a.levels[i][new // width[i]], b.levels[i][new % width[i]]
            else:
                frontier = new
        count = len(memos[depth])
        if limit is not None and count > limit:
            return None
        if budget is not None:
            nodes = sum(len(m) << w for m, w in zip(memos, a.widths))
            budget.check(count, 1, "product", entries=count + nodes)
    codes = memos[depth].codes()
    levels = [np.concatenate(r).astype(np.int32) if r else np.zeros((0, 1 << w), np.int32)
              for r, w in zip(rows[1:], a.widths)]
    roots = rows[0]
    accept = _OPS[op](a.accept[codes // b.states], b.accept[codes % b.states])
    return Dfa.of_levels(tracks, a.widths, levels, np.concatenate(roots).astype(np.int32),
                         np.asarray(accept, dtype=bool))


def _flat_product(a: Dfa, b: Dfa, op: str, budget: Budget | None, limit: int | None):
    """:func:`product` of two dense tables over the same tracks (issue 33's breadth-first
    construction over pair codes)."""
    da, db = a.delta, b.delta
    nb = np.int64(b.states)
    pairs = CodeMemo(a.states * b.states)
    pairs.lookup(np.zeros(1, dtype=np.int64))
    frontier, rows = pairs.take_new(), []
    while frontier.size:
        if budget is not None:                    # the layer's rows before they are allocated
            budget.check(len(pairs) + frontier.size, da.shape[1], "product")
        sa, sb = da[frontier // nb].astype(np.int64), db[frontier % nb]
        live = (sa >= 0) & (sb >= 0)
        ids = np.full(sa.shape, -1, dtype=np.int64)
        ids[live] = pairs.lookup(sa[live] * nb + sb[live])
        rows.append(ids.astype(np.int32))
        frontier = pairs.take_new()
        if limit is not None and len(pairs) > limit:
            return None
        if budget is not None:
            budget.check(len(pairs), da.shape[1], "product")
    codes = pairs.codes()
    accept = _OPS[op](a.accept[codes // nb], b.accept[codes % nb])
    return Dfa.of_table(a.tracks, np.vstack(rows), np.asarray(accept, dtype=bool))
