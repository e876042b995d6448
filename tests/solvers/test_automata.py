"""The embedded automata prover (issue 33) on sentences of known truth: theorems of arithmetic and
their false twins, each counterexample checked against a smallest one found by a plain search in
the test; the limits (memory, time) and malformed problems."""

from __future__ import annotations

import pytest

from cgs_bridge.foundation.errors import AutomatonLimitError, CgsBridgeError
from solvers.automata import decide_problem
from solvers.logic.formula import (
    Add, Cmp, Const, Define, Div, Exists, Forall, Iff, Implies, Not, Obligation, Or, Pred,
    Problem, Scale, Var, Xor, conj,
)

X, Y, Z, U = Var("x"), Var("y"), Var("z"), Var("u")


def sentence(body, free=(), defines=()):
    [d] = decide_problem(Problem(tuple(defines), (Obligation("s", tuple(free), body),)))
    return d


# Closed sentences: (name, sentence, truth by a theorem of arithmetic).
CLOSED = [
    ("floor(x/3) exists", Forall(("x",), Exists(("y",), Cmp("=", Y, Div(X, 3)))), True),
    ("x xor x = 0", Forall(("x", "z"), Implies(Xor(X, X, Z), Cmp("=", Z, Const(0)))), True),
    ("xor commutes", Forall(("x", "y", "z"), Iff(Xor(X, Y, Z), Xor(Y, X, Z))), True),
    ("every x is even", Forall(("x",), Exists(("y",), Cmp("=", X, Scale(2, Y)))), False),
    ("every x is even or odd", Forall(("x",), Exists(("y",), Or((
        Cmp("=", X, Scale(2, Y)), Cmp("=", X, Add((Scale(2, Y), Const(1)))))))), True),
    # a larger y needs more digits than x: false without the leading-zero closure
    ("no largest number", Forall(("x",), Exists(("y",), Cmp(">", Y, X))), True),
    ("a largest number", Exists(("x",), Forall(("y",), Cmp("<=", Y, X))), False),
    ("x + 1 = 0 somewhere", Exists(("x",), Cmp("=", Add((X, Const(1))), Const(0))), False),
    ("floor of a sum", Forall(("x", "y"), Cmp(">=", Div(Add((X, Y)), 2),
                                             Add((Div(X, 2), Div(Y, 2))))), True),
    ("floor of a sum, one too many", Forall(("x", "y"), Cmp(">=", Div(Add((X, Y)), 2),
                                                          Add((Div(X, 2), Div(Y, 2), Const(1))))),
     False),
    ("3x misses 1000001", Forall(("x",), Cmp("!=", Scale(3, X), Const(1000001))), True),
    ("3x misses 999999", Forall(("x",), Cmp("!=", Scale(3, X), Const(999999))), False),
    ("xor adds when bits are disjoint", Exists(("x", "z", "c5"), conj(
        Cmp(">", X, Const(10 ** 6)), Xor(X, Var("c5"), Z), Cmp("=", Var("c5"), Const(5)),
        Cmp("=", Z, Add((X, Const(5)))))), True),
    ("nested floors", Forall(("x",), Cmp("=", Div(Div(X, 2), 3), Div(X, 6))), True),
    ("nested floors differ", Forall(("x",), Cmp("=", Div(Div(X, 2), 3), Div(X, 5))), False),
]


@pytest.mark.parametrize("name,body,truth", CLOSED, ids=[c[0] for c in CLOSED])
def test_closed_sentences_follow_theorems(name, body, truth):
    d = sentence(body)
    assert d.holds is truth
    assert d.witness is None and d.states >= 1


def bits_key(values):
    """The tie rule, computed here: shortest bit length, then the least sequence of digit
    tuples, most significant first."""
    length = max(v.bit_length() for v in values)
    return length, [tuple((v >> j) & 1 for v in values) for j in range(length - 1, -1, -1)]


def smallest_failing(pred, arity, width=7):
    """Smallest tuple (by :func:`bits_key`) below 2**width where ``pred`` is false."""
    import itertools
    fails = [t for t in itertools.product(range(1 << width), repeat=arity) if not pred(*t)]
    return min(fails, key=bits_key) if fails else None


OPEN = [
    ("x < 5", ("x",), Cmp("<", X, Const(5)), lambda x: x < 5),
    ("x < y implies x + 3 <= y", ("x", "y"), Implies(Cmp("<", X, Y), Cmp("<=", Add((X, Const(3))), Y)),
     lambda x, y: not x < y or x + 3 <= y),
    ("y is double x: some z", ("x",), Exists(("y",), conj(Cmp("=", Y, Scale(2, X)), Cmp("<", Y, Const(40)))),
     lambda x: 2 * x < 40),
    ("x xor y <= x + y", ("y", "x"), Exists(("z",), conj(Xor(X, Y, Z), Cmp("<=", Z, Add((X, Y))))),
     lambda y, x: True),
    ("x xor y = x + y", ("x", "y"), Exists(("z",), conj(Xor(X, Y, Z), Cmp("=", Z, Add((X, Y))))),
     lambda x, y: x ^ y == x + y),
    ("3 floor(x/3) = x", ("x",), Cmp("=", Scale(3, Div(X, 3)), X), lambda x: x % 3 == 0),
    ("not x = y", ("x", "y"), Not(Cmp("=", X, Y)), lambda x, y: x != y),
]


@pytest.mark.parametrize("name,free,body,pred", OPEN, ids=[c[0] for c in OPEN])
def test_open_sentences_give_the_smallest_counterexample(name, free, body, pred):
    d = sentence(body, free)
    expected = smallest_failing(pred, len(free))
    assert d.holds is (expected is None)
    assert d.witness == expected


def test_definitions_are_called_with_renamed_and_repeated_arguments():
    le = Define("le", ("a", "b"), Cmp("<=", Var("a"), Var("b")))
    calls = [(Pred("le", (X, Y)), lambda x, y: x <= y), (Pred("le", (Y, X)), lambda x, y: y <= x),
             (Pred("le", (X, X)), lambda x, y: True)]
    for call, pred in calls:
        d = sentence(call, ("x", "y"), (le,))
        expected = smallest_failing(pred, 2)
        assert (d.holds, d.witness) == (expected is None, expected)


def test_memory_limit_stops_with_the_automaton_size():
    body = Forall(("x",), Cmp("!=", Scale(3, X), Const(999999)))
    with pytest.raises(AutomatonLimitError, match=r"\d+ states") as err:
        decide_problem(Problem((), (Obligation("s", (), body),)), memory=1000)
    assert isinstance(err.value, CgsBridgeError) and err.value.exit_code == 2
    assert "--memory" in str(err.value)
    # the twin: the same sentence within a generous limit is decided
    [d] = decide_problem(Problem((), (Obligation("s", (), body),)), memory=1 << 30)
    assert d.holds is False


def test_time_limit_stops():
    body = Forall(("x", "y"), Cmp(">=", Div(Add((X, Y)), 7), Add((Div(X, 7), Div(Y, 7)))))
    with pytest.raises(AutomatonLimitError, match="--timeout"):
        decide_problem(Problem((), (Obligation("s", (), body),)), timeout=1e-9)
    [d] = decide_problem(Problem((), (Obligation("s", (), body),)), timeout=600)
    assert d.holds is True


def test_malformed_problems_are_refused():
    with pytest.raises(ValueError, match="not listed"):
        sentence(Cmp("<", X, Y), ("x",))
    with pytest.raises(KeyError, match="unknown predicate"):
        sentence(Pred("nope", (X,)), ("x",))
    with pytest.raises(ValueError, match="not its parameters"):
        sentence(Pred("bad", (X,)), ("x",), (Define("bad", ("a",), Cmp("<", Var("a"), U)),))


def test_definitions_are_built_once_per_problem(monkeypatch):
    from solvers.automata import build
    calls = []
    original = build.Builder.build

    def counting(self, f):
        calls.append(f)
        return original(self, f)

    monkeypatch.setattr(build.Builder, "build", counting)
    body = Cmp("<", Var("a"), Const(3))
    define = Define("small", ("a",), body)
    obligations = tuple(Obligation(f"o{i}", ("x",), Pred("small", (X,))) for i in range(3))
    decisions = decide_problem(Problem((define,), obligations))
    assert [d.witness for d in decisions] == [(3,)] * 3
    assert sum(1 for f in calls if f == body) == 1


def test_closed_and_reach_share_the_automaton_of_their_options_in_s(monkeypatch):
    """``A q (option(p, q) => ~s(q))`` is decided as ``~ E q (option(p, q) & s(q))``, the automaton
    ``reach`` builds: with both obligations no more projections run than with ``reach`` alone."""
    import solvers.automata.build as build
    calls = []
    real = build.project
    monkeypatch.setattr(build, "project", lambda d, v, b=None: calls.append(v) or real(d, v, b))
    from cgs_bridge.model.loading import load_game
    from cgs_bridge.model.resolve import ruleset_of
    from solvers.logic.translate import translate_claims as translations
    ruleset = ruleset_of(load_game("triangular"), {"k": "5"})
    (problem,) = [t.problem for t in translations(ruleset) if t.status == "ok"]
    closed, reach = problem.obligations[:2]
    assert isinstance(closed.body.b, Forall) and isinstance(reach.body.b, Exists)   # as translated
    decide_problem(Problem(problem.defines, (reach,)))
    alone = len(calls)
    calls.clear()
    decisions = decide_problem(Problem(problem.defines, (closed, reach)))
    assert [(d.obligation, d.holds) for d in decisions] == [("closed", True), ("reach", True)]
    assert alone and len(calls) == alone
