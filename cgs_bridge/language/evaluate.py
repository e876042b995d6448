"""Reference evaluation of specification expressions: each expression is compiled once into a
Python closure over an environment list (no ``eval`` of any text).

Semantics (identical in every target):

- integers are unbounded; ``floor(a / b)`` and ``ceil(a / b)`` are exact; ``a % b`` and
  ``mod(a, b)`` take the sign of ``b`` (Mathematica ``Mod``, Python ``%``);
- ``a xor b`` / ``a ⊕ b`` / ``nimsum(...)`` is the nim-sum (seed 001 Def 1.1), extended to negative
  integers as two's complement like Mathematica's ``BitXor`` (seed 003 Ex 8.5 applies it to x - 1);
- ``a ^ b`` is a power with ``b >= 0``; ``ilog2(n)`` = floor(log2 n) for ``n >= 1``;
- ``max m in lo..hi with cond`` is the largest m in the inclusive range satisfying cond (an
  :class:`~cgs_bridge.foundation.errors.EvaluationError` when there is none); ``min`` the smallest.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from cgs_bridge.foundation.errors import EvaluationError

from . import ast as A
from .arith import MAX_POWER_BITS, ceil_div, floor_div, ilog2, mod, nimsum, power  # noqa: F401  (public here too)
from .operators import BUILTINS, OPS
from .visitor import ExprVisitor, register_visitor

#: Most values a bounded search ``max m in lo..hi`` may try.
MAX_SEARCH_SPAN = 10_000_000


#: Evaluation of each operator and builtin: the ``python`` column of the operator table.
_PY = {op.name: op.python for op in OPS if op.python is not None}


@dataclass(frozen=True)
class FunctionValue:
    """The value of a function parameter: ``body`` is an expression in the variable ``var``;
    ``text`` is how the user (or the spec's default) wrote it."""

    var: str
    body: A.Expr
    text: str

    def __str__(self):
        return self.text


@register_visitor
class Compiler(ExprVisitor):
    """Compile expressions of one game bound to parameter values.

    Args:
        slots: maps a name (coordinate, cut variable, claim keyword) to its index in the
            environment list passed to compiled closures.
        constants: integer parameters -> values.
        functions: function parameters and definitions -> Python callables of integers.

    ``visit_<Node>(e, slots)`` returns a closure ``env -> value``; ``slots`` grows inside a
    ``Search`` (its variable gets the next index).
    """

    def __init__(self, slots: dict, constants: dict, functions: dict):
        self.slots = dict(slots)
        self.constants = constants
        self.functions = functions

    def compile(self, e) -> Callable[[list], object]:
        """A closure ``env -> value`` for the expression ``e`` (``KeyError`` for an unknown name)."""
        return self.visit(e, self.slots)

    def visit_Num(self, e, slots):
        v = e.value
        return lambda env: v

    def visit_Name(self, e, slots):
        if e.id in slots:
            i = slots[e.id]
            return lambda env: env[i]
        if e.id in self.constants:
            v = self.constants[e.id]
            return lambda env: v
        raise KeyError(e.id)

    def visit_Neg(self, e, slots):
        f = self.visit(e.operand, slots)
        return lambda env: -f(env)

    def visit_Not(self, e, slots):
        f = self.visit(e.operand, slots)
        return lambda env: not f(env)

    def visit_BinOp(self, e, slots):
        f, g = self.visit(e.left, slots), self.visit(e.right, slots)
        if e.op == "and":
            return lambda env: f(env) and g(env)
        if e.op == "or":
            return lambda env: f(env) or g(env)
        if e.op == "iff":
            return lambda env: bool(f(env)) == bool(g(env))
        op = _PY[e.op]
        return lambda env: op(f(env), g(env))

    def visit_Compare(self, e, slots):
        fs = [self.visit(o, slots) for o in e.operands]
        ops = [_PY[o] for o in e.ops]
        if len(ops) == 1:
            f, g, op = fs[0], fs[1], ops[0]
            return lambda env: op(f(env), g(env))

        def chain(env):
            left = fs[0](env)
            for op, f in zip(ops, fs[1:]):
                right = f(env)
                if not op(left, right):
                    return False
                left = right
            return True
        return chain

    def visit_FloorDiv(self, e, slots):
        f, g = self.visit(e.num, slots), self.visit(e.den, slots)
        op = _PY["floor/"]
        return lambda env: op(f(env), g(env))

    def visit_CeilDiv(self, e, slots):
        f, g = self.visit(e.num, slots), self.visit(e.den, slots)
        op = _PY["ceil/"]
        return lambda env: op(f(env), g(env))

    def visit_If(self, e, slots):
        p, f, g = (self.visit(x, slots) for x in (e.cond, e.then, e.orelse))
        return lambda env: f(env) if p(env) else g(env)

    def visit_Call(self, e, slots):
        fs = [self.visit(a, slots) for a in e.args]
        fn = _PY[e.func] if e.func in BUILTINS else self.functions[e.func]
        if len(fs) == 1:
            f = fs[0]
            return lambda env: fn(f(env))
        return lambda env: fn(*[f(env) for f in fs])

    def visit_Accepts(self, e, slots):
        """The automaton's verdict on the arguments' digits (a negative value: not accepted)."""
        fs = [self.visit(a, slots) for a in e.args]
        aut = e.automaton
        return lambda env: aut.accepts([f(env) for f in fs])

    def visit_Search(self, e, slots):
        lo, hi = self.visit(e.lo, slots), self.visit(e.hi, slots)
        inner = dict(slots)
        idx = max(slots.values(), default=-1) + 1
        inner[e.var] = idx
        cond = self.visit(e.cond, inner)
        kind, var, where = e.kind, e.var, e.pos

        def search(env):
            a, b = lo(env), hi(env)
            if b - a + 1 > MAX_SEARCH_SPAN:
                raise EvaluationError(f"{kind} {var} in {a}..{b} (line {where.line}) would try "
                                      f"{b - a + 1:,} values; a bounded search may try at most "
                                      f"{MAX_SEARCH_SPAN:,}")
            local = list(env) + [0] * (idx + 1 - len(env))
            rng = range(b, a - 1, -1) if kind == "max" else range(a, b + 1)
            for m in rng:
                local[idx] = m
                if cond(local):
                    return m
            raise EvaluationError(f"{kind} {var} in {a}..{b} with ...: no value satisfies the "
                                  f"condition (line {where.line})")
        return search


def compile_function(params: tuple, body, constants: dict, functions: dict) -> Callable[..., int]:
    """Compile a definition or function parameter into a Python function of integers."""
    f = Compiler({p: i for i, p in enumerate(params)}, constants, functions).compile(body)
    n = len(params)

    def call(*args):
        if len(args) != n:
            raise EvaluationError(f"expected {n} arguments, got {len(args)}")
        return f(list(args))
    return call
