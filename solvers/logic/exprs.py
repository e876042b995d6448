"""Specification expressions -> the proof language: an integer expression becomes a sign-case
value (:mod:`solvers.logic.intval`), a condition a formula. One visitor, one handler per node
class (``register_visitor``); ``def``s are inlined, integer parameters replaced by their values and
function parameters by their bodies (an expression in ``t``). What leaves Büchi arithmetic raises
:class:`~solvers.logic.intval.NotExpressible` with the node's place: a product of two variables, a
power with a variable exponent, a bounded search, ``floor(log2(..))``, a name left unbound.
"""

from __future__ import annotations

from cgs_bridge.language import ast as A
from cgs_bridge.language.visitor import ExprVisitor, register_visitor

from . import formula as F
from . import intops as O
from .intval import NotExpressible, compare, conj, const, const_of, disj, equals_var, neg

_CMP = {"==": "=", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}


class Context:
    """What every translation of one game shares: ``namer`` (fresh names), ``constants`` (int
    parameters -> values), ``functions`` (function parameters -> FunctionValue) and ``defs``
    (name -> :class:`~cgs_bridge.language.ast.Def`)."""

    def __init__(self, namer, constants: dict, functions: dict, defs: dict):
        self.namer, self.constants, self.functions, self.defs = namer, constants, functions, defs


@register_visitor
class Translator(ExprVisitor):
    """``int_(e)``: the sign-case value of an integer expression; ``bool_(e)``: the formula of a
    condition. ``env`` maps names (coordinates, cut and move variables, def arguments) to values.

    Raises:
        NotExpressible: the construct and its place (``pos``)."""

    def __init__(self, ctx: Context, env: dict):
        self.ctx, self.env = ctx, env

    def int_(self, e):
        return self.visit(e, "int")

    def bool_(self, e) -> F.Formula:
        return self.visit(e, "bool")

    def _need(self, want, have, e):
        if want != have:
            raise NotExpressible(f"{'a condition' if have == 'bool' else 'an integer'} where "
                                 f"{'a condition' if want == 'bool' else 'an integer'} is expected", e.pos)

    def visit_Num(self, e, want):
        self._need(want, "int", e)
        return const(e.value)

    def visit_Name(self, e, want):
        if e.id in A.CLAIM_NAMES:
            raise NotExpressible(f"'{e.id}' inside a condition of the claim (only the shapes "
                                 "'P iff C', 'grundy == E', 'misere == E' and 'R or CLAIM' are "
                                 "translated)", e.pos)
        self._need(want, "int", e)
        if e.id in self.env:
            return self.env[e.id]
        if e.id in self.ctx.constants:
            return const(self.ctx.constants[e.id])
        raise NotExpressible(f"the name {e.id!r} is left unbound (a parameter without a value?)", e.pos)

    def visit_Neg(self, e, want):
        self._need(want, "int", e)
        return O.minus(self.int_(e.operand))

    def visit_Not(self, e, want):
        self._need(want, "bool", e)
        return neg(self.bool_(e.operand))

    def visit_BinOp(self, e, want):
        if e.op in ("and", "or", "iff"):
            self._need(want, "bool", e)
            a, b = self.bool_(e.left), self.bool_(e.right)
            return conj(a, b) if e.op == "and" else disj(a, b) if e.op == "or" else F.Iff(a, b)
        self._need(want, "int", e)
        a, b = self.int_(e.left), self.int_(e.right)
        op, namer = e.op, self.ctx.namer
        if op == "+":
            return O.add(a, b)
        if op == "-":
            return O.sub(a, b)
        if op == "*":
            return O.mul(a, b, e.pos)
        if op == "%":
            return O.mod(a, b, namer, e.pos)
        if op == "^":
            return O.power(a, b, e.pos)
        if op == "xor":
            return O.xor(a, b, namer, e.pos)
        raise NotExpressible(f"the operator {op!r}", e.pos)

    def visit_Compare(self, e, want):
        self._need(want, "bool", e)
        vals = [self.int_(o) for o in e.operands]
        return conj(*(compare(_CMP[op], a, b) for op, a, b in zip(e.ops, vals, vals[1:])))

    def _den(self, e):
        return O.const_int(self.int_(e.den), "the divisor", e.pos)

    def visit_FloorDiv(self, e, want):
        self._need(want, "int", e)
        return O.fdiv(self.int_(e.num), self._den(e), self.ctx.namer, e.pos)

    def visit_CeilDiv(self, e, want):
        self._need(want, "int", e)
        return O.cdiv(self.int_(e.num), self._den(e), self.ctx.namer, e.pos)

    def visit_If(self, e, want):
        c = self.bool_(e.cond)
        if want == "bool":
            t, f = self.bool_(e.then), self.bool_(e.orelse)
            return disj(conj(c, t), conj(neg(c), f))
        return O.ite(c, self.int_(e.then), self.int_(e.orelse))

    def visit_Search(self, e, want):
        raise NotExpressible(f"a bounded search ('{e.kind} {e.var} in ...') is not a term of "
                             "Büchi arithmetic", e.pos)

    def visit_Accepts(self, e, want):
        """``accepts "FILE"(a, ...)``: the file's automaton on fresh naturals equal to the
        arguments (a negative argument has no natural equal: not accepted, as the evaluator)."""
        self._need(want, "bool", e)
        names, parts, args = [], [], []
        for a in e.args:
            value = self.int_(a)
            plain = _plain_var(value)
            if plain is not None:              # a natural variable itself: no copy needed
                args.append(plain)
                continue
            v = self.ctx.namer.fresh("u")
            names.append(v)
            args.append(F.Var(v))
            parts.append(equals_var(value, v))
        atom = F.Accepts(automaton_name(e.path), e.automaton, tuple(args))
        return F.Exists(tuple(names), conj(*parts, atom)) if names else atom

    def visit_Call(self, e, want):
        f = e.func
        if f in self.ctx.defs:
            d = self.ctx.defs[f]
            args = [self.int_(a) for a in e.args]
            try:
                return Translator(self.ctx, dict(zip(d.params, args))).visit(d.body, want)
            except NotExpressible as err:
                err.origin = err.origin or "game"
                raise
        if f in self.ctx.functions:
            return self._function(e, want)
        self._need(want, "int", e)
        if f == "ilog2":
            raise NotExpressible("floor(log2(..)) is not a term of Büchi arithmetic", e.pos)
        args = [self.int_(a) for a in e.args]
        namer = self.ctx.namer
        if f in ("min", "max"):
            return O.minmax(args, f == "min")
        if f == "abs":
            return O.absolute(args[0])
        if f == "mod":
            return O.mod(args[0], args[1], namer, e.pos)
        if f == "nimsum":
            out = args[0]
            for b in args[1:]:
                out = O.xor(out, b, namer, e.pos)
            return out
        raise NotExpressible(f"the function {f!r}", e.pos)

    def _function(self, e, want):
        fv = self.ctx.functions[e.func]
        arg = self.int_(e.args[0])
        try:
            return Translator(self.ctx, {fv.var: arg}).visit(fv.body, want)
        except NotExpressible as err:
            raise NotExpressible(f"the function parameter {e.func}({fv.var}) = {fv.text} is not linear "
                                 f"with floors: {err.reason}", e.pos) from None


def is_constant(v) -> bool:
    return const_of(v) is not None


def automaton_name(path: str) -> str:
    """The proof-language name of the automaton of file ``path``: its stem, lowercased, with
    every character outside ``[a-z0-9_]`` replaced by ``_`` (``ppos.txt`` -> ``ppos``)."""
    import re
    from pathlib import PurePath
    stem = re.sub(r"[^a-z0-9_]", "_", PurePath(path).stem.lower()) or "automaton"
    return stem if stem[0].isalpha() else "a_" + stem


def _plain_var(value):
    """The variable a value is, when it is one natural variable (one case, no witnesses, no
    guard, nothing subtracted), else None."""
    if len(value) != 1:
        return None
    c = value[0]
    if c.vars or c.guard != F.TRUE or c.n != F.Const(0) or not isinstance(c.p, F.Var):
        return None
    return c.p
