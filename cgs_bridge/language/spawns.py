"""Spawn rules (issue 47): the heap representation of coin-turning games.

``spawn n into a, b [where C]`` replaces a heap ``n >= 1`` by the disjunctive sum of heaps ``a`` and
``b`` for every pair ``0 <= a, b <= n - 1`` meeting ``C`` (a heap of 0 is no heap; a move exists
when some order of the two parts meets ``C``, as for ``split``). It is the heap form of a
coin-turning game: a row of coins, a move turns a set of coins whose rightmost one goes from heads
to tails; by the Sprague-Grundy theorem a row is the nim-sum of its heads, and a head at coin ``n``
is a heap ``n`` whose options are the sums of the heaps at the other coins turned (Winning Ways,
ch. 14, "Turn and Turn About"; CGSuite's ``game.strip.Turning`` and ``game.heap.Spawning``
documentation). So Mock Turtles (turn one, two or three coins, CGSuite's code ``1-3``) is
``spawn n into a, b where a != b or a == 0`` with coins numbered from 1: the options of heap ``n``
are no heap, ``{a}`` and ``{a, b}`` with ``1 <= a < b < n``.

``C`` is any condition on ``a``, ``b``, the heap and the parameters. A game with a spawn rule has
only spawn rules (it may have several: a pair is allowed when one of them allows it); it has one
coordinate. Its options are sums of at most two heaps, like a split's, so every part of the
take-and-break machinery that reads options (:meth:`SpawnCode.options`) takes it; what reads a code's
digits (the compiled kernels, the octal periodicity theorem, CGSuite's ``TakeAndBreak``) refuses
it with :data:`NO_CODE`.
"""

from __future__ import annotations

from typing import Callable, Iterator, Tuple

from . import ast as A

#: Why the parts that read a take-and-break code's digits refuse a spawn rule.
NO_CODE = ("a spawn rule has no take-and-break code (a heap n moves to heaps up to n - 1, not to n - j "
           "for the amounts of a code)")


def check_spawns(game: A.Game, heap: str, type_in: Callable, err: Callable) -> None:
    """Check the spawn rules of ``game`` (called by :func:`.splits.check_takebreak`):
    ``type_in(expr, want, local)`` type-checks with the names ``local`` as integers, ``err(msg, pos)``
    makes the SpecError.

    Raises:
        SpecError: file, line and column of the rule or condition at fault.
    """
    others = [s for s in game.splits if not s.spawn] + list(game.cuts) + list(game.moves)
    if others:
        raise err("a game with a spawn rule has spawn rules only (its moves are not removals of tokens); "
                  "write this rule as a condition of a spawn rule", others[0].pos)
    taken = set(game.coords) | {p.name for p in game.params} | {d.name for d in game.defs}
    for s in game.splits:
        if s.coord != heap:
            raise err(f"spawn of {s.coord!r}, which is not the heap coordinate {heap!r}", s.pos)
        if s.var is not None:
            raise err("a spawn rule removes no tokens: its parts range over 0..n-1 ('by' is for split)", s.pos)
        for n in s.parts:
            if n in taken:
                raise err(f"spawn variable {n!r} hides a coordinate, parameter or definition", s.pos)
        if s.parts[0] == s.parts[1]:
            raise err("a spawn rule names its two parts differently", s.pos)
        if s.where is not None:
            type_in(s.where, "bool", s.parts)


class SpawnCode:
    """The bound spawn rules of a game: ``rules`` is a list of ``(rule, allows)`` with ``allows(n,
    a, b) -> bool`` the compiled condition (None: every pair). Stands where a take-and-break
    :class:`~cgs_bridge.language.takebreak.Code` stands for what reads only options."""

    spawn = True
    finite = False
    octal = False
    period = 0
    max_heaps = 2
    max_removed = None
    NO_CODE = NO_CODE

    def __init__(self, rules: list, text: str):
        self.rules = rules
        self.text = text

    def __repr__(self) -> str:
        return f"SpawnCode({self.text!r})"

    def allows(self, n: int, a: int, b: int) -> bool:
        """Whether some rule allows the parts ``a, b`` (either order) from heap ``n``."""
        return any(ok is None or ok(n, a, b) or ok(n, b, a) for _, ok in self.rules)

    def options(self, n: int) -> Iterator[Tuple[int, Tuple[int, ...]]]:
        """Every move from a heap of ``n``: ``(0, heaps left)``, the nonempty heaps in nondecreasing
        order, each multiset once (0 stands where a code gives the tokens removed)."""
        for b in range(n):
            for a in range(b + 1):
                if self.allows(n, a, b):
                    yield 0, tuple(h for h in (a, b) if h)


def rule_text(s: A.Split, where_text: str = "") -> str:
    """``spawn n into a, b where ...`` for messages (``where_text``: the condition as written)."""
    tail = f" where {where_text}" if where_text else ""
    return f"spawn {s.coord} into {s.parts[0]}, {s.parts[1]}{tail}"
