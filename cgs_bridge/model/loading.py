"""Loading a game: a catalog name (``triangular``) or a specification file, parsed and checked;
sum components are looked up in the same source, then the catalog."""

from __future__ import annotations

from pathlib import Path

from cgs_bridge.foundation.errors import SpecError
from cgs_bridge.language import CheckedGame, check_source
from cgs_bridge.model import catalog

__all__ = ["load_game", "load_text"]


def load_text(text: str, file: str | None = None, name: str | None = None) -> CheckedGame:
    """Parse and check the game ``name`` (default: the last game) of a specification source.

    Components of a ``sum`` are looked up among the games of the same source, then the catalog.

    Raises:
        SpecError: syntax or semantic error, or no game called ``name`` in the source.
    """
    return check_source(text, file, name, catalog.parsed)


def load_game(source: str, name: str | None = None) -> CheckedGame:
    """Load a game from a catalog name (``triangular``) or a path to a specification file.

    Raises:
        SpecError: unknown catalog name and no such file, or any parse/check error.
    """
    if catalog.known(source) and not Path(source).exists():
        if name is not None and name != source:
            raise SpecError(f"--game-name {name!r}: the catalog game {source!r} holds only the game "
                            f"{source!r} (--game-name selects a game of a multi-game spec file)")
        return catalog.load(source)
    path = Path(source)
    if not path.exists():
        raise SpecError(catalog.unknown(source))
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
