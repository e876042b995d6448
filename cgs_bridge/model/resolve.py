"""The one resolver of game + parameters + bound -> ruleset + box, used by the CLI (``GAME -p ...
--bound ...``), the Python API (``cb.game``, ``cb.verify(g, bound, ...)``), ``discover`` and the
sweep's cells.

- the game: a catalog name or a spec file path (:func:`cgs_bridge.model.loading.load_game`), a
  :class:`~cgs_bridge.language.checker.CheckedGame`, a :class:`~cgs_bridge.model.game.Ruleset`
  or an object with a ``ruleset`` attribute (the API's ``Game``);
- the parameters: name -> int or text (function parameters: an expression in ``t``);
- the bound: an int (every coordinate), a dict ``{coord: int}``, the ``--bound`` text
  (``"20"``, ``"x=20,y=10,z=20"``) or a :class:`~cgs_bridge.model.box.Box`.
"""

from __future__ import annotations

import numbers

from cgs_bridge.foundation.errors import BoxError

from .box import Box, parse_bound
from .game import Ruleset


def bound_text(bound) -> str:
    """The ``--bound`` text of an int, a dict ``{coord: int}`` or a text.

    Raises:
        BoxError: anything else (a float, a bool, a list), named.
    """
    if isinstance(bound, dict):
        return ",".join(f"{k}={v}" for k, v in bound.items())
    if isinstance(bound, bool) or not isinstance(bound, (numbers.Integral, str)):
        raise BoxError(f"bound must be an int, a dict {{coordinate: int}} or text, got {bound!r}")
    return str(bound)


def box_of(coords, bound) -> Box:
    """The box of ``bound`` over ``coords`` (a tuple of names, or a ruleset's).

    Raises:
        BoxError: as :func:`bound_text` and :func:`cgs_bridge.model.box.parse_bound`.
    """
    game = getattr(coords, "game", None)
    coords = getattr(coords, "coords", coords)
    if isinstance(bound, Box):
        return bound
    return parse_bound(_with_flag(bound_text(bound), getattr(game, "pass_once", None), coords), coords)


def _with_flag(text: str, pass_once, coords) -> str:
    """A pass flag (``pass once``) is bounded by its own range 0..1 (issue 36): one number bounds
    the other coordinates and the flag gets 1 (0 for a bound of 0); a per-coordinate bound need
    not name the flag (it gets 1). A bound the user gives the flag is kept."""
    text = text.strip()
    if pass_once is None or pass_once.flag not in coords:
        return text
    if "=" not in text:
        if not text.isdigit():
            return text  # parse_bound names the error
        return ",".join(f"{c}={min(int(text), 1) if c == pass_once.flag else text}" for c in coords)
    if any(p.split("=", 1)[0].strip() == pass_once.flag for p in text.split(",")):
        return text
    return f"{text},{pass_once.flag}=1"


def ruleset_of(game, params=None, game_name=None, warn=None) -> Ruleset:
    """The ruleset of ``game`` bound to ``params`` (a Ruleset, or an object holding one, is
    returned as it is; ``params`` are then not used). ``warn(text)`` receives the specification's
    warnings when a game is loaded.

    Raises:
        SpecError: unknown name, unreadable file, syntax or semantic error (file:line:column).
        ParameterError: unknown parameter, missing value, not an integer, below its lower bound.
    """
    from cgs_bridge.language.checker import CheckedGame

    from .loading import load_game
    if not isinstance(game, Ruleset) and isinstance(getattr(game, "ruleset", None), Ruleset):
        game = game.ruleset
    if isinstance(game, Ruleset):
        return game
    checked = game if isinstance(game, CheckedGame) else load_game(str(game), game_name)
    for w in checked.warnings if warn is not None else ():
        warn(w)
    return Ruleset(checked, dict(params or {}))


def resolve(game, params=None, bound=None, game_name=None, warn=None) -> tuple:
    """``(ruleset, box)``: :func:`ruleset_of` and :func:`box_of` (``bound`` is required).

    Raises:
        BoxError: no bound; see :func:`ruleset_of` and :func:`box_of` for the others.
    """
    ruleset = ruleset_of(game, params, game_name, warn)
    if bound is None:
        raise BoxError("a bound is needed (e.g. bound=20 or 'x=20,y=10,z=20')")
    return ruleset, box_of(ruleset, bound)


def check_box_coords(box, coords) -> None:
    """Raise BoxError when ``box`` is over other coordinates than ``coords`` (in order)."""
    if tuple(box.coords) != tuple(coords):
        raise BoxError(f"box coordinates {tuple(box.coords)} are not the game's {tuple(coords)}")
