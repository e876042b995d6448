"""Layer 1, the game specification language: grammar (``grammar.lark``), AST (:mod:`.ast`), parser,
checker, reference evaluator, the operator table, printers' base. :func:`check_source` parses and
checks one game of a source; loading by catalog name or file is :mod:`cgs_bridge.model.loading`."""

from __future__ import annotations

from cgs_bridge.foundation.errors import SpecError

from .checker import CheckedGame, check_game
from .parser import parse_expr, parse_games

__all__ = ["check_source", "check_parsed", "parse_games", "parse_expr", "check_game", "CheckedGame"]


def check_source(text: str, file: str | None, name: str | None, lookup) -> CheckedGame:
    """Parse and check the game ``name`` (default: the last game) of a specification source.

    Components of a ``sum`` are looked up among the games of the same source, then with
    ``lookup(name) -> parsed game`` (the catalog).

    Raises:
        SpecError: syntax or semantic error, or no game called ``name`` in the source.
    """
    return check_parsed(parse_games(text, file), file, name, lookup)


def check_parsed(games: list, file: str | None, name: str | None, lookup) -> CheckedGame:
    """:func:`check_source` of a source already parsed (``games``: :func:`parse_games` of it), so a
    source read for other reasons (the catalog's order) is not parsed twice. Raises SpecError."""
    by_name = {g.name: g for g in games}
    if name is None:
        game = games[-1]
    elif name in by_name:
        game = by_name[name]
    else:
        raise SpecError(f"no game {name!r} in this file (games: {', '.join(by_name)})", file)

    def resolve(n):
        if n in by_name and n != game.name:
            return by_name[n]
        return lookup(n)
    return check_game(game, resolve)
