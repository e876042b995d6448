"""The abstract syntax tree of a game specification: small frozen dataclasses.

Every node carries ``pos`` (line, column; excluded from equality) so that semantic errors can name
the place in the source. Expressions are integer-valued or boolean; ``/`` exists only as the exact
``FloorDiv`` / ``CeilDiv`` nodes (``floor(a / b)``, ``ceil(a / b)``), so every value is an exact
integer in every target.

Node overview (expressions)::

    Num(value)                 integer literal
    Name(id)                   coordinate, parameter, bound variable, or a claim keyword
                               (grundy, misere, P, N)
    Neg(operand)               unary minus
    Not(operand)               boolean negation
    BinOp(op, left, right)     op in  + - * % ^ (power) xor (nim-sum) and or iff
    Compare(ops, operands)     chained comparison a <= b < c ...; ops in <= < >= > == !=
    FloorDiv(num, den)         exact floor(num / den)
    CeilDiv(num, den)          exact ceil(num / den)
    Call(func, args)           builtin (min, max, mod, abs, ilog2, nimsum), a ``def`` or a
                               function parameter
    If(cond, then, orelse)     if-then-else
    Search(kind, var, lo, hi, cond)  largest (kind='max') or smallest ('min') var in lo..hi
                               with cond
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Tuple, Union


@dataclass(frozen=True)
class Pos:
    """A place in a specification source: 1-based line and column."""

    line: int = 0
    column: int = 0


_NOPOS = Pos()


def _pos():
    return field(default=_NOPOS, compare=False, repr=False)


# ---------------------------------------------------------------- expressions
@dataclass(frozen=True)
class Num:
    value: int
    pos: Pos = _pos()


@dataclass(frozen=True)
class Name:
    id: str
    pos: Pos = _pos()


@dataclass(frozen=True)
class Neg:
    operand: "Expr"
    pos: Pos = _pos()


@dataclass(frozen=True)
class Not:
    operand: "Expr"
    pos: Pos = _pos()


@dataclass(frozen=True)
class BinOp:
    op: str
    left: "Expr"
    right: "Expr"
    pos: Pos = _pos()


@dataclass(frozen=True)
class Compare:
    ops: Tuple[str, ...]
    operands: Tuple["Expr", ...]
    pos: Pos = _pos()


@dataclass(frozen=True)
class FloorDiv:
    num: "Expr"
    den: "Expr"
    pos: Pos = _pos()


@dataclass(frozen=True)
class CeilDiv:
    num: "Expr"
    den: "Expr"
    pos: Pos = _pos()


@dataclass(frozen=True)
class Call:
    func: str
    args: Tuple["Expr", ...]
    pos: Pos = _pos()


@dataclass(frozen=True)
class If:
    cond: "Expr"
    then: "Expr"
    orelse: "Expr"
    pos: Pos = _pos()


@dataclass(frozen=True)
class Search:
    kind: str  # 'max' or 'min'
    var: str
    lo: "Expr"
    hi: "Expr"
    cond: "Expr"
    pos: Pos = _pos()


Expr = Union[Num, Name, Neg, Not, BinOp, Compare, FloorDiv, CeilDiv, Call, If, Search]
EXPR_TYPES = (Num, Name, Neg, Not, BinOp, Compare, FloorDiv, CeilDiv, Call, If, Search)

#: Builtin functions: name -> (min arity, max arity or None for n-ary).
BUILTINS = {
    "min": (1, None),
    "max": (1, None),
    "mod": (2, 2),
    "abs": (1, 1),
    "ilog2": (1, 1),
    "nimsum": (1, None),
}

#: Names with a meaning inside claims only.
CLAIM_NAMES = ("grundy", "misere", "P", "N")


# ---------------------------------------------------------------- statements
@dataclass(frozen=True)
class Param:
    """A game parameter: ``kind`` is 'int' or 'function' (a function of one variable ``t``).

    ``lower`` is the declared lower bound of an int parameter (``k: int >= 1``); ``default`` is an
    expression (for a function parameter: an expression in ``t``); ``qualifiers`` of a function
    parameter are among 'nondecreasing', 'nonnegative'.
    """

    name: str
    kind: str
    lower: Optional[int] = None
    default: Optional[Expr] = None
    qualifiers: Tuple[str, ...] = ()
    pos: Pos = _pos()


@dataclass(frozen=True)
class Def:
    name: str
    params: Tuple[str, ...]
    body: Expr
    pos: Pos = _pos()


@dataclass(frozen=True)
class Assign:
    target: str
    value: Expr
    pos: Pos = _pos()


@dataclass(frozen=True)
class Cut:
    """Explicit move rule: lower ``coord`` to any ``var`` < its value, then apply ``assigns``
    simultaneously. Inside the assignments every coordinate name denotes the *lowered* position
    (so ``coord`` and ``var`` are the same value)."""

    coord: str
    var: str
    assigns: Tuple[Assign, ...] = ()
    pos: Pos = _pos()


@dataclass(frozen=True)
class DerivedCut:
    """Derived move rule: lower ``coord``, then shrink the other coordinates to the largest valid
    position below (see :mod:`cgs_bridge.game`)."""

    coord: str
    pos: Pos = _pos()


@dataclass(frozen=True)
class Clamp:
    """A one-pass simultaneous clamp applied after every explicit cut (the hexagon's ``pos``)."""

    assigns: Tuple[Assign, ...]
    pos: Pos = _pos()


@dataclass(frozen=True)
class Claim:
    name: str
    expr: Expr
    when: Optional[Expr] = None
    pos: Pos = _pos()


@dataclass(frozen=True)
class Require:
    expr: Expr
    pos: Pos = _pos()


@dataclass(frozen=True)
class SumTerm:
    """One component of a disjunctive sum: game ``game`` with arguments ``args`` whose coordinates
    are renamed, in order, to ``coords``."""

    game: str
    args: Tuple[Expr, ...]
    coords: Tuple[str, ...]
    pos: Pos = _pos()


@dataclass(frozen=True)
class Game:
    name: str
    params: Tuple[Param, ...] = ()
    title: str = ""
    source: str = ""
    coords: Tuple[str, ...] = ()
    defs: Tuple[Def, ...] = ()
    requires: Tuple[Require, ...] = ()
    cuts: Tuple[Union[Cut, DerivedCut], ...] = ()
    clamp: Optional[Clamp] = None
    claims: Tuple[Claim, ...] = ()
    sum: Tuple[SumTerm, ...] = ()
    file: Optional[str] = field(default=None, compare=False)
    pos: Pos = _pos()

    def param(self, name: str) -> Optional[Param]:
        return next((p for p in self.params if p.name == name), None)

    def cut_for(self, coord: str):
        return next((c for c in self.cuts if c.coord == coord), None)


def walk(node):
    """Yield ``node`` and every expression node below it (pre-order)."""
    yield node
    if isinstance(node, (Neg, Not)):
        yield from walk(node.operand)
    elif isinstance(node, BinOp):
        yield from walk(node.left)
        yield from walk(node.right)
    elif isinstance(node, Compare):
        for o in node.operands:
            yield from walk(o)
    elif isinstance(node, (FloorDiv, CeilDiv)):
        yield from walk(node.num)
        yield from walk(node.den)
    elif isinstance(node, Call):
        for a in node.args:
            yield from walk(a)
    elif isinstance(node, If):
        yield from walk(node.cond)
        yield from walk(node.then)
        yield from walk(node.orelse)
    elif isinstance(node, Search):
        yield from walk(node.lo)
        yield from walk(node.hi)
        yield from walk(node.cond)


def free_names(node, bound: frozenset = frozenset()) -> set:
    """Names used in ``node`` that are not bound by an enclosing ``Search``."""
    out = set()
    if isinstance(node, Name):
        if node.id not in bound:
            out.add(node.id)
    elif isinstance(node, Search):
        out |= free_names(node.lo, bound) | free_names(node.hi, bound)
        out |= free_names(node.cond, bound | {node.var})
    elif isinstance(node, (Neg, Not)):
        out |= free_names(node.operand, bound)
    elif isinstance(node, BinOp):
        out |= free_names(node.left, bound) | free_names(node.right, bound)
    elif isinstance(node, Compare):
        for o in node.operands:
            out |= free_names(o, bound)
    elif isinstance(node, (FloorDiv, CeilDiv)):
        out |= free_names(node.num, bound) | free_names(node.den, bound)
    elif isinstance(node, Call):
        for a in node.args:
            out |= free_names(a, bound)
    elif isinstance(node, If):
        out |= free_names(node.cond, bound) | free_names(node.then, bound) | free_names(node.orelse, bound)
    return out


def substitute(node, mapping: dict):
    """Return ``node`` with every free ``Name`` whose id is in ``mapping`` replaced by
    ``mapping[id]`` (an expression). Calls to functions named in ``mapping`` whose value is a
    ``str`` are renamed. Bound search variables are respected."""
    def sub(n, bound):
        if isinstance(n, Num):
            return n
        if isinstance(n, Name):
            if n.id in bound or n.id not in mapping or isinstance(mapping[n.id], str):
                if n.id not in bound and isinstance(mapping.get(n.id), str):
                    return Name(mapping[n.id], n.pos)
                return n
            return mapping[n.id]
        if isinstance(n, Neg):
            return Neg(sub(n.operand, bound), n.pos)
        if isinstance(n, Not):
            return Not(sub(n.operand, bound), n.pos)
        if isinstance(n, BinOp):
            return BinOp(n.op, sub(n.left, bound), sub(n.right, bound), n.pos)
        if isinstance(n, Compare):
            return Compare(n.ops, tuple(sub(o, bound) for o in n.operands), n.pos)
        if isinstance(n, FloorDiv):
            return FloorDiv(sub(n.num, bound), sub(n.den, bound), n.pos)
        if isinstance(n, CeilDiv):
            return CeilDiv(sub(n.num, bound), sub(n.den, bound), n.pos)
        if isinstance(n, Call):
            func = mapping[n.func] if isinstance(mapping.get(n.func), str) else n.func
            return Call(func, tuple(sub(a, bound) for a in n.args), n.pos)
        if isinstance(n, If):
            return If(sub(n.cond, bound), sub(n.then, bound), sub(n.orelse, bound), n.pos)
        if isinstance(n, Search):
            inner = bound | {n.var}
            return Search(n.kind, n.var, sub(n.lo, bound), sub(n.hi, bound), sub(n.cond, inner), n.pos)
        raise TypeError(f"not an expression: {n!r}")
    return sub(node, frozenset())
