"""The triangular bar's "S is exactly the P-positions" sentences (seed 003, issue 32/33), written by
hand in ``solvers.automata.samples``, decided by the embedded prover: the verdicts Walnut gave on
this machine (issue 32) and the paper's Theorem 7.3 / Conjecture 8.1, and each counterexample equal
to the smallest failing position found here by a plain recursion over the game."""

from __future__ import annotations

import itertools
from functools import lru_cache

import pytest

from logic_problems import triangular_options

from solvers.automata import decide_problem
from solvers.automata.samples import triangular_problem
from solvers.logic.formula import evaluate


def in_set(p, shifted):
    x, y, z = p
    return ((x - 1) ^ y ^ (z - 1)) == 0 if shifted else (x ^ y ^ z) == 0   # Python: two's complement


def valid(p, k):
    return p[1] <= (p[0] + p[2]) // k


def fails(name, p, k, shifted):
    """Does obligation ``name`` fail at position ``p`` (a plain reading of the sentence)?"""
    if not valid(p, k):
        return False
    hit = any(in_set(q, shifted) for q in triangular_options(p, k))
    if name == "closed":
        return in_set(p, shifted) and hit
    return not in_set(p, shifted) and not hit


def key(p):
    length = max(v.bit_length() for v in p)
    return length, [tuple((v >> j) & 1 for v in p) for j in range(length - 1, -1, -1)]


def smallest_failure(name, k, shifted, max_bits=5):
    """The smallest failing position by the prover's tie rule: the first bit length with a
    failure, then the least sequence of digit tuples."""
    for bits in range(max_bits + 1):
        box = range(1 << bits)
        found = [p for p in itertools.product(box, repeat=3) if fails(name, p, k, shifted)]
        if found:
            return min(found, key=key)
    return None


def p_positions(k, bound):
    @lru_cache(maxsize=None)
    def is_p(p):
        return not any(is_p(q) for q in triangular_options(p, k))
    return {p for p in itertools.product(range(bound + 1), repeat=3) if valid(p, k) and is_p(p)}


@pytest.mark.parametrize("k,shifted", [(5, True), (9, True), (13, True), (7, False), (11, False)])
def test_true_claims_are_proved(k, shifted):
    problem = triangular_problem(k, shifted)
    # the hand-written sentences mean the game: S equals the P-positions on a small box
    defines = {d.name: d for d in problem.defines}
    box = itertools.product(range(9), repeat=3)
    s_box = {p for p in box if valid(p, k) and evaluate(
        defines["s"].body, dict(zip("xyz", p)), 10, defines)}
    assert s_box == p_positions(k, 8)
    decisions = decide_problem(problem)
    assert [(d.obligation, d.holds, d.witness) for d in decisions] == [
        ("closed", True, None), ("reach", True, None)]
    assert all(d.states > 0 and d.seconds > 0 for d in decisions)


@pytest.mark.parametrize("k,shifted", [(5, False), (3, True), (2, True), (4, False)])
def test_false_claims_give_the_smallest_counterexample(k, shifted):
    decisions = decide_problem(triangular_problem(k, shifted))
    for d in decisions:
        expected = smallest_failure(d.obligation, k, shifted)
        assert (d.holds, d.witness) == (expected is None, expected), d.obligation
    assert not all(d.holds for d in decisions)


def test_k3_shifted_fails_at_the_issue_position():
    """Issue 32: the k = 3 bar with the shifted formula fails first at (2, 1, 1) by coordinate
    sum then lexicographic order; the prover's rule (shortest word, least digit tuples) picks
    its mirror image (1, 1, 2) in ``closed``; both fail here."""
    closed, _ = decide_problem(triangular_problem(3, True))
    assert closed.witness == (1, 1, 2)
    assert fails("closed", (2, 1, 1), 3, True) and fails("closed", (1, 1, 2), 3, True)
