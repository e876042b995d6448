"""CGScript ``enum`` values for :mod:`.evaluator` (issue 47): the players ``Left`` and ``Right``
(CGSuite 2.2's ``game/Player.cgs``) and the enums a program or CGSuite's library declares
(``game/graph/Color.cgs``: ``enum Color Blue, Green, Red; end``), as CGSuite 2.2 gives them
(each checked on the real engine, ``tests/systems/cgsuite/test_cgscript_hackenbush.py``):

- ``Color.Green`` (also ``game.graph.Color.Green``) is a value printed ``Green``; ``==`` is true
  only for the same value (``Color.Green == 1`` and ``Color.Green == Left`` are false);
- ``Literal`` and ``ToString`` are the string ``"Green"``; ``v is Color`` is true;
- ``Ordinal`` (1, 2), ``Sign`` (1, -1) and ``Opponent`` belong to ``Player`` alone (CGSuite's
  ``Enum`` declares only ``Literal``): ``Color.Blue.Ordinal`` is "not a method or member variable";
- a value the enum does not declare is an error naming the enum's values.

Values are :class:`~.values.EnumValue`; ``Left`` and ``Right`` are :data:`LEFT` and :data:`RIGHT`.
"""

from __future__ import annotations

from .values import EnumValue

PLAYER = "game.Player"
LEFT = EnumValue(PLAYER, "Left", 1)
RIGHT = EnumValue(PLAYER, "Right", 2)


def is_enum(interp, name: str) -> bool:
    """Is ``name`` (simple or qualified) an ``enum`` the program or its class path declares?"""
    cls = interp.classes.get(name)
    return cls is not None and "enum" in cls.modifiers


def qualified(interp, name: str) -> str:
    """The qualified name of the enum ``name`` (``game.graph.Color`` for ``Color`` read from the
    class path's ``game/graph/Color.cgs``)."""
    return interp.canon.get(id(interp.classes[name]), name)


def value(interp, name: str, literal: str, node) -> EnumValue:
    """``Enum.literal``: the value ``literal`` of the enum ``name``. Raises the interpreter's error
    when the enum has no such value."""
    if name.split(".")[-1] == "Player" and literal in ("Left", "Right"):
        return LEFT if literal == "Left" else RIGHT
    cls = interp.classes[name]
    if literal not in cls.vars:
        interp.fail(f"not a method or member variable: `{literal}` (the enum `{qualified(interp, name)}` has the "
                    f"values {', '.join(cls.vars)})", node)
    return EnumValue(qualified(interp, name), literal, cls.vars.index(literal) + 1)


def member(interp, v: EnumValue, name: str, args, node):
    """``v.Literal``, ``v.ToString``; for a player also ``Ordinal``, ``Sign``, ``Opponent``."""
    if args:
        interp.fail(f"`{name}` of {v.literal} takes no arguments", node)
    table = {"Literal": lambda: v.literal, "ToString": lambda: v.literal}
    if v.enum == PLAYER:
        table |= {"Ordinal": lambda: v.ordinal, "Sign": lambda: 1 if v == LEFT else -1,
                  "Opponent": lambda: RIGHT if v == LEFT else LEFT}
    if name in table:
        return table[name]()
    interp.fail(f"not a method or member variable: `{name}` (in object of class `{v.enum}`; CGSuite 2.x "
                f"gives an enum value {', '.join(table)})", node)
