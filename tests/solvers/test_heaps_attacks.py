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

from takebreak_data import any_split_values, splits


def test_the_estimate_counts_the_options_of_codes_leaving_any_number_of_heaps():
    """'{2+}.0' (split a heap into two or more nonempty heaps): heap n has p(n) - 1 options, so the
    reference's work grows like the partition numbers. It was estimated as N^3 / 12 (1,302 at heap
    25, 60,750 at heap 90), so 'solve' at heap 90 started 4.6e8 options in Python and ran for
    minutes past the work limit (killed after 10 minutes)."""
    code = parse_code("{2+}.0")
    options = sum(sum(1 for parts in splits(n) if len(parts) >= 2) for n in range(26))
    assert options > 25 ** 3 // 12                 # what the old estimate said
    assert work(code, "reference", 25) >= options


def test_a_solve_beyond_the_limit_is_refused_before_the_work():
    r = Ruleset(load_text('game g\n  octal "{2+}.0"\n', "g.game"))
    with pytest.raises(BoxError, match="above the limit"):
        solve(r, parse_bound("150", r.coords))
    # the twin within the limit runs: heap n moves to every split into two or more heaps; by brute
    # force over those splits (values the nim-sum of the parts'), heaps 0..12
    g = any_split_values(12)
    assert solve(r, parse_bound("12", r.coords)).grundy.tolist() == g


def _octal_brute(text: str, N: int) -> list:
    """g(0..N) of an octal code (digits 0-7, d0 0 or 4) by the definition: digit j's bit i allows
    removing j tokens and leaving exactly i nonempty heaps (Winning Ways ch. 4)."""
    head, body = text.split(".")
    digits = [int(head)] + [int(c) for c in body]
    g = [0] * (N + 1)
    for n in range(1, N + 1):
        seen = set()
        for j, d in enumerate(digits[:n + 1]):
            s = n - j
            if d & 1 and s == 0:
                seen.add(0)
            if d & 2 and s >= 1:
                seen.add(g[s])
            if d & 4:
                seen.update(g[a] ^ g[s - a] for a in range(1, s // 2 + 1))
        g[n] = next(m for m in range(len(seen) + 1) if m not in seen)
    return g


@pytest.mark.parametrize("text", ["0.127", "0.156", "4.7", "0.4474", "0.165", "0.0137"])
def test_the_sparse_method_is_exact_whatever_its_mask(text):
    """The sparse-space kernel started at a random heap with a random mask, domain and rare class
    (its values must not depend on them: only its speed does) equals the definition on 1,200 heaps."""
    import random

    import numpy as np

    from solvers import heapkernel as hk
    from solvers.heaps import code_arrays
    N, rng = 1200, random.Random(text)
    want = _octal_brute(text, N)
    zero, one, two = code_arrays(parse_code(text))[:3]
    exact = 0
    for trial in range(6):
        start, mask = rng.randint(1, 300), rng.randint(1, 63) | (~63 if rng.random() < 0.5 else 0)
        g = np.array(want, np.int32)
        g[start:] = 0
        status = hk.sparse(N, start, zero, one, two, len(zero) - 1, g, np.int64(mask), trial % 2,
                           rng.randint(0, 1), np.zeros(3, np.int64))
        assert status == 1 or g.tolist() == want, (text, start, mask)   # 1: it hands over to the reference
        exact += status == 0
    assert exact >= 3
    # the planted twin: the same kernel on a code whose last digit splits or not (bit 2 toggled)
    twin = text[:-1] + str(int(text[-1]) ^ 4)
    g = np.zeros(N + 1, np.int32)
    code = parse_code(twin)
    hk.sparse(N, 1, *code_arrays(code)[:3], len(code.digits) - 1, g, np.int64(1), 0, 0, np.zeros(3, np.int64))
    assert g.tolist() == _octal_brute(twin, N) != want


def test_the_sparse_kernels_refuse_a_repeating_code_themselves():
    """``run_kernel(code, "fast" | "sparse", ...)`` on a repeating code gave wrong values (only
    :func:`solvers.heaps.choose` kept such codes away); the kernel now refuses them by name, and
    ``direct`` on the same code still gives the reference's values."""
    import numpy as np

    from cgs_bridge.foundation.errors import CgsBridgeError
    from cgs_bridge.language.takebreak import parse_code
    from solvers.heaps import run_kernel
    code = parse_code("0.[37]")
    for method in ("fast", "sparse"):
        with pytest.raises(CgsBridgeError, match="takes finite codes"):
            run_kernel(code, method, 300, np.zeros(301, np.int32))
    g = np.zeros(301, np.int32)
    run_kernel(code, "direct", 300, g)
    want = [0] * 301            # 0.[37]: digit j is 3 for odd j, 7 for even j (j >= 1), for ever
    for n in range(1, 301):
        seen = set()
        for j in range(1, n + 1):
            d, s = (3 if j % 2 else 7), n - j
            seen.update([0] if s == 0 else [want[s]])           # bits 0 and 1 (d & 3 == 3)
            if d & 4:
                seen.update(want[a] ^ want[s - a] for a in range(1, s // 2 + 1))
        want[n] = next(m for m in range(len(seen) + 1) if m not in seen)
    assert [int(v) for v in g] == want

