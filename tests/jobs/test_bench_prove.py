"""The ``prove-sweep`` bench case (issue 33, point 4): the sweep runs serially and in Dask worker
processes (not this process, not threads), the two tables are compared, and a difference is
reported. Not a timing test: the ratio depends on the machine's load."""

from __future__ import annotations

import os

import cgs_bridge.jobs.prove_sweep as prove_sweep_module
from cgs_bridge.cli.main import build_parser
from cgs_bridge.jobs.bench.prove_sweep import prove_sweep_case


def test_the_sweep_runs_in_worker_processes_and_the_tables_agree():
    lines: list = []
    res = prove_sweep_case(out=lines.append, k_range="1..9")
    assert res["equal"] and res["cells"] == 9
    assert res["label"] == "LocalCluster of 2 worker processes"
    assert res["pids"] and os.getpid() not in res["pids"]
    assert "tables equal" in lines[-1] and "speed-up" in lines[-1]
    # seed 003: Theorem 7.3 for k = 3, 7 and Conjecture 8.1 for k = 1, 5, 9 (k % 4 == 3 / == 1)
    assert "5 proved" in lines[1]


def test_a_parallel_table_that_differs_is_reported(monkeypatch):
    """The planted twin: one verdict changed in the parallel run's table."""
    real = prove_sweep_module.prove_sweep

    def altered(*args, **kwargs):
        res = real(*args, **kwargs)
        if kwargs.get("workers"):
            res.frame.loc[0, "claim1_verdict"] = "REFUTED"
        return res
    monkeypatch.setattr(prove_sweep_module, "prove_sweep", altered)
    lines: list = []
    res = prove_sweep_case(out=lines.append, k_range="1..3")
    assert not res["equal"] and "tables DIFFER" in lines[-1]


def test_the_cli_offers_the_case():
    args = build_parser().parse_args(["bench", "--cases", "prove-sweep", "--quick"])
    assert args.cases == ["prove-sweep"] and args.quick
