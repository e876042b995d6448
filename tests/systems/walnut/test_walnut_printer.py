"""The Walnut printer and automaton reader without Walnut: names legal in Walnut, calls in
Walnut's lexicographic argument order, the xor automaton, the smallest witness."""

from __future__ import annotations

import itertools
import re

import pytest

import logic_problems as lp
from cgs_bridge.foundation.errors import EngineError
from cgs_bridge.systems.walnut import automata
from cgs_bridge.systems.walnut.printer import legal, print_problem
from solvers.logic.formula import Cmp, Const, Define, Obligation, Pred, Problem, Var

NAME = re.compile(r"\$([A-Za-z]\w*)\(([^)]*)\)")


def test_calls_follow_lexicographic_argument_order():
    # move(x, y, z, u, v, w): Walnut's argument order is u, v, w, x, y, z (sorted names)
    text = print_problem(lp.triangular(5)).text
    assert "$move(u,v,w,x,y,z)" in text
    assert "$move(x,y,z,u,v,w)" not in text


def test_order_follows_walnut_names_not_the_definition():
    d = Define("p", ("z", "a"), Cmp("<", Var("z"), Var("a")))
    ob = Obligation("o", ("m", "n"), Pred("p", (Var("m"), Var("n"))))
    text = print_problem(Problem((d,), (ob,))).text
    # p's parameters sorted: a, z; the call binds z := m, a := n, so it prints $p(n,m)
    assert "$p(n,m)" in text


def test_illegal_names_are_renamed_consistently():
    d = Define("Each", ("A", "x"), Cmp("<", Var("A"), Var("x")))
    ob = Obligation("I1", ("E", "x"), Pred("Each", (Var("E"), Var("x"))))
    text = print_problem(Problem((d,), (ob,))).text
    for kind, name in re.findall(r"^(def|eval) (\w+)", text, re.M):
        assert legal(name), name
    for var in re.findall(r"\b[A-Za-z]\w*\b", " ".join(re.findall(r'"\?msd_2 (.*)";', text))):
        assert var in ("A", "E") or var[0] not in "AEI" or var.startswith("$"), var


def test_unused_parameter_is_not_an_argument():
    d = Define("q", ("x", "y"), Cmp("<", Var("x"), Const(3)))
    ob = Obligation("o", ("x", "y"), Pred("q", (Var("x"), Var("y"))))
    text = print_problem(Problem((d,), (ob,))).text
    assert "$q(x)" in text


def test_xor_automaton_accepts_exactly_xor():
    aut = automata.read(automata.xor_automaton(), "xor")   # the embedded prover's Dfa
    assert aut.tracks == ("#in0", "#in1", "#in2")
    for a, b, c in itertools.product(range(8), repeat=3):
        word = [4 * ((a >> i) & 1) + 2 * ((b >> i) & 1) + ((c >> i) & 1) for i in (2, 1, 0)]
        state = 0
        for letter in word:
            state = int(aut.delta[state, letter])
            if state < 0:
                break
        assert (state >= 0 and bool(aut.accept[state])) == (a ^ b == c)


AUT = """msd_2 msd_2 msd_2

0 0
0 0 0 -> 0
1 0 0 -> 1
0 0 1 -> 2

1 0
0 1 1 -> 3

2 0
1 1 0 -> 3

3 1
0 0 0 -> 3
"""


def test_witness_is_shortest_then_least_in_free_order():
    aut = automata.read(AUT, "t")   # accepts (2,1,1) and (1,1,2), both of length 2
    assert automata.witness(aut, ("x", "y", "z"), ("x", "y", "z")) == (1, 1, 2)
    # in free order (z, y, x) the first digit tuples compare as (z, y, x): (0, 0, 1) [x = 1 first]
    # beats (1, 0, 0) [z = 1 first], so the witness is x = 2, y = 1, z = 1, given as (z, y, x)
    assert automata.witness(aut, ("x", "y", "z"), ("z", "y", "x")) == (1, 1, 2)


def test_empty_automaton_has_no_witness_and_malformed_is_an_engine_error():
    assert automata.witness(automata.read("msd_2\n\n0 0\n0 -> 0\n", "e"), ("x",), ("x",)) is None
    assert automata.witness(automata.read("true\n", "t"), (), ("x",)) == (0,)
    with pytest.raises(EngineError, match="t:4"):
        automata.read("msd_2\n\n0 1\nnonsense\n", "t")


def test_constant_definition_is_inlined_and_calls_pass_only_used_arguments():
    text = print_problem(lp.nested_problem(3)).text
    assert 'def valid "' not in text and "$valid(" not in text
    assert "$region(p)" in text            # region uses p only (through valid and p <= 1)
