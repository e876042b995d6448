"""The CGScript syntax tree: small frozen dataclasses, each with ``pos = (line, column)`` (1-based,
in the normalised text; :class:`~.normalize.NormalizedScript` maps it back to the printed text).

Expressions: :class:`Num`, :class:`Str`, :class:`Bool`, :class:`Name`, :class:`This`,
:class:`Nimber` (``*e``), :class:`Unary`, :class:`Binary` (``+ - * / % ^``, relations, ``and``,
``or``, infix methods such as ``NimSum``), :class:`Not`, :class:`Member`, :class:`Call`,
:class:`Index`, :class:`ListLit`, :class:`SetLit`, :class:`Comprehension`, :class:`Lambda`,
:class:`Assign`. Statements: :class:`ExprStmt`, :class:`If`, :class:`For`, :class:`While`,
:class:`Return`, :class:`VarDecl`, :class:`Block`. Declarations: :class:`Method`,
:class:`ClassDef`, :class:`Program`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

Pos = tuple


@dataclass(frozen=True)
class Num:
    value: int
    pos: Pos = (0, 0)


@dataclass(frozen=True)
class Str:
    value: str
    pos: Pos = (0, 0)


@dataclass(frozen=True)
class Bool:
    value: bool
    pos: Pos = (0, 0)


@dataclass(frozen=True)
class Name:
    id: str
    pos: Pos = (0, 0)


@dataclass(frozen=True)
class This:
    pos: Pos = (0, 0)


@dataclass(frozen=True)
class Nimber:
    """``*e``: the nimber whose value is the integer ``e``. ``as_member``: written ``*x1 + ...``
    (a name right after ``*`` at the start of a sum), which CGSuite 2.2 reads as a member ``x1``
    of the nimber ``*`` (an error when evaluated: "Not a method or member variable")."""

    operand: object
    pos: Pos = (0, 0)
    as_member: bool = False


@dataclass(frozen=True)
class Unary:
    op: str  # "-" or "+"
    operand: object
    pos: Pos = (0, 0)


@dataclass(frozen=True)
class Binary:
    """``op`` is ``+ - * / % ^``, a relation ``== != < <= > >=``, ``and``, ``or``, ``..`` or an
    infix method name (``NimSum``, ``Concat``, ...)."""

    op: str
    left: object
    right: object
    pos: Pos = (0, 0)


@dataclass(frozen=True)
class Not:
    operand: object
    pos: Pos = (0, 0)


@dataclass(frozen=True)
class Member:
    obj: object
    name: str
    pos: Pos = (0, 0)


@dataclass(frozen=True)
class Call:
    func: object
    args: tuple
    pos: Pos = (0, 0)


@dataclass(frozen=True)
class Index:
    obj: object
    index: object
    pos: Pos = (0, 0)


@dataclass(frozen=True)
class ListLit:
    items: tuple
    pos: Pos = (0, 0)


@dataclass(frozen=True)
class TupleLit:
    """2.x ``(a, b)``: a ``Coordinates`` value (CGSuite 2.2: two integers)."""

    items: tuple
    pos: Pos = (0, 0)


@dataclass(frozen=True)
class IsType:
    """2.x ``value is Type``."""

    value: object
    type: str
    pos: Pos = (0, 0)


@dataclass(frozen=True)
class NamedArg:
    """2.x ``name => value`` in a call (a parameter with a default, given by name)."""

    name: str
    value: object
    pos: Pos = (0, 0)


@dataclass(frozen=True)
class MapLit:
    """2.x ``{k => v, ...}`` (``loops``: ``{k => v for ...}``); read, not interpreted."""

    entries: tuple
    pos: Pos = (0, 0)
    loops: tuple = ()


@dataclass(frozen=True)
class Yields:
    """2.x ``for ... yield a yield b end``: each pass of the loop yields every part's value."""

    parts: tuple
    pos: Pos = (0, 0)


@dataclass(frozen=True)
class SetLit:
    items: tuple
    pos: Pos = (0, 0)


@dataclass(frozen=True)
class Loop:
    """``var from start to stop by step where cond`` or ``var in iterable where cond``."""

    var: str
    start: object = None
    stop: object = None
    step: object = None
    iterable: object = None
    where: object = None
    pos: Pos = (0, 0)
    #: 2.x ``for k from 1 while cond``: the loop ends at the first value where ``cond`` is false
    while_: object = None


@dataclass(frozen=True)
class Comprehension:
    kind: str  # "list" or "set"; 1.x "setof" or "listof" (setof(e for ...))
    element: object
    loops: tuple
    pos: Pos = (0, 0)


@dataclass(frozen=True)
class Lambda:
    """``param -> body``; a procedure of several parameters ``(x, y) -> body`` has them all in
    ``params`` (``param`` is then the first)."""

    param: str
    body: object
    pos: Pos = (0, 0)
    params: tuple = ()


@dataclass(frozen=True)
class Assign:
    target: object  # Name, Member or Index
    value: object
    pos: Pos = (0, 0)


@dataclass(frozen=True)
class ExprStmt:
    expr: object
    pos: Pos = (0, 0)


@dataclass(frozen=True)
class Block:
    body: tuple
    pos: Pos = (0, 0)


@dataclass(frozen=True)
class If:
    """``if c1 then b1 elseif c2 then b2 ... else e end``: ``branches`` = ((c1, b1), ...)."""

    branches: tuple
    orelse: Optional[tuple]
    pos: Pos = (0, 0)


@dataclass(frozen=True)
class For:
    loop: Loop
    body: tuple
    pos: Pos = (0, 0)


@dataclass(frozen=True)
class While:
    cond: object
    body: tuple
    pos: Pos = (0, 0)


@dataclass(frozen=True)
class Return:
    value: object
    pos: Pos = (0, 0)


@dataclass(frozen=True)
class VarDecl:
    names: tuple
    inits: tuple  # expression or None per name
    pos: Pos = (0, 0)


@dataclass(frozen=True)
class Param:
    """``name [as type] [? default]`` (2.x: a parameter with a default may be left out)."""

    name: str
    type: Optional[str] = None
    pos: Pos = (0, 0)
    default: object = None


@dataclass(frozen=True)
class Method:
    """A method (1.x ``method``, 2.x ``def``) or a 1.x property getter (``kind="property"``).
    ``params`` is None for a 2.x ``def`` without parentheses; ``body`` a tuple of statements, or
    ``expr`` for ``def f := e;``; both None for ``external``."""

    name: str
    params: Optional[tuple]
    body: Optional[tuple] = None
    expr: object = None
    kind: str = "method"
    modifiers: tuple = ()
    pos: Pos = (0, 0)


@dataclass(frozen=True)
class ClassDef:
    """``params`` is the 2.x class parameter list (None in 1.x); ``vars`` the 1.x ``var`` names."""

    name: str
    params: Optional[tuple]
    extends: tuple
    vars: tuple
    methods: tuple
    classes: tuple
    modifiers: tuple = ()
    pos: Pos = (0, 0)
    #: 2.x ``var X := e;`` members: ``(name, expression)`` (a singleton's constants)
    inits: tuple = ()
    #: 2.x statements in a class body (``if foxRange < 1 then error(...) end``): read, not run
    body: tuple = ()

    def method(self, name: str, kind: Optional[str] = None):
        """The last method named ``name`` (of ``kind`` when given), or None."""
        found = [m for m in self.methods if m.name == name and (kind is None or m.kind == kind)]
        return found[-1] if found else None


@dataclass(frozen=True)
class GameLit:
    """A 2.x game literal ``{L1, L2 | R1, R2}``; ``left``/``right`` are tuples of expressions (a
    nested ``{a | b || c}`` has a GameLit among them). Read so that CGSuite's library parses;
    the evaluator refuses it (it computes impartial games from their Options)."""

    left: tuple
    right: tuple
    pos: Pos = (0, 0)


@dataclass(frozen=True)
class Program:
    """A parsed CGScript file: its classes, then its worksheet statements; ``dialect`` is
    ``"1.x"`` or ``"2.x"``."""

    classes: tuple
    statements: tuple
    dialect: str = "1.x"
    file: str = "<cgscript>"
    notes: tuple = field(default=())
