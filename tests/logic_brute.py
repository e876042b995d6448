"""A bounded evaluator of the proof language for tests, written apart from the code under test:
every quantifier ranges over 0..limit-1, one variable at a time, and each defined predicate is
memoized on its arguments (so a set S is computed once per position). A bounded check, never a
proof."""

from __future__ import annotations

import itertools

from solvers.logic import formula as F

_OPS = {"=": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
        "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}


class Brute:
    def __init__(self, problem, limit: int):
        self.defs = {d.name: d for d in problem.defines}
        self.limit = limit
        self.memo: dict = {}

    def term(self, t, env) -> int:
        if isinstance(t, F.Var):
            return env[t.name]
        if isinstance(t, F.Const):
            return t.value
        if isinstance(t, F.Add):
            return sum(self.term(x, env) for x in t.terms)
        if isinstance(t, F.Scale):
            return t.coef * self.term(t.term, env)
        return self.term(t.term, env) // t.den

    def call(self, name: str, args) -> bool:
        key = (name, tuple(args))
        if key not in self.memo:
            d = self.defs[name]
            self.memo[key] = self.holds(d.body, dict(zip(d.params, args)))
        return self.memo[key]

    def holds(self, f, env) -> bool:
        h = lambda g, e=env: self.holds(g, e)  # noqa: E731
        if isinstance(f, F.Cmp):
            return _OPS[f.op](self.term(f.left, env), self.term(f.right, env))
        if isinstance(f, F.Xor):
            return env[f.a.name] ^ env[f.b.name] == env[f.c.name]
        if isinstance(f, F.Pred):
            return self.call(f.name, [env[a.name] for a in f.args])
        if isinstance(f, F.Bool):
            return f.value
        if isinstance(f, F.Not):
            return not h(f.body)
        if isinstance(f, F.And):
            return all(h(p) for p in f.parts)
        if isinstance(f, F.Or):
            return any(h(p) for p in f.parts)
        if isinstance(f, F.Implies):
            return (not h(f.a)) or h(f.b)
        if isinstance(f, F.Iff):
            return h(f.a) == h(f.b)
        test = any if isinstance(f, F.Exists) else all
        return test(h(f.body, {**env, **dict(zip(f.vars, vals))})
                    for vals in itertools.product(range(self.limit), repeat=len(f.vars)))

    def obligation(self, ob, values) -> bool:
        """The obligation's body at the free variables' ``values``."""
        return self.holds(ob.body, dict(zip(ob.free, values)))
