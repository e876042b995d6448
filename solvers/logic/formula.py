"""The proof language: first-order formulas of Büchi arithmetic over the natural numbers
(Presburger arithmetic plus bitwise xor), the one shape every prover reads.

Issue 32/33: a catalog claim becomes a few *obligations* (closed sentences, or sentences whose
free variables are the coordinates of a position), stated over *definitions* (named predicates
such as ``valid(x, y, z)``). The translation from a checked game (:mod:`solvers.logic.translate`)
writes this language; each prover reads it: Walnut through its printer
(``cgs_bridge/systems/walnut``), the embedded automata prover (:mod:`solvers.automata`) directly.

Every variable ranges over the natural numbers 0, 1, 2, ... There is no subtraction and no
negative constant: a term always has a natural value, so the meaning is the same in every prover
(Walnut's ``x-1`` is partial and is never printed). Nodes::

    Terms:     Var(name)  Const(n >= 0)  Add(terms)  Scale(c >= 1, term)  Div(term, d >= 1)
               (Div is the floor of term / d)
    Atoms:     Cmp(op, left, right)   op in = != < <= > >=
               Xor(a, b, c)           a xor b = c (bitwise, on variables)
               Pred(name, args)       a defined predicate applied to variables
               Accepts(name, automaton, args)  an automaton (read from a file, issue 44)
                                      accepts the variables' digits
               TRUE, FALSE
    Formulas:  Not(f)  And(parts)  Or(parts)  Implies(a, b)  Iff(a, b)
               Exists(vars, body)  Forall(vars, body)

A :class:`Define` names a formula over parameters (the predicate's arguments, in the order calls
give them); a :class:`Obligation` is one sentence to decide: its ``body`` must hold for every
value of its ``free`` variables; when it does not, the smallest tuple of ``free`` values where it
fails is the counterexample. :class:`Problem` bundles definitions (in dependency order) and
obligations.

:func:`evaluate` decides a formula by brute force with every quantifier bounded by ``limit``: the
tests' independent check (never a proof).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Tuple

from .nodes import (_CMP, CMP_OPS, FALSE, FORMULA_TYPES, TERM_TYPES, TRUE, Accepts, Add, And,  # noqa: F401
                    Bool, Cmp, Const, Div, Exists, Forall, Formula, Iff, Implies, Not, Or, Pred, Scale, Term,
                    Var, Xor)
from .walks import CHILDREN, FORMULAS, FREE_VARS, TERM_VALUE, TERMS, Truth, checked


# ---------------------------------------------------------------- problems
@dataclass(frozen=True)
class Define:
    """A named predicate: ``name(params...) := body`` (``body``'s free variables are among
    ``params``; it may call definitions listed before it)."""

    name: str
    params: Tuple[str, ...]
    body: Formula
    meaning: str = ""


@dataclass(frozen=True)
class Obligation:
    """One sentence to decide: ``body`` holds for every natural value of ``free``.

    ``name`` is an identifier (``closed``, ``reach``, ...), ``meaning`` one line in words."""

    name: str
    free: Tuple[str, ...]
    body: Formula
    meaning: str = ""


#: The numerations a problem may be stated in: binary (``msd_2``, the default) and Zeckendorf
#: (``msd_fib``: weights 1, 2, 3, 5, 8, ..., no two adjacent 1s), most significant digit first.
NUMERATIONS = ("msd_2", "msd_fib")


@dataclass(frozen=True)
class Problem:
    """Definitions (in dependency order) and obligations, over the natural numbers written in
    ``numeration`` (:data:`NUMERATIONS`): the truth of a sentence does not depend on it, but the
    automata do, and ``Xor`` (a bitwise relation) has an automaton in ``msd_2`` only."""

    defines: Tuple[Define, ...]
    obligations: Tuple[Obligation, ...]
    numeration: str = "msd_2"

    def __post_init__(self):
        if self.numeration not in NUMERATIONS:
            raise ValueError(f"unknown numeration {self.numeration!r}; one of {NUMERATIONS}")

    def define(self, name: str) -> Define:
        return next(d for d in self.defines if d.name == name)


# ---------------------------------------------------------------- helpers
def conj(*parts) -> Formula:
    """And of ``parts`` with TRUE dropped and nested Ands flattened (TRUE when empty)."""
    flat = []
    for p in parts:
        if p == TRUE:
            continue
        flat.extend(p.parts if isinstance(p, And) else (p,))
    return flat[0] if len(flat) == 1 else (And(tuple(flat)) if flat else TRUE)


def disj(*parts) -> Formula:
    """Or of ``parts`` with FALSE dropped and nested Ors flattened (FALSE when empty)."""
    flat = []
    for p in parts:
        if p == FALSE:
            continue
        flat.extend(p.parts if isinstance(p, Or) else (p,))
    return flat[0] if len(flat) == 1 else (Or(tuple(flat)) if flat else FALSE)


def term_vars(t: Term) -> set:
    """The variables of the term ``t`` (:class:`solvers.logic.walks.FreeVars`)."""
    return FREE_VARS.visit(checked(t, TERMS, "term"))


def free_vars(f: Formula) -> set:
    """The free variables of ``f`` (:class:`solvers.logic.walks.FreeVars`). Raises TypeError on a
    node that is not a formula."""
    return FREE_VARS.visit(checked(f, FORMULAS, "formula"))


def subformulas(f: Formula):
    """Yield ``f`` and every formula below it (pre-order; calls are not followed;
    :class:`solvers.logic.walks.Children`). Raises TypeError on a node that is not a formula."""
    stack = [checked(f, FORMULAS, "formula")]
    while stack:
        g = stack.pop()
        yield g
        stack.extend(reversed(CHILDREN.visit(g)))


def problem_numeration(defines, obligations) -> str:
    """The numeration a problem's ``Accepts`` atoms are written in (``msd_2`` when none).

    Raises:
        ValueError: automata in two numerations, or ``Xor`` (bitwise, base 2 only) beside an
            automaton in ``msd_fib`` (the message says which)."""
    found, xor = set(), False
    for f in [d.body for d in defines] + [o.body for o in obligations]:
        for g in subformulas(f):
            if isinstance(g, Accepts):
                found.add(g.automaton.numeration)
            xor = xor or isinstance(g, Xor)
    if len(found) > 1:
        raise ValueError("automata in two numerations (msd_2 and msd_fib) in one claim")
    numeration = found.pop() if found else "msd_2"
    if numeration == "msd_fib" and xor:
        raise ValueError("xor (a bitwise relation of base 2) has no automaton in Fibonacci "
                         "numeration (msd_fib), the numeration of the claim's automaton")
    return numeration


def term_value(t: Term, env: dict) -> int:
    """The value of the term ``t`` under ``env`` (:class:`solvers.logic.walks.TermValue`)."""
    return TERM_VALUE.visit(t, env)


def evaluate(f: Formula, env: dict, limit: int, defines: dict | None = None) -> bool:
    """Truth of ``f`` under ``env`` (variable -> natural number) with every quantified variable
    ranging over ``0..limit-1``; ``defines`` maps predicate names to :class:`Define`. A bounded
    check for tests, never a proof (a formula true below ``limit`` may be false above it)
    (:class:`solvers.logic.walks.Truth`). Raises TypeError on a node that is not a formula."""
    return Truth(limit, defines or {}).visit(checked(f, FORMULAS, "formula"), env)


# ---------------------------------------------------------------- what a prover answers
@dataclass(frozen=True)
class Decision:
    """A prover's answer on one :class:`Obligation`.

    ``holds``: the body is true for every value of the free variables (for all natural numbers,
    decided by automata, never sampled). ``witness``: when it does not hold and there are free
    variables, the values (in ``free`` order) read from the *shortest* input accepted by the
    automaton of the failing tuples, ties broken by the least sequence of digit tuples (most
    significant digit first, each tuple compared in ``free`` order): the one rule both provers
    follow, so their witnesses are comparable. ``states``: the largest automaton built (0 when
    the prover does not say); ``seconds``: the prover's wall time; ``output``: what it printed
    (Walnut's text; empty for the embedded prover)."""

    obligation: str
    holds: bool
    witness: Tuple[int, ...] | None = None
    states: int = 0
    seconds: float = 0.0
    output: str = ""
