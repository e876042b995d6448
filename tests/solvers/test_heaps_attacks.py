"""Red-team tests of the take-and-break solvers (issue 49): the reference's work estimate against
the options a brute force enumerates, and the limit checked before the work."""

from __future__ import annotations

import pytest

from cgs_bridge.foundation.errors import BoxError
from cgs_bridge.language.takebreak import parse_code
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_text
from solvers import parse_bound, solve
from solvers.heaps import work


def _splits(total: int, smallest: int = 1):
    """Every multiset of positive parts summing to ``total`` (nondecreasing), by brute force."""
    if total == 0:
        yield ()
        return
    for first in range(smallest, total + 1):
        for rest in _splits(total - first, first):
            yield (first,) + rest


def test_the_estimate_counts_the_options_of_codes_leaving_any_number_of_heaps():
    """'{2+}.0' (split a heap into two or more nonempty heaps): heap n has p(n) - 1 options, so the
    reference's work grows like the partition numbers. It was estimated as N^3 / 12 (1,302 at heap
    25, 60,750 at heap 90), so 'solve' at heap 90 started 4.6e8 options in Python and ran for
    minutes past the work limit (killed after 10 minutes)."""
    code = parse_code("{2+}.0")
    options = sum(sum(1 for parts in _splits(n) if len(parts) >= 2) for n in range(26))
    assert options > 25 ** 3 // 12                 # what the old estimate said
    assert work(code, "reference", 25) >= options


def test_a_solve_beyond_the_limit_is_refused_before_the_work():
    r = Ruleset(load_text('game g\n  octal "{2+}.0"\n', "g.game"))
    with pytest.raises(BoxError, match="above the limit"):
        solve(r, parse_bound("150", r.coords))
    # the twin within the limit runs: heap n moves to every split into two or more heaps; by brute
    # force over those splits (values the nim-sum of the parts'), heaps 0..12
    g = []
    for n in range(13):
        seen = set()
        for parts in _splits(n):
            if len(parts) >= 2:
                v = 0
                for p in parts:
                    v ^= g[p]
                seen.add(v)
        g.append(next(m for m in range(len(seen) + 1) if m not in seen))
    assert solve(r, parse_bound("12", r.coords)).grundy.tolist() == g
