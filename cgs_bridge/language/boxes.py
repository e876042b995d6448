"""Checks of the tool data a game declares: ``catalog N`` and ``box PURPOSE (p = v) [bound] ...``
(see :class:`~cgs_bridge.language.ast.BoxDecl`). Called by :func:`cgs_bridge.language.checker.check_game`
on the flat game; every error names file, line and column."""

from __future__ import annotations

from cgs_bridge.foundation.errors import SpecError

from . import ast as A

#: Box purposes: ``generated`` (generated/ folder), ``engine`` (emitted programs run in a test
#: engine such as Mathics3), ``kernel`` (fast-solver test cases). The first two take no parameters.
PURPOSES = ("generated", "engine", "kernel")


def _err(game: A.Game, msg: str, pos: A.Pos) -> SpecError:
    return SpecError(msg, game.file, pos.line or None, pos.column or None)


def check_boxes(game: A.Game, type_param) -> None:
    """Raise :class:`SpecError` unless every ``box`` and ``catalog`` statement of ``game`` is sound.

    Args:
        game: a flat game (coordinates known).
        type_param: ``type_param(param, value)`` checks a function parameter's value expression
            (an integer expression in ``t``); raises SpecError.
    Raises:
        SpecError: unknown purpose; ``generated``/``engine`` given twice or with parameters; an
        unknown or repeated parameter; an integer parameter given a non-integer or a value below
        its bound; a box naming an unknown coordinate, a coordinate twice, or not every coordinate;
        ``catalog`` position below 1.
    """
    if game.catalog is not None and game.catalog[0] < 1:
        raise _err(game, f"catalog position must be >= 1, got {game.catalog[0]}", game.catalog[1])
    seen = set()
    for b in game.boxes:
        if b.purpose not in PURPOSES:
            raise _err(game, f"unknown box purpose {b.purpose!r}; expected one of {', '.join(PURPOSES)}", b.pos)
        if b.purpose != "kernel":
            if b.purpose in seen:
                raise _err(game, f"'box {b.purpose}' given twice in game {game.name}", b.pos)
            if b.params:
                raise _err(game, f"'box {b.purpose}' uses the default parameters; give none", b.params[0].pos)
            if len(b.bounds) != 1:
                raise _err(game, f"'box {b.purpose}' takes exactly one [bound]", b.pos)
        seen.add(b.purpose)
        _check_params(game, b, type_param)
        for bound in b.bounds:
            _check_bound(game, b, bound)


def _check_params(game, b, type_param) -> None:
    given = set()
    for a in b.params:
        p = game.param(a.target)
        if p is None:
            raise _err(game, f"game {game.name} has no parameter {a.target!r}", a.pos)
        if a.target in given:
            raise _err(game, f"parameter {a.target} given twice", a.pos)
        given.add(a.target)
        if p.kind == "function":
            type_param(p, a.value)
            continue
        v = a.value
        value = v.value if isinstance(v, A.Num) else None
        if value is None:
            raise _err(game, f"parameter {a.target} is an integer; expected an integer here", v.pos)
        if p.lower is not None and value < p.lower:
            raise _err(game, f"parameter {a.target} must be >= {p.lower}, got {value}", v.pos)


def _check_bound(game, b, bound) -> None:
    if isinstance(bound, int):
        return
    named = set()
    for coord, _upper, pos in bound:
        if coord not in game.coords:
            raise _err(game, f"box names {coord!r}, which is not a coordinate "
                             f"(coordinates: {', '.join(game.coords)})", pos)
        if coord in named:
            raise _err(game, f"box names {coord} twice", pos)
        named.add(coord)
    missing = [c for c in game.coords if c not in named]
    if missing:
        raise _err(game, f"box gives no bound for {', '.join(missing)}", b.pos)
