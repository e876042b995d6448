"""Hand-written sentences of the triangular chocolate bar (seed 003), for the tests and the bench
of the embedded prover (issue 33); written here by hand, independently of the translation of
checked games (:mod:`solvers.logic.translate`), so that each can check the other.

The game (seed 003): a position ``(x, y, z)`` is valid iff ``y <= floor((x + z) / k)``; its
options cut one coordinate to a smaller ``t``:

- x to t: ``(t, min(y, floor((t + z) / k)), z)``;
- y to t: ``(x, t, z)``;
- z to t: ``(x, min(y, floor((x + t) / k)), t)``.

The set S is ``(x - 1) xor y xor (z - 1) = 0`` (``shifted``, seed 003 Conjecture 8.1) or
``x xor y xor z = 0``. Xor of negative numbers is two's complement, split on the sign:
``(-1 - m) xor b = -1 - (m xor b)`` and ``(-1 - m) xor (-1 - n) = m xor n``. With ``x = 0`` or
``z = 0`` (and not both), ``(x-1) xor y xor (z-1)`` is negative, never 0; with both 0 it is
``(-1) xor y xor (-1) = y``. So the shifted S is ``(x = z = y = 0)`` or
``x = a + 1, z = c + 1, a xor y = c``.

"S is exactly the set of P-positions" is two obligations over the free variables x, y, z:
``closed`` (no option of a valid position in S is in S) and ``reach`` (every valid position not in
S has an option in S).
"""

from __future__ import annotations

from solvers.logic.formula import (
    Add, Cmp, Const, Define, Div, Exists, Implies, Not, Obligation, Or, Pred, Problem, Var, Xor,
    conj, disj,
)

X, Y, Z, T, W, A, C = (Var(n) for n in "xyztwac")
XYZ = ("x", "y", "z")


def _set(shifted: bool) -> Define:
    if not shifted:
        return Define("s", XYZ, Xor(X, Y, Z), "x xor y xor z = 0")
    zero = conj(Cmp("=", X, Const(0)), Cmp("=", Y, Const(0)), Cmp("=", Z, Const(0)))
    body = Exists(("a", "c"), conj(Cmp("=", X, Add((A, Const(1)))),
                                   Cmp("=", Z, Add((C, Const(1)))), Xor(A, Y, C)))
    return Define("s", XYZ, disj(zero, body), "(x-1) xor y xor (z-1) = 0")


def _min_is(w: Var, y: Var, f) -> object:
    """w = min(y, f)."""
    return conj(Cmp("<=", w, y), Cmp("<=", w, f), disj(Cmp("=", w, y), Cmp("=", w, f)))


def triangular_problem(k: int, shifted: bool = True) -> Problem:
    """The two obligations ``closed`` and ``reach`` of the triangular bar with parameter ``k``
    (``k >= 1``) and S shifted or not."""
    valid = Define("valid", XYZ, Cmp("<=", Y, Div(Add((X, Z)), k)), "y <= floor((x+z)/k)")
    cut_x = conj(Cmp("<", T, X), _min_is(W, Y, Div(Add((T, Z)), k)), Pred("s", (T, W, Z)))
    cut_y = conj(Cmp("<", T, Y), Pred("s", (X, T, Z)))
    cut_z = conj(Cmp("<", T, Z), _min_is(W, Y, Div(Add((X, T)), k)), Pred("s", (X, W, T)))
    move = Define("move", XYZ, Exists(("t", "w"), Or((cut_x, cut_y, cut_z))),
                  "some option is in S")
    pos = (X, Y, Z)
    closed = Obligation("closed", XYZ, Implies(conj(Pred("valid", pos), Pred("s", pos)),
                                               Not(Pred("move", pos))),
                        "no option of a valid position in S is in S")
    reach = Obligation("reach", XYZ, Implies(conj(Pred("valid", pos), Not(Pred("s", pos))),
                                             Pred("move", pos)),
                       "every valid position outside S has an option in S")
    return Problem((valid, _set(shifted), move), (closed, reach))
