"""Local worker processes: how many a sweep starts (issue 37: at most one per cell to compute and
per core, so ``--workers 1024`` on one cell starts one worker, not a cluster of 1024 processes),
the Dask settings they run under, and SIGINT ignored while they start."""

from __future__ import annotations

import contextlib
import signal
import threading


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


@contextlib.contextmanager
def workers_ignore_sigint():
    """Start worker processes with SIGINT ignored (inherited across fork and exec, and Python then
    installs no KeyboardInterrupt handler): a Ctrl-C reaches the whole foreground process group,
    and only this process should act on it, closing the cluster, instead of every worker printing
    a traceback. This process's own handler is restored at once."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


#: Dask settings of a local cluster (a failed cell is retried by :class:`_DaskRunner`). Off, as
#: each costs the cells processor time (README, "prove-sweep"): the statistical profiler (every
#: thread's stack each 10 ms, for a dashboard never started), and the nanny's
#: ``MALLOC_TRIM_THRESHOLD_=65536`` (glibc returns freed numpy tables at once, to fault them in again).
#: No web pages either (issue 46): the scheduler and the workers serve no HTTP route (no dashboard,
#: no status or metrics pages); the scheduler's HTTP listener, which Dask always opens, takes a
#: free port of the loopback interface (:data:`LOCAL_SCHEDULER`), never 8787.
LOCAL_WORKER_CONFIG = {
    "distributed.scheduler.http.routes": [],
    "distributed.worker.http.routes": [],
    "distributed.scheduler.allowed-failures": 0,
    "distributed.worker.profile.enabled": False,
    "distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": None,
    # issue 45: a worker process forked from this one starts with its modules imported (numpy,
    # pandas, dask, the solvers: about 3 s a process under "spawn", measured: a sweep of two
    # cells on 2 workers 10.4 s with spawn, 3.4 s with fork, load average 10)
    "distributed.worker.multiprocessing-method": "fork",
}
#: The scheduler's keywords in a local cluster: no dashboard, its HTTP listener on a free loopback port.
LOCAL_SCHEDULER = {"dashboard": False, "dashboard_address": "127.0.0.1:0"}
