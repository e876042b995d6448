"""How long a sweep would take, roughly: the ``--yes`` question of ``cgs-bridge sweep`` for a grid of
more than 1,000 cells (issue 36)."""

from __future__ import annotations

#: A rough cost model of one sweep cell on the 2-core reference machine (issue 36: 100,000 cells of
#: triangular at bound 12 took 196 s serially): start-up per cell, and solve + claims per box point.
CELL_SECONDS, POINT_SECONDS = 0.002, 2e-8


def estimate_seconds(plan) -> float:
    """A rough serial time for ``plan`` from :data:`CELL_SECONDS` and :data:`POINT_SECONDS` (an
    order of magnitude for the ``--yes`` question, not a measurement)."""
    from solvers import parse_bound
    coords = plan.spec.load().game.coords
    sizes: dict = {}
    for c in plan.cells:
        if c.bound not in sizes:
            sizes[c.bound] = parse_bound(c.bound, coords).size
    return sum(CELL_SECONDS + POINT_SECONDS * sizes[c.bound] for c in plan.cells)


def duration_text(seconds: float) -> str:
    """``about 40 seconds``, ``about 3 minutes``, ``about 2.5 hours``."""
    if seconds < 90:
        return f"about {max(1, round(seconds))} seconds"
    if seconds < 90 * 60:
        return f"about {round(seconds / 60)} minutes"
    return f"about {seconds / 3600:.1f} hours"
