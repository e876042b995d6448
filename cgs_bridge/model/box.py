"""Boxes of positions: all positions with ``0 <= p[i] <= upper[i]`` (inclusive upper bounds per
coordinate, in the game's coordinate order), and the ``--bound`` text that names one.

Core module (no solver imports): generators, the CLI and the solvers share it; the memory check of
a box is :func:`solvers.box.check_fits`.
"""

from __future__ import annotations

from dataclasses import dataclass

from cgs_bridge.foundation.errors import BoxError


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


__all__ = ["Box", "parse_bound"]
