"""The exact integer operations of the specification language (the ``python`` column of
:mod:`cgs_bridge.language.operators`): floor and ceiling division, the remainder with the sign of
the divisor, ``floor(log2 n)``, bounded powers and the nim-sum (seed 001 Def 1.1; two's complement
for negative integers like Mathematica's ``BitXor``). Each raises
:class:`~cgs_bridge.foundation.errors.EvaluationError` where the spec leaves the value undefined."""

from __future__ import annotations

from cgs_bridge.foundation.errors import EvaluationError


def floor_div(a: int, b: int) -> int:
    if b == 0:
        raise EvaluationError(f"division by zero: floor({a} / 0)")
    return a // b


def ceil_div(a: int, b: int) -> int:
    if b == 0:
        raise EvaluationError(f"division by zero: ceil({a} / 0)")
    return -((-a) // b)


def ilog2(n: int) -> int:
    if n < 1:
        raise EvaluationError(f"floor(log2({n})) is undefined")
    return n.bit_length() - 1


#: Largest power computed, in bits (a ^ b with |a| >= 2 and b * bits(a) beyond it is refused:
#: 2 ^ 10 ^ 10 would take gigabytes and minutes; no position of a box needs it).
MAX_POWER_BITS = 4096


def power(a: int, b: int) -> int:
    """``a ^ b`` for ``b >= 0``, refusing results beyond :data:`MAX_POWER_BITS` bits."""
    if b < 0:
        raise EvaluationError(f"negative exponent in {a}^{b}")
    if abs(a) >= 2 and b * (abs(a).bit_length() - 1) > MAX_POWER_BITS:
        raise EvaluationError(f"{a} ^ {b} has more than {MAX_POWER_BITS} bits; powers are limited "
                              f"to {MAX_POWER_BITS} bits")
    return a ** b


def mod(a: int, b: int) -> int:
    if b == 0:
        raise EvaluationError(f"mod({a}, 0)")
    return a % b


def nimsum(*xs: int) -> int:
    r = 0
    for x in xs:
        r ^= x
    return r
