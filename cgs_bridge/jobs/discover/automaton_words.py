"""A learned automaton in words, where the learner can say it (issue 44, item 4): the set of a few
known descriptions (``x + 1 is a power of two``, ``x xor y xor z = 0``, Wythoff's pairs, ...)
that equals the automaton's set on its confirmation box. The words are a reading aid, checked on
that box only; the proof is the automaton's."""

from __future__ import annotations

import math

import numpy as np


def _wythoff(x, y):
    phi = (1 + math.sqrt(5)) / 2
    lo, hi = np.minimum(x, y), np.maximum(x, y)
    n = hi - lo
    return lo == np.floor(n * phi).astype(np.int64)


def _candidates(names):
    """``[(words, predicate on index arrays)]`` for ``len(names)`` coordinates."""
    if len(names) == 1:
        (x,) = names
        out = [(f"{x} + 1 is a power of two", lambda a: ((a + 1) & a) == 0),
               (f"{x} is a power of two", lambda a: (a > 0) & ((a & (a - 1)) == 0)),
               (f"{x} == 0", lambda a: a == 0)]
        out += [(f"{x} % {m} == {r}", lambda a, m=m, r=r: a % m == r)
                for m in range(2, 7) for r in range(m)]
        return out
    if len(names) == 2:
        x, y = names
        return [(f"{x} == {y}", lambda a, b: a == b),
                (f"{x} == 0 or {y} == 0", lambda a, b: (a == 0) | (b == 0)),
                (f"{{{x}, {y}}} = {{floor(n phi), floor(n phi^2)}} for some n (Wythoff's pairs)", _wythoff)]
    if len(names) == 3:
        x, y, z = names
        return [(f"{x} xor {y} xor {z} == 0", lambda a, b, c: (a ^ b ^ c) == 0)]
    return []


def describe(found, ruleset, valid) -> str:
    """The first known description whose set equals ``found.automaton``'s on the box
    ``found.confirmed`` (where ``valid``, a bool array over that box, holds), with that box
    named; "" when none does."""
    if found.automaton is None or found.confirmed is None:
        return ""
    from solvers.automata.learn import accepted_on
    upper = found.confirmed
    grids = np.meshgrid(*[np.arange(u + 1, dtype=np.int64) for u in upper], indexing="ij")
    seen = accepted_on(found.automaton, upper)
    for words, pred in _candidates(tuple(ruleset.coords)):
        if bool(((pred(*grids) & valid) == (seen & valid)).all()):
            return f"{words} (on the valid positions of the box {tuple(upper)})"
    return ""
