"""The rewrites of solvers/automata/scoping.py (issue 45) against the bounded evaluator of the
proof language on random formulas (hypothesis): a capture-avoiding renaming means the formula
read with renamed values; inlining a definition, the one-point rule and distributing an
existential over a disjunction each keep the meaning of ``E names. (parts)``; and the prover
decides sentences where these rewrites apply as the evaluator does."""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from solvers.automata import decide_problem
from solvers.automata.scoping import cases, conjuncts, expose, one_point, rename
from solvers.logic.formula import (
    Add, And, Cmp, Const, Define, Exists, Forall, Implies, Not, Obligation, Or, Pred, Problem,
    Var, Xor, evaluate, free_vars,
)

NAMES = ["x", "y", "u", "w"]
LIMIT = 4
DEFINES = {
    "p": Define("p", ("a", "b"), Or((Cmp("<", Var("a"), Var("b")), Xor(Var("a"), Var("b"), Var("b"))))),
    "q": Define("q", ("a", "b"), And((Cmp("=", Var("a"), Var("b")), Exists(("a2",), Cmp(
        "=", Add((Var("a2"), Var("a2"))), Var("b")))))),
}


def atoms():
    var = st.sampled_from(NAMES).map(Var)
    term = st.one_of(var, st.integers(0, 3).map(Const),
                     st.tuples(var, var).map(lambda ab: Add(ab)))
    return st.one_of(
        st.builds(Cmp, st.sampled_from(["=", "<", "<="]), term, term),
        st.builds(Cmp, st.just("="), var, var),
        st.builds(Xor, var, var, var),
        st.builds(lambda n, a, b: Pred(n, (a, b)), st.sampled_from(["p", "q"]), var, var))


def formulas():
    def extend(f):
        names = st.lists(st.sampled_from(NAMES), min_size=1, max_size=2, unique=True).map(tuple)
        return st.one_of(st.builds(Not, f), st.lists(f, min_size=2, max_size=3).map(
            lambda p: And(tuple(p))), st.lists(f, min_size=2, max_size=3).map(lambda p: Or(tuple(p))),
            st.builds(Implies, f, f), st.builds(Exists, names, f), st.builds(Forall, names, f))
    return st.recursive(atoms(), extend, max_leaves=5)


def envs(names):
    for values in itertools.product(range(LIMIT), repeat=len(names)):
        yield dict(zip(names, values))


def same_meaning(f, g):
    names = sorted(free_vars(f) | free_vars(g))
    return all(evaluate(f, e, LIMIT, DEFINES) == evaluate(g, e, LIMIT, DEFINES) for e in envs(names))


SETTINGS = settings(max_examples=80, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@SETTINGS
@given(formulas(), st.dictionaries(st.sampled_from(NAMES), st.sampled_from(NAMES), max_size=3))
def test_renaming_reads_the_renamed_values(f, mapping):
    note(repr(f))
    g = rename(f, mapping)
    assert free_vars(g) == {mapping.get(v, v) for v in free_vars(f)}
    for env in envs(sorted(free_vars(g))):
        old = {v: env[mapping.get(v, v)] for v in free_vars(f)}
        assert evaluate(g, env, LIMIT, DEFINES) == evaluate(f, old, LIMIT, DEFINES)


@SETTINGS
@given(st.lists(formulas(), min_size=1, max_size=3),
       st.lists(st.sampled_from(NAMES), min_size=1, max_size=2, unique=True))
def test_inlining_one_point_and_distribution_keep_the_meaning(parts, names):
    original = Exists(tuple(names), And(tuple(parts)))
    note(repr(original))
    exposed = expose([q for p in parts for q in conjuncts(p)], set(names), DEFINES)
    assert same_meaning(original, Exists(tuple(names), And(tuple(exposed))))
    reduced, kept = one_point(exposed, tuple(names))
    assert set(kept) <= set(names)
    assert same_meaning(original, Exists(kept, And(tuple(reduced))) if kept else And(tuple(reduced)))
    split = cases(reduced, set(kept))
    if split is not None:
        assert same_meaning(original, Or(tuple(Exists(kept, And(tuple(c))) for c in split)))


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(formulas())
def test_the_prover_decides_as_the_evaluator_on_bounded_sentences(body):
    """Every free variable bounded by LIMIT inside the sentence, so the evaluator's bounded
    quantifiers and the prover's unbounded ones agree only where the body's own quantifiers do
    not matter beyond the bound: the sentence quantifies the bounded variables only."""
    names = tuple(sorted(free_vars(body)))
    guard = And(tuple(Cmp("<", Var(v), Const(LIMIT)) for v in names)) if names else None
    quantifier_free = not any(isinstance(n, (Exists, Forall)) for n in _nodes(body))
    if not quantifier_free:
        return
    sentence = Forall(names, Implies(guard, body)) if names else body
    note(repr(sentence))
    [d] = decide_problem(Problem(tuple(DEFINES.values()), (Obligation("s", (), sentence),)))
    assert d.holds == evaluate(sentence, {}, LIMIT, DEFINES)


def _nodes(f):
    yield f
    for child in getattr(f, "parts", ()) or ():
        yield from _nodes(child)
    for attr in ("body", "a", "b"):
        child = getattr(f, attr, None)
        if child is not None and not isinstance(child, Var):
            yield from _nodes(child)
