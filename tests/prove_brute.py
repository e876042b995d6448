"""Random games and claims for the property tests of ``prove`` (issue 50), each given twice: as
spec text for the code under test, and as Python functions for a brute force written here, apart
from the solver and the translation.

A derived move is read from its definition (docs/ARCHITECTURE.md, "Semantics"): the greatest
valid q below the lowered point with q[i] = t, found by enumerating every valid q below it (None
when there is none or the valid ones have no greatest element). Grundy values come from a plain
memoised recursion over those options; the least failing position of a claim is the first, by
coordinate sum and then lexicographically, where the claim is false.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache
from random import Random

NAMES = ("x", "y", "z")

# (spec text with {c}, Python function of the coordinate value): the smaller side of a constraint
LEFT = [("{c}", lambda v: v), ("2 * {c}", lambda v: 2 * v), ("{c} + 1", lambda v: v + 1),
        ("floor({c} / 2)", lambda v: v // 2), ("{c} * {c}", lambda v: v * v)]
# (spec text with {a}, {b}, {k}, Python function of (a, b, k), proved monotone by the checker?)
RIGHT = [("{a} + {k}", lambda a, b, k: a + k, True),
         ("floor(({a} + {b}) / {k})", lambda a, b, k: (a + b) // k, True),
         ("min({a}, {k})", lambda a, b, k: min(a, k), True),
         ("max({a}, {b}) + {k}", lambda a, b, k: max(a, b) + k, True),
         ("{k}", lambda a, b, k: k, True),
         ("(if {a} > {b} then 0 else {k} + 3)", lambda a, b, k: 0 if a > b else k + 3, False),
         ("{k} + 4 - {a}", lambda a, b, k: k + 4 - a, False),
         ("{a} xor {k}", lambda a, b, k: a ^ k, False),
         ("abs({a} - {k})", lambda a, b, k: abs(a - k), False)]
# (claim text, Python test of (position, grundy value)), over the first two coordinates x, y
CLAIMS = [("P iff x xor y == 0", lambda p, g: (g == 0) == (p[0] ^ p[1] == 0)),
          ("P iff x == y", lambda p, g: (g == 0) == (p[0] == p[1])),
          ("P iff (x + y) % 2 == 0", lambda p, g: (g == 0) == ((p[0] + p[1]) % 2 == 0)),
          ("P iff x + y <= 2", lambda p, g: (g == 0) == (p[0] + p[1] <= 2)),
          ("P iff x == 0", lambda p, g: (g == 0) == (p[0] == 0)),
          ("P iff floor(x / 2) == floor(y / 2)", lambda p, g: (g == 0) == (p[0] // 2 == p[1] // 2)),
          ("grundy == x xor y", lambda p, g: g == p[0] ^ p[1]),
          ("grundy == x", lambda p, g: g == p[0]),
          ("grundy == x + y", lambda p, g: g == p[0] + p[1]),
          ("P iff x xor y == 0 and x != 9", lambda p, g: (g == 0) == (p[0] ^ p[1] == 0 and p[0] != 9))]


@dataclass(eq=False)
class RandomGame:
    """``text``: the spec; ``coords``; ``constraints``: ``[(i, left, right(q))]``; ``rules``:
    ``{i: "derived" | "cut"}``; ``monotone``: every constraint is of a form the checker proves
    monotone."""

    text: str
    coords: tuple
    constraints: list
    rules: dict
    monotone: bool

    def valid(self, q) -> bool:
        return all(left(q[i]) <= right(q) for i, left, right in self.constraints)

    @lru_cache(maxsize=None)  # noqa: B019  (a test helper: one instance per example)
    def greatest_below(self, i: int, lowered: tuple):
        """The greatest valid q <= lowered with q[i] = lowered[i], or None (none, or no greatest)."""
        ranges = [range(v + 1) if j != i else (v,) for j, v in enumerate(lowered)]
        cands = [q for q in itertools.product(*ranges) if self.valid(q)]
        if not cands:
            return None
        top = tuple(max(q[j] for q in cands) for j in range(len(lowered)))
        return top if top in cands else None

    def options(self, p) -> list:
        out = set()
        for i, kind in self.rules.items():
            for t in range(p[i]):
                low = p[:i] + (t,) + p[i + 1:]
                q = low if kind == "cut" else self.greatest_below(i, low)
                if q is None or not self.valid(q):
                    raise ValueError(f"no option lowering {self.coords[i]} to {t} from {p}")
                out.add(q)
        return sorted(out)

    @lru_cache(maxsize=None)  # noqa: B019
    def grundy(self, p: tuple) -> int:
        vals = {self.grundy(q) for q in self.options(p)}
        return next(v for v in itertools.count() if v not in vals)

    def positions_by_sum(self, top: int):
        """Valid positions of coordinate sum <= ``top``, by sum then lexicographically."""
        for s in range(top + 1):
            for p in itertools.product(range(s + 1), repeat=len(self.coords)):
                if sum(p) == s and self.valid(p):
                    yield p

    def least_failure(self, test, top: int):
        """The least valid position of sum <= ``top`` where ``test(p, grundy)`` is false, or None."""
        return next((p for p in self.positions_by_sum(top) if not test(p, self.grundy(p))), None)


def random_game(rng: Random, derived: bool = True) -> RandomGame:
    """A game of 2 or 3 coordinates with 1-2 constraints ``L(c) <= R(others)`` and a rule per
    coordinate (a derived one at least when ``derived``)."""
    n = rng.randint(2, 3)
    coords = NAMES[:n]
    lines = ["game g", "  coordinates " + ", ".join(coords)]
    constraints, monotone, rights = [], True, set()
    for _ in range(rng.randint(1, 2)):
        i = rng.randrange(n)
        others = [j for j in range(n) if j != i]
        a, b = rng.choice(others), rng.choice(others)
        k = rng.randint(1, 3)
        ltext, lf = rng.choice(LEFT)
        rtext, rf, mono = rng.choice(RIGHT)
        monotone = monotone and mono
        lines.append("  require " + ltext.format(c=coords[i]) + " <= "
                     + rtext.format(a=coords[a], b=coords[b], k=k))
        constraints.append((i, lf, lambda q, rf=rf, a=a, b=b, k=k: rf(q[a], q[b], k)))
        rights.update({a, b})
    rules = {}
    bounding = rights                                                        # on a right side
    for i, c in enumerate(coords):
        r = rng.random()
        # a plain cut of a coordinate that bounds another may leave the valid set: mostly derived
        kind = "derived" if derived and (r < 0.5 or i in bounding and r < 0.9 or (
            i == n - 1 and "derived" not in rules.values())) else "cut" if r < 0.85 else None
        if kind:
            rules[i] = kind
            lines.append(f"  cut {c} derived" if kind == "derived" else f"  cut {c} to t")
    return RandomGame("\n".join(lines) + "\n", coords, constraints, rules, monotone)
