"""Natural terms of the proof language and renaming (issue 32, item 2; split from
:mod:`.intval`, issue 45 item 3): sums flattened, products distributed, lower bounds, ``t - 1``
where it stays natural, and the renaming of a free variable. Each pass over the nodes is a
registered :class:`~.visitor.FormulaVisitor` (``tests/solvers/test_logic_visitors.py``)."""

from __future__ import annotations

from . import formula as F
from .visitor import ALL, TERMS, FormulaVisitor, register_visitor

ZERO = F.Const(0)


def tadd(*terms) -> F.Term:
    """Sum of natural terms, nested sums flattened, constants merged at the end, zeros dropped."""
    flat, c = [], 0
    for t in terms:
        for x in (t.terms if isinstance(t, F.Add) else (t,)):
            if isinstance(x, F.Const):
                c += x.value
            else:
                flat.append(x)
    if c:
        flat.append(F.Const(c))
    return flat[0] if len(flat) == 1 else (F.Add(tuple(flat)) if flat else ZERO)


@register_visitor
class _Scaled(FormulaVisitor):
    """``visit(t, c)``: ``c * t`` for a natural ``c >= 2`` (:func:`tscale`): a constant
    multiplied, a sum distributed, a product's coefficient multiplied, a variable or a floor
    wrapped in ``Scale``."""

    PREFIX, NODES, VERB = "scaled_", TERMS, "scale"

    def scaled_Const(self, t, c):
        return F.Const(c * t.value)

    def scaled_Add(self, t, c):
        return tadd(*(tscale(c, x) for x in t.terms))

    def scaled_Scale(self, t, c):
        return F.Scale(c * t.coef, t.term)

    def _wrapped(self, t, c):
        return F.Scale(c, t)

    scaled_Var = scaled_Div = _wrapped


_SCALED = _Scaled()


def tscale(c: int, t: F.Term) -> F.Term:
    """``c * t`` for a natural ``c`` (distributed over a sum; :class:`_Scaled`)."""
    if c == 0 or t == ZERO:
        return ZERO
    if c == 1:
        return t
    return _SCALED.visit(t, c)


def tconst(t: F.Term):
    return t.value if isinstance(t, F.Const) else None


@register_visitor
class _LowerBound(FormulaVisitor):
    """:func:`tmin`: a lower bound of a natural term, every variable at 0 (floors and
    coefficients are monotone)."""

    PREFIX, NODES, VERB = "low_", TERMS, "bound"

    def low_Var(self, t):
        return 0

    def low_Const(self, t):
        return t.value

    def low_Add(self, t):
        return sum(self.visit(x) for x in t.terms)

    def low_Scale(self, t):
        return t.coef * self.visit(t.term)

    def low_Div(self, t):
        return self.visit(t.term) // t.den


_LOWER_BOUND = _LowerBound()


def tmin(t: F.Term) -> int:
    """A lower bound of the natural term ``t`` (variables at 0; :class:`_LowerBound`)."""
    return _LOWER_BOUND.visit(t)


def tminus1(t: F.Term):
    """``t - 1`` when ``t`` holds a constant part >= 1 (so the result is a natural term), else None."""
    if isinstance(t, F.Const) and t.value >= 1:
        return F.Const(t.value - 1)
    if isinstance(t, F.Add) and isinstance(t.terms[-1], F.Const) and t.terms[-1].value >= 1:
        return tadd(*t.terms[:-1], F.Const(t.terms[-1].value - 1))
    return None



@register_visitor
class _Renamer(FormulaVisitor):
    """``visit(f, old, new)``: :func:`rename` over every node of the proof language."""

    PREFIX, NODES, VERB = "ren_", ALL, "rename in"

    def ren_Var(self, f, old, new):
        return F.Var(new) if f.name == old else f

    def _same(self, f, old, new):
        return f

    ren_Const = ren_Bool = _same

    def _quantifier(self, f, old, new):
        return f if old in f.vars else type(f)(f.vars, self.visit(f.body, old, new))

    ren_Exists = ren_Forall = _quantifier

    def ren_Add(self, f, old, new):
        return F.Add(tuple(self.visit(x, old, new) for x in f.terms))

    def _parts(self, f, old, new):
        return type(f)(tuple(self.visit(x, old, new) for x in f.parts))

    ren_And = ren_Or = _parts

    def ren_Pred(self, f, old, new):
        return F.Pred(f.name, tuple(self.visit(a, old, new) for a in f.args))

    def ren_Accepts(self, f, old, new):
        return F.Accepts(f.name, f.automaton, tuple(self.visit(a, old, new) for a in f.args))

    def ren_Scale(self, f, old, new):
        return F.Scale(f.coef, self.visit(f.term, old, new))

    def ren_Div(self, f, old, new):
        return F.Div(self.visit(f.term, old, new), f.den)

    def ren_Cmp(self, f, old, new):
        return F.Cmp(f.op, self.visit(f.left, old, new), self.visit(f.right, old, new))

    def ren_Xor(self, f, old, new):
        return F.Xor(*(self.visit(v, old, new) for v in (f.a, f.b, f.c)))

    def ren_Not(self, f, old, new):
        return F.Not(self.visit(f.body, old, new))

    def _pair(self, f, old, new):
        return type(f)(self.visit(f.a, old, new), self.visit(f.b, old, new))

    ren_Implies = ren_Iff = _pair


_RENAMER = _Renamer()


def rename(f, old: str, new: str):
    """``f`` (a formula or term) with the free variable ``old`` renamed ``new`` (every bound name
    of the translation is fresh, so nothing is captured; :class:`_Renamer`)."""
    return _RENAMER.visit(f, old, new)
