"""The game specification language: grammar (``grammar.lark``), AST, parser, checker, reference
evaluator. :func:`load_game` is the one entry point that turns a catalog name or a spec file into a
checked game."""

from __future__ import annotations

from pathlib import Path

from ..errors import SpecError
from .checker import CheckedGame, check_game
from .parser import parse_expr, parse_games

__all__ = ["load_game", "load_text", "parse_games", "parse_expr", "check_game", "CheckedGame"]


def load_text(text: str, file: str | None = None, name: str | None = None) -> CheckedGame:
    """Parse and check the game ``name`` (default: the last game) of a specification source.

    Components of a ``sum`` are looked up among the games of the same source, then the catalog.

    Raises:
        SpecError: syntax or semantic error, or no game called ``name`` in the source.
    """
    from .. import catalog
    games = parse_games(text, file)
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
        return catalog.parsed(n)
    return check_game(game, resolve)


def load_game(source: str, name: str | None = None) -> CheckedGame:
    """Load a game from a catalog name (``triangular``) or a path to a specification file.

    Raises:
        SpecError: unknown catalog name and no such file, or any parse/check error.
    """
    from .. import catalog
    if source in catalog.names() and not Path(source).exists():
        if name is not None and name != source:
            raise SpecError(f"--game-name {name!r}: the catalog game {source!r} holds only the game "
                            f"{source!r} (--game-name selects a game of a multi-game spec file)")
        return catalog.load(source)
    path = Path(source)
    if not path.exists():
        raise SpecError(f"{source!r} is neither a catalog game ({', '.join(catalog.names())}) "
                        "nor an existing file")
    try:
        if not path.is_file():
            raise SpecError(f"{source} is not a regular file")
        with open(path, "rb") as f:
            raw = f.read((16 << 20) + 1)
        if len(raw) > 16 << 20:
            raise SpecError(f"{source} is larger than 16 MiB; not a specification")
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise SpecError(f"cannot read {source}: {e}") from None
    return load_text(text, str(path), name)
