"""Solving take-and-break games (issue 49): nim-value sequences g(0..N) and single-heap misère
values.

Methods (``solve(..., method=...)``; the box is ``n <= N``):

- ``reference``: every option of every heap from the code (:meth:`Code.options
  <cgs_bridge.language.takebreak.Code.options>`, any number of heaps), in Python: the oracle;
- ``direct``: the compiled mex over split pairs (:func:`solvers.heapkernel.direct`), codes
  leaving at most two heaps;
- ``sparse``: the compiled sparse-space method (:func:`solvers.heapkernel.sparse`), finite codes
  leaving at most two heaps: ``g(0..PREFIX)`` directly, the mask chosen from it, the rest sparse;
- ``fast``: sparse where it applies, else direct; ``auto``: the reference for a box of at most
  :data:`solvers.box.SMALL_BOX` heaps, else fast where it applies, else the reference.

Grundy value of a heap: the mex of its options' values, each the nim-sum of the parts' values.
Misère value (CGSuite ``MisereNimValue``, g⁻ of the genus; Winning Ways ch. 13): 1 for a terminal
position, else the mex of the options' misère values; an option here is a *sum* of heaps, whose
misère value is not a function of its parts' misère values, so :func:`misere_values` explores the
sums reached (multisets of heaps, those with no move dropped: a component without moves changes
no game tree), exact and exponential: refused before the work when the sums it may reach (the partitions of
the numbers up to N, :func:`partition_count`) are more than :data:`MISERE_SUMS`. A spawn rule's
sums are not bounded by partitions: they are counted as they are explored and refused as soon as
their growth puts heap N above the limit (:func:`_refuse_by_growth`).
"""

from __future__ import annotations

import itertools
import math
import time

import numpy as np

from cgs_bridge.foundation.errors import BoxError, CgsBridgeError
from cgs_bridge.language.takebreak import EQUAL, FREE, SOME_UNEQUAL

from .stats import KernelStats

#: Heaps solved by the direct method before the sparse method chooses its mask.
PREFIX = 2000
#: Above this share of rare heaps in the later half of the prefix, ``fast`` goes on directly.
SPARSE_SHARE = 0.25
#: Most sums of heaps the misère exploration may visit.
MISERE_SUMS = 600_000
METHODS = ("reference", "direct", "sparse")  # and "fast": sparse where the space is sparse


def mex(values) -> int:
    """Minimum excluded value of a collection of nonnegative integers (solvers.reference has the
    same; this module cannot import it: reference hands take-and-break games to this one)."""
    taken = set(values)
    return next(m for m in itertools.count() if m not in taken)


def code_arrays(code):
    """``(zero, one, two, pre, period)`` int8 arrays of the kernels (:mod:`solvers.heapkernel`), or
    None for a code with a move leaving three or more heaps."""
    if code.max_heaps is None or code.max_heaps > 2:
        return None
    size = len(code.digits)
    zero, one, two = (np.zeros(size, np.int8) for _ in range(3))
    for j, d in enumerate(code.digits):
        zero[j] = d.mark(0) is not None
        m1 = d.mark(1)
        one[j] = 0 if m1 is None else 2 if m1 == SOME_UNEQUAL else 1
        m2 = d.mark(2)
        two[j] = 0 if m2 is None else 1 if m2 == FREE else 3 if m2 == EQUAL else 2
    return zero, one, two, size - code.period, code.period


def choose(code, method: str, size: int) -> str:
    """The method that solves ``code`` on ``size`` heaps (see the module).

    Raises:
        CgsBridgeError: ``direct``/``sparse`` asked for a code they cannot take.
    """
    if getattr(code, "spawn", False):   # issue 47: the reference alone reads a spawn rule's options
        if method in ("direct", "sparse"):
            raise CgsBridgeError(f"method {method!r} reads a take-and-break code's digits; {code.NO_CODE}: "
                                 "use method 'reference'")
        return "reference"
    two_heaps = code_arrays(code) is not None
    if method == "auto":
        from .box import SMALL_BOX
        if size <= SMALL_BOX or not two_heaps:
            return "reference"
        method = "fast"
    if method == "fast":
        return "fast" if two_heaps and code.finite else "direct" if two_heaps else "reference"
    if method in ("direct", "sparse") and not two_heaps:
        raise CgsBridgeError(f"method {method!r} takes codes whose moves leave at most two heaps; "
                             f"{code.text} leaves more: use method 'reference'")
    if method == "sparse" and not code.finite:
        raise CgsBridgeError(f"method 'sparse' takes finite codes; {code.text} repeats: use 'direct'")
    return method


def work(code, method: str, N: int) -> int:
    """Estimated pair reads of a solve to heap ``N`` (the sparse method: the direct prefix plus a
    few hundred reads per heap, its typical cost)."""
    if getattr(code, "spawn", False):   # every pair a <= b < n of every heap n
        return N ** 3 // 6 + 1
    t = N if not code.finite else code.max_removed
    js = sum(1 for j in range(min(t, N) + 1) if code.digit(j).mark(2) is not None) or 1
    if method in ("sparse", "fast"):
        return js * (min(N, PREFIX) ** 2 // 4 + 256 * N)
    if method == "reference" and (code.max_heaps is None or code.max_heaps > 2):
        return max(js * N ** 3 // 12, (t + 1 if code.finite else N + 1) * sums_upto(N, code.max_heaps, 1 << 62))
    return js * N * N // 4 if code.finite else N ** 3 // 12


def sums_upto(N: int, heaps, cap: int) -> int:
    """The partitions of the numbers ``0..N`` into at most ``heaps`` parts (None: any number), the
    options the reference enumerates (at most ``cap``: counting stops there). Any number of heaps
    grew past 4e7 options at heap 90, which the old estimate ``N^3 / 12`` put at 6e4."""
    h = N if heaps is None else min(heaps, N)
    ways = [1] + [0] * N           # partitions of n into parts <= k (k = 1..h): at most h parts
    for k in range(1, h + 1):
        for n in range(k, N + 1):
            ways[n] = min(cap, ways[n] + ways[n - k])
        if sum(ways) >= cap:
            return cap
    return min(cap, sum(ways))


def solve_heaps(ruleset, box, misere: bool = False, progress=None, method: str = "auto"):
    """Grundy (and misère) values of the heaps ``0..N`` of a take-and-break ``ruleset``.

    Returns:
        ``(grundy, misere_values, stats)``: int32 arrays of ``box.shape`` (misère None unless asked).
    Raises:
        CgsBridgeError: a method that does not take this code. BoxError: misère values beyond
            :data:`MISERE_SUMS` sums.
    """
    code, N = ruleset.takebreak, int(box.upper[0])
    if misere:
        check_misere(N)
    chosen = choose(code, method, N + 1)
    t0 = time.perf_counter()
    stats = KernelStats(method=chosen, positions_in_box=N + 1)
    g = np.zeros(N + 1, np.int32)
    if chosen == "reference":
        reference_values(code, N, g, progress)
    else:
        extra = run_kernel(code, chosen, N, g, progress)
        if extra.get("fallback"):
            stats.fallback = extra["fallback"]
            reference_values(code, N, g, progress)
        stats.method = extra.get("kernel", "reference")
        stats.kernel = f"heapkernel.{stats.method}"
    m = misere_values(code, N) if misere else None
    stats.solve_seconds = time.perf_counter() - t0
    stats.bytes = g.nbytes * (2 if misere else 1)
    return g, m, stats


def reference_values(code, N: int, g, progress=None) -> None:
    """g[0..N] from every option of every heap (the oracle)."""
    for n in range(N + 1):
        if progress and n % 256 == 0:
            progress(n, N + 1)
        vals = set()
        for _, parts in code.options(n):
            v = 0
            for h in parts:
                v ^= int(g[h])
            vals.add(v)
        g[n] = mex(vals)
    if progress:
        progress(N + 1, N + 1)


def run_kernel(code, method: str, N: int, g, progress=None, prefix: int = PREFIX) -> dict:
    """Fill g[0..N] with the compiled kernels: ``direct``; ``sparse`` (heaps up to ``prefix``
    directly, then the mask of :func:`choose_mask`); ``fast`` (as sparse, but directly on when more
    than :data:`SPARSE_SHARE` of the later prefix is rare). Returns what happened: ``kernel`` (the
    method that did the work), for sparse ``mask``, ``domain``, ``rare_class``, ``rare``,
    ``searches`` and ``pairs`` (witness searches and the pairs they read); ``fallback`` when a value
    left the kernels' range (the caller solves by the reference)."""
    from . import heapkernel as hk
    if method != "direct" and not code.finite:   # the sparse space needs a finite code (:func:`choose`)
        raise CgsBridgeError(f"method {method!r} takes finite codes; {code.text} repeats: use 'direct'")
    arrays = code_arrays(code)
    head = N if method == "direct" else min(N, prefix)
    if _direct_range(hk, 0, head, arrays, g, progress, N):
        return {"fallback": f"a nim value reached {hk.VALUES}"}
    if method == "direct" or N <= head:
        return {"kernel": "direct"}
    mask, domain, rare_class, count = choose_mask(g[:head + 1], code)
    late = head + 1 - (head + 1) // 2
    if method == "fast" and count > SPARSE_SHARE * late:
        if _direct_range(hk, head + 1, N, arrays, g, progress, N):
            return {"fallback": f"a nim value reached {hk.VALUES}"}
        return {"kernel": "direct", "why": f"no sparse space: {count} of the last {late} heaps rare"}
    counts = np.zeros(3, np.int64)
    step = max(1 << 16, N // 64)
    zero, one, two = arrays[:3]
    for start in range(head + 1, N + 1, step):
        end = min(N, start + step - 1)
        if hk.sparse(end, start, zero, one, two, len(zero) - 1, g, np.int64(mask), domain, rare_class, counts):
            return {"fallback": f"a nim value reached {hk.VALUES}"}
        if progress:
            progress(end + 1, N + 1)
    return {"kernel": "sparse", "mask": mask, "domain": domain, "rare_class": rare_class,
            "rare": int(counts[0]), "searches": int(counts[1]), "pairs": int(counts[2])}


#: Pair reads of one call of the direct kernel (about a fifth of a second): between calls Python
#: runs, so Ctrl-C and SIGTERM stop a long solve within that time and progress moves.
CHUNK_PAIRS = 2 * 10 ** 8


def _direct_range(hk, first: int, last: int, arrays, g, progress, N: int) -> bool:
    """g[first..last] by the direct kernel in chunks of about :data:`CHUNK_PAIRS` pair reads (heap
    ``n`` reads about ``n / 2`` pairs); True when a value left its range."""
    start = first
    while start <= last:
        end = min(last, max(start, math.isqrt(start * start + 4 * CHUNK_PAIRS)))
        if hk.direct(start, end, *arrays, g):
            return True
        if progress:
            progress(end + 1, N + 1)
        start = end + 1
    return False


def _parities(values: np.ndarray, mask: int) -> np.ndarray:
    x = values.astype(np.int64) & mask
    out = np.zeros(len(x), np.int64)
    while x.any():
        out ^= x & 1
        x >>= 1
    return out


def choose_mask(prefix: np.ndarray, code) -> tuple:
    """``(mask, domain, rare_class, rare count)`` making the fewest heaps of the later half of
    ``prefix`` rare, among the classes that keep the witness searches short: the range type (rare:
    even parity of ``g & mask``) and, when every split removes amounts of one parity ``t``, the
    domain type (rare: parity of ``g & mask`` equal to that of ``n - t``; Flammenkamp,
    "Sparse- and common-positions of octal games"). Masks run over the bits seen, the higher bits
    all 1 (preferred on a tie) or all 0."""
    bits = max(1, int(prefix.max()).bit_length())
    late = prefix[len(prefix) // 2:]
    index = np.arange(len(prefix))[len(prefix) // 2:]
    splits = {j % 2 for j, d in enumerate(code.digits) if d.mark(2) is not None}
    kinds = [(0, 0)] + ([(1, splits.pop())] if len(splits) == 1 else [])
    best = None
    for low in range(1, 1 << bits):
        for mask in (low | ~((1 << bits) - 1), low):
            par = _parities(late, mask)
            for domain, rare_class in kinds:
                count = int(((par ^ (domain & (index & 1))) == rare_class).sum())
                if best is None or count < best[3]:
                    best = (mask, domain, rare_class, count)
    return best


def misere_values(code, N: int, limit: int = MISERE_SUMS) -> np.ndarray:
    """Misère values of the single heaps 0..N (see the module), exact.

    Raises:
        BoxError: more than ``limit`` sums of heaps would be explored (the message says up to which
            heap it fits).
    """
    check_misere(N, limit)
    heap_options = [[tuple(parts) for _, parts in code.options(n)] for n in range(N + 1)]
    live = [bool(o) for o in heap_options]
    memo, out, sizes = {(): 1}, np.zeros(N + 1, np.int32), []
    for n in range(N + 1):
        out[n] = _misere((n,) if live[n] else (), heap_options, live, memo, limit, n)
        sizes.append(len(memo))
        if getattr(code, "spawn", False) and n < N:
            _refuse_by_growth(sizes, N, limit)
    return out


#: Refuse a spawn rule's sums when their estimated count at heap N passes this many times the limit.
GROWTH_MARGIN = 4


def _refuse_by_growth(sizes: list, N: int, limit: int) -> None:
    """Refuse a spawn rule's misère values (issue 47) as soon as the sums explored so far, growing
    by the ratio of the last two heaps, would pass :data:`GROWTH_MARGIN` times ``limit`` by heap
    ``N``: the partition count bounds take-and-break sums before the work, but a spawn rule's heaps
    do not shrink in total, so only the exploration's own growth tells (Mock Turtles: 659, 4416,
    41343 sums to heaps 7, 8, 9)."""
    n = len(sizes) - 1
    ratio = sizes[n] / sizes[n - 1] if n >= 4 and sizes[n - 1] >= 64 else 1.0
    if (estimate := sizes[n] * ratio ** (N - n)) > GROWTH_MARGIN * limit:
        fits = n
        while fits < N and sizes[n] * ratio ** (fits + 1 - n) <= limit:
            fits += 1
        raise BoxError(f"misère values of single heaps explore sums of heaps: {sizes[n]:,} of them to heap "
                       f"{n}, growing {ratio:.1f} times a heap, about {estimate:,.0f} to heap {N}, above the "
                       f"limit of {limit:,}; heaps up to about {fits} fit (choose a smaller bound)")


def check_misere(N: int, limit: int = MISERE_SUMS) -> None:
    """Refuse misère values to heap ``N`` when the sums they may explore exceed ``limit``.

    Raises:
        BoxError: naming the largest heap that fits.
    """
    fits = sums_bound(N, limit)
    if fits < N:
        raise BoxError(f"misère values of single heaps explore sums of heaps: up to "
                       f"{partition_count(fits + 1):,} of them to heap {fits + 1}, above the limit of "
                       f"{limit:,}; heaps up to {fits} fit (choose a smaller bound)")


def partition_count(N: int) -> int:
    """The number of multisets of positive heaps with at most ``N`` tokens in all (partitions of
    0..N): every sum of heaps reached from a heap of ``N`` or less is one."""
    p = [1] + [0] * N
    for k in range(1, N + 1):
        for n in range(k, N + 1):
            p[n] += p[n - k]
    return sum(p)


def sums_bound(N: int, limit: int) -> int:
    """The largest heap ``<= N`` whose :func:`partition_count` is within ``limit`` (the count more
    than doubles every ten heaps, so only the first few hundred are computed)."""
    top = min(N, 400)
    n = 0
    while n < top and partition_count(n + 1) <= limit:
        n += 1
    return N if n == top == N else n


def _misere(start, heap_options, live, memo, limit, n) -> int:
    """The misère value of the sum ``start`` (sorted live heaps), iteratively (no deep recursion)."""
    stack = [start]
    while stack:
        state = stack[-1]
        if state in memo:
            stack.pop()
            continue
        opts = set()
        for i, h in enumerate(state):
            if i and state[i - 1] == h:
                continue
            rest = state[:i] + state[i + 1:]
            for parts in heap_options[h]:
                opts.add(tuple(sorted(rest + tuple(p for p in parts if live[p]))))
        missing = [o for o in opts if o not in memo]
        if missing:
            stack.extend(missing)
            continue
        memo[state] = mex(memo[o] for o in opts) if opts else 1
        if len(memo) > limit:   # a spawn rule's sums are not bounded by partitions (issue 47): counted here
            raise BoxError(f"misère values of single heaps explore sums of heaps: more than {limit:,} of them "
                           f"by heap {n}, above the limit; choose a smaller bound")
        stack.pop()
    return memo[start]


def solve_takebreak(ruleset, box, misere: bool, method: str, progress=None, max_work: int | None = None):
    """:func:`solvers.solve` for a take-and-break game: the box checked, the work estimated and
    refused above the limit (:mod:`solvers.work`), then :func:`solve_heaps`.

    Raises:
        BoxError: box over other coordinates, too large for memory, or too much work.
        CgsBridgeError: unknown method, or one that does not take this code.
    """
    from cgs_bridge.foundation import config
    from cgs_bridge.model.resolve import check_box_coords

    from .box import check_fits
    from .solution import Solution
    from .work import max_work as default_limit
    check_box_coords(box, ruleset.coords)
    check_fits(box, misere, ruleset=ruleset)
    if method not in ("auto", "fast") + METHODS:
        raise CgsBridgeError(f"unknown solver method {method!r} (choose auto, fast, {', '.join(METHODS)})")
    N = int(box.upper[0])
    if misere:
        check_misere(N)
    chosen = choose(ruleset.takebreak, method, N + 1)
    limit = default_limit() if max_work is None else max_work
    cost = work(ruleset.takebreak, chosen, N)
    if limit and cost > limit:
        raise BoxError(f"{ruleset.describe()} to heap {N:,} by the {chosen} method: about {cost:.2e} pair "
                       f"reads, above the limit of {limit:.2e} (${config.MAX_WORK}); choose a smaller "
                       f"bound, or run it anyway with `cgs-bridge solve --yes` (or ${config.MAX_WORK}=0)")
    g, m, stats = solve_heaps(ruleset, box, misere, progress, chosen)
    return Solution(ruleset, box, g, m, stats=stats)


def kernel(method: str):
    """The :data:`solvers.KERNELS` entry of ``method`` (``direct``, ``sparse``): take-and-break
    games only."""
    def run(ruleset, box, misere=False, progress=None):
        if getattr(ruleset, "takebreak", None) is None:
            raise CgsBridgeError(f"method {method!r} solves take-and-break games (split rules or an "
                                 f"octal code); {ruleset.describe()} is not one")
        return solve_heaps(ruleset, box, misere, progress, method)
    return run
