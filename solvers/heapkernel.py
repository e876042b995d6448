"""Compiled kernels of take-and-break games (issue 49): the nim-value sequence g(0..N) of a code
whose moves leave at most two heaps, by two methods, compiled once with numba (``cache=True``).

- :func:`direct`: for each heap ``n``, the mex over every move, two-heap splits pair by pair
  (O(N^2) for a finite code);
- :func:`sparse`: the sparse-space method (Winning Ways ch. 4, "Sparse space spells speed";
  A. Gangolli and T. Plambeck, "A note on periodicity in some octal games", IJGT 18 (1989) 311-320;
  A. Flammenkamp's record computations). Each heap has a class bit
  ``c(n) = parity(g(n) & mask) xor (domain and n odd)``; the *rare* class is the one that is
  seldom seen. A split of ``s`` tokens into ``a + b`` gives a value of parity
  ``c(a) xor c(b) xor (domain and s odd)``, so the values of one parity come only from pairs with
  exactly one rare part (enumerated exactly from the list of rare heaps) and the values of the other
  parity from pairs of one class (a candidate is searched pair by pair until a witness is found,
  the whole range when there is none, which happens only where g(n) itself is such a value). Every
  value is exact whatever the mask: the mask only decides the speed.

The code arrives as arrays over ``j`` (tokens removed; :func:`solvers.heaps.code_arrays`):
``zero[j]`` (leave no heap), ``one[j]`` (leave one heap: 1, or 2 when that heap needs two tokens,
CGSuite's ``?`` on one heap), ``two[j]`` (0 none, 1 any pair, 2 unequal parts, 3 equal parts), with
``pre`` digits before a repeating tail of ``period`` digits (0: a finite code).
Status: 0 done, 1 a value reached ``VALUES`` (the caller falls back to the reference solver).
"""

from __future__ import annotations

import numba
import numpy as np

#: Nim values the kernels can hold (a value at this bound stops them with status 1).
VALUES = 1 << 16


@numba.njit(cache=True, inline="always")
def _digit(j, pre, period):
    if j < pre or period == 0:
        return j
    return pre + (j - pre) % period


@numba.njit(cache=True)
def _small(n, g, seen, stamp, zero, one, two, pre, period, top):
    """Mark the values of the moves of heap ``n`` that leave no heap, one heap or two equal
    heaps; return the largest ``j`` to visit."""
    jmax = n if period > 0 else min(n, top)
    for j in range(jmax + 1):
        d = _digit(j, pre, period)
        s = n - j
        if s == 0:
            if zero[d]:
                seen[0] = stamp
            continue
        if one[d] == 1 or (one[d] == 2 and s >= 2):
            seen[g[s]] = stamp
        if two[d] == 3 and s % 2 == 0:
            seen[0] = stamp
    return jmax


@numba.njit(cache=True)
def direct(start, N, zero, one, two, pre, period, g):
    """g[start..N] by the mex over every move (pairs ``a <= b``, ``a + b = n - j``), g[0..start-1]
    given."""
    seen = np.zeros(VALUES + 1, np.int64)
    top = len(zero) - 1
    for n in range(start, N + 1):
        stamp = n + 1
        jmax = _small(n, g, seen, stamp, zero, one, two, pre, period, top)
        for j in range(jmax + 1):
            d = _digit(j, pre, period)
            kind = two[d]
            s = n - j
            if kind == 0 or kind == 3 or s < 2:
                continue
            for a in range(1, s // 2 + 1):
                if kind == 2 and 2 * a == s:
                    continue
                seen[g[a] ^ g[s - a]] = stamp
        v = 0
        while seen[v] == stamp:
            v += 1
        if v >= VALUES:
            return 1
        g[n] = v
    return 0


@numba.njit(cache=True, inline="always")
def _parity(x):
    x ^= x >> 32
    x ^= x >> 16
    x ^= x >> 8
    x ^= x >> 4
    x ^= x >> 2
    x ^= x >> 1
    return x & 1


@numba.njit(cache=True)
def _one_rare(n, jmax, two, g, cls, rare, nrare, rare_class, seen, stamp):
    """Mark every value of a pair with exactly one rare part (each found from its rare part)."""
    for j in range(jmax + 1):
        s = n - j
        if two[j] == 0 or two[j] == 3 or s < 2:
            continue
        for k in range(nrare):
            r = rare[k]
            if r >= s:
                break
            if cls[s - r] != rare_class:
                seen[g[r] ^ g[s - r]] = stamp


@numba.njit(cache=True)
def _unknowns(n, jmax, two, act, seen, stamp, mask, domain):
    """``(first, unknown, nact, amax)``: the first value neither marked nor of a parity the pairs of
    one class give, the values below it of such a parity not yet marked, and the splits (``act``)."""
    nact, amax, searchable = 0, 0, 0     # searchable: bit p when some split's one-class pairs give parity p
    for j in range(jmax + 1):
        s = n - j
        if two[j] == 0 or two[j] == 3 or s < 2:
            continue
        act[nact] = j
        nact += 1
        amax = max(amax, s // 2)
        searchable |= 1 << (domain & (s & 1))
    v, unknown = 0, 0
    while v < VALUES:
        if seen[v] != stamp:
            if not (searchable >> _parity(np.int64(v) & mask)) & 1:
                break
            unknown += 1
        v += 1
    return v, unknown, nact, amax


@numba.njit(cache=True)
def _meet(n, first, unknown, nact, amax, act, two, g, seen, stamp):
    """One pass over the pairs, smallest part first, until every unknown value below ``first`` is
    marked (or every pair read); returns the pairs read."""
    if nact == 1:                       # one kind of split (Grundy's game, most octal games)
        s = n - act[0]
        skip = s // 2 if two[act[0]] == 2 and s % 2 == 0 else -1
        a = 1
        while unknown and a <= amax:
            if a != skip:
                x = g[a] ^ g[s - a]
                if x < first and seen[x] != stamp:
                    seen[x] = stamp
                    unknown -= 1
            a += 1
        return a - 1
    a = 1
    while unknown and a <= amax:
        for k in range(nact):
            s = n - act[k]
            if 2 * a > s or (two[act[k]] == 2 and 2 * a == s):
                continue
            x = g[a] ^ g[s - a]
            if x < first and seen[x] != stamp:
                seen[x] = stamp
                unknown -= 1
        a += 1
    return (a - 1) * nact


@numba.njit(cache=True)
def _classify(n, v, cls, rare, nrare, mask, domain, rare_class):
    """Record heap ``n``'s class; returns the rare list (grown when full) and its length."""
    cls[n] = _parity(np.int64(v) & mask) ^ (domain & (n & 1))
    if cls[n] == rare_class and n >= 1:
        if nrare == len(rare):
            rare = np.concatenate((rare, np.zeros(len(rare), np.int64)))
        rare[nrare] = n
        nrare += 1
    return rare, nrare


@numba.njit(cache=True)
def sparse(N, start, zero, one, two, top, g, mask, domain, rare_class, counts):
    """g[start..N] by the sparse-space method (finite codes), g[0..start-1] given. ``counts``
    (int64[3]) receives the rare heaps, the witness searches and the pairs they read."""
    seen = np.zeros(VALUES + 1, np.int32)
    cls = np.zeros(N + 1, np.int8)
    rare = np.zeros(1024, np.int64)
    act = np.zeros(top + 1, np.int64)
    nrare = 0
    for n in range(start):
        rare, nrare = _classify(n, g[n], cls, rare, nrare, mask, domain, rare_class)
    for n in range(start, N + 1):
        stamp = n + 1
        jmax = _small(n, g, seen, stamp, zero, one, two, 0, 0, top)
        _one_rare(n, jmax, two, g, cls, rare, nrare, rare_class, seen, stamp)
        first, unknown, nact, amax = _unknowns(n, jmax, two, act, seen, stamp, mask, domain)
        if first >= VALUES:
            return 1
        if unknown:
            counts[1] += 1
            counts[2] += _meet(n, first, unknown, nact, amax, act, two, g, seen, stamp)
        v = 0
        while seen[v] == stamp:
            v += 1
        g[n] = v
        rare, nrare = _classify(n, v, cls, rare, nrare, mask, domain, rare_class)
    counts[0] = nrare
    return 0
