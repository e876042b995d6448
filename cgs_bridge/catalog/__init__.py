"""The catalog: the published chocolate-bar games as specifications shipped with the package.

Each ``<name>.game`` file holds the game ``<name>`` (plus helper games it sums), citing its seed
document and definition numbers. Names and coordinate orders are part of the public interface.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..errors import SpecError

_DIR = Path(__file__).parent

#: Catalog order (as listed by ``cgs-bridge catalog``).
ORDER = ("rectangular", "step", "strip_step", "floor_ratio", "triangular", "two_inequalities",
         "two_inequalities_res", "hexagon", "nim")


def names() -> tuple:
    """Catalog game names, in catalog order."""
    return ORDER


def path(name: str) -> Path:
    return _DIR / f"{name}.game"


@lru_cache(maxsize=None)
def parsed(name: str):
    """The parsed (unchecked) game ``name``. Raises KeyError when unknown."""
    from ..spec.parser import parse_games
    if name not in ORDER:
        raise KeyError(name)
    p = path(name)
    games = parse_games(p.read_text(encoding="utf-8"), f"catalog/{p.name}")
    for g in games:
        if g.name == name:
            return g
    raise SpecError(f"catalog file {p.name} does not define game {name}")


@lru_cache(maxsize=None)
def load(name: str):
    """The checked game ``name`` (a :class:`~cgs_bridge.spec.checker.CheckedGame`)."""
    from ..spec import load_text
    if name not in ORDER:
        raise SpecError(f"unknown catalog game {name!r}; known: {', '.join(ORDER)}")
    p = path(name)
    return load_text(p.read_text(encoding="utf-8"), f"catalog/{p.name}", name)
