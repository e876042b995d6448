"""Random formulas of the fragment (hypothesis): the embedded prover's automaton of failing tuples
equals a brute force written here (numpy over every value below 2**6, quantifiers bounded inside
the formula by a free variable or a constant), on words with and without extra leading zeros; its
verdict and smallest counterexample equal the brute force's (issue 33)."""

from __future__ import annotations

import itertools
import os

import numpy as np
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from solvers.automata.build import Builder
from solvers.automata.decide import decide_obligation, failing_automaton
from solvers.automata.limits import Budget
from solvers.logic.formula import (
    Add, And, Cmp, Const, Define, Div, Exists, Forall, Iff, Implies, Not, Obligation, Or, Pred,
    Scale, Var, Xor,
)

N = 64                                       # every value below 2**6
EXAMPLES = int(os.environ.get("CGS_BRIDGE_AUTOMATA_EXAMPLES", "40"))
AXIS = {"x": 0, "y": 1, "u": 2}              # one grid axis per variable (u: the bound variable)
PRED = Define("p", ("a", "b"), Or((Cmp("<", Var("a"), Div(Var("b"), 2)),
                                   Xor(Var("a"), Var("b"), Var("b")))))


def terms(names):
    var = st.sampled_from(names).map(Var)
    leaf = st.one_of(var, st.integers(0, 9).map(Const))
    return st.recursive(leaf, lambda t: st.one_of(
        st.lists(t, min_size=2, max_size=3).map(lambda ts: Add(tuple(ts))),
        st.tuples(st.integers(1, 3), t).map(lambda a: Scale(*a)),
        st.tuples(t, st.integers(1, 4)).map(lambda a: Div(*a))), max_leaves=3)


def atoms(names):
    var = st.sampled_from(names).map(Var)
    return st.one_of(
        st.builds(Cmp, st.sampled_from(["=", "!=", "<", "<=", ">", ">="]), terms(names), terms(names)),
        st.builds(Xor, var, var, var),
        st.tuples(var, var).map(lambda ab: Pred("p", ab)))


def bounded(quantifier, bound, body):
    """E u <= bound: body, or A u <= bound: body."""
    guard = Cmp("<=", Var("u"), bound)
    if quantifier is Exists:
        return Exists(("u",), And((guard, body)))
    return Forall(("u",), Implies(guard, body))


def formulas(names, quantify=True):
    def extend(f):
        options = [st.builds(Not, f), st.lists(f, min_size=2, max_size=3).map(lambda p: And(tuple(p))),
                   st.lists(f, min_size=2, max_size=3).map(lambda p: Or(tuple(p))),
                   st.builds(Implies, f, f), st.builds(Iff, f, f)]
        return st.one_of(options)
    base = st.recursive(atoms(names), extend, max_leaves=4)
    if not quantify:
        return base
    bound = st.one_of(st.sampled_from(["x", "y"]).map(Var), st.integers(0, 63).map(Const))
    inner = st.recursive(atoms(names + ["u"]), extend, max_leaves=3)
    quant = st.builds(bounded, st.sampled_from([Exists, Forall]), bound, inner)
    return st.recursive(st.one_of(base, quant), extend, max_leaves=3)


# ----------------------------------------------------------------- the brute force
def grid(name):
    shape = [1, 1, 1]
    shape[AXIS[name]] = N
    return np.arange(N, dtype=np.int64).reshape(shape)


def value(t, env):
    if isinstance(t, Var):
        return env[t.name]
    if isinstance(t, Const):
        return np.int64(t.value)
    if isinstance(t, Add):
        return sum((value(x, env) for x in t.terms), np.int64(0))
    if isinstance(t, Scale):
        return t.coef * value(t.term, env)
    return value(t.term, env) // t.den


CMP = {"=": np.equal, "!=": np.not_equal, "<": np.less, "<=": np.less_equal,
       ">": np.greater, ">=": np.greater_equal}


def truth(f, env):
    """Truth table of ``f`` on the grid (broadcast over x, y, u axes)."""
    if isinstance(f, Cmp):
        return CMP[f.op](value(f.left, env), value(f.right, env))
    if isinstance(f, Xor):
        return (env[f.a.name] ^ env[f.b.name]) == env[f.c.name]
    if isinstance(f, Pred):
        return truth(PRED.body, {p: env[a.name] for p, a in zip(PRED.params, f.args)})
    if isinstance(f, Not):
        return ~truth(f.body, env)
    if isinstance(f, (And, Or)):
        parts = [np.broadcast_to(truth(p, env), (N, N, N)) for p in f.parts]
        return np.logical_and.reduce(parts) if isinstance(f, And) else np.logical_or.reduce(parts)
    if isinstance(f, Implies):
        return ~truth(f.a, env) | truth(f.b, env)
    if isinstance(f, Iff):
        return truth(f.a, env) == truth(f.b, env)
    body = np.broadcast_to(truth(f.body, {**env, "u": grid("u")}), (N, N, N))
    return (body.any if isinstance(f, Exists) else body.all)(axis=2, keepdims=True)


def table(f):
    """Truth of ``f`` at every (x, y) below 2**6."""
    return np.broadcast_to(truth(f, {"x": grid("x"), "y": grid("y")}), (N, N, N))[:, :, 0]


def run_all(d, tracks, padded):
    """Acceptance of every (x, y) below 64 (array indexed [x, y]), ``tracks`` the automaton's
    track order; each word read from its own length (``padded`` False) or from 8 digits."""
    x, y = np.meshgrid(np.arange(N), np.arange(N), indexing="ij")
    vals = {"x": x, "y": y}
    length = np.maximum(np.vectorize(int.bit_length)(np.maximum(x, y).astype(object)), 0)
    state = np.zeros_like(x)
    alive = np.ones(x.shape, dtype=bool)
    for j in range(7, -1, -1):
        letter = np.zeros_like(x)
        for t in tracks:
            letter = 2 * letter + ((vals[t] >> j) & 1)
        nxt = d.delta[np.maximum(state, 0), letter]
        step = alive & ((j < length) | padded)
        state = np.where(step, nxt, state)
        alive &= state >= 0
    return alive & d.accept[np.maximum(state, 0)]


def key(values):
    length = max(v.bit_length() for v in values)
    return length, [tuple((v >> j) & 1 for v in values) for j in range(length - 1, -1, -1)]


@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(formulas(["x", "y"]), st.sampled_from([("x", "y"), ("y", "x")]))
def test_failing_set_and_witness_equal_brute_force(body, free):
    note(repr(body))
    truth_xy = table(body)
    builder = Builder({"p": PRED}, Budget(timeout=300))
    bad = failing_automaton(builder, Obligation("o", free, body))
    for padded in (False, True):
        assert (run_all(bad, free, padded) == ~truth_xy).all()
    # the verdict and witness on the box: body guarded by x, y < 64
    guarded = Implies(And((Cmp("<", Var("x"), Const(N)), Cmp("<", Var("y"), Const(N)))), body)
    decision = decide_obligation(builder, Obligation("o", free, guarded))
    fails = [((x, y) if free == ("x", "y") else (y, x))
             for x, y in itertools.product(range(N), repeat=2) if not truth_xy[x, y]]
    assert decision.holds is (not fails)
    assert decision.witness == (min(fails, key=key) if fails else None)


@settings(max_examples=max(10, EXAMPLES // 2), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(formulas(["x", "y"], quantify=False))
def test_closed_sentences_equal_brute_force(body):
    """A closed sentence: for all x, y below 64 (bounded inside the sentence)."""
    note(repr(body))
    sentence = Forall(("x", "y"), Implies(And((Cmp("<", Var("x"), Const(N)),
                                              Cmp("<", Var("y"), Const(N)))), body))
    builder = Builder({"p": PRED}, Budget(timeout=300))
    decision = decide_obligation(builder, Obligation("o", (), sentence))
    assert decision.holds is bool(table(body).all())
    assert decision.witness is None
