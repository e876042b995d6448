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
from solvers.logic.visitor import FORMULAS, FormulaVisitor, register_visitor

from .atoms import Linear, Linearizer, floor_constraints, linear_automaton, xor_automaton
from .dfa import Dfa, complement, constant, product, relabel
from .limits import Budget, OverCap
from .minimize import minimize
from .project import project
from .scoping import cases, conjuncts, expose, one_point

#: A quantified conjunction over disjunctions is first built whole while its automata stay
#: within this many states (measured on the catalog: cgs_bridge/jobs/bench/prove_scale.py).
TRIAL_STATES = 1000
TRIAL_ENTRIES_PER_STATE = 256

#: Formulas whose automata are cached per :class:`Builder` (a quantifier has its own cache).
CACHED = (Cmp, Xor, Pred, Not, And, Or, Implies, Iff)

#: Each comparison as constraints ``form <= 0`` / ``form = 0`` on ``left - right`` (sign, shift).
_CMP = {"=": ("=", 1, 0), "<=": ("<=", 1, 0), "<": ("<=", 1, 1),
        ">=": ("<=", -1, 0), ">": ("<=", -1, 1)}


@register_visitor
class Builder(FormulaVisitor):
    """Builds automata of formulas under one :class:`~.limits.Budget`, with the automata of
    ``defines`` (name -> :class:`Define`) built on first use and cached by name. A registered
    visitor of the formulas (``_<Node>`` handlers); ``Accepts`` is refused here and read by
    :class:`~.numeration.NumerationBuilder`, which the prover uses."""

    PREFIX, NODES, VERB = "_", FORMULAS, "build an automaton of"
    REFUSED = {"Accepts": "an automaton read from a file is numeration-aware: "
                          "solvers/automata/numeration.NumerationBuilder builds it"}

    def __init__(self, defines: dict, budget: Budget):
        self.defines, self.budget = defines, budget
        self.cache: dict = {}
        self.quantified: dict = {}     # (body, names) -> the automaton of E names. body
        self.built: dict = {}          # formula (see CACHED) -> its automaton
        self.counter = itertools.count(1)

    # ------------------------------------------------------------- connectives
    def build(self, f) -> Dfa:
        """The minimal automaton of ``f`` over its free variables (sorted). Raises TypeError on a
        node that is not a formula, KeyError on an unknown predicate, AutomatonLimitError."""
        self.budget.tick("construction")
        if type(f) not in FORMULAS:
            raise TypeError(f"not a formula: {f!r}")
        if not isinstance(f, CACHED):
            return self.visit(f)
        if f not in self.built:       # a case split repeats its parts: each is built once
            self.built[f] = self.visit(f)
        return self.built[f]

    def _Bool(self, f: Bool) -> Dfa:
        return constant(f.value)

    def _Not(self, f: Not) -> Dfa:
        return minimize(complement(self.build(f.body)), self.budget)

    def _combine(self, parts, op: str) -> Dfa:
        """The product of the parts' automata: a disjunction multiplies them in order, a
        conjunction is scheduled by :meth:`_conjoin`. Any order gives the same language."""
        autos = [self.build(p) for p in parts]
        if op == "and":
            return self._conjoin(autos, ())
        out = autos[0] if autos else constant(False)
        for d in autos[1:]:
            out = minimize(product(out, d, op, self.budget), self.budget)
        return out

    def _conjoin(self, autos: list, names: tuple) -> Dfa:
        """The automaton of ``E names. (a_1 & ... & a_n)`` (tracks: the union of the parts'
        tracks without ``names``, sorted). A variable held by one part only is projected from it
        at once (early quantification: Burch, Clarke and Long, "Symbolic model checking with
        partitioned transition relations", 1991); then the two parts whose product is smallest
        are joined (:meth:`_best_pair`), until one part is left or a part is empty."""
        tracks = sorted(set().union(*(d.tracks for d in autos)) - set(names)) if autos else []
        autos, names = list(autos), list(names)
        while True:
            for v in list(names):
                holders = [i for i, d in enumerate(autos) if v in d.tracks]
                if len(holders) <= 1:
                    names.remove(v)
                    if holders:
                        autos[holders[0]] = project(autos[holders[0]], v, self.budget)
            if any(d.is_empty() for d in autos):
                return constant(False, tuple(tracks))
            if len(autos) <= 1:
                break
            i, j, joined = self._best_pair(autos)
            autos = [d for k, d in enumerate(autos) if k not in (i, j)]
            autos.append(minimize(joined, self.budget))
        out = autos[0] if autos else constant(True)
        return out if out.tracks == tuple(tracks) else relabel(out, tuple(tracks))

    def _best_pair(self, autos: list) -> tuple:
        """(i, j, product) of a pair of ``autos`` whose product is small: pairs are tried by the
        fewest tracks one adds to the other, then the fewest states multiplied; a product no
        larger than its larger side, or empty, is taken at once; else the smallest (ties: fewer
        tracks, then the first pair). Trial products stop past the best so far and past a cap
        (four times the largest part, then four times more until a product fits), so a pair whose
        product explodes costs no more than the pair that is taken."""
        def order(p):
            a, b = autos[p[0]], autos[p[1]]
            union = len(set(a.tracks) | set(b.tracks))
            return union - max(len(a.tracks), len(b.tracks)), a.states * b.states, union, p
        pairs = sorted(((i, j) for i in range(len(autos)) for j in range(i + 1, len(autos))),
                       key=order)
        cap = 4 * max(256, max(d.states for d in autos))
        while True:
            best = None
            for i, j in pairs:
                limit = cap if best is None else min(cap, best[2].states)
                p = product(autos[i], autos[j], "and", self.budget, limit=limit)
                if p is None:
                    continue
                if p.is_empty() or p.states <= max(autos[i].states, autos[j].states):
                    return i, j, p
                if best is None or (p.states, len(p.tracks)) < (best[2].states, len(best[2].tracks)):
                    best = (i, j, p)
            if best is not None:
                return best
            cap *= 4

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
        expected = tuple(sorted(free_vars(body) - set(names)))
        if d.tracks != expected:      # a variable renamed away (one-point rule) is free
            d = self.quantified[key] = relabel(d, expected)
        self.budget.check(d.states, 1, "quantified formula (cached)", entries=d.entries)
        return d

    def _exists_of(self, body, names: tuple) -> Dfa:
        return _ScopeIn().visit(body, self, names)

    def conjunction_exists(self, body, names: tuple) -> Dfa:
        """``E names. body`` for a body that is not a quantifier or a disjunction: its conjuncts
        (definitions exposed, one-point rule applied) joined with early quantification, or the
        disjunctions among them distributed when the whole conjunction grows too large."""
        parts = expose(conjuncts(body), set(names), self.defines)
        parts, names = one_point(parts, names)
        names = tuple(v for v in names if any(v in free_vars(p) for p in parts))
        split = cases(parts, set(names))
        if split is not None:
            whole = self._trial(lambda: self._conjoin([self.build(p) for p in parts], names))
            if whole is not None:
                return whole
            return self._combine([Exists(names, And(tuple(c))) for c in split], "or")
        return self._conjoin([self.build(p) for p in parts], names)

    def _trial(self, build):
        """``build()`` with every automaton limited to :data:`TRIAL_STATES` states (and their
        transitions to :data:`TRIAL_ENTRIES_PER_STATE` entries a state), or None when one grows
        past it (the disjunctions are then distributed: many small cases cost
        more than one small conjunction, and less than one large one)."""
        outer = self.budget.cap
        cap = (TRIAL_STATES, TRIAL_STATES * TRIAL_ENTRIES_PER_STATE)
        self.budget.cap = cap if outer is None else min(outer, cap)
        try:
            return build()
        except OverCap:
            return None
        finally:
            self.budget.cap = outer

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
        self.budget.check(d.states, 1, f"definition {define.name}", entries=d.entries)
        return d


@register_visitor
class _ScopeIn(FormulaVisitor):
    """``E names. body`` (``visit(body, builder, names)``) with the quantifier moved one step
    inwards (mini-scoping): through a nested ``Exists`` (the names joined), over a disjunction
    (one quantifier per part); every other formula is a conjunction of one or more parts
    (:meth:`Builder.conjunction_exists`)."""

    PREFIX, NODES, VERB = "in_", FORMULAS, "scope a quantifier in"

    def in_Exists(self, body, builder, names):
        return builder.exists_of(body.body, tuple(v for v in names if v not in body.vars)
                                 + tuple(body.vars))

    def in_Or(self, body, builder, names):
        return builder._combine([Exists(names, p) for p in body.parts], "or")

    def _conjunction(self, body, builder, names):
        return builder.conjunction_exists(body, names)

    in_Cmp = in_Xor = in_Pred = in_Accepts = in_Bool = in_Not = in_And = in_Implies = \
        in_Iff = in_Forall = _conjunction


@register_visitor
class _Negation(FormulaVisitor):
    """:func:`negated`: ``Not``, ``And``, ``Or``, ``Implies`` and ``Forall`` push the negation
    inwards; every other formula (an atom, ``Bool``, ``Iff``, ``Exists``) is wrapped in ``Not``."""

    PREFIX, NODES, VERB = "neg_", FORMULAS, "negate"

    def neg_Not(self, f):
        return f.body

    def neg_And(self, f):
        return Or(tuple(self.visit(p) for p in f.parts))

    def neg_Or(self, f):
        return And(tuple(self.visit(p) for p in f.parts))

    def neg_Implies(self, f):
        if isinstance(f.b, And):
            return Or(tuple(_and(f.a, self.visit(b)) for b in f.b.parts))
        return _and(f.a, self.visit(f.b))

    def neg_Forall(self, f):
        return Exists(f.vars, self.visit(f.body))

    def _wrapped(self, f):
        return Not(f)

    neg_Cmp = neg_Xor = neg_Pred = neg_Accepts = neg_Bool = neg_Iff = neg_Exists = _wrapped


_NEGATION = _Negation()


def negated(f):
    """A formula equivalent to ``~f`` with the negation pushed one connective inwards (De Morgan,
    ``~(a => b)`` = ``a & ~b``, ``~~a`` = ``a``, ``~A v. a`` = ``E v. ~a``), and
    ``~(a => b1 & ... & bn)`` = ``(a & ~b1) | ... | (a & ~bn)`` (a universal over a conjunction is
    the conjunction of the universals); any other formula is wrapped in ``Not``
    (:class:`_Negation`)."""
    return _NEGATION.visit(f)


def _and(*parts) -> And:
    """The conjunction of ``parts`` with nested conjunctions flattened (so that mini-scoping sees
    every conjunct)."""
    flat = []
    for p in parts:
        flat.extend(p.parts if isinstance(p, And) else (p,))
    return And(tuple(flat))

