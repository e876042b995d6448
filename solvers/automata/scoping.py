"""Rewrites of an existential over a conjunction before its automaton is built (issue 45): each is
an equivalence of first-order logic over the natural numbers, so they decide the order of the work,
never the meaning (tests/solvers/test_automata_scoping.py checks them against
:func:`~solvers.logic.formula.evaluate` on random formulas).

- **Inlining**: a call of a definition whose body is a conjunction or a disjunction, inside the
  scope of a quantified variable, is replaced by that body with its parameters renamed to the
  call's arguments (bound variables renamed away from them: capture-avoiding substitution), so the
  rules below see its parts;
- **one-point rule**: ``E v (v = w & f)`` is ``E v f[v := w]`` without ``v`` when ``w`` is another
  variable (H. B. Enderton, *A Mathematical Introduction to Logic*, 2001, section 2.4: equality
  axioms): a move's unchanged coordinates (``z_1 = z``) disappear instead of becoming tracks;
- **distribution**: ``E v (c & (a | b))`` is ``E v (c & a) | E v (c & b)`` (E distributes over
  Or), so each case is a smaller conjunction, and a case with an empty part stops early.
"""

from __future__ import annotations

from solvers.logic.formula import (
    Accepts, Add, And, Bool, Cmp, Define, Div, Exists, Forall, Not, Or, Pred, Scale, Var, Xor, free_vars,
    subformulas,
)
from solvers.logic.visitor import ALL, FORMULAS, FormulaVisitor, register_visitor

#: At most this many cases from distributing one existential over disjunctions (beyond it the
#: conjunction is built whole: distribution trades one product for several smaller ones).
MAX_CASES = 64


@register_visitor
class _Rename(FormulaVisitor):
    """Capture-avoiding renaming of free variables (``mapping``: name -> name) over every node of
    the proof language, terms and formulas (a registered
    :class:`~solvers.logic.visitor.FormulaVisitor`); ``avoid``: the names a fresh bound name must
    not take."""

    PREFIX, NODES, VERB = "ren_", ALL, "rename in"

    def __init__(self, mapping: dict, avoid: set):
        self.mapping, self.avoid = mapping, avoid

    def ren_Var(self, t):
        return Var(self.mapping.get(t.name, t.name))

    def _same(self, f):
        return f

    ren_Const = ren_Bool = _same

    def ren_Add(self, t):
        return Add(tuple(self.visit(x) for x in t.terms))

    def ren_Scale(self, t):
        return Scale(t.coef, self.visit(t.term))

    def ren_Div(self, t):
        return Div(self.visit(t.term), t.den)

    def ren_Cmp(self, f):
        return Cmp(f.op, self.visit(f.left), self.visit(f.right))

    def ren_Xor(self, f):
        return Xor(self.visit(f.a), self.visit(f.b), self.visit(f.c))

    def ren_Pred(self, f):
        return Pred(f.name, tuple(self.visit(a) for a in f.args))

    def ren_Accepts(self, f):
        return Accepts(f.name, f.automaton, tuple(self.visit(a) for a in f.args))

    def ren_Not(self, f):
        return Not(self.visit(f.body))

    def _parts(self, f):
        return type(f)(tuple(self.visit(p) for p in f.parts))

    ren_And = ren_Or = _parts

    def _pair(self, f):
        return type(f)(self.visit(f.a), self.visit(f.b))

    ren_Implies = ren_Iff = _pair

    def _quantified(self, f):
        inner = {k: v for k, v in self.mapping.items() if k not in f.vars}
        targets = set(inner.values())
        names = []
        for v in f.vars:                      # a bound variable a new name would be captured by
            if v in targets:
                fresh = fresh_name(v, self.avoid | targets | set(f.vars))
                self.avoid = self.avoid | {fresh}
                inner[v] = fresh
                v = fresh
            names.append(v)
        return type(f)(tuple(names), _Rename(inner, self.avoid).visit(f.body))

    ren_Exists = ren_Forall = _quantified


def fresh_name(base: str, used: set) -> str:
    """``base#1``, ``base#2``, ... the first not in ``used`` (``#`` starts no variable of the
    proof language's printers); deterministic, so equal formulas stay equal (and cached once)."""
    i = 1
    while f"{base}#{i}" in used:
        i += 1
    return f"{base}#{i}"


def rename(f, mapping: dict):
    """The formula ``f`` with each free variable ``v`` renamed to ``mapping.get(v, v)``,
    bound variables renamed (:func:`fresh_name`) where a new name would be captured.

    Raises TypeError on a node that is not a formula."""
    mapping = {k: v for k, v in mapping.items() if k != v}
    if not mapping:
        return f
    if type(f) not in FORMULAS:
        raise TypeError(f"not a formula: {f!r}")
    return _Rename(mapping, _all_names(f) | set(mapping.values())).visit(f)


def _all_names(f) -> set:
    """Every variable name of ``f``, free or bound (the names a fresh name must avoid)."""
    names = set(free_vars(f))
    for node in subformulas(f):
        if isinstance(node, (Exists, Forall)):
            names |= set(node.vars) | free_vars(node.body)
    return names


def inline(call: Pred, define: Define):
    """The body of ``define`` with its parameters renamed to the arguments of ``call``."""
    return rename(define.body, {p: a.name for p, a in zip(define.params, call.args)})


def conjuncts(f) -> list:
    """The parts of ``f`` as a flat conjunction (nested Ands flattened, TRUE dropped)."""
    if isinstance(f, And):
        return [q for p in f.parts for q in conjuncts(p)]
    if f == Bool(True):
        return []
    return [f]


def expose(parts: list, names: set, defines: dict) -> list:
    """``parts`` with every call that mentions a variable of ``names`` and whose definition's
    body is a conjunction or a disjunction replaced by that body (conjunctions flattened), until
    none is left."""
    out, todo = [], list(parts)
    while todo:
        p = todo.pop(0)
        define = defines.get(p.name) if isinstance(p, Pred) else None
        if (define is not None and isinstance(define.body, (And, Or))
                and {a.name for a in p.args} & names):
            todo[:0] = conjuncts(inline(p, define))
            continue
        out.append(p)
    return out


def one_point(parts: list, names: tuple) -> tuple:
    """(parts, names) with each conjunct ``v = w`` (two distinct variables, ``v`` quantified)
    removed and ``v`` renamed to ``w`` in the other parts, ``v`` no longer quantified."""
    names = list(names)
    while True:
        eq = next((p for p in parts if _eliminable(p, names)), None)
        if eq is None:
            return parts, tuple(names)
        a, b = eq.left.name, eq.right.name
        v, w = (a, b) if a in names else (b, a)
        rest = [p for p in parts if p is not eq]
        parts = [q for p in rest for q in conjuncts(rename(p, {v: w}))]
        names.remove(v)


def _eliminable(p, names) -> bool:
    return (isinstance(p, Cmp) and p.op == "=" and isinstance(p.left, Var)
            and isinstance(p.right, Var) and p.left != p.right
            and (p.left.name in names or p.right.name in names))


def cases(parts: list, names: set) -> list | None:
    """The conjunctions (lists of parts) ``parts`` splits into when each disjunction mentioning
    ``names`` is distributed, or None when there is none or more than :data:`MAX_CASES`."""
    ors = [p for p in parts if isinstance(p, Or) and free_vars(p) & names]
    if not ors:
        return None
    count = 1
    for p in ors:
        count *= len(p.parts)
    if count > MAX_CASES:
        return None
    first = ors[0]
    rest = [p for p in parts if p is not first]
    return [conjuncts(q) + rest for q in first.parts]

