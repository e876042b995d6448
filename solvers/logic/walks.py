"""The proof language's own walks (issue 45, item 3), each a registered
:class:`~solvers.logic.visitor.FormulaVisitor`: the free variables of a term or a formula
(:class:`FreeVars`), the value of a term (:class:`TermValue`), the bounded truth of a formula
(:class:`Truth`) and the formulas right below one (:class:`Children`), behind
:func:`solvers.logic.formula.free_vars`, ``term_vars``, ``term_value``, ``evaluate`` and
``subformulas``."""

from __future__ import annotations

from . import nodes as F
from .visitor import FORMULAS, TERMS, FormulaVisitor, register_visitor


@register_visitor
class FreeVars(FormulaVisitor):
    """The free variables of a term (its variables) or a formula: a set of names."""

    def visit_Var(self, t):
        return {t.name}

    def visit_Const(self, t):
        return set()

    def visit_Add(self, t):
        return set().union(*(self.visit(x) for x in t.terms))

    def visit_Scale(self, t):
        return self.visit(t.term)

    visit_Div = visit_Scale

    def visit_Cmp(self, f):
        return self.visit(f.left) | self.visit(f.right)

    def visit_Xor(self, f):
        return {f.a.name, f.b.name, f.c.name}

    def visit_Pred(self, f):
        return {a.name for a in f.args}

    visit_Accepts = visit_Pred
    visit_Bool = visit_Const

    def visit_Not(self, f):
        return self.visit(f.body)

    def visit_And(self, f):
        return set().union(*(self.visit(p) for p in f.parts))

    visit_Or = visit_And

    def visit_Implies(self, f):
        return self.visit(f.a) | self.visit(f.b)

    visit_Iff = visit_Implies

    def visit_Exists(self, f):
        return self.visit(f.body) - set(f.vars)

    visit_Forall = visit_Exists


@register_visitor
class TermValue(FormulaVisitor):
    """The natural value of a term under ``env`` (variable -> natural number)."""

    NODES = TERMS

    def visit_Var(self, t, env):
        return env[t.name]

    def visit_Const(self, t, env):
        return t.value

    def visit_Add(self, t, env):
        return sum(self.visit(x, env) for x in t.terms)

    def visit_Scale(self, t, env):
        return t.coef * self.visit(t.term, env)

    def visit_Div(self, t, env):
        return self.visit(t.term, env) // t.den


@register_visitor
class Children(FormulaVisitor):
    """The formulas right below a formula, left to right (a tuple; none below an atom: calls are
    not followed)."""

    NODES = FORMULAS

    def _atom(self, f):
        return ()

    visit_Cmp = visit_Xor = visit_Pred = visit_Accepts = visit_Bool = _atom

    def visit_Not(self, f):
        return (f.body,)

    visit_Exists = visit_Forall = visit_Not

    def visit_And(self, f):
        return f.parts

    visit_Or = visit_And

    def visit_Implies(self, f):
        return (f.a, f.b)

    visit_Iff = visit_Implies


_CMP = F._CMP
FREE_VARS, TERM_VALUE, CHILDREN = FreeVars(), TermValue(), Children()


@register_visitor
class Truth(FormulaVisitor):
    """The truth of a formula under ``env`` with every quantified variable ranging over
    ``0..limit-1``; ``defines`` maps predicate names to :class:`~solvers.logic.formula.Define`
    (a bounded check for tests, never a proof)."""

    NODES = FORMULAS

    def __init__(self, limit: int, defines: dict):
        self.limit, self.defines = limit, defines

    def visit_Cmp(self, f, env):
        return _CMP[f.op](TERM_VALUE.visit(f.left, env), TERM_VALUE.visit(f.right, env))

    def visit_Xor(self, f, env):
        return env[f.a.name] ^ env[f.b.name] == env[f.c.name]

    def visit_Pred(self, f, env):
        d = self.defines[f.name]
        return self.visit(d.body, {p: env[a.name] for p, a in zip(d.params, f.args)})

    def visit_Accepts(self, f, env):
        return f.automaton.accepts([env[a.name] for a in f.args])

    def visit_Bool(self, f, env):
        return f.value

    def visit_Not(self, f, env):
        return not self.visit(f.body, env)

    def visit_And(self, f, env):
        return all(self.visit(p, env) for p in f.parts)

    def visit_Or(self, f, env):
        return any(self.visit(p, env) for p in f.parts)

    def visit_Implies(self, f, env):
        return (not self.visit(f.a, env)) or self.visit(f.b, env)

    def visit_Iff(self, f, env):
        return self.visit(f.a, env) == self.visit(f.b, env)

    def visit_Exists(self, f, env):
        return any(self.visit(f.body, e) for e in _assignments(env, f.vars, self.limit))

    def visit_Forall(self, f, env):
        return all(self.visit(f.body, e) for e in _assignments(env, f.vars, self.limit))


def _assignments(env: dict, names, limit: int):
    if not names:
        yield env
        return
    for v in range(limit):
        yield from _assignments({**env, names[0]: v}, names[1:], limit)


def checked(node, kinds, what: str):
    """``node`` when its class is one of ``kinds``; else TypeError ``not a WHAT``."""
    if type(node) not in kinds:
        raise TypeError(f"not a {what}: {node!r}")
    return node


__all__ = ["FreeVars", "TermValue", "Truth", "Children", "FREE_VARS", "TERM_VALUE", "CHILDREN", "checked", "TERMS", "FORMULAS", "F"]
