"""Fibonacci numeration and automata from files in the embedded prover, and the learner
(issue 44). Expected values come from arithmetic (brute force over small numbers), Zeckendorf's
theorem, and theorems about the sets learned (Levine 2006: Maximum Nim's P-positions; Wythoff
1907; Cobham 1972: a set with an irrational density such as Wythoff's lower numbers is not
2-automatic)."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from cgs_bridge.language.automaton_file import AutomatonFile, digits, parse_automaton
from solvers.automata import decide_problem
from solvers.automata.atoms import Linear
from solvers.automata.learn import accepted_on, learn, minimal, side
from solvers.automata.numeration import fib_linear
from solvers.logic.formula import (Accepts, Add, Cmp, Const, Div, Exists, Obligation,
                                   Problem, Var, Xor, problem_numeration)

X, Y, Z = Var("x"), Var("y"), Var("z")


def run(d, values, numeration="msd_fib", zeros=0) -> bool:
    """The embedded Dfa ``d`` on the digits of ``values`` (tracks in order), ``zeros`` leading
    zero letters added."""
    words = [digits(v, numeration) for v in values]
    n = max((len(w) for w in words), default=0)
    words = [(0,) * (n + zeros - len(w)) + w for w in words]
    state = 0
    for j in range(n + zeros):
        letter = 0
        for w in words:
            letter = 2 * letter + w[j]
        state = int(d.delta[state][letter])
        if state < 0:
            return False
    return bool(d.accept[state])


@pytest.mark.parametrize("form, relation, truth", [
    (Linear({"x": 1, "y": 1, "z": -1}), "=", lambda x, y, z: x + y == z),
    (Linear({"x": 2, "y": -1}, -3), "<=", lambda x, y, z: 2 * x <= y + 3),
    (Linear({"x": 1, "y": -3}), "=", lambda x, y, z: x == 3 * y),
    (Linear({"x": 5, "y": -7, "z": 2}, 4), "<=", lambda x, y, z: 5 * x - 7 * y + 2 * z + 4 <= 0),
])
def test_zeckendorf_linear_atoms_against_arithmetic(form, relation, truth):
    d = fib_linear(form, relation)
    for vals in itertools.product(range(14), repeat=3):
        env = dict(zip("xyz", vals))
        got = [run(d, [env[t] for t in d.tracks], zeros=z) for z in (0, 2)]
        assert got == [truth(*vals)] * 2, vals


def test_zeckendorf_invalid_words_are_rejected():
    d = fib_linear(Linear({"x": 1, "y": -1}), "=")          # x = y
    assert run(d, [3, 3])
    # the word 11 (not a Zeckendorf word; its weights give 3) is never read as 3
    state = 0
    for letter in (0b11, 0b11):
        state = int(d.delta[state][letter])
        if state < 0:
            break
    assert state < 0 or not d.accept[state]


def _sentence(body, free=(), numeration="msd_fib", defines=()):
    return Problem(tuple(defines), (Obligation("s", tuple(free), body),), numeration)


def test_fib_sentences_with_floors_decided():
    """Sentences true or false in every numeration, decided in msd_fib: floor(x/2) + floor((x+1)/2)
    = x for all x (true); x = 2 floor(x/2) for all x (false, first at x = 1)."""
    true = Cmp("=", Add((Div(X, 2), Div(Add((X, Const(1))), 2))), X)
    false = Cmp("=", X, Add((Div(X, 2), Div(X, 2))))
    got = decide_problem(Problem((), (Obligation("t", ("x",), true), Obligation("f", ("x",), false)),
                                 "msd_fib"))
    assert [(d.holds, d.witness) for d in got] == [(True, None), (False, (1,))]


def test_xor_is_not_in_fibonacci_numeration():
    fib = AutomatonFile("msd_fib", 1, ((0,),), (True,))
    body = Exists(("y",), Accepts("a", fib, (Y,)))
    with pytest.raises(ValueError, match="xor"):
        problem_numeration((), [Obligation("o", ("x",), Xor(X, X, Z)), Obligation("p", (), body)])
    with pytest.raises(ValueError, match="xor"):
        decide_problem(_sentence(Xor(X, Y, Z), ("x", "y", "z")))


def test_file_automaton_atom():
    """x + 1 a power of two, from a hand-written file: for all x, the claim agrees with the
    arithmetic definition (exists p: x + 1 = p and p a power of two is not Presburger; so the
    sentence compares it with 'x = 2y + 1 with y in the set, or x = 0')."""
    ones = parse_automaton("msd_2\n\n0 1\n0 -> 0\n1 -> 1\n\n1 1\n1 -> 1\n", "ones.txt")
    s = lambda v: Accepts("ones", ones, (v,))                 # noqa: E731
    body = Cmp("=", X, X)
    from solvers.logic.formula import Iff, Or, And
    rec = Or((Cmp("=", X, Const(0)), Exists(("y",), And((Cmp("=", X, Add((Y, Y, Const(1)))), s(Y))))))
    got = decide_problem(Problem((), (Obligation("rec", ("x",), Iff(s(X), rec)),
                                      Obligation("bad", ("x",), Iff(s(X), Cmp("=", X, Const(0)))),
                                      Obligation("id", ("x",), body)), "msd_2"))
    assert [(d.holds, d.witness) for d in got] == [(True, None), (False, (1,)), (True, None)]


# ------------------------------------------------------------------ the learner
def test_learner_finds_known_sets():
    m = side(6, "msd_2")
    x, y = np.meshgrid(np.arange(m), np.arange(m), indexing="ij")
    assert minimal(learn(x == y, 6).automaton).states == 1
    ones = learn(np.array([((v + 1) & v) == 0 for v in range(1 << 8)]), 8).automaton
    assert [v for v in range(3000) if ones.accepts([v])] == [2 ** k - 1 for k in range(12)]
    z = np.arange(m)
    small = z[:32]
    xor = learn((small[:, None, None] ^ small[None, :, None] ^ small[None, None, :]) == 0, 5).automaton
    big = accepted_on(xor, (80, 80, 80))
    w = np.arange(81)
    assert ((w[:, None, None] ^ w[None, :, None] ^ w[None, None, :]) == 0).tolist() == big.tolist()


def _wythoff(m):
    phi = (1 + math.sqrt(5)) / 2
    table = np.zeros((m, m), dtype=bool)
    for n in range(m):
        a = math.floor(n * phi)
        if a + n < m:
            table[a, a + n] = table[a + n, a] = True
    return table


def test_learner_wythoff_in_fibonacci_and_not_in_base_2():
    """Wythoff's pairs are Fibonacci-automatic (7 states, dead state excluded) and agree with the
    formula far beyond the box learned on; in base 2 the learner finds nothing on successive
    boxes (the lower Wythoff numbers have density 1/phi, irrational: not 2-automatic)."""
    depth = 12
    hyp = learn(_wythoff(side(depth, "msd_fib")), depth, "msd_fib")
    assert minimal(hyp.automaton).states == 7
    assert (accepted_on(hyp.automaton, (600, 600)) == _wythoff(601)).all()
    learned = [learn(_wythoff(1 << d), d) for d in range(4, 10)]
    assert not any(a is not None and b is not None and
                   bool((minimal(a.automaton).delta.shape == minimal(b.automaton).delta.shape))
                   and (minimal(a.automaton).delta == minimal(b.automaton).delta).all()
                   for a, b in zip(learned, learned[1:]))


def test_learner_gives_up_on_squares():
    """The squares are not k-automatic for any k (their gaps grow without bound, Cobham 1972):
    no automaton of at most 20 states reproduces a box of 2^12 numbers."""
    table = np.array([math.isqrt(v) ** 2 == v for v in range(1 << 12)])
    assert learn(table, 12, max_states=20) is None
