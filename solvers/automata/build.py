"""From a formula of the proof language (:mod:`solvers.logic.formula`) to its minimal automaton,
by structural recursion (Büchi; Boudet and Comon, CAAP 1996; Wolper and Boigelot, CAV 2000):

- ``Cmp``: a linear constraint automaton per (in)equality (:mod:`.atoms`), floors through fresh
  quotient variables projected away; ``!=`` the complement of ``=``;
- ``Xor``: one state; ``Pred``: the definition's automaton (built once per :class:`Builder`,
  cached by name) with its parameters relabelled to the call's arguments;
- ``And``/``Or``/``Implies``/``Iff``: products; ``Not``: complement (after completion);
- ``Exists``: projection with the leading-zero closure (:mod:`.project`); ``Forall v. f`` as
  ``~ E v. ~f``.

Every step ends minimised, so automata stay as small as their languages allow. The tracks of the
automaton of ``f`` are exactly ``f``'s free variables, sorted."""

from __future__ import annotations

import itertools

from solvers.logic.formula import (
    And, Bool, Cmp, Define, Exists, Forall, Iff, Implies, Not, Or, Pred, Xor, free_vars,
)

from .atoms import Linear, Linearizer, floor_constraints, linear_automaton, xor_automaton
from .dfa import Dfa, complement, constant, product, relabel
from .limits import Budget
from .minimize import minimize
from .project import project

#: Each comparison as constraints ``form <= 0`` / ``form = 0`` on ``left - right`` (sign, shift).
_CMP = {"=": ("=", 1, 0), "<=": ("<=", 1, 0), "<": ("<=", 1, 1),
        ">=": ("<=", -1, 0), ">": ("<=", -1, 1)}


class Builder:
    """Builds automata of formulas under one :class:`~.limits.Budget`, with the automata of
    ``defines`` (name -> :class:`Define`) built on first use and cached by name."""

    def __init__(self, defines: dict, budget: Budget):
        self.defines, self.budget = defines, budget
        self.cache: dict = {}
        self.quantified: dict = {}     # (body, names) -> the automaton of E names. body
        self.counter = itertools.count(1)

    # ------------------------------------------------------------- connectives
    def build(self, f) -> Dfa:
        """The minimal automaton of ``f`` over its free variables (sorted). Raises TypeError on a
        node that is not a formula, KeyError on an unknown predicate, AutomatonLimitError."""
        self.budget.tick("construction")
        method = getattr(self, "_" + type(f).__name__, None)
        if method is None:
            raise TypeError(f"not a formula: {f!r}")
        return method(f)

    def _Bool(self, f: Bool) -> Dfa:
        return constant(f.value)

    def _Not(self, f: Not) -> Dfa:
        return minimize(complement(self.build(f.body)), self.budget)

    def _combine(self, parts, op: str) -> Dfa:
        """The product of the parts' automata. A disjunction multiplies them in order. A
        conjunction starts from the part over the most tracks (a relation such as ``option``
        before the sets it is restricted to), fewer states first among equals; then, among the
        parts that add the fewest tracks not yet read (products over disjoint tracks are
        Cartesian), it takes the one whose product with the conjunction so far has the fewest
        states; it stops as soon as the conjunction is empty. Any order gives the same language."""
        autos = [self.build(p) for p in parts]
        if op != "and":
            out = autos[0] if autos else constant(False)
            for d in autos[1:]:
                out = minimize(product(out, d, op, self.budget), self.budget)
            return out
        tracks = tuple(sorted(set().union(*(d.tracks for d in autos))))
        if not autos:
            return constant(True)
        autos.sort(key=lambda d: (-len(d.tracks), d.states))
        out, rest = autos[0], autos[1:]
        while rest and not out.is_empty():
            fewest = min(len(set(d.tracks) - set(out.tracks)) for d in rest)
            trials = [(product(out, d, op, self.budget), i) for i, d in enumerate(rest)
                      if len(set(d.tracks) - set(out.tracks)) == fewest]
            best, i = min(trials, key=lambda t: (t[0].states, t[1]))
            out = minimize(best, self.budget)
            rest.pop(i)
        return constant(False, tracks) if out.is_empty() else out

    def _And(self, f: And) -> Dfa:
        return self._combine(f.parts, "and")

    def _Or(self, f: Or) -> Dfa:
        return self._combine(f.parts, "or")

    def _Implies(self, f: Implies) -> Dfa:
        a = minimize(complement(self.build(f.a)), self.budget)
        return minimize(product(a, self.build(f.b), "or", self.budget), self.budget)

    def _Iff(self, f: Iff) -> Dfa:
        return minimize(product(self.build(f.a), self.build(f.b), "iff", self.budget), self.budget)

    def _Exists(self, f: Exists) -> Dfa:
        return self.exists_of(f.body, tuple(f.vars))

    def exists_of(self, body, names: tuple) -> Dfa:
        """The automaton of ``E names. body`` with the quantifier moved inwards first
        (mini-scoping, an equivalence of first-order logic: E distributes over Or, and a
        conjunct without the variables leaves the scope), so projections act on small automata."""
        names = tuple(v for v in dict.fromkeys(names) if v in free_vars(body))
        if not names:
            return self.build(body)
        key = (body, names)
        if key not in self.quantified:
            self.quantified[key] = self._exists_of(body, names)
        d = self.quantified[key]
        self.budget.check(d.states, d.letters, "quantified formula (cached)")
        return d

    def _exists_of(self, body, names: tuple) -> Dfa:
        if isinstance(body, Exists):
            return self.exists_of(body.body, tuple(v for v in names if v not in body.vars)
                                  + tuple(body.vars))
        if isinstance(body, Or):
            return self._combine([Exists(names, p) for p in body.parts], "or")
        if isinstance(body, And):
            outside = [p for p in body.parts if not free_vars(p) & set(names)]
            if outside:
                inside = [p for p in body.parts if free_vars(p) & set(names)]
                return self._combine(outside + [Exists(names, And(tuple(inside)))], "and")
        return self.exists(self.build(body), names)

    def _Forall(self, f: Forall) -> Dfa:
        """``A v. f`` as ``~ E v. ~f`` with the negation pushed inwards first (:func:`negated`),
        so the existential's mini-scoping applies: a universal over a conjunction (or over an
        implication with a conjunction on its right) splits into one universal per conjunct, and
        ``A q. (a => ~b)`` is ``~ E q. (a & b)``, the same automaton (cached) as ``E q. (a & b)``."""
        names = tuple(v for v in dict.fromkeys(f.vars) if v in free_vars(f.body))
        if not names:
            return self.build(f.body)
        return minimize(complement(self.exists_of(negated(f.body), names)), self.budget)

    def exists(self, d: Dfa, names) -> Dfa:
        """``E names. d``, one variable at a time (absent variables are skipped)."""
        for v in reversed(names):
            d = project(d, v, self.budget)
        return d

    # ------------------------------------------------------------- atoms
    def _Xor(self, f: Xor) -> Dfa:
        return xor_automaton(f)

    def _Cmp(self, f: Cmp) -> Dfa:
        if f.op == "!=":
            return minimize(complement(self._Cmp(Cmp("=", f.left, f.right))), self.budget)
        lin = Linearizer(self.counter)
        diff = lin.linear(f.left).plus(lin.linear(f.right), -1)
        relation, sign, shift = _CMP[f.op]
        d = self.linear_atom(diff.times(sign).plus(Linear({}, shift)), relation)
        for q, form, den in reversed(lin.floors):   # innermost floors were recorded first
            for c in floor_constraints(q, form, den):
                d = minimize(product(d, self.linear_atom(c, "<="), "and", self.budget), self.budget)
            d = project(d, q, self.budget)
        return d

    def linear_atom(self, form, relation: str) -> Dfa:
        """The automaton of ``form = 0`` / ``form <= 0`` (base 2; a numeration overrides it)."""
        return linear_automaton(form, relation, self.budget)

    def _Pred(self, f: Pred) -> Dfa:
        define = self.defines.get(f.name)
        if define is None:
            raise KeyError(f"unknown predicate {f.name!r} (no Define of that name before it)")
        if len(define.params) != len(f.args):
            raise ValueError(f"{f.name} takes {len(define.params)} arguments, got {len(f.args)}")
        d = self.define(define)
        source = {p: a.name for p, a in zip(define.params, f.args)}
        tracks = tuple(sorted(set(source[t] for t in d.tracks)))
        return minimize(relabel(d, tracks, source), self.budget)

    def define(self, define: Define) -> Dfa:
        """The cached automaton of ``define.body`` (tracks: its free variables, sorted)."""
        if define.name not in self.cache:
            extra = free_vars(define.body) - set(define.params)
            if extra:
                raise ValueError(f"definition {define.name} uses variables {sorted(extra)} that "
                                 f"are not its parameters {define.params}")
            self.cache[define.name] = self.build(define.body)
        d = self.cache[define.name]
        self.budget.check(d.states, d.letters, f"definition {define.name}")
        return d


def negated(f):
    """A formula equivalent to ``~f`` with the negation pushed one connective inwards (De Morgan,
    ``~(a => b)`` = ``a & ~b``, ``~~a`` = ``a``, ``~A v. a`` = ``E v. ~a``), and
    ``~(a => b1 & ... & bn)`` = ``(a & ~b1) | ... | (a & ~bn)`` (a universal over a conjunction is
    the conjunction of the universals); any other formula is wrapped in ``Not``."""
    if isinstance(f, Not):
        return f.body
    if isinstance(f, And):
        return Or(tuple(negated(p) for p in f.parts))
    if isinstance(f, Or):
        return And(tuple(negated(p) for p in f.parts))
    if isinstance(f, Implies):
        if isinstance(f.b, And):
            return Or(tuple(_and(f.a, negated(b)) for b in f.b.parts))
        return _and(f.a, negated(f.b))
    if isinstance(f, Forall):
        return Exists(f.vars, negated(f.body))
    return Not(f)


def _and(*parts) -> And:
    """The conjunction of ``parts`` with nested conjunctions flattened (so that mini-scoping sees
    every conjunct)."""
    flat = []
    for p in parts:
        flat.extend(p.parts if isinstance(p, And) else (p,))
    return And(tuple(flat))

