"""The catalog: the published chocolate-bar games as specifications shipped with the package.

Each ``<name>.game`` file holds the game ``<name>`` (plus helper games it sums), citing its seed
document and definition numbers. Names and coordinate orders are part of the public interface.

A file also declares the data the tools need (see ``box`` and ``catalog`` in the README's spec
language section): ``catalog N`` (its position in the catalog order), ``box generated [..]`` (the
box of ``generated/``), ``box engine [..]`` (a small box for running the emitted programs in a
test engine) and ``box kernel (params) [..] ...`` (fast-kernel test cases). Adding a game to the
catalog means adding one file.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from cgs_bridge.foundation.errors import SpecError
from cgs_bridge.language import check_parsed
from cgs_bridge.language.parser import parse_games
from cgs_bridge.language.spec_printer import expr_text

_DIR = Path(__file__).parent


def path(name: str) -> Path:
    return _DIR / f"{name}.game"


def unknown(source: str, what: str = "is neither a catalog game nor an existing file") -> str:
    """The message for a name that is no catalog game (and no file): the closest catalog name
    first when one is close (``did you mean 'triangular'?``, issue 48.10), then the whole catalog."""
    import difflib
    close = difflib.get_close_matches(str(source), names(), n=1, cutoff=0.6)
    hint = f"did you mean {close[0]!r}? " if close else ""
    return f"{source!r} {what}; {hint}the catalog: {', '.join(names())}"


def label(p: Path) -> str:
    """How messages and emitted programs name a catalog file (issue 48.3: the real file): its path
    from the folder that holds the package, ``cgs_bridge/model/catalog/triangular.game`` (the same
    from any working folder, so emitted files do not depend on where they were made)."""
    try:
        return p.resolve().relative_to(_DIR.resolve().parents[2]).as_posix()
    except ValueError:
        return str(p)


@lru_cache(maxsize=None)
def _games(name: str) -> tuple:
    """Every game of the file ``<name>.game``, parsed once (its order and its check share it)."""
    p = path(name)
    return tuple(parse_games(p.read_text(encoding="utf-8"), label(p)))


def _parse_file(name: str):
    for g in _games(name):
        if g.name == name:
            return g
    raise SpecError(f"catalog file {path(name).name} does not define game {name}")


@lru_cache(maxsize=None)
def names() -> tuple:
    """Catalog game names, in catalog order (the ``catalog N`` statements of the files).

    Raises:
        SpecError: a file without ``catalog N``, or two files with the same N (file:line:col).
    """
    taken: dict = {}
    for p in sorted(_DIR.glob("*.game")):
        g = _parse_file(p.stem)
        if g.catalog is None:
            raise SpecError(f"game {g.name} declares no 'catalog N' (its position in the catalog order)",
                            g.file, g.pos.line or None, g.pos.column or None)
        n, pos = g.catalog
        if n in taken:
            raise SpecError(f"catalog position {n} is also taken by {taken[n]}", g.file, pos.line, pos.column)
        taken[n] = g.name
    return tuple(taken[n] for n in sorted(taken))


def __getattr__(attr):
    if attr == "ORDER":   # catalog order, derived from the files (kept for callers of catalog.ORDER)
        return names()
    raise AttributeError(f"module {__name__!r} has no attribute {attr!r}")


def known(name: str) -> bool:
    """Is ``name`` a catalog game (a file ``<name>.game`` here)? Decided without parsing the
    other files, so loading one game does not parse the whole catalog (start-up, issue 35)."""
    return isinstance(name, str) and name.isidentifier() and path(name).is_file()


def parsed(name: str):
    """The parsed (unchecked) game ``name``. Raises KeyError when unknown."""
    if not known(name):
        raise KeyError(name)
    return _parse_file(name)


def boxes(name: str, purpose: str) -> list:
    """The boxes game ``name`` declares for ``purpose`` (``generated``, ``engine``, ``kernel``):
    ``[(params, bound)]`` in file order, ``params`` a dict ``{parameter: value in spec syntax}``
    (empty: default parameters) and ``bound`` a ``--bound`` text (``"y=4,z=9"``).

    Raises:
        KeyError: unknown game.
    """
    out = []
    for b in parsed(name).boxes:
        if b.purpose == purpose:
            params = {a.target: expr_text(a.value) for a in b.params}
            out += [(params, text) for text in b.bound_texts()]
    return out


@lru_cache(maxsize=None)
def load(name: str):
    """The checked game ``name`` (a :class:`~cgs_bridge.language.checker.CheckedGame`)."""
    if not known(name):
        raise SpecError(unknown(name, "is no catalog game").replace("the catalog:", "known:"))
    return check_parsed(list(_games(name)), label(path(name)), name, parsed)
