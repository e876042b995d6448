"""The octal periodicity theorem as solvers.periodicity applies it (issue 49): the periods the
literature states (OEIS FORMULA lines: Kayles' exceptions, Dawson's chess), the inclusive bound
2e + p + t (one heap short is not a proof), codes it does not cover, the theorem checked against
much longer computed sequences, and which claims repeat with the sequence."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cgs_bridge.language import ast as A
from cgs_bridge.language.parser import parse_expr
from cgs_bridge.language.takebreak import parse_code
from solvers.heaps import run_kernel
from solvers.periodicity import NotPeriodic, claim_period, find_period, needed, theorem_applies

from takebreak_data import DAWSONS_CHESS_EXCEPTIONS, KAYLES, KAYLES_EXCEPTIONS


def sequence(text: str, N: int) -> np.ndarray:
    g = np.zeros(N + 1, np.int32)
    run_kernel(parse_code(text), "direct", N, g)
    return g


def exceptions(g, p):
    """Heaps whose value differs from the value the period gives far out (OEIS's 'exceptions')."""
    far = len(g) - 1 - 3 * p
    return [n for n in range(far) if g[n] != g[n + p * ((far - n) // p)]]


def test_kayles_period_12_from_71_as_oeis_states():
    g = sequence("0.77", 400)
    assert g[:105].tolist() == KAYLES
    found = find_period(g, 2)
    assert (found.preperiod, found.period, found.proved) == (71, 12, True)
    assert exceptions(g, 12) == KAYLES_EXCEPTIONS      # the last one is 70: periodic from 71


def test_dawsons_kayles_period_34_from_53():
    g = sequence("0.07", 400)
    found = find_period(g, 2)
    assert (found.preperiod, found.period, found.proved) == (53, 34, True)
    chess = sequence("0.137", 400)                       # .07 is .137 shifted by one
    assert exceptions(chess, 34) == DAWSONS_CHESS_EXCEPTIONS
    assert find_period(chess, 3).preperiod == 52


def test_the_bound_is_inclusive_one_heap_short_is_not_a_proof():
    g = sequence("0.77", 400)
    last = needed(71, 12, 2)
    assert last == 168
    short = find_period(g[:last], 2)                           # heaps 0..167
    assert (short.preperiod, short.period, short.proved) == (71, 12, False)
    assert find_period(g[:last + 1], 2).proved is True         # heaps 0..168
    table = find_period(np.array(KAYLES), 2)                   # OEIS's 105 terms are not enough
    assert table is None or not table.proved


def test_codes_the_theorem_does_not_cover():
    assert "not octal" in theorem_applies(parse_code("4!.0"))
    assert "not octal" in theorem_applies(parse_code("0.F"))
    assert "repeats" in theorem_applies(parse_code("0.[3]"))
    assert theorem_applies(parse_code("4.7")) == "" and theorem_applies(parse_code("0.77")) == ""


def test_every_period_proved_on_a_prefix_holds_far_beyond_it():
    rnd = random.Random(7)
    proved = 0
    for _ in range(60):
        text = rnd.choice("0044") + "." + "".join(rnd.choice("01234567") for _ in range(rnd.randint(1, 3)))
        code = parse_code(text)
        long = sequence(text, 6000)
        found = find_period(long[:1501], code.max_removed)
        if found is not None and found.proved:
            e, p = found.preperiod, found.period
            assert (long[e + p:] == long[e:-p]).all(), text
            proved += 1
    assert proved > 20


def period_of(text, heap="n", params=None):
    params = params or {}
    return claim_period(parse_expr(text), heap, lambda e: {**params}.get(getattr(e, "id", None), getattr(e, "value", None)))


def test_claims_that_repeat_with_the_sequence():
    assert period_of("P iff n == 0") == (1, 1)
    assert period_of("n % 12 == 3 or grundy > 2") == (0, 12)
    assert period_of("mod(n, 5) != 1 and N") == (0, 5)
    assert period_of("2 * n + 1 >= k", params={"k": 5}) == (3, 1)
    assert period_of("grundy <= 8") == (0, 1)
    for text in ("grundy < n", "misere == 0", "(n xor grundy) == 0", "n * n > 3",
                 "grundy == max m in 0..3 with m <= n"):
        with pytest.raises(NotPeriodic):
            period_of(text)
    assert isinstance(parse_expr("n == 0"), A.Compare)
