"""Sweep cells run in threads of this process (issue 24): for grids of small cells.

A local Dask cluster starts one process per worker, and each imports numba and loads the kernel
(about 1-2 s) before its first cell: on the 21 cells of ``triangular -p k=1..41:2 --bound 200``
(about 0.2 s each) two worker processes were slower than one serial loop (7.7 s against 4.4 s).
The kernels and the compiled claims are compiled with ``nogil=True`` (``solvers/kernelgen.py``,
``solvers/claims.py``), so cells in threads solve in parallel; what holds the GIL (planning a
cell, numpy reductions of small arrays, the row) is a small part of a cell.

The first cell runs alone, so the kernel and the claims module are generated, compiled or loaded
once (nothing compiles twice in parallel); the others go to a pool of ``n`` threads. Rows arrive
in completion order, as from Dask. A thread cannot be killed: a cell that raises an unexpected
exception is retried once in the pool, then reported as a 'failed' row, as with Dask; on Ctrl-C
the cells still queued are cancelled and the command waits only for the running ones.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor, as_completed

#: Cells up to this many box points run in threads when the sweep runs locally with workers
#: (``run_plan(..., threads=None)``); larger cells run in worker processes (a cell that exhausts
#: memory then takes down its worker, not the sweep). Measured on the 2-core machine, idle, the
#: bound-400 sweep (6.5 x 10^7 points a cell, warm kernel cache): 2 threads 1.75x serial, 2 worker
#: processes 1.40x (each process pays start-up and the two compete for memory bandwidth alike).
THREAD_CELL_POINTS = 100_000_000


def largest_points(plan, cells) -> int:
    """Box points of the largest of ``cells`` (0 when there is none)."""
    from solvers import parse_bound
    coords = plan.spec.load().game.coords
    return max((parse_bound(c.bound, coords).size for c in cells), default=0)


class ThreadRunner:
    """Run cells in ``n`` threads of this process (see the module)."""

    def __init__(self, n: int):
        self.n = n
        self.label = f"{n} threads in this process"

    def run(self, plan, items, cell_fn, method, limit, on_row) -> None:
        from .cell import failed_row
        items = list(items)
        if not items:
            return
        first, rest = items[0], items[1:]

        def call(cell):
            return cell_fn(plan.spec, cell, plan.version, method, limit)

        on_row(first[0], _guarded(call, first[1], plan, failed_row))
        pool = ThreadPoolExecutor(max_workers=self.n, thread_name_prefix="cgsb-cell")
        try:
            futures = {pool.submit(_guarded, call, cell, plan, failed_row): i for i, cell in rest}
            for f in as_completed(futures):
                on_row(futures[f], f.result())
        finally:
            # on Ctrl-C (or an error) the queued cells are dropped; the running ones finish
            pool.shutdown(wait=True, cancel_futures=True)

    def close(self) -> None:
        pass


def _guarded(call, cell, plan, failed_row) -> dict:
    """The row of ``cell``; an unexpected exception retries once, then gives a 'failed' row."""
    for attempt in (0, 1):
        try:
            return call(cell)
        except Exception as e:  # a bug inside the cell: as a Dask worker's exception
            if attempt == 1:
                return failed_row(plan.spec, cell, plan.version,
                                  f"the cell failed twice: {type(e).__name__}: {str(e)[:300]}")
    raise AssertionError("unreachable")
