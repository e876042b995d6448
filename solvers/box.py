"""Memory estimates of boxes of positions and the check that a box fits before anything is
allocated. :class:`Box` and :func:`parse_bound` live in the core (:mod:`cgs_bridge.box`) and are
re-exported here."""

from __future__ import annotations

import numpy as np

from cgs_bridge import config
from cgs_bridge.box import Box, parse_bound  # noqa: F401  (re-exported)
from cgs_bridge.errors import BoxError

#: Hard ceiling for one box, whatever memory is free (positions).
MAX_POSITIONS = 2_000_000_000


def available_memory() -> int:
    """Bytes of memory this process may use: ``CGS_BRIDGE_MAX_MEMORY`` (bytes) when set, else
    the kernel's MemAvailable, else 4 GiB."""
    env = config.get(config.MAX_MEMORY)
    if env:
        return int(env)
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 4 << 30


def words_for(box: Box) -> int:
    """64-bit words per bitset: a Grundy value never exceeds the number of options, which is at
    most the sum of the bounds."""
    return sum(box.upper) // 64 + 1


def estimate_bytes(box: Box, misere: bool = False, ruled=None) -> int:
    """Peak bytes of the arrays the fast kernel (``solvers.kernel``) allocates for ``box``: the
    int32 Grundy array (plus one for misère values) and, per coordinate ``i`` with a move rule
    (``ruled``: their indices; default every coordinate, an upper bound), one bitset of
    :func:`words_for` words and one poison byte per suffix ``(p[i+1], ...)`` (bitsets twice with
    misère). The reference solver allocates only the value arrays."""
    total = box.size * 4 * (2 if misere else 1)
    w = words_for(box)
    shape = box.shape
    for i in (range(len(shape)) if ruled is None else ruled):
        s = 1
        for d in shape[i + 1:]:
            s *= d
        total += s * (w * 8 * (2 if misere else 1) + 1)
    return total


def check_fits(box: Box, misere: bool = False, budget: int | None = None) -> None:
    """Refuse a box that would not fit in memory, before anything is allocated.

    Raises:
        BoxError: naming the estimate, the budget and the largest uniform bound that fits.
    """
    budget = available_memory() if budget is None else budget
    need = estimate_bytes(box, misere)
    if box.size <= MAX_POSITIONS and need <= budget:
        return
    lo, hi = 0, max(box.upper)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        b = Box(box.coords, tuple(min(u, mid) for u in box.upper))
        if b.size <= MAX_POSITIONS and estimate_bytes(b, misere) <= budget:
            lo = mid
        else:
            hi = mid - 1
    raise BoxError(f"box {box} has {box.size:,} points and needs about {need / 2**30:.1f} GiB; "
                   f"{budget / 2**30:.1f} GiB is available. The largest bound that fits (capping every "
                   f"coordinate) is {lo}")


def lexicographic(box: Box):
    """Iterate the points of ``box`` in lexicographic order (last coordinate fastest)."""
    return np.ndindex(*box.shape)
