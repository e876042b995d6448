"""The ``sweep`` case of ``cgs-bridge bench``: one sweep run serially in this process and with 2
workers (threads of this process for cells up to
:data:`~cgs_bridge.jobs.sweep.threads.THREAD_CELL_POINTS` box points, else a LocalCluster of
worker processes), the tables compared, the speed-up and compile counts printed
(the serial run is the yardstick of the parallel one, in the same run)."""

from __future__ import annotations

import os
import time

#: The benchmark sweep of issue 12: triangular, k = 1, 3, ..., 41, bound 200, one extra claim.
GAME, PARAMS, BOUND, CLAIM = "triangular", {"k": "1..41:2"}, 200, "P iff x xor y xor z == 0"


def sweep_case(out=print, workers: int = 2, params=None, bound=None, claims=None) -> int:
    """Run the benchmark sweep serially and on ``workers`` workers (threads or processes, as
    ``run_plan`` chooses); print seconds, speed-up
    (serial / parallel, cluster start-up included) and kernel compiles (cells that compiled or
    loaded a kernel in their process). Returns 1 when the two tables differ, else 0."""
    from cgs_bridge.jobs.sweep.runner import plan_sweep, run_plan
    plan = plan_sweep(GAME, params or PARAMS, bound or BOUND, [CLAIM] if claims is None else claims)
    label = (f"sweep {GAME} -p {' -p '.join(f'{k}={v}' for k, v in (params or PARAMS).items())} "
             f"--bound {bound or BOUND}")
    load = " ".join(f"{v:.2f}" for v in os.getloadavg())
    out(f"{label}: {len(plan.cells)} cells; {os.cpu_count()} CPUs, load average {load} (1, 5, 15 min)")
    t0 = time.perf_counter()
    serial = run_plan(plan, workers=0)
    t_serial = time.perf_counter() - t0
    t0 = time.perf_counter()
    par = run_plan(plan, workers=workers)
    t_par = time.perf_counter() - t0
    same = serial.table().equals(par.table())
    cells = float(par.frame["seconds"].sum())
    out(f"  serial (this process)               {t_serial:8.2f} s   kernel compiles {serial.compiles}, "
        f"disk-cache loads {serial.cache_loads}")
    out(f"  {par.workers:<35} {t_par:8.2f} s   kernel compiles {par.compiles}, disk-cache loads "
        f"{par.cache_loads} (cells' own seconds {cells:.2f})")
    out(f"  speed-up {t_serial / t_par:.2f}x; without the cluster start-up ({par.startup_seconds:.2f} s) "
        f"{t_serial / max(1e-9, t_par - par.startup_seconds):.2f}x   tables {'equal' if same else 'DIFFER'}")
    return 0 if same else 1
