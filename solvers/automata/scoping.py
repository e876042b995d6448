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
    Add, And, Bool, Cmp, Const, Define, Div, Exists, Forall, Iff, Implies, Not, Or, Pred, Scale,
    Var, Xor, free_vars,
)

#: At most this many cases from distributing one existential over disjunctions (beyond it the
#: conjunction is built whole: distribution trades one product for several smaller ones).
MAX_CASES = 64


class _Rename:
    """Capture-avoiding renaming of free variables (``mapping``: name -> name), dispatched on
    the node's type name like :class:`~.build.Builder`."""

    def __init__(self, mapping: dict, avoid: set):
        self.mapping, self.avoid = mapping, avoid

    def term(self, t):
        if isinstance(t, Var):
            return Var(self.mapping.get(t.name, t.name))
        if isinstance(t, Const):
            return t
        if isinstance(t, Add):
            return Add(tuple(self.term(x) for x in t.terms))
        if isinstance(t, Scale):
            return Scale(t.coef, self.term(t.term))
        if isinstance(t, Div):
            return Div(self.term(t.term), t.den)
        raise TypeError(f"not a term: {t!r}")

    def __call__(self, f):
        method = getattr(self, "_" + type(f).__name__, None)
        if method is None:
            raise TypeError(f"not a formula: {f!r}")
        return method(f)

    def _Cmp(self, f):
        return Cmp(f.op, self.term(f.left), self.term(f.right))

    def _Xor(self, f):
        return Xor(self.term(f.a), self.term(f.b), self.term(f.c))

    def _Pred(self, f):
        return Pred(f.name, tuple(self.term(a) for a in f.args))

    def _Bool(self, f):
        return f

    def _Not(self, f):
        return Not(self(f.body))

    def _And(self, f):
        return And(tuple(self(p) for p in f.parts))

    def _Or(self, f):
        return Or(tuple(self(p) for p in f.parts))

    def _Implies(self, f):
        return Implies(self(f.a), self(f.b))

    def _Iff(self, f):
        return Iff(self(f.a), self(f.b))

    def _quantified(self, f, kind):
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
        return kind(tuple(names), _Rename(inner, self.avoid)(f.body))

    def _Exists(self, f):
        return self._quantified(f, Exists)

    def _Forall(self, f):
        return self._quantified(f, Forall)


def fresh_name(base: str, used: set) -> str:
    """``base#1``, ``base#2``, ... the first not in ``used`` (``#`` starts no variable of the
    proof language's printers); deterministic, so equal formulas stay equal (and cached once)."""
    i = 1
    while f"{base}#{i}" in used:
        i += 1
    return f"{base}#{i}"


def rename(f, mapping: dict):
    """``f`` with each free variable ``v`` renamed to ``mapping.get(v, v)``, bound variables
    renamed (:func:`fresh_name`) where a new name would be captured."""
    mapping = {k: v for k, v in mapping.items() if k != v}
    if not mapping:
        return f
    return _Rename(mapping, _all_names(f) | set(mapping.values()))(f)


def _all_names(f) -> set:
    """Every variable name of ``f``, free or bound (the names a fresh name must avoid)."""
    names = set(free_vars(f))
    for node in _subformulas(f):
        if isinstance(node, (Exists, Forall)):
            names |= set(node.vars) | free_vars(node.body)
    return names


def _subformulas(f):
    yield f
    for child in _children(f):
        yield from _subformulas(child)


def _children(f):
    if isinstance(f, (And, Or)):
        return f.parts
    if isinstance(f, (Implies, Iff)):
        return (f.a, f.b)
    if isinstance(f, (Not, Exists, Forall)):
        return (f.body,)
    return ()


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

