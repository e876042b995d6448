"""Positions and options of take-and-break games (issue 49).

A position of a take-and-break game is one heap ``(n,)``. An option is the disjunctive sum of the
heaps a move leaves, a :class:`HeapSum` (the heap sizes in nondecreasing order; empty when the move
takes the whole heap); its Grundy value is the nim-sum of the parts' values (Sprague-Grundy theorem;
Winning Ways ch. 4), its misère value is not a function of the parts' misère values
(:func:`solvers.heaps.misere_values` explores the sums).
"""

from __future__ import annotations

from cgs_bridge.foundation.errors import RuleError
from cgs_bridge.language.takebreak import Code, CodeError


class HeapSum(tuple):
    """An option of a take-and-break game: the heaps left, in nondecreasing order. Printed as
    ``3 + 5`` (``0`` for no heap at all: the move took the whole heap)."""

    heaps = True   # read by foundation.results.position_text

    def __str__(self) -> str:
        return " + ".join(str(int(h)) for h in self) if self else "0"

    __repr__ = __str__

    def value(self, grundy) -> int:
        """The nim-sum of the parts' values in ``grundy`` (indexable by heap size)."""
        v = 0
        for h in self:
            v ^= int(grundy[h])
        return v


def bind_code(game, value, compile_at=None):
    """The take-and-break code of ``game`` (a checked :class:`~cgs_bridge.language.ast.Game`) with
    its parameters bound (``value(expr) -> int``), a :class:`~cgs_bridge.language.spawns.SpawnCode`
    for a game of spawn rules (``compile_at(expr, slots) -> f(env)`` compiles their conditions), or
    None for another game.

    Raises:
        RuleError: an amount the parameters make negative, or zero where a heap would move to itself.
    """
    from cgs_bridge.language.splits import code_of
    if compile_at is not None and any(s.spawn for s in game.splits):
        return bind_spawns(game, compile_at)
    try:
        return code_of(game, value)
    except CodeError as e:
        raise RuleError(f"{game.file or game.name}: {game.name}: {e}") from None


def bind_spawns(game, compile_at):
    """The :class:`~cgs_bridge.language.spawns.SpawnCode` of a checked game of spawn rules."""
    from cgs_bridge.language.spawns import SpawnCode, rule_text
    from cgs_bridge.language.spec_printer import expr_text
    rules, texts = [], []
    for s in game.splits:
        ok = None
        if s.where is not None:
            f = compile_at(s.where, {game.coords[0]: 0, s.parts[0]: 1, s.parts[1]: 2})
            ok = (lambda f: lambda n, a, b: bool(f([n, a, b])))(f)
        rules.append((s, ok))
        texts.append(rule_text(s, expr_text(s.where) if s.where is not None else ""))
    return SpawnCode(rules, "; ".join(texts))


def heap_options(code: Code, p) -> list:
    """The moves of the heap ``p = (n,)``: ``(code, tokens removed, HeapSum)`` in CGSuite's order
    (tokens removed, then number of heaps, then the parts)."""
    (n,) = p
    return [(code, j, HeapSum(parts)) for j, parts in code.options(int(n))]


def check_heap_option(p, j: int, q) -> None:
    """Raise :class:`RuleError` unless every heap of ``q`` is smaller than the heap ``p``."""
    if any(h >= p[0] for h in q):
        raise RuleError(f"the move removing {j} from the heap {p[0]} leaves {q}, not smaller heaps")
