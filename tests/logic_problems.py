"""Proof problems written by hand in the proof language (solvers.logic.formula), independent of
the translation: the triangular chocolate bar of seed 003 (Definition 4.3: y <= floor((x+z)/k),
three cuts, a cut of x or z lowering y to the new floor when needed) with a nim-sum candidate S
for its P-positions. ``shifted``: (x-1) xor y xor (z-1) = 0 (Conjecture 8.1) with the sign split
done by hand (x-1 = -1 at x = 0; (-1) xor y xor (z-1) = -1 - (y xor (z-1)) < 0 when z >= 1, and
y at z = 0); else x xor y xor z = 0 (Theorem 7.3)."""

from __future__ import annotations

from solvers.logic.formula import (TRUE, Add, And, Cmp, Const, Define, Div, Exists, Implies, Not,
                                   Obligation, Or, Pred, Problem, Var, Xor)

X, Y, Z, U, V, W, A, C = (Var(n) for n in "xyzuvwac")


def _cut(lowered_sum, y, v):
    """v = min(y, floor(lowered_sum / k)) as two cases."""
    return Or((And((Cmp("<=", y, lowered_sum), Cmp("=", v, y))),
               And((Cmp(">", y, lowered_sum), Cmp("=", v, lowered_sum)))))


def triangular(k: int, shifted: bool = True) -> Problem:
    valid = Define("valid", ("x", "y", "z"), Cmp("<=", Y, Div(Add((X, Z)), k)),
                   "y <= floor((x + z)/k)")
    if shifted:
        s_body = Or((And((Cmp("=", X, Const(0)), Cmp("=", Y, Const(0)), Cmp("=", Z, Const(0)))),
                     Exists(("a", "c"), And((Cmp("=", X, Add((A, Const(1)))),
                                             Cmp("=", Z, Add((C, Const(1)))), Xor(A, Y, C))))))
        meaning = "(x-1) xor y xor (z-1) = 0"
    else:
        s_body, meaning = Xor(X, Y, Z), "x xor y xor z = 0"
    s = Define("s", ("x", "y", "z"), s_body, meaning)
    move = Define("move", ("x", "y", "z", "u", "v", "w"), Or((
        And((Cmp("<", U, X), Cmp("=", W, Z), _cut(Div(Add((U, Z)), k), Y, V))),
        And((Cmp("=", U, X), Cmp("=", W, Z), Cmp("<", V, Y))),
        And((Cmp("<", W, Z), Cmp("=", U, X), _cut(Div(Add((X, W)), k), Y, V))))),
        "(u, v, w) is an option of (x, y, z)")
    pos, opt = (X, Y, Z), (U, V, W)
    to_s = Exists(("u", "v", "w"), And((Pred("move", pos + opt), Pred("s", opt))))
    closed = Obligation("closed", ("x", "y", "z"),
                        Implies(And((Pred("valid", pos), Pred("s", pos))), Not(to_s)),
                        "no move leads from S to S")
    reach = Obligation("reach", ("x", "y", "z"),
                       Implies(And((Pred("valid", pos), Not(Pred("s", pos)))), to_s),
                       "from every valid position outside S some move reaches S")
    return Problem((valid, s, move), (closed, reach))


def triangular_options(p, k: int):
    """The options of position ``p = (x, y, z)`` of the triangular bar with parameter ``k``, by
    seed 003's rules read plainly: lower x, y or z; y is then cut to floor((x + z) / k)."""
    x, y, z = p
    for t in range(x):
        yield t, min(y, (t + z) // k), z
    for t in range(y):
        yield x, t, z
    for t in range(z):
        yield x, min(y, (x + t) // k), t


def p_positions(k: int, n: int) -> dict:
    """{(x, y, z): is a P-position} for x, z < n by plain recursion (seed 003's rules)."""
    memo: dict = {}

    def is_p(p):
        if p not in memo:
            memo[p] = not any(is_p(q) for q in triangular_options(p, k))
        return memo[p]
    return {(x, y, z): is_p((x, y, z)) for x in range(n) for z in range(n)
            for y in range((x + z) // k + 1)}


def smallest_failure(k: int, shifted: bool, n: int = 12):
    """The smallest position (coordinate sum, then lexicographic) where the nim-sum candidate and
    the P-positions differ, or None below n."""
    def claim(x, y, z):
        return ((x - 1) ^ y ^ (z - 1)) == 0 if shifted else (x ^ y ^ z) == 0
    bad = [p for p, is_p in p_positions(k, n).items() if claim(*p) != is_p]
    return min(bad, key=lambda p: (sum(p), p)) if bad else None




def nested_problem(bound: int) -> Problem:
    """valid() has no variable (TRUE); region(x, p) uses only p through valid and p <= 1; the
    obligation: every x with region(x, p) and p = 0 is below ``bound`` — FALSE, first at x = bound."""
    valid = Define("valid", ("x", "p"), TRUE)
    region = Define("region", ("x", "p"), And((Pred("valid", (Var("x"), Var("p"))),
                                               Cmp("<=", Var("p"), Const(1)))))
    ob = Obligation("small", ("x", "p"), Implies(And((Pred("region", (Var("x"), Var("p"))),
                                                       Cmp("=", Var("p"), Const(0)))),
                                                  Cmp("<", Var("x"), Const(bound))))
    return Problem((valid, region), (ob,))
