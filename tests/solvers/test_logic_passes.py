"""The passes issue 45.3 made registered visitors (solvers/automata/build.py ``negated``,
atoms.py ``Linearizer``, solvers/logic/natural.py ``tscale``/``tmin``/``rename``, intval.py
``neg``; then solvers/automata/scoping.py's capture-avoiding ``rename``, simplify.py's folding and
formula.py's ``subformulas``) keep their meaning: each is checked against the proof language's bounded evaluator
(:func:`solvers.logic.formula.evaluate`, :func:`~solvers.logic.formula.term_value`) on random
terms and formulas, every variable over 0..3; the expected values are the evaluator's, which
defines the language (a planted wrong pass is caught: the last test)."""

from __future__ import annotations

import itertools
import random

import pytest

import dataclasses

from solvers.automata import scoping
from solvers.automata.atoms import Linearizer
from solvers.automata.build import negated
from solvers.logic import formula as F
from solvers.logic.intval import neg
from solvers.logic.natural import rename, tmin, tscale
from solvers.logic.simplify import simplify

VARS = ("x", "y", "z")
ENVS = [dict(zip(VARS, v)) for v in itertools.product(range(4), repeat=3)]


def term(rng: random.Random, depth: int = 3):
    kind = rng.choice(("var", "const") if depth == 0 else ("var", "const", "add", "scale", "div"))
    if kind == "var":
        return F.Var(rng.choice(VARS))
    if kind == "const":
        return F.Const(rng.randrange(4))
    if kind == "add":
        return F.Add(tuple(term(rng, depth - 1) for _ in range(rng.randrange(2, 4))))
    if kind == "scale":
        return F.Scale(rng.randrange(2, 4), term(rng, depth - 1))
    return F.Div(term(rng, depth - 1), rng.randrange(1, 4))


class _Parity:
    """A stand-in for an automaton read from a file (what :func:`F.evaluate` asks of it): accepts
    the tuples whose sum is even."""

    def accepts(self, values) -> bool:
        return sum(values) % 2 == 0


PARITY = _Parity()


def formula(rng: random.Random, depth: int = 3):
    kinds = ("cmp", "xor", "bool", "accepts") + (("not", "and", "or", "implies", "iff", "exists", "forall")
                                      if depth else ())
    kind = rng.choice(kinds)
    if kind == "cmp":
        return F.Cmp(rng.choice(("=", "!=", "<", "<=", ">", ">=")), term(rng, 2), term(rng, 2))
    if kind == "xor":
        return F.Xor(*(F.Var(rng.choice(VARS)) for _ in range(3)))
    if kind == "bool":
        return F.Bool(rng.random() < 0.5)
    if kind == "accepts":
        return F.Accepts("even", PARITY, tuple(F.Var(rng.choice(VARS)) for _ in range(rng.randrange(1, 3))))
    if kind == "not":
        return F.Not(formula(rng, depth - 1))
    if kind in ("and", "or"):
        parts = tuple(formula(rng, depth - 1) for _ in range(rng.randrange(2, 4)))
        return F.And(parts) if kind == "and" else F.Or(parts)
    if kind in ("implies", "iff"):
        a, b = formula(rng, depth - 1), formula(rng, depth - 1)
        return F.Implies(a, b) if kind == "implies" else F.Iff(a, b)
    body = formula(rng, depth - 1)
    names = (rng.choice(("x", "y")),)              # z is never bound: rename's target below
    return F.Exists(names, body) if kind == "exists" else F.Forall(names, body)


def truth(f, env) -> bool:
    return F.evaluate(f, env, 4)


@pytest.mark.parametrize("seed", range(60))
def test_term_passes_keep_the_value(seed):
    rng = random.Random(seed)
    t = term(rng)
    c = rng.randrange(0, 4)
    assert tmin(t) == F.term_value(t, dict.fromkeys(VARS, 0))
    for env in ENVS:
        value = F.term_value(t, env)
        assert tmin(t) <= value
        assert F.term_value(tscale(c, t), env) == c * value
        assert F.term_value(rename(t, "x", "z"), env) == F.term_value(t, {**env, "x": env["z"]})


@pytest.mark.parametrize("seed", range(60))
def test_formula_passes_keep_the_truth(seed):
    rng = random.Random(1000 + seed)
    f = formula(rng)
    renamed = rename(f, "x", "z")
    # x -> z and y -> x at once: a bound x in f must be renamed away from the new free x
    swapped = scoping.rename(f, {"x": "z", "y": "x"})
    folded = simplify(f)
    for env in ENVS:
        value = truth(f, env)
        assert truth(neg(f), env) is (not value)
        assert truth(negated(f), env) is (not value)
        assert truth(renamed, env) == truth(f, {**env, "x": env["z"]})
        assert truth(swapped, env) == truth(f, {**env, "x": env["z"], "y": env["x"]})
        assert truth(folded, env) is value


def _below(f) -> list:
    """The formulas of ``f`` in pre-order, read from the dataclass fields (independent of the
    pass's handlers): a field holding a formula, or a tuple of formulas, is below it."""
    out = [f]
    for field in dataclasses.fields(f):
        value = getattr(f, field.name)
        for g in value if isinstance(value, tuple) else (value,):
            if type(g) in F.FORMULA_TYPES:
                out += _below(g)
    return out


@pytest.mark.parametrize("seed", range(30))
def test_subformulas_are_every_formula_below(seed):
    f = formula(random.Random(3000 + seed))
    assert list(F.subformulas(f)) == _below(f)


@pytest.mark.parametrize("seed", range(30))
def test_the_linear_form_is_the_terms_value(seed):
    """Floors become quotient variables q = floor(form / d): the form evaluated with each q set
    to its floor (innermost first, as recorded) is the term's value."""
    rng = random.Random(2000 + seed)
    t = term(rng)
    lin = Linearizer(itertools.count(1))
    form = lin.linear(t)
    for env in ENVS:
        values = dict(env)
        for q, inner, den in lin.floors:
            values[q] = (sum(c * values[v] for v, c in inner.coefs.items()) + inner.const) // den
        assert sum(c * values[v] for v, c in form.coefs.items()) + form.const == F.term_value(t, env)


def test_a_rename_that_captures_is_caught():
    """The twin of the capture-avoiding rename: ``E x. x < y`` with y -> x is ``E x#1. x#1 < x``
    (true at x = 1); a rename that keeps the bound name gives ``E x. x < x`` (false)."""
    f = F.Exists(("x",), F.Cmp("<", F.Var("x"), F.Var("y")))
    env = {"x": 1, "y": 0, "z": 0}
    assert truth(scoping.rename(f, {"y": "x"}), env) is truth(f, {**env, "y": 1}) is True
    assert truth(F.Exists(("x",), F.Cmp("<", F.Var("x"), F.Var("x"))), env) is False


def test_a_planted_wrong_pass_is_caught():
    """The twin: a negation that forgets De Morgan on Or (keeps Or) differs from the evaluator."""
    f = F.Or((F.Cmp("=", F.Var("x"), F.Const(0)), F.Cmp("=", F.Var("y"), F.Const(0))))
    wrong = F.Or(tuple(negated(p) for p in f.parts))
    assert any(truth(wrong, env) is truth(f, env) for env in ENVS)
    assert all(truth(negated(f), env) is (not truth(f, env)) for env in ENVS)
