"""Run-time values of the CGScript evaluator and how CGSuite prints them.

- integers are Python ints, ``a / b`` an exact :class:`~fractions.Fraction` (an int when whole);
- :class:`NimberValue` ``*n`` (CGSuite prints ``0``, ``*``, ``*2``; ``*0 == 0``);
- :class:`GameObject`: an instance of a program's class, equal to another of the same class with
  equal fields (what ``result.Remove(this)`` relies on);
- :class:`CGList` (mutable, 1-based), :class:`CGSet` (insertion-ordered, printed sorted as CGSuite
  1.x ``CgsuiteSet.toOutput`` and 2.x ``Set.ToOutput`` do: ``{a,b}``), strings, booleans,
  :class:`Procedure` (2.x ``t -> ...``), ``None`` for Nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class NimberValue:
    """The nimber ``*value`` (value >= 0)."""

    value: int

    def __str__(self):
        return "0" if self.value == 0 else "*" if self.value == 1 else f"*{self.value}"


@dataclass(frozen=True)
class GameObject:
    """An instance of a program class: ``cls`` (its :class:`~.ast.ClassDef` name path), ``fields``
    as a tuple of (name, value) in declaration order, ``outer`` the enclosing instance (2.x nested
    classes) or None."""

    cls: str
    fields: tuple
    outer: object = None

    def get(self, name):
        for k, v in self.fields:
            if k == name:
                return v
        raise KeyError(name)

    def has(self, name) -> bool:
        return any(k == name for k, _ in self.fields)


class CGList:
    """A CGScript list (mutable in 1.x; ``MutableList`` in 2.x)."""

    __slots__ = ("items",)

    def __init__(self, items=()):
        self.items = list(items)

    def __eq__(self, other):
        return isinstance(other, CGList) and self.items == other.items

    def __hash__(self):
        return hash(("list", tuple(freeze(v) for v in self.items)))


class CGSet:
    """A CGScript set (mutable in 1.x; ``MutableSet`` in 2.x); elements kept by :func:`freeze`."""

    __slots__ = ("items",)

    def __init__(self, items=()):
        self.items = {}
        for v in items:
            self.items.setdefault(freeze(v), v)

    def __eq__(self, other):
        return isinstance(other, CGSet) and set(self.items) == set(other.items)

    def __hash__(self):
        return hash(("set", frozenset(self.items)))


class CGRange(CGList):
    """``a..b`` (2.x prints it as written: ``1..5``); a list otherwise."""

    __slots__ = ("text",)

    def __init__(self, lo: int, hi: int):
        super().__init__(range(lo, hi + 1))
        self.text = f"{lo}..{hi}"


class CGMutableList(CGList):
    """2.x ``MutableList()`` (prints ``MutableList(3, 1)``); 2.x list literals are immutable."""

    __slots__ = ()


class CGMutableSet(CGSet):
    """2.x ``MutableSet()`` (prints ``MutableSet(1, 3)``, sorted)."""

    __slots__ = ()


@dataclass(frozen=True, eq=False)
class Procedure:
    """A 2.x procedure ``param -> body`` with the scopes it closes over."""

    param: str
    body: object
    scopes: tuple
    this: object
    params: tuple = ()
    file: object = None  # the class file it was written in (None: the program)

    @property
    def names(self) -> tuple:
        return self.params or (self.param,)


@dataclass(frozen=True)
class Coordinates:
    """CGSuite 2.x ``(row, col)`` (``game.heap`` coordinate rulesets): ``coord - (a, 0)`` is
    componentwise; printed ``(1,2)``."""

    row: int
    col: int

    def __str__(self):
        return f"({self.row},{self.col})"


@dataclass(frozen=True)
class EnumValue:
    """A value of a CGScript ``enum`` (CGSuite 2.2's ``game.graph.Color.Green``, ``game.Player.Left``):
    ``enum`` the qualified name of its enum, ``literal`` its name, ``ordinal`` its place (from 1).
    Printed as its literal (``Green``, ``Left``); equal only to itself."""

    enum: str
    literal: str
    ordinal: int

    def __str__(self):
        return self.literal


@dataclass(frozen=True)
class ClassRef:
    """A class used as a value (``examples.Choco3D`` before it is called)."""

    name: str


class CGMap:
    """A CGScript map ``{k => v}`` (keys compared as CGSuite compares values)."""

    def __init__(self, pairs=()):
        self.items = {}
        for k, v in pairs:
            self.items[freeze(k)] = (k, v)

    def get(self, key, default=None):
        hit = self.items.get(freeze(key))
        return default if hit is None else hit[1]

    def __contains__(self, key):
        return freeze(key) in self.items

    def __str__(self):
        if not self.items:
            return "{=>}"
        return "{" + ", ".join(f"{to_text(k, dialect='2.x')} => {to_text(v, dialect='2.x')}"
                               for k, v in sorted(self.items.values(), key=lambda kv: sort_key(kv[0]))) + "}"


def mex(seen) -> int:
    """The least nonnegative integer not in ``seen`` (minimum excludant; Winning Ways ch. 4)."""
    m = 0
    while m in seen:
        m += 1
    return m


def need_int(interp, v, what: str, node) -> int:
    """``v`` when it is an integer (not a Boolean), else the run stops: "``what`` must be an
    integer" (the members of the library's Java classes: Graph, Strip, Grid)."""
    if not isinstance(v, int) or isinstance(v, bool):
        interp.fail(f"{what} must be an integer, got {interp.builtins.show(interp, v)}", node)
    return v


def freeze(v):
    """A hashable key for ``v`` (lists and sets by content)."""
    if isinstance(v, CGList):
        return ("list", tuple(freeze(x) for x in v.items))
    if isinstance(v, CGSet):
        return ("set", frozenset(v.items))
    if isinstance(v, bool):
        return ("bool", v)
    if isinstance(v, NimberValue) and v.value == 0:
        return 0
    return v


def sort_key(v):
    """CGSuite prints sets sorted: numbers by value, nimbers, booleans, strings, then lists element
    by element (CGSuite 2.2: ``{1/2,3,*2,true,"s",[1]}``)."""
    if isinstance(v, bool):
        return (3, int(v), ())
    if isinstance(v, (int, Fraction)):
        return (1, v, ())
    if isinstance(v, NimberValue):
        return (2, v.value, ())
    if isinstance(v, str):
        return (4, 0, (v,))
    if isinstance(v, CGList):
        return (5, 0, tuple(sort_key(x) for x in v.items))
    if isinstance(v, Coordinates):
        return (5, 1, (v.row, v.col))
    if isinstance(v, EnumValue):  # after strings (CGSuite 2.2: {3,"a",Left,Blue}); among enums CGSuite
        return (4, 1, (v.enum, v.ordinal))  # orders by hash code: here by enum, then declaration order
    if type(v).__name__ == "Strip":  # strips.Strip: by length, then entries (CGSuite 2.2)
        return (6, 0, v.sort_key())
    return (7, 0, (str(v),))


def to_text(v, game_text=None, dialect: str = "1.x") -> str:
    """How CGSuite prints ``v`` (``ToString``): ``[1,2]``, ``{[0,0,0]}``, ``*3``, ``3/2``; strings
    without quotes in 1.x, with them in 2.x (CGSuite 2.2: ``System.Print("ab")`` prints ``"ab"``),
    2.x ranges as ``1..5`` and mutable collections as ``MutableList(3, 1)``; ``game_text(obj)``
    renders a :class:`GameObject` (its ``ToString`` property)."""
    if dialect == "2.x":
        if isinstance(v, str):
            return '"' + v.replace("\\", "\\\\") + '"'  # CGSuite 2.2 escapes no quote: "a"b"
        if isinstance(v, CGRange):
            return v.text
        if isinstance(v, (CGMutableList, CGMutableSet)):
            items = v.items if isinstance(v, CGList) else sorted(v.items.values(), key=sort_key)
            return (f"{type(v).__name__[2:]}("
                    + ", ".join(to_text(x, game_text, dialect) for x in items) + ")")
    if v is None:
        return "Nothing"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, Fraction):
        return str(v.numerator) if v.denominator == 1 else f"{v.numerator}/{v.denominator}"
    if isinstance(v, CGList):
        return "[" + ",".join(to_text(x, game_text, dialect) for x in v.items) + "]"
    if isinstance(v, CGSet):
        items = sorted(v.items.values(), key=sort_key)
        return "{" + ",".join(to_text(x, game_text, dialect) for x in items) + "}"
    if isinstance(v, GameObject):
        if game_text is not None:
            return game_text(v)
        return f"{v.cls}(" + ",".join(to_text(x) for _, x in v.fields) + ")"
    if isinstance(v, Procedure):
        return f"{v.param} -> ..."
    if type(v).__name__ == "NegativeGame":  # variants.NegativeGame: `-G`
        return "-" + to_text(v.base, game_text, dialect)
    if type(v).__name__ == "GameSum":  # heaprules.GameSum: `a + b`, each part as CGSuite prints it
        return " + ".join(to_text(p, game_text, dialect) for p in v.parts)
    return str(v)
