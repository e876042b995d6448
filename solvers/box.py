"""Boxes of positions: inclusive upper bounds per coordinate, parsing and memory estimates."""

from __future__ import annotations

import os
from dataclasses import dataclass

import numpy as np

from cgs_bridge.errors import BoxError

#: Hard ceiling for one box, whatever memory is free (positions).
MAX_POSITIONS = 2_000_000_000


@dataclass(frozen=True)
class Box:
    """All positions ``p`` with ``0 <= p[i] <= upper[i]`` (``coords`` names them in order)."""

    coords: tuple
    upper: tuple

    @property
    def shape(self) -> tuple:
        return tuple(u + 1 for u in self.upper)

    @property
    def size(self) -> int:
        n = 1
        for u in self.upper:
            n *= u + 1
        return n

    def contains(self, p) -> bool:
        return all(0 <= v <= u for v, u in zip(p, self.upper))

    def __str__(self):
        return ",".join(f"{c}={u}" for c, u in zip(self.coords, self.upper))


def parse_bound(text: str, coords: tuple) -> Box:
    """Parse ``--bound``: ``"20"`` (every coordinate) or ``"x=20,y=10,z=20"`` (each coordinate
    named exactly once).

    Raises:
        BoxError: malformed text, unknown or missing coordinate, negative bound.
    """
    text = str(text).strip()
    try:
        if "=" not in text:
            n = int(text)
            if n < 0:
                raise BoxError(f"--bound must be >= 0, got {n}")
            return Box(tuple(coords), tuple(n for _ in coords))
        vals: dict = {}
        for part in text.split(","):
            name, _, value = part.partition("=")
            name = name.strip()
            if name not in coords:
                raise BoxError(f"--bound names {name!r}, which is not a coordinate "
                               f"(coordinates: {', '.join(coords)})")
            if name in vals:
                raise BoxError(f"--bound names {name} twice")
            vals[name] = int(value)
            if vals[name] < 0:
                raise BoxError(f"--bound {name} must be >= 0")
    except ValueError:
        raise BoxError(f"--bound expects N or name=N,...; got {text!r}") from None
    missing = [c for c in coords if c not in vals]
    if missing:
        raise BoxError(f"--bound gives no bound for {', '.join(missing)} "
                       f"(give all of {', '.join(coords)}, or one number for all)")
    return Box(tuple(coords), tuple(vals[c] for c in coords))


def available_memory() -> int:
    """Bytes of memory this process may use: ``CGS_BRIDGE_MAX_MEMORY`` (bytes) when set, else
    the kernel's MemAvailable, else 4 GiB."""
    env = os.environ.get("CGS_BRIDGE_MAX_MEMORY")
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
