"""Cell functions for the sweep tests: they run on Dask worker processes (imported there by name,
so they live in a module, not in a test file)."""

import os
from pathlib import Path

from cgs_bridge.jobs.sweep.cell import run_cell


def dying_cell(spec, cell, version, method, limit):
    """Kills its worker process at k = 5, every time."""
    if dict(cell.params).get("k") == 5:
        os._exit(3)
    return run_cell(spec, cell, version, method, limit)


def dying_once_cell(spec, cell, version, method, limit):
    """Kills its worker process at k = 5 the first time only (a marker file remembers)."""
    marker = Path(os.environ["SWEEP_TEST_MARKER"])
    if dict(cell.params).get("k") == 5 and not marker.exists():
        marker.write_text("died once\n")
        os._exit(3)
    return run_cell(spec, cell, version, method, limit)


class Interrupt:
    """Runs cells normally, then raises KeyboardInterrupt at the ``at``-th call (serial runs)."""

    def __init__(self, at: int):
        self.at, self.calls = at, 0

    def __call__(self, spec, cell, version, method, limit):
        self.calls += 1
        if self.calls == self.at:
            raise KeyboardInterrupt
        return run_cell(spec, cell, version, method, limit)


#: Set by a test in the sweep's process before the cluster starts: a worker forked from that
#: process sees the value, a worker started afresh (spawn) sees None.
PARENT_MARK = None


def settings_cell(spec, cell, version, method, limit):
    """A cell's row with what its worker process runs under: the glibc trim variable the Dask nanny
    would set, the worker's statistical profiler setting, and :data:`PARENT_MARK` as the worker
    sees it (``mark``)."""
    import dask
    row = run_cell(spec, cell, version, method, limit)
    row.update(trim=os.environ.get("MALLOC_TRIM_THRESHOLD_", "unset"),
               profiler=dask.config.get("distributed.worker.profile.enabled"), pid=os.getpid(),
               mark=PARENT_MARK)
    return row
