"""The analysis derived moves need: the valid set as inequalities (:class:`Atom`) and a static
proof of monotonicity (:class:`Monotonicity`).

Derived moves (``cut x derived``) rely on constraints of the form ``L <= R`` where ``L`` mentions
exactly one coordinate ``c`` and is nondecreasing in it, and ``R`` is nondecreasing in the other
coordinates and does not mention ``c``. Then valid positions are closed under componentwise max,
so the largest valid position below a lowered point exists when any does and repeated clamping
reaches it (the greatest fixpoint; ``shared/design-notes.md``). A lower bound such as
``b >= res2(a)`` is read as the upper bound ``res2(a) <= b`` on ``a`` (seed 000, Example 7.1).
The fixpoint itself, as a step list, is :mod:`cgs_bridge.language.derive`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from . import ast as A

from . import traversal as Tr
from .operators import BUILTINS, row
from .visitor import ExprVisitor, register_visitor


@dataclass(frozen=True)
class Atom:
    """One inequality ``left <= right`` of the valid set, bounding coordinate ``coord`` from above
    (``coord`` is ``None`` when the inequality cannot drive derived moves; ``why`` says why).
    ``monotone`` records whether nondecreasing-ness of both sides was proved statically."""

    left: A.Expr
    right: A.Expr
    coord: Optional[str]
    monotone: bool
    why: str
    pos: A.Pos


# ------------------------------------------------------------------ monotonicity
def _comb(*ds) -> str:
    ds = [d for d in ds if d != "0"]
    if not ds:
        return "0"
    if "?" in ds or len(set(ds)) > 1:
        return "?"
    return ds[0]


def _neg(d: str) -> str:
    return {"+": "-", "-": "+"}.get(d, d)


@register_visitor
class Monotonicity(ExprVisitor):
    """Direction of an expression in one variable ``var`` (see :func:`monotonicity`).

    Args:
        var: the variable (a coordinate name).
        game: the game whose definitions and function parameters calls refer to.
        nonneg: names of quantities known to be >= 0.
    """

    def __init__(self, var: str, game: A.Game, nonneg: set):
        self.var = var
        self.nonneg = nonneg
        self.defs = {d.name: d for d in game.defs}
        self.fn_mono = {p.name for p in game.params
                        if p.kind == "function" and "nondecreasing" in p.qualifiers}
        self.positive = {p.name for p in game.params
                         if p.kind == "int" and p.lower is not None and p.lower >= 1}

    def direction(self, e) -> str:
        """'0', '+', '-' or '?' for ``e`` (an expression not mentioning ``var`` is '0')."""
        if self.var not in Tr.free_names(e):
            return "0"
        return self.visit(e)

    def _nonneg(self, e) -> bool:
        """``e`` is known to be >= 0: a number >= 0, a name of :attr:`nonneg`, a sum or product
        of such, a floor or ceiling of one by a positive divisor, a definition whose body is."""
        if isinstance(e, A.Num):
            return e.value >= 0
        if isinstance(e, A.Name):
            return e.id in self.nonneg
        if isinstance(e, A.BinOp) and e.op in ("+", "*"):
            return self._nonneg(e.left) and self._nonneg(e.right)
        if isinstance(e, (A.FloorDiv, A.CeilDiv)):
            return self._nonneg(e.num) and self._positive(e.den)
        if isinstance(e, A.Call) and e.func in self.defs:
            d = self.defs[e.func]
            return self._nonneg(Tr.substitute(d.body, dict(zip(d.params, e.args))))
        return False

    def _positive(self, e) -> bool:
        return (isinstance(e, A.Num) and e.value > 0) or (isinstance(e, A.Name) and e.id in self.positive)

    def visit_Num(self, e):
        return "0"

    def visit_Name(self, e):
        return "+" if e.id == self.var else "0"

    def visit_Neg(self, e):
        return _neg(self.direction(e.operand))

    def visit_BinOp(self, e):
        m = self.direction
        if e.op == "+":
            return _comb(m(e.left), m(e.right))
        if e.op == "-":
            return _comb(m(e.left), _neg(m(e.right)))
        if e.op == "*":
            dl, dr = m(e.left), m(e.right)
            if dl == "0" and self._nonneg(e.left):
                return dr
            if dr == "0" and self._nonneg(e.right):
                return dl
            if dl in ("+", "0") and dr in ("+", "0") and self._nonneg(e.left) and self._nonneg(e.right):
                return "+"   # a product of nonnegative nondecreasing factors (x * x)
            return "?"
        if e.op == "^":
            if m(e.right) == "0" and self._nonneg(e.right) and self._nonneg(e.left):
                return m(e.left)
            if m(e.left) == "0" and isinstance(e.left, A.Num) and e.left.value >= 1:
                return m(e.right)
        return "?"

    def visit_FloorDiv(self, e):
        den = e.den
        if self.direction(den) == "0" and self._positive(den):
            return self.direction(e.num)
        return "?"

    visit_CeilDiv = visit_FloorDiv

    def visit_Call(self, e):
        if e.func in BUILTINS and row(e.func).monotone:  # nondecreasing in every argument
            return _comb(*(self.direction(a) for a in e.args))
        if e.func in self.fn_mono:
            return self.direction(e.args[0])
        if e.func in self.defs:
            d = self.defs[e.func]
            return self.direction(Tr.substitute(d.body, dict(zip(d.params, e.args))))
        return "?"

    def _unproved(self, e):
        return "?"

    visit_Not = visit_Compare = visit_If = visit_Search = visit_Accepts = _unproved


def monotonicity(expr, var: str, game: A.Game, nonneg: set) -> str:
    """Direction of ``expr`` in ``var``: '0' (does not depend), '+' (nondecreasing), '-'
    (nonincreasing) or '?' (not proved). ``nonneg`` names known nonnegative quantities (coordinates,
    parameters with a lower bound >= 0). Definitions and nondecreasing function parameters are
    followed."""
    return Monotonicity(var, game, nonneg).direction(expr)


# ------------------------------------------------------------------ constraints -> atoms
def names_deep(e, game: A.Game) -> set:
    """Free names of ``e`` with calls to definitions expanded."""
    defs = {d.name: d for d in game.defs}
    names = Tr.free_names(e)
    for node in Tr.walk(e):
        if isinstance(node, A.Call) and node.func in defs:
            d = defs[node.func]
            names |= names_deep(Tr.substitute(d.body, dict(zip(d.params, node.args))), game)
    return names


def _atom(game: A.Game, nonneg: set, left, op: str, right, pos) -> Atom:
    """The :class:`Atom` of one comparison ``left op right``."""
    if op in (">=", ">"):
        left, right, op = right, left, {">=": "<=", ">": "<"}[op]
    if op == "<":
        right = A.BinOp("-", right, A.Num(1), pos)
    if op not in ("<=", "<"):
        return Atom(left, right, None, False, f"'{op}' cannot bound a coordinate", pos)
    lc = [c for c in game.coords if c in names_deep(left, game)]
    rc = [c for c in game.coords if c in names_deep(right, game)]
    if len(lc) != 1:
        why = ("no coordinate on the smaller side" if not lc else
               f"coordinates {', '.join(lc)} all on the smaller side")
        return Atom(left, right, None, False, why, pos)
    c = lc[0]
    if c in rc:
        return Atom(left, right, None, False, f"{c} on both sides", pos)
    mono = monotonicity(left, c, game, nonneg) == "+" and all(
        monotonicity(right, d, game, nonneg) in ("+", "0") for d in rc)
    return Atom(left, right, c, mono, "", pos)


def constraint_atoms(game: A.Game) -> list:
    """The ``require`` statements of ``game`` as a list of :class:`Atom`, in spec order (a chained
    comparison gives one atom per link; ``and`` is split)."""
    nonneg = set(game.coords) | {p.name for p in game.params
                                 if p.kind == "int" and p.lower is not None and p.lower >= 0}
    out = []

    def split(e, pos):
        if isinstance(e, A.BinOp) and e.op == "and":
            split(e.left, pos)
            split(e.right, pos)
        elif isinstance(e, A.Compare):
            for a, op, b in zip(e.operands, e.ops, e.operands[1:]):
                out.append(_atom(game, nonneg, a, op, b, e.pos or pos))
        else:
            out.append(Atom(e, e, None, False, "not a conjunction of inequalities", pos))

    for r in game.requires:
        split(r.expr, r.pos)
    return out
