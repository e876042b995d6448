"""Parameter sweeps (``cgs-bridge sweep``, ``cgs_bridge.jobs.sweep``): every combination of parameter
values and bounds solved and checked, one table row per cell, run serially or on Dask, resumable.

Modules: :mod:`.grid` (value syntax, cells, keys), :mod:`.cell` (one cell on a worker),
:mod:`.store` (Parquet/CSV table, atomic rewrites), :mod:`.runner` (planning, memory check, Dask).
"""

from __future__ import annotations

from .cell import RUN_COLUMNS, run_cell
from .grid import parse_bounds, parse_grid, parse_values
from .runner import SweepPlan, SweepResult, plan_sweep, run_plan


def run_sweep(source: str, params: dict, bound, claims=(), output=None, workers=None, scheduler=None,
              progress: bool = False, game_name=None, method: str = "auto", limit: int = 3,
              force: bool = False, claims_file=None) -> SweepResult:
    """Solve and check ``source`` (catalog name or spec file) at every cell of a grid.

    Args:
        params: parameter name -> values: ``"1..41:2"``, ``"1,5,9"``, an int, or a list/range of
            ints; a function parameter takes ``"floor(t/2);floor(t/4)"`` or a list of texts
            (syntax: :mod:`cgs_bridge.jobs.sweep.grid`). Parameters not given take their defaults.
        bound: an int, a dict ``{coord: int}``, a text (``"100,200"``, ``"x=20,y=10,z=20"``) or a
            list of those; each is one more sweep value.
        claims: extra claims (spec-language text), checked beside the spec's own claims;
            ``claims_file``: a file of them, one per line (``--claims FILE``).
        output, workers, scheduler, progress, force: see :func:`cgs_bridge.jobs.sweep.runner.run_plan`
            (``workers=0``: serial in this process; default: a LocalCluster, one process per CPU).
        method: the solver (``"auto"``, ``"fast"``, ``"reference"``); ``limit``: counterexamples
            kept per claim (the table shows the first).
    Returns:
        a :class:`SweepResult`: ``frame`` (one row per cell, grid order: parameters, ``bound``,
        ``status``, ``positions``, ``p_positions``, ``max_grundy``, per claim ``claim{i}``,
        ``claim{i}_status``, ``claim{i}_failures``, ``claim{i}_first``; ``seconds``, ``worker``),
        ``ok``, ``holds``, ``computed``, ``reused``, ``compiles``.
    Raises:
        ParameterError, BoxError, SpecError: malformed ranges, bounds, claims (before anything
        runs); BoxError: the largest cell would not fit in one worker's memory; InputError: the
        output exists and is not a sweep table; EngineError: the scheduler is unreachable (10 s).
    """
    if claims_file is not None:
        from cgs_bridge.jobs.checking import claims_from_file
        claims = [*claims, *(text for _, text in claims_from_file(claims_file))]
    plan = plan_sweep(source, params, bound, claims, game_name)
    return run_plan(plan, output, workers=workers, scheduler=scheduler, progress=progress,
                    method=method, limit=limit, force=force)


__all__ = ["run_sweep", "plan_sweep", "run_plan", "SweepPlan", "SweepResult", "run_cell", "RUN_COLUMNS",
           "parse_values", "parse_grid", "parse_bounds"]
