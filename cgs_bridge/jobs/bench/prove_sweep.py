"""The ``prove-sweep`` case of ``cgs-bridge bench`` (issue 33, point 4; issue 45: k up to 1001):
``prove triangular --sweep k=1..1001 --prover embedded`` run serially in this process and on a
Dask LocalCluster of 2 worker processes (one client, one thread per worker: the embedded prover
is numpy and Python, so threads would share the GIL), in the same run; the tables are compared and
the speed-up printed against the 1.6x target, and the slowest cell (issue 45: every k within
30 s). ``--quick`` runs k = 1..61 instead.

Benchmarks are not tests: nothing here asserts a time."""

from __future__ import annotations

import os
import time

#: The issue's sweep and the quick variant.
FULL, QUICK = "1..1001", "1..61"
#: Issue 45: every cell (one k) within this many seconds.
TARGET_CELL = 30.0
TARGET_RATIO = 1.6


def prove_sweep_case(out=print, workers: int = 2, k_range: str | None = None,
                     quick: bool = False) -> dict:
    """Run the sweep serially and on ``workers`` worker processes; print one line per run and the
    ratio. Returns ``{"serial", "parallel", "ratio", "equal", "workers_seen", "pids", "cells",
    "label", "serial_cpu", "worker_cpu", "slowest"}`` (seconds; ``workers_seen``/``pids``: the
    Dask worker names and process ids that ran cells; ``worker_cpu``: processor seconds per
    worker; ``slowest``: (k, seconds, processor seconds) of the serial run's slowest cell).

    The wall-clock ratio is what the machine gave: on a shared machine the workers compete with
    other processes, so the processor seconds are printed too (the same work split in two)."""
    from cgs_bridge.jobs.prove_sweep import prove_sweep
    k_range = k_range or (QUICK if quick else FULL)
    load = " ".join(f"{v:.2f}" for v in os.getloadavg())
    out(f"prove triangular --sweep k={k_range} --prover embedded; {os.cpu_count()} CPUs, load "
        f"average {load} (1, 5, 15 min)")
    t0 = time.perf_counter()
    serial = prove_sweep("triangular", {"k": k_range}, provers=("embedded",), workers=0)
    t_serial = time.perf_counter() - t0
    out(f"  serial (this process)                 {t_serial:8.1f} s   {serial.verdict()}")
    t0 = time.perf_counter()
    par = prove_sweep("triangular", {"k": k_range}, provers=("embedded",), workers=workers)
    t_par = time.perf_counter() - t0
    seen = sorted({str(w) for w in par.frame["worker"]})
    pids = set(int(p) for p in par.frame["pid"].dropna())
    cpu = par.frame.groupby("worker")["cpu_seconds"].sum()
    split = ", ".join(f"worker {w} {c:.1f} s" for w, c in cpu.items())
    out(f"  {par.workers:<37} {t_par:8.1f} s   {len(pids)} worker process(es) ran the cells "
        f"(not this one: {os.getpid() not in pids}); processor seconds {split}")
    slowest = serial.frame.loc[serial.frame["seconds"].idxmax()]
    out(f"  slowest cell k={slowest['k']}: {float(slowest['seconds']):.1f} s serial, "
        f"{float(slowest['cpu_seconds']):.1f} s processor (target {TARGET_CELL:g} s: "
        f"{'met' if float(slowest['seconds']) <= TARGET_CELL else 'MISSED'})")
    equal = serial.table().reset_index(drop=True).equals(par.table().reset_index(drop=True))
    ratio = t_serial / t_par if t_par else float("inf")
    serial_cpu = float(serial.frame["cpu_seconds"].sum())
    out(f"  speed-up {ratio:.2f}x (target >= {TARGET_RATIO}x: {'met' if ratio >= TARGET_RATIO else 'MISSED'})"
        f"; tables {'equal' if equal else 'DIFFER'}; processor seconds serial {serial_cpu:.1f}, "
        f"the busier worker {float(cpu.max()):.1f} (the speed-up an idle machine allows: "
        f"{serial_cpu / max(1e-9, float(cpu.max())):.2f}x without the cluster's start-up)")
    return {"serial": t_serial, "parallel": t_par, "ratio": ratio, "equal": equal,
            "workers_seen": seen, "pids": pids, "cells": len(par.frame), "label": par.workers,
            "serial_cpu": serial_cpu, "worker_cpu": {str(w): float(c) for w, c in cpu.items()},
            "slowest": (slowest["k"], float(slowest["seconds"]), float(slowest["cpu_seconds"]))}
