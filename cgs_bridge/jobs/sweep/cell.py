"""One cell of a sweep, as a worker runs it: bind the parameters, solve the box, check the claims,
and return one table row (a dict of plain values, cheap to send back)."""

from __future__ import annotations

import time

from .grid import Cell, SpecRef

#: Row columns that depend on the machine and the run, not on the game (left out when comparing
#: two sweeps' tables).
RUN_COLUMNS = ("seconds", "worker", "kernel_compiles", "kernel_cache_loads", "compile_seconds")


def worker_name() -> str:
    """The Dask worker's name (``0``, ``1``, ...) or ``local`` outside a Dask worker."""
    try:
        from distributed import get_worker
        return str(get_worker().name)
    except (ImportError, ValueError):
        return "local"


def kernel_stats(sol) -> dict:
    """Statistics of the solve that produced ``sol`` as a dict: ``sol.stats`` when the solver
    returns them (a dict, or an object with ``as_dict()``), else this process's last fast-kernel
    call (:func:`solvers.kernel.last_stats`, where that exists), else ``{}``."""
    stats = getattr(sol, "stats", None)
    if hasattr(stats, "as_dict"):
        return stats.as_dict()
    if isinstance(stats, dict):
        return stats
    try:
        from solvers import kernel
        return dict(kernel.last_stats())
    except (ImportError, AttributeError):
        return {}


def kernel_compiles(stats: dict) -> int:
    """Kernel compilations of one solve: ``stats["compiles"]`` when the solver counts them, else 1
    when the kernel was compiled or loaded in this process for this solve (``compile_seconds``
    > 0), else 0."""
    if "compiles" in stats:
        return int(stats["compiles"] or 0)
    return int(float(stats.get("compile_seconds") or 0.0) > 0.0)


def base_row(cell: Cell, spec: SpecRef, version: str) -> dict:
    """The key columns of a cell's row."""
    row = {"spec_hash": spec.hash, "version": version, "game": spec.game_name or spec.file,
           "cell": cell.label}
    row.update({name: value for name, value in cell.params})
    row["bound"] = cell.bound
    return row


def run_cell(spec: SpecRef, cell: Cell, version: str, method: str = "auto", limit: int = 3) -> dict:
    """Solve and check one cell.

    Returns:
        the row: key columns (``spec_hash``, ``version``, ``game``, ``cell``, one column per
        parameter, ``bound``), ``status`` ('ok', or 'error' with ``error`` the message of an input
        or rule error at this cell), ``positions``, ``p_positions``, ``max_grundy``, per claim
        ``i`` (1-based) ``claim{i}`` (its name), ``claim{i}_status`` ('holds', 'fails', 'not
        applicable'), ``claim{i}_failures``, ``claim{i}_first`` (first counterexample
        ``"(x, y, z): grundy g"``), then ``seconds``, ``worker``, ``kernel_compiles``
        (see :func:`kernel_compiles`), ``kernel_cache_loads`` (machine code loaded from the disk
        cache, when the solver reports it), ``compile_seconds``.
    Raises:
        nothing for input, rule or evaluation errors (they become ``status='error'`` rows); other
        exceptions (a bug, a dying worker) reach the scheduler, which retries the cell once.
    """
    from cgs_bridge.foundation.errors import CgsBridgeError
    from cgs_bridge.jobs.checking import check_solution, claims_use_misere, first_text
    from cgs_bridge.model.resolve import resolve
    from solvers import solve
    row = base_row(cell, spec, version)
    t0 = time.perf_counter()
    try:
        checked = spec.load()
        ruleset, box = resolve(checked, dict(cell.params), cell.bound)
        sol = solve(ruleset, box, misere=claims_use_misere(checked), method=method)
        stats = kernel_stats(sol) if method != "reference" else {}
        res = check_solution(sol, limit=limit, method="reference" if method == "reference" else "auto")
    except CgsBridgeError as e:
        row.update(status="error", error=str(e), seconds=time.perf_counter() - t0, worker=worker_name())
        return row
    row.update(status="ok", error="", positions=res.positions, p_positions=int((sol.grundy == 0).sum()),
               max_grundy=int(sol.grundy.max()) if res.positions else -1)
    for i, c in enumerate(res.claims, 1):
        row.update({f"claim{i}": c.name, f"claim{i}_status": c.status,
                    f"claim{i}_failures": c.failures, f"claim{i}_first": first_text(c)})
    row.update(seconds=round(time.perf_counter() - t0, 4), worker=worker_name(),
               kernel_compiles=kernel_compiles(stats),
               kernel_cache_loads=int(stats.get("cache_hits") or 0), compile_seconds=float(stats.get("compile_seconds") or 0.0))
    return row


def failed_row(spec: SpecRef, cell: Cell, version: str, reason: str) -> dict:
    """The row of a cell that could not be run (its worker died twice, or the task failed)."""
    row = base_row(cell, spec, version)
    row.update(status="failed", error=reason, worker="")
    return row

