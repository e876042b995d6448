"""Random specification expressions over x, y, z that always evaluate (no division by zero, no
negative exponent, searches that always succeed), for printer consistency tests."""

from __future__ import annotations

from random import Random

from cgs_bridge.language import ast as A

NAMES = ("x", "y", "z")


def _nonzero(rng):
    return A.Num(rng.choice([-3, -2, 1, 2, 3, 4, 7]))


def int_expr(rng: Random, depth: int, names=NAMES):
    if depth <= 0 or rng.random() < 0.2:
        if rng.random() < 0.5:
            return A.Num(rng.randint(-5, 20))
        return A.Name(rng.choice(names))
    sub = lambda: int_expr(rng, depth - 1, names)  # noqa: E731
    k = rng.randrange(15)
    if k <= 2:
        return A.BinOp(rng.choice(["+", "-", "*"]), sub(), sub())
    if k == 3:
        return A.BinOp("xor", sub(), sub())
    if k == 4:
        return A.BinOp("%", sub(), _nonzero(rng)) if rng.random() < 0.5 else A.Call("mod", (sub(), _nonzero(rng)))
    if k == 5:
        return A.BinOp("^", sub(), A.Num(rng.randint(0, 2)))
    if k == 6:
        return A.Neg(sub())
    if k == 7:
        return A.FloorDiv(sub(), _nonzero(rng))
    if k == 8:
        return A.CeilDiv(sub(), _nonzero(rng))
    if k == 9:
        return A.Call(rng.choice(["min", "max"]), tuple(sub() for _ in range(rng.randint(1, 3))))
    if k == 10:
        return A.Call("abs", (sub(),))
    if k == 11:
        return A.Call("ilog2", (A.BinOp("+", A.Call("abs", (sub(),)), A.Num(1)),))
    if k == 12:
        return A.Call("nimsum", tuple(sub() for _ in range(rng.randint(2, 3))))
    if k == 13:
        return A.If(bool_expr(rng, depth - 1, names), sub(), sub())
    kind = rng.choice(["max", "min"])
    lo, hi = rng.randint(-2, 1), rng.randint(2, 6)
    inner = names + ("m",) if "m" not in names else names
    cond = A.BinOp("or", A.Compare(("==",), (A.Name("m"), A.Num(lo if kind == "max" else hi))),
                   bool_expr(rng, depth - 1, inner))
    return A.Search(kind, "m", A.Num(lo), A.Num(hi), cond)


def bool_expr(rng: Random, depth: int, names=NAMES):
    sub_i = lambda: int_expr(rng, max(depth - 1, 0), names)  # noqa: E731
    k = rng.randrange(6) if depth > 0 else 0
    if k <= 1:
        ops = ["<=", "<", "==", "!=", ">", ">="]
        n = rng.choice([1, 1, 2])
        return A.Compare(tuple(rng.choice(ops) for _ in range(n)), tuple(sub_i() for _ in range(n + 1)))
    if k <= 3:
        return A.BinOp(rng.choice(["and", "or", "iff"]), bool_expr(rng, depth - 1, names),
                       bool_expr(rng, depth - 1, names))
    return A.Not(bool_expr(rng, depth - 1, names))


def environments(rng: Random, n: int = 3):
    return [{v: rng.randint(-6, 9) for v in NAMES} for _ in range(n)]
