"""How many local workers a sweep starts (issue 37): at most one per cell to compute and per
core, so ``--workers 1024`` on one cell starts one worker, not a cluster of 1024 processes."""

from __future__ import annotations


def cap_workers(n: int, cells: int, cores: int) -> int:
    """At most one local worker per cell to compute and per core (issue 37: ``--workers 1024`` on
    one cell started 1024 processes); a warning names the cap when ``n`` is lowered."""
    cap = max(1, min(cells, cores))
    if n > cap:
        import warnings
        warnings.warn(f"--workers {n}: capped at {cap} (one worker per cell to compute and per "
                      f"core: {cells} cell(s), {cores} core(s))", stacklevel=2)
        return cap
    return n
