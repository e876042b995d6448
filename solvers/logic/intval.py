"""Integer values in a proof language that has only natural numbers (issue 32, item 2).

The specification language computes with unbounded integers (``x - 1`` at ``x = 0`` is -1;
``xor`` is two's complement for negatives, like Mathematica's ``BitXor``); the proof language
(:mod:`solvers.logic.formula`) has only natural numbers and no subtraction. An integer value is
therefore held as a list of exclusive, exhaustive :class:`Case` s: in a case, natural witnesses
``vars`` exist (uniquely, when the case applies) with ``guard`` true, and the value is ``p - n``
for two natural terms. Comparisons move ``n`` across (``p1 - n1 <= p2 - n2`` iff
``p1 + n2 <= p2 + n1``); a floor splits on the sign; a nim-sum splits each operand on its sign,
``a < 0`` being ``-1 - m`` with ``m >= 0``, and uses (-1 - m) xor b = -1 - (m xor b) for b >= 0 and
(-1 - m) xor (-1 - n) = m xor n.

Because the witnesses of a case are determined by the value, one value may be used several times,
each use quantifying its own copy. Products of two values pair only cases that can hold together
(``tags``: a case remembers which case of each value it came from).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Tuple

from cgs_bridge.foundation.names import take_free

from . import formula as F
from .natural import ZERO, rename, tadd, tconst, tmin, tminus1, tscale  # noqa: F401  (re-exported)
from .visitor import FORMULAS, FormulaVisitor, register_visitor


class NotExpressible(Exception):
    """A construct outside the decidable fragment: ``reason`` in words, ``pos`` its place."""

    def __init__(self, reason: str, pos=None):
        super().__init__(reason)
        self.reason = reason
        self.pos = pos
        self.origin = None   # "game": raised in the game's text (a rule, a def), not the claim's


class Namer:
    """Fresh proof-language identifiers (``[a-z][a-z0-9_]*``) that avoid every name in ``used``."""

    def __init__(self, used=()):
        self.used = set(used)
        self.count: dict = {}

    def take(self, name: str) -> str:
        """``name`` itself if unused (then reserved), else ``name_2``, ``name_3``, ..."""
        return take_free(name, self.used, "_")

    def fresh(self, hint: str) -> str:
        """A new variable ``hint1``, ``hint2``, ... (never returned before, never a used name)."""
        while True:
            k = self.count.get(hint, 0) + 1
            self.count[hint] = k
            cand = f"{hint}{k}"
            if cand not in self.used:
                self.used.add(cand)
                return cand


# ---------------------------------------------------------------- formulas
def cmp(op: str, left: F.Term, right: F.Term) -> F.Formula:
    """``Cmp(op, left, right)`` with constant sides folded and ``t = t`` made TRUE."""
    a, b = tconst(left), tconst(right)
    if a is not None and b is not None:
        return F.Bool(F._CMP[op](a, b))
    if left == right:
        return F.Bool(op in ("=", "<=", ">="))
    if op == "=" and (tmin(left) > 0 and b == 0 or tmin(right) > 0 and a == 0):
        return F.FALSE
    return F.Cmp(op, left, right)


def exists(names, body: F.Formula) -> F.Formula:
    """``∃ names: body`` with the witnesses a conjunction pins down removed (:func:`_pinned`)."""
    names = list(n for n in names if n in F.free_vars(body))
    if isinstance(body, F.And):
        parts = list(body.parts)
        while _pinned(names, parts):
            pass
        body = F.conj(*parts) if parts else F.TRUE
    if not names or isinstance(body, F.Bool):
        return body
    return F.Exists(tuple(names), body)


def _uses(parts, v) -> int:
    return sum(v in F.free_vars(p) for p in parts)


def _pinned(names: list, parts: list) -> bool:
    """One step of the one-point rule on a conjunction ``parts`` under ``∃ names`` (in place):
    ``v = w`` (v a witness, w a variable) renames v to w; ``a xor b = v`` with ``v = 0`` becomes
    ``a = b``. True when a step was taken (the formula is equivalent)."""
    for k, part in enumerate(parts):
        if not (isinstance(part, F.Cmp) and part.op == "="):
            continue
        for v, other in ((part.left, part.right), (part.right, part.left)):
            if not (isinstance(v, F.Var) and v.name in names) or v == other:
                continue
            if isinstance(other, F.Var):
                del parts[k]
                parts[:] = [rename(p, v.name, other.name) for p in parts]
                names.remove(v.name)
                return True
            xors = [j for j, p in enumerate(parts) if isinstance(p, F.Xor) and p.c == v]
            if other == ZERO and xors and _uses(parts, v.name) == 2:
                x = parts[xors[0]]
                parts[xors[0]] = cmp("=", x.a, x.b)
                del parts[k]
                names.remove(v.name)
                return True
    return False


def conj(*parts) -> F.Formula:
    """:func:`formula.conj` that is FALSE when a part is FALSE."""
    return F.FALSE if any(p == F.FALSE for p in parts) else F.conj(*parts)


def disj(*parts) -> F.Formula:
    """:func:`formula.disj` that is TRUE when a part is TRUE."""
    return F.TRUE if any(p == F.TRUE for p in parts) else F.disj(*parts)


@register_visitor
class _Negated(FormulaVisitor):
    """:func:`neg`: a constant flipped, a negation removed, any other formula wrapped in ``Not``."""

    PREFIX, NODES, VERB = "neg_", FORMULAS, "negate"

    def neg_Bool(self, f):
        return F.Bool(not f.value)

    def neg_Not(self, f):
        return f.body

    def _wrapped(self, f):
        return F.Not(f)

    neg_Cmp = neg_Xor = neg_Pred = neg_Accepts = neg_And = neg_Or = neg_Implies = neg_Iff = \
        neg_Exists = neg_Forall = _wrapped


_NEGATED = _Negated()


def neg(f: F.Formula) -> F.Formula:
    """``~f`` with constants folded and a double negation removed (:class:`_Negated`)."""
    return _NEGATED.visit(f)


# ---------------------------------------------------------------- cases
@dataclass(frozen=True)
class Case:
    vars: Tuple[str, ...]
    guard: F.Formula
    p: F.Term
    n: F.Term
    tags: Tuple[Tuple[int, int], ...] = ()


_TAG = itertools.count(1)


def _tagged(cases) -> tuple:
    """Give a new value's cases a fresh tag (only when there are several to tell apart)."""
    cases = [c for c in cases if c.guard != F.FALSE]
    if len(cases) <= 1:
        return tuple(cases)
    tag = next(_TAG)
    return tuple(Case(c.vars, c.guard, c.p, c.n, c.tags + ((tag, k),)) for k, c in enumerate(cases))


def value(cases) -> tuple:
    """A value from its cases (a tuple of :class:`Case`)."""
    return _tagged(cases)


def const(c: int) -> tuple:
    return (Case((), F.TRUE, F.Const(max(c, 0)), F.Const(max(-c, 0))),)


def nat(term: F.Term) -> tuple:
    """The value of a natural term (a coordinate ``Var``, a ``Div`` ...)."""
    return (Case((), F.TRUE, term, ZERO),)


def const_of(v) -> int | None:
    """The integer ``v`` stands for when it is a constant, else None."""
    if len(v) == 1 and not v[0].vars and v[0].guard == F.TRUE:
        a, b = tconst(v[0].p), tconst(v[0].n)
        if a is not None and b is not None:
            return a - b
    return None


def nonneg_known(v) -> bool:
    """True when every case is ``p - 0`` (the value is a natural number by construction)."""
    return all(c.n == ZERO for c in v)


def combine(values, fn) -> tuple:
    """Cases of a value computed from ``values`` (a list of values): ``fn(cases)`` maps one
    compatible choice of a case per value to a list of ``(vars, guard, p, n)``."""
    out = []
    for choice in itertools.product(*values):
        tags = dict()
        ok = True
        for c in choice:
            for t, k in c.tags:
                if tags.setdefault(t, k) != k:
                    ok = False
        if not ok:
            continue
        names = tuple(dict.fromkeys(v for c in choice for v in c.vars))
        guard = conj(*(c.guard for c in choice))
        alltags = tuple(sorted(tags.items()))
        for vs, g, p, n in fn(choice):
            if g == F.FALSE:
                continue
            out.append(Case(names + tuple(vs), conj(guard, g), p, n, alltags))
    return _tagged(out)


def holds(v, atom) -> F.Formula:
    """The formula "the value satisfies ``atom(p, n)``" (``atom`` gives a formula of the case's
    two terms): the disjunction over the cases, each with its witnesses quantified."""
    return disj(*(exists(c.vars, conj(c.guard, atom(c.p, c.n))) for c in v))


def compare(op: str, a, b) -> F.Formula:
    """``a op b`` for two values (``op`` one of ``= != < <= > >=``)."""
    out = []
    for ca, cb in _pairs(a, b):
        out.append(exists(tuple(dict.fromkeys(ca.vars + cb.vars)),
                          conj(ca.guard, cb.guard, cmp(op, tadd(ca.p, cb.n), tadd(cb.p, ca.n)))))
    return disj(*out)


def _pairs(a, b):
    for ca, cb in itertools.product(a, b):
        ta = dict(ca.tags)
        if all(ta.get(t, k) == k for t, k in cb.tags):
            yield ca, cb


def equals_var(v, name: str) -> F.Formula:
    """"The value equals the natural variable ``name``"."""
    return holds(v, lambda p, n: cmp("=", F.Var(name), p) if n == ZERO else cmp("=", p, tadd(F.Var(name), n)))


def negative(v) -> F.Formula:
    """"The value is below 0"."""
    return disj(*(exists(c.vars, conj(c.guard, cmp("<", c.p, c.n))) for c in v if c.n != ZERO))
