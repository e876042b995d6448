"""The order every play descends (issue 47): positions fall in lexicographic order.

A move may raise a coordinate when an earlier one (in the coordinates' declaration order) strictly
falls, as CGSuite's ``game.heap.GenMem`` does (the option ``(n - a, a)`` of ``(n, k)``).
Lexicographic order on tuples of naturals is a well-order (its order type is omega^d), so every
play ends and a solver that runs through a box in lexicographic order has every option's value
before the position's, provided the box holds the option: :func:`outside_box` says when it does
not, before its value is read.
"""

from __future__ import annotations


def raise_reason(coords, p, q) -> str:
    """Why ``q`` (lexicographically above ``p``) cannot be an option of ``p``: the first
    coordinate where they differ rises and no earlier one falls."""
    j = next(i for i, (a, b) in enumerate(zip(q, p)) if a != b)
    earlier = f"no earlier coordinate than {coords[j]} falls" if j else f"{coords[j]} is the first coordinate"
    return (f"raising {coords[j]} from {p[j]} to {q[j]} where {earlier} (a move may raise a "
            f"coordinate only when an earlier one, in the order {', '.join(coords)}, falls: "
            f"positions must fall in lexicographic order, or play need not end)")


def outside_box(coords, shape, p, q) -> str | None:
    """None when the box of ``shape`` (inclusive bounds ``shape[i] - 1``) holds the option ``q``,
    else the error text naming the position, the option and the coordinate the box cannot hold."""
    for c, n, v in zip(coords, shape, q):
        if v >= n:
            bound = ", ".join(f"{a}=0..{m - 1}" for a, m in zip(coords, shape))
            return (f"the box {bound} does not hold every option of its positions: the option "
                    f"{tuple(int(x) for x in q)} of {tuple(int(x) for x in p)} has {c} = {v} above its "
                    f"bound {n - 1} (a move raising {c}); take a box whose bound on {c} holds the "
                    f"options of every position in it")
    return None
