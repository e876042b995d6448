"""The specification language's integer operations on sign-case values
(:mod:`solvers.logic.intval`), each following :mod:`cgs_bridge.language.arith` exactly: exact
floor and ceiling division, ``%`` with the sign of the divisor, min/max/abs, if-then-else and the
nim-sum in two's complement. Constants are folded with the language's own functions, so a constant
sub-expression has the evaluator's value by construction.
"""

from __future__ import annotations

from cgs_bridge.foundation.errors import EvaluationError
from cgs_bridge.language import arith

from . import formula as F
from .intval import (ZERO, NotExpressible, cmp, combine, conj, const, const_of, neg, tadd, tconst, tmin,
                     tminus1, tscale)


def _fold(values, fn, pos):
    cs = [const_of(v) for v in values]
    if any(c is None for c in cs):
        return None
    try:
        return const(fn(*cs))
    except EvaluationError as e:
        raise NotExpressible(f"the expression has no value ({e})", pos) from None


def add(a, b):
    return _fold([a, b], int.__add__, None) or combine(
        [a, b], lambda c: [((), F.TRUE, tadd(c[0].p, c[1].p), tadd(c[0].n, c[1].n))])


def minus(a):
    return tuple(type(c)(c.vars, c.guard, c.n, c.p, c.tags) for c in a)


def sub(a, b):
    return add(a, minus(b))


def scale(k: int, a):
    """``k * a`` for an integer constant ``k``."""
    if k < 0:
        return scale(-k, minus(a))
    if k == 0:
        return const(0)
    return tuple(type(c)(c.vars, c.guard, tscale(k, c.p), tscale(k, c.n), c.tags) for c in a)


def mul(a, b, pos):
    ka, kb = const_of(a), const_of(b)
    if ka is not None:
        return scale(ka, b)
    if kb is not None:
        return scale(kb, a)
    raise NotExpressible("a product of two variables (Presburger arithmetic has products by "
                         "constants only)", pos)


def power(a, b, pos):
    kb = const_of(b)
    if kb is None:
        raise NotExpressible("a power with a variable exponent", pos)
    if const_of(a) is None:
        raise NotExpressible("a power with a variable base", pos)
    return _fold([a, b], arith.power, pos)


def fdiv(a, d: int, namer, pos):
    """``floor(a / d)`` for an integer constant ``d``."""
    if d == 0:
        raise NotExpressible("division by zero", pos)
    if d < 0:
        return fdiv(minus(a), -d, namer, pos)
    folded = _fold([a], lambda x: arith.floor_div(x, d), pos)
    if folded is not None or d == 1:
        return folded or a

    def one(c):
        c = c[0]
        if c.n == ZERO:
            return [((), F.TRUE, F.Div(c.p, d), ZERO)]
        if c.p == ZERO and tmin(c.n) >= 1:  # -N with N >= 1: floor(-N/d) = -floor((N + d - 1)/d)
            return [((), F.TRUE, ZERO, F.Div(tadd(c.n, F.Const(d - 1)), d))]
        m = namer.fresh("q")
        dm = tscale(d, F.Var(m))
        pos_g = conj(cmp("<=", tadd(dm, c.n), c.p), cmp("<", c.p, tadd(dm, c.n, F.Const(d))))
        neg_g = conj(cmp("<", tadd(c.p, dm), c.n), cmp("<=", c.n, tadd(c.p, dm, F.Const(d))))
        return [((m,), pos_g, F.Var(m), ZERO), ((m,), neg_g, ZERO, tadd(F.Var(m), F.Const(1)))]
    return combine([a], one)


def cdiv(a, d: int, namer, pos):
    """``ceil(a / d)`` = -floor(-a / d)."""
    if d == 0:
        raise NotExpressible("division by zero", pos)
    return minus(fdiv(minus(a), d, namer, pos))


def mod(a, b, namer, pos):
    """``a % b`` (sign of the divisor) = a - b * floor(a / b), ``b`` a constant."""
    kb = const_of(b)
    if kb is None:
        raise NotExpressible("a remainder by a variable", pos)
    if kb == 0:
        raise NotExpressible("a remainder by zero", pos)
    folded = _fold([a], lambda x: arith.mod(x, kb), pos)
    return folded or sub(a, scale(kb, fdiv(a, kb, namer, pos)))


def minmax(args, smallest: bool):
    """``min``/``max`` of a list of values."""
    out = args[0]
    for b in args[1:]:
        out = _minmax2(out, b, smallest)
    return out


def _minmax2(a, b, smallest):
    ka, kb = const_of(a), const_of(b)
    if ka is not None and kb is not None:
        return const(min(ka, kb) if smallest else max(ka, kb))

    def one(c):
        ca, cb = c
        le = cmp("<=", tadd(ca.p, cb.n), tadd(cb.p, ca.n))
        low, high = (ca, cb) if smallest else (cb, ca)
        return [((), le, low.p, low.n), ((), neg(le), high.p, high.n)]
    return combine([a, b], one)


def absolute(a):
    def one(c):
        c = c[0]
        if c.n == ZERO:
            return [((), F.TRUE, c.p, ZERO)]
        ge = cmp(">=", c.p, c.n)
        return [((), ge, c.p, c.n), ((), neg(ge), c.n, c.p)]
    k = const_of(a)
    return const(abs(k)) if k is not None else combine([a], one)


def ite(cond: F.Formula, a, b):
    """``if cond then a else b``."""
    if cond == F.TRUE:
        return a
    if cond == F.FALSE:
        return b
    return combine([a], lambda c: [((), cond, c[0].p, c[0].n)]) + \
        combine([b], lambda c: [((), neg(cond), c[0].p, c[0].n)])


def _signs(c, namer):
    """The sign split of one case ``p - n``: a list of ``(negative?, vars, guard, magnitude var)``
    where the value is the magnitude (negative False) or -1 - magnitude (negative True)."""
    if c.n == ZERO:
        opts = [(False, (), F.TRUE, c.p)]
    elif c.p == ZERO and tminus1(c.n) is not None:
        opts = [(True, (), F.TRUE, tminus1(c.n))]
    else:
        m = namer.fresh("m")
        opts = [(False, (m,), cmp("=", c.p, tadd(F.Var(m), c.n)), F.Var(m)),
                (True, (m,), cmp("=", c.n, tadd(c.p, F.Var(m), F.Const(1))), F.Var(m))]
    out = []
    for negative, vs, g, mag in opts:
        if not isinstance(mag, F.Var):
            m = namer.fresh("m")
            vs, g, mag = vs + (m,), conj(g, cmp("=", F.Var(m), mag)), F.Var(m)
        out.append((negative, vs, g, mag))
    return out


def xor(a, b, namer, pos):
    """Nim-sum with two's complement for negatives (:func:`cgs_bridge.language.arith.nimsum`)."""
    folded = _fold([a, b], arith.nimsum, pos)
    if folded is not None:
        return folded

    def one(c):
        out = []
        for sa, va, ga, ma in _signs(c[0], namer):
            for sb, vb, gb, mb in _signs(c[1], namer):
                if ma == mb:
                    r_term, vs, g = ZERO, (), F.TRUE
                else:
                    r = namer.fresh("r")
                    r_term, vs, g = F.Var(r), (r,), F.Xor(ma, mb, F.Var(r))
                guard = conj(ga, gb, g)
                if sa == sb:
                    out.append((va + vb + vs, guard, r_term, ZERO))
                else:
                    out.append((va + vb + vs, guard, ZERO, tadd(r_term, F.Const(1))))
        return out
    return combine([a, b], one)


def const_int(v, what: str, pos) -> int:
    """The constant ``v`` stands for, or NotExpressible naming ``what`` needed a constant."""
    k = const_of(v)
    if k is None:
        raise NotExpressible(f"{what} is not a constant", pos)
    return k


__all__ = ["add", "sub", "minus", "scale", "mul", "power", "fdiv", "cdiv", "mod", "minmax",
           "absolute", "ite", "xor", "const_int", "tconst"]
