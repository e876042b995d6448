"""Nim-value sequences of take-and-break games as the literature tabulates them (issue 49), copied
from the OEIS entries (data lines and FORMULA/COMMENTS statements), for the tests. Independent of
the code under test: typed from the sources named at each sequence."""

from __future__ import annotations

#: OEIS A002186, "Sprague-Grundy values for the game of Kayles (octal games .77 and .771)", n = 0..104.
#: FORMULA: "From n=71 on, the sequence is periodic with period 12. The only exceptions are
#: n=0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57 and 70."
KAYLES = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7,
          2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1,
          2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1,
          8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1]
KAYLES_EXCEPTIONS = [0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70]

#: OEIS A002187, "Sprague-Grundy values for Dawson's Chess (octal game .137)", n = 0..131.
#: COMMENTS: "Octal game .07 (Dawson's Kayles) has values a(n-1)." FORMULA: "Has period 34 with
#: the only exceptions at n=0, 14, 16, 17, 31, 34 and 51."
DAWSONS_CHESS = [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0,
                 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3,
                 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3,
                 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4,
                 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4]
DAWSONS_CHESS_EXCEPTIONS = [0, 14, 16, 17, 31, 34, 51]
#: Dawson's Kayles (.07): a(n - 1) of A002187 for n >= 1, and 0 for the empty row.
DAWSONS_KAYLES = [0] + DAWSONS_CHESS

#: OEIS A002188, "Sprague-Grundy values for Grundy's game", n = 0..104.
GRUNDYS_GAME = [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2,
                3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1,
                3, 2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7,
                4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3]

#: OEIS A071074, "Sprague-Grundy values for the game of Double Kayles (octal game .7777)",
#: n = 0..89. COMMENTS: "Sequence is eventually periodic with period 24. The last exception is at
#: n=141."
DOUBLE_KAYLES = [0, 1, 2, 3, 4, 5, 6, 7, 3, 2, 8, 9, 7, 6, 5, 4, 3, 2, 8, 9, 4, 5, 12, 13, 9, 8, 2, 3, 4,
                 5, 15, 14, 3, 2, 8, 9, 7, 6, 5, 4, 3, 2, 8, 9, 13, 12, 15, 14, 9, 8, 2, 3, 4, 5, 16, 17,
                 10, 11, 8, 9, 14, 15, 5, 4, 3, 2, 16, 17, 13, 12, 15, 14, 9, 8, 2, 3, 4, 5, 6, 7, 3, 2,
                 8, 9, 14, 15, 5, 4, 3, 2]

#: OEIS A071464, "Sprague-Grundy values for octal games .127 and .1271", n = 1..87 (prefixed with
#: g(0) = 0 here). COMMENTS: "Sequence is eventually periodic with period 4. The last exception is
#: at n=46577 [Gangolli and Plambeck]."
OCTAL_127 = [0, 1, 0, 2, 2, 1, 0, 4, 4, 1, 2, 2, 0, 1, 4, 4, 6, 1, 7, 7, 0, 1, 2, 2, 6, 1, 4, 4, 8, 1, 2,
             7, 8, 1, 0, 7, 2, 6, 8, 1, 4, 9, 8, 1, 2, 6, 0, 1, 4, 6, 2, 1, 8, 9, 0, 1, 6, 2, 2, 7, 0,
             1, 8, 3, 2, 1, 4, 4, 8, 9, 2, 7, 8, 1, 0, 9, 2, 2, 6, 4, 4, 1, 8, 3, 2, 1, 0, 4]

#: catalog game -> (code, tabulated values)
TABLES = {"kayles": ("0.77", KAYLES), "dawsons_kayles": ("0.07", DAWSONS_KAYLES),
          "grundys_game": ("4!.0", GRUNDYS_GAME), "double_kayles": ("0.7777", DOUBLE_KAYLES),
          "octal_127": ("0.127", OCTAL_127)}


def splits(total: int, smallest: int = 1):
    """Every multiset of positive parts summing to ``total`` (nondecreasing tuples), by brute force:
    the heaps a take-and-break move may leave, for the tests' own enumerations."""
    if total == 0:
        yield ()
        return
    for first in range(smallest, total + 1):
        for rest in splits(total - first, first):
            yield (first,) + rest


def any_split_values(N: int) -> list:
    """g(0..N) of the game whose move splits a heap into two or more nonempty heaps (CGSuite's
    ``{2+}.0``), by brute force over :func:`splits` (an option's value: the nim-sum of its parts')."""
    g: list = []
    for n in range(N + 1):
        seen = set()
        for parts in splits(n):
            if len(parts) >= 2:
                v = 0
                for p in parts:
                    v ^= g[p]
                seen.add(v)
        g.append(next(m for m in range(len(seen) + 1) if m not in seen))
    return g
