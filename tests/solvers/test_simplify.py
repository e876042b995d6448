"""Constant folding in the proof language (solvers/logic/simplify.py, issue 33): the simplified
formula has the same truth as the original at every x, y below 8, by the bounded evaluator of
solvers/logic/formula.py (quantifiers over 0..7), on random formulas rich in variable-free
comparisons, TRUE/FALSE and closed quantifiers; and what it folds is gone."""

from __future__ import annotations

import itertools
import os

from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from solvers.logic.formula import (FALSE, TRUE, And, Bool, Cmp, Const, Define, Div, Exists, Forall,
                                   Iff, Implies, Not, Obligation, Or, Pred, Problem, Var, evaluate,
                                   free_vars, term_vars)
from solvers.logic.simplify import simplify, simplify_problem

from test_automata_properties import PRED, atoms

LIMIT = 8
DEFINES = {"p": PRED}


def constant_atoms():
    const = st.integers(0, 9).map(Const)
    cterm = st.one_of(const, st.tuples(const, st.integers(1, 3)).map(lambda a: Div(*a)))
    return st.one_of(st.builds(Cmp, st.sampled_from(["=", "!=", "<", "<=", ">", ">="]), cterm, cterm),
                     st.sampled_from([TRUE, FALSE]))


def degenerate(names):
    leaf = st.one_of(atoms(names), constant_atoms())

    def extend(f):
        return st.one_of(
            st.builds(Not, f), st.lists(f, min_size=2, max_size=3).map(lambda p: And(tuple(p))),
            st.lists(f, min_size=2, max_size=3).map(lambda p: Or(tuple(p))),
            st.builds(Implies, f, f), st.builds(Iff, f, f),
            st.builds(Exists, st.sampled_from([("u",), ("x",), ("u", "y")]), f),
            st.builds(Forall, st.sampled_from([("u",), ("y",), ("x", "u")]), f))
    return st.recursive(leaf, extend, max_leaves=6)


def same_meaning(f, g) -> bool:
    """f and g agree at every x, y, u below LIMIT (quantifiers bounded by LIMIT)."""
    return all(evaluate(f, env, LIMIT, DEFINES) == evaluate(g, env, LIMIT, DEFINES)
               for env in ({"x": x, "y": y, "u": u}
                           for x, y, u in itertools.product(range(LIMIT), repeat=3)))


def constant_parts(f) -> list:
    """Variable-free comparisons, TRUE/FALSE below a connective, quantifiers over absent variables."""
    if isinstance(f, Cmp):
        return [] if term_vars(f.left) | term_vars(f.right) else [f]
    if isinstance(f, (Exists, Forall)):
        absent = [v for v in f.vars if v not in free_vars(f.body)]
        return ([f] if absent else []) + constant_parts(f.body)
    kids = getattr(f, "parts", None) or [getattr(f, k) for k in ("body", "a", "b") if hasattr(f, k)]
    return [k for k in kids if isinstance(k, Bool)] + [c for k in kids for c in constant_parts(k)]


@settings(max_examples=int(os.environ.get("CGS_BRIDGE_SIMPLIFY_EXAMPLES", "60")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(degenerate(["x", "y", "u"]))
def test_simplify_keeps_the_meaning_and_folds_every_constant(f):
    note(repr(f))
    g = simplify(f)
    note(repr(g))
    assert same_meaning(f, g)
    assert constant_parts(g) == []
    assert free_vars(g) <= free_vars(f)


def test_a_wrong_fold_is_caught_by_the_check():
    """The planted twin: folding ``a => FALSE`` to ``a`` (instead of ``~a``) changes the meaning."""
    x = Cmp("<", Var("x"), Const(3))
    f = Implies(x, Cmp("=", Const(0), Const(1)))
    assert simplify(f) == Not(x)
    assert same_meaning(f, simplify(f))
    assert not same_meaning(f, x)


def test_a_definition_that_folds_to_a_constant_is_inlined():
    always = Define("always", ("a",), Or((Cmp("<", Var("a"), Const(2)), Cmp("<=", Const(0), Const(0)))))
    never = Define("never", ("a",), And((Cmp(">", Var("a"), Const(2)), Cmp("<", Const(4), Const(1)))))
    ob = Obligation("o", ("x", "y"), Implies(Pred("always", (Var("x"),)),
                                             Or((Pred("never", (Var("y"),)), Cmp("<", Var("x"), Var("y"))))))
    out = simplify_problem(Problem((always, never), (ob,)))
    assert out.defines == ()
    assert out.obligations == (Obligation("o", ("x", "y"), Cmp("<", Var("x"), Var("y"))),)
