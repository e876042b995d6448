"""``cgs-bridge sweep`` / ``cgs_bridge.jobs.sweep``: grid syntax, the table against the theorems of
seed 003, Dask against serial, resumption, interruption, worker deaths and every bad input.

Expected values come from seed 003: Theorem 7.3 (k = 4m + 3: P-position iff x xor y xor z = 0) and
Conjecture 8.1 for k = 5 on the box x, z <= 20, y <= 10 (checked there by the paper's own CGSuite
program, Example 8.5: both lists printed empty), counted independently with numpy below.
"""

from __future__ import annotations

import json
import os
import time

import numpy as np
import pandas as pd
import pytest

import cgs_bridge as cb
from cgs_bridge.cli.main import main
from cgs_bridge.foundation.errors import BoxError, InputError, ParameterError
from cgs_bridge.jobs.sweep import parse_values, plan_sweep, run_cell, run_plan

import paths
import sweep_helpers

BOX = "x=20,y=10,z=20"
XOR = "P iff x xor y xor z == 0"


def oracle(k: int, X=20, Y=10, Z=20) -> dict:
    """Valid positions, and P-positions by the paper's formula for this k (Theorem 7.3 for
    k % 4 == 3, Conjecture 8.1 for k = 5 on the published box); where the xor formula and the
    true P-positions differ (the failures of the claim XOR) and the first such position."""
    x, y, z = np.meshgrid(np.arange(X + 1), np.arange(Y + 1), np.arange(Z + 1), indexing="ij")
    valid = y <= (x + z) // k
    xor_p = (x ^ y ^ z) == 0
    p = xor_p if k % 4 == 3 else ((x - 1) ^ y ^ (z - 1)) == 0
    differ = valid & (p != xor_p)
    first = tuple(int(v) for v in np.argwhere(differ)[0]) if differ.any() else None
    return {"positions": int(valid.sum()), "p_positions": int((valid & p).sum()),
            "xor_failures": int(differ.sum()), "xor_first": first}


@pytest.mark.parametrize("text, values", [
    ("5", [5]), ("1,5,9", [1, 5, 9]), ("1..9:2", [1, 3, 5, 7, 9]), ("1..4", [1, 2, 3, 4]),
    ("1..9:4,20,5", [1, 5, 9, 20]), ("3..3", [3])])
def test_values(text, values):
    assert parse_values("k", text) == values


@pytest.mark.parametrize("text, words", [
    ("5..1", "empty (start 5 > end 1)"), ("1..", "needs a start and an end"),
    ("..4", "needs a start and an end"), ("a..b", "not an integer range"),
    ("1..5:0", "step of '1..5:0' must be at least 1"), ("1,,2", "empty item"),
    ("x", "not an integer"), ("1..5:a", "not an integer range")])
def test_malformed_values(text, words):
    with pytest.raises(ParameterError) as e:
        parse_values("k", text)
    assert words in str(e.value) and f"k={text}" in str(e.value)


def test_serial_table_matches_seed003():
    r = cb.sweep("triangular", {"k": "3..7:2"}, bound=BOX, claims=[XOR], workers=0)
    f = r.frame.set_index("k")
    assert list(f.index) == [3, 5, 7] and r.computed == 3 and r.reused == 0
    assert r.claims[0].startswith("Theorem 7.3") and r.claims[1].startswith("Conjecture 8.1")
    for k in (3, 5, 7):
        want = oracle(k)
        row = f.loc[k]
        assert row["status"] == "ok" and row["bound"] == BOX
        assert (row["positions"], row["p_positions"]) == (want["positions"], want["p_positions"])
        assert row["claim1_status"] == ("holds" if k % 4 == 3 else "not applicable")
        assert row["claim2_status"] == ("holds" if k == 5 else "not applicable")
        assert row["claim3_failures"] == want["xor_failures"]
        assert row["claim3_status"] == ("holds" if want["xor_failures"] == 0 else "fails")
    assert f.loc[5, "claim3_first"].startswith(str(oracle(5)["xor_first"]) + ": grundy ")
    assert not r.holds and r.ok


def test_grid_of_two_parameters_and_bounds():
    r = cb.sweep("two_inequalities", {"k": "1,2", "h": "3..4"}, bound=["5,6"], workers=0)
    cells = [(int(a), int(b), c) for a, b, c in zip(r.frame["k"], r.frame["h"], r.frame["bound"])]
    assert cells == [(k, h, f"a={n},b={n}") for k in (1, 2) for h in (3, 4) for n in (5, 6)]


def test_local_cluster_of_two_workers_equals_serial():
    serial = cb.sweep("triangular", {"k": "1..9:2"}, bound=12, claims=[XOR], workers=0)
    sweep_helpers.PARENT_MARK = ("this process", os.getpid())
    try:
        dask = run_plan(plan_sweep("triangular", {"k": "1..9:2"}, 12, [XOR]), workers=2, threads=False,
                        cell_fn=sweep_helpers.settings_cell)
    finally:
        sweep_helpers.PARENT_MARK = None
    assert dask.workers == "LocalCluster of 2 worker processes"
    assert set(dask.frame["worker"]) <= {"0", "1"} and set(serial.frame["worker"]) == {"local"}
    pd.testing.assert_frame_equal(serial.table(), dask.table().drop(columns=["trim", "profiler", "pid", "mark"]))
    # the workers run without the profiler and the nanny's malloc trim (both cost the prover's
    # cells processor time: workers.LOCAL_WORKER_CONFIG, README "prove-sweep")
    assert set(dask.frame["trim"]) == {"unset"} and set(dask.frame["profiler"]) == {False}
    assert os.getpid() not in set(dask.frame["pid"])
    # issue 45: the workers are forked from this process (its modules already imported), so they
    # see what this process set before the cluster started; a spawned worker would see None
    assert {tuple(m) for m in dask.frame["mark"]} == {("this process", os.getpid())}


def test_small_cells_run_in_threads_and_equal_serial():
    """Issue 24: cells this small run in threads of this process (no worker start-up); the
    table is the serial one, every cell computed once."""
    serial = cb.sweep("triangular", {"k": "1..9:2"}, bound=12, claims=[XOR], workers=0)
    threaded = cb.sweep("triangular", {"k": "1..9:2"}, bound=12, claims=[XOR], workers=2)
    assert threaded.workers == "2 threads in this process" and threaded.computed == 5
    pd.testing.assert_frame_equal(serial.table(), threaded.table())
    assert list(threaded.frame["k"]) == [1, 3, 5, 7, 9]  # grid order, whatever finished first


def test_thread_runner_retries_a_failing_cell_once_then_reports_it():
    from cgs_bridge.jobs.sweep.threads import ThreadRunner
    plan = plan_sweep("triangular", {"k": "3..7:2"}, 6)
    calls = []

    def flaky(spec, cell, version, method, limit):
        calls.append(dict(cell.params)["k"])
        if dict(cell.params)["k"] == 5:
            raise RuntimeError("boom")
        return run_cell(spec, cell, version, method, limit)
    rows = {}
    ThreadRunner(2).run(plan, list(enumerate(plan.cells)), flaky, "auto", 3, rows.__setitem__)
    assert sorted(calls) == [3, 5, 5, 7]
    assert rows[1]["status"] == "failed" and "boom" in rows[1]["error"]
    assert rows[0]["status"] == rows[2]["status"] == "ok"


def test_thread_runner_drops_queued_cells_on_interrupt():
    """Ctrl-C during a threaded sweep: the cells still queued are not computed (before, the pool
    ran every queued cell to the end before the interrupt reached the user, ~60 s at bound 400)."""
    from cgs_bridge.jobs.sweep.threads import ThreadRunner
    plan = plan_sweep("triangular", {"k": "1..41:2"}, 6)
    calls = []

    def counted(spec, cell, version, method, limit):
        calls.append(cell)
        time.sleep(0.05)  # a cell long enough that the pool cannot race through the queue
        return run_cell(spec, cell, version, method, limit)

    def interrupt(i, row):
        if len(calls) > 1:
            raise KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt):
        ThreadRunner(2).run(plan, list(enumerate(plan.cells)), counted, "auto", 3, interrupt)
    assert len(plan.cells) == 21 and len(calls) < 21


def test_resume_reuses_finished_cells(tmp_path):
    out = tmp_path / "t.parquet"
    first = cb.sweep("triangular", {"k": "3,5"}, bound=BOX, output=out, workers=0)
    assert first.computed == 2
    again = cb.sweep("triangular", {"k": "3..7:2"}, bound=BOX, output=out, workers=0)
    assert (again.computed, again.reused) == (1, 2)
    # the reused rows are the stored ones (their timings too), not recomputed
    assert list(again.frame["seconds"][:2]) == list(first.frame["seconds"])
    fresh = cb.sweep("triangular", {"k": "3..7:2"}, bound=BOX, workers=0)
    pd.testing.assert_frame_equal(again.table(), fresh.table())
    stored = pd.read_parquet(out)
    assert list(stored["k"]) == [3, 5, 7]


def test_resume_csv_and_other_claims_are_other_cells(tmp_path):
    out = tmp_path / "t.csv"
    cb.sweep("triangular", {"k": "3"}, bound=8, output=out, workers=0)
    same = cb.sweep("triangular", {"k": "3"}, bound=8, output=out, workers=0)
    assert (same.computed, same.reused) == (0, 1)
    other = cb.sweep("triangular", {"k": "3"}, bound=8, claims=[XOR], output=out, workers=0)
    assert other.computed == 1  # another claim set is another spec hash
    assert len(pd.read_csv(out)) == 2  # both kept in the file


def test_interrupted_sweep_keeps_finished_cells(tmp_path):
    out = tmp_path / "t.parquet"
    plan = plan_sweep("triangular", {"k": "1..9:2"}, BOX)
    with pytest.raises(KeyboardInterrupt):
        run_plan(plan, out, workers=0, cell_fn=sweep_helpers.Interrupt(at=3))
    stored = pd.read_parquet(out)
    assert list(stored["k"]) == [1, 3] and set(stored["status"]) == {"ok"}
    assert [p.name for p in tmp_path.iterdir()] == ["t.parquet"]  # no temporary file left
    rest = run_plan(plan, out, workers=0)
    assert (rest.computed, rest.reused) == (3, 2)


def test_worker_dying_every_time_fails_only_that_cell():
    plan = plan_sweep("triangular", {"k": "3..7:2"}, 10)
    r = run_plan(plan, workers=2, cell_fn=sweep_helpers.dying_cell)
    f = r.frame.set_index("k")
    assert f.loc[5, "status"] == "failed" and "died" in f.loc[5, "error"]
    assert list(f.loc[[3, 7], "status"]) == ["ok", "ok"]
    assert list(f.loc[[3, 7], "positions"]) == [oracle(3, 10, 10, 10)["positions"],
                                                oracle(7, 10, 10, 10)["positions"]]
    assert not r.ok


def test_worker_dying_once_is_retried(tmp_path, monkeypatch):
    monkeypatch.setenv("SWEEP_TEST_MARKER", str(tmp_path / "marker"))
    plan = plan_sweep("triangular", {"k": "3..7:2"}, 10)
    r = run_plan(plan, workers=2, cell_fn=sweep_helpers.dying_once_cell)
    assert (tmp_path / "marker").exists()  # the worker did die once
    assert set(r.frame["status"]) == {"ok"}
    assert r.frame.set_index("k").loc[5, "positions"] == oracle(5, 10, 10, 10)["positions"]


def run_cli(capsys, *argv):
    code = main(["sweep", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("value", ["k=5..1", "k=1..", "k=a..b", "k=0..3", "q=1"])
def test_bad_ranges_exit_2_and_write_nothing(tmp_path, capsys, value):
    code, out, err = run_cli(capsys, "triangular", "-p", value, "--bound", "5", "-o",
                             str(tmp_path / "t.csv"), "--workers", "0")
    assert code == 2 and "Traceback" not in err and "error:" in err
    assert list(tmp_path.iterdir()) == []


def test_grid_too_large_for_memory_refused_naming_largest_cell(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("CGS_BRIDGE_MAX_MEMORY", str(50 << 20))
    code, _, err = run_cli(capsys, "triangular", "-p", "k=1,3", "--bound", "10,300", "-o",
                           str(tmp_path / "t.csv"), "--workers", "0")
    assert code == 2 and "largest cell (k=1, bound x=300,y=300,z=300)" in err
    assert list(tmp_path.iterdir()) == []


def test_unreachable_scheduler_is_a_clear_error(tmp_path, capsys):
    code, _, err = run_cli(capsys, "triangular", "-p", "k=3", "--bound", "5", "--scheduler",
                           "tcp://127.0.0.1:9", "-o", str(tmp_path / "t.csv"))
    assert code == 2 and "cannot reach the Dask scheduler at tcp://127.0.0.1:9 within 10 s" in err
    assert list(tmp_path.iterdir()) == []


def test_output_that_is_not_a_sweep_table_is_never_overwritten(tmp_path, capsys):
    out = tmp_path / "mine.csv"
    out.write_text("a,b\n1,2\n")
    code, _, err = run_cli(capsys, "triangular", "-p", "k=3", "--bound", "5", "-o", str(out),
                           "--workers", "0")
    assert code == 2 and "not a sweep table" in err and out.read_text() == "a,b\n1,2\n"
    with pytest.raises(InputError, match="written as .parquet or .csv"):
        cb.sweep("triangular", {"k": "3"}, bound=5, output=tmp_path / "t.xlsx", workers=0)


def test_bad_bounds():
    with pytest.raises(BoxError, match="empty"):
        cb.sweep("triangular", {"k": "3"}, bound="10..5", workers=0)
    with pytest.raises(BoxError, match="not a coordinate"):
        cb.sweep("triangular", {"k": "3"}, bound="w=3", workers=0)


def test_json_for_scripts(tmp_path, capsys):
    code, out, err = run_cli(capsys, "triangular", "-p", "k=3,5", "--bound", BOX, "--json",
                             "--workers", "0", "--claim", XOR, "-o", str(tmp_path / "t.csv"))
    doc = json.loads(out)
    assert "sweep:" not in err and "%|" not in err  # no progress bar when stderr is not a terminal
    assert code == 1  # the xor claim fails at k = 5
    assert [c["k"] for c in doc["cells"]] == [3, 5] and doc["computed"] == 2
    assert doc["cells"][1]["claim3_failures"] == oracle(5)["xor_failures"]



def test_function_parameter_values_and_resume(tmp_path):
    # seed 001, Theorem 3.2: grundy = y xor z for these f, so the only P-position is (0, 0)
    out = tmp_path / "f.parquet"
    r = cb.sweep("step", {"f": "floor(t/2);floor(t/4)"}, bound="y=6,z=15", output=out, workers=0)
    assert list(r.frame["f"]) == ["floor(t/2)", "floor(t/4)"]
    y, z = np.meshgrid(np.arange(7), np.arange(16), indexing="ij")
    assert list(r.frame["positions"]) == [int((y <= z // 2).sum()), int((y <= z // 4).sum())]
    assert list(r.frame["p_positions"]) == [1, 1] and set(r.frame["claim1_status"]) == {"holds"}
    again = cb.sweep("step", {"f": ["floor(t/2)", "floor(t/4)"]}, bound="y=6,z=15", output=out, workers=0)
    assert (again.computed, again.reused) == (0, 2)


def test_existing_scheduler(capsys):
    from distributed import LocalCluster

    from cgs_bridge.foundation.errors import EngineError
    serial = cb.sweep("triangular", {"k": "3,5"}, bound=8, workers=0)
    with LocalCluster(n_workers=0, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with pytest.raises(EngineError, match="has no workers"):
            cb.sweep("triangular", {"k": "3,5"}, bound=8, scheduler=cluster.scheduler_address)
        cluster.scale(1)
        r = cb.sweep("triangular", {"k": "3,5"}, bound=8, scheduler=cluster.scheduler_address)
    assert r.workers == f"Dask scheduler {cluster.scheduler_address}"
    pd.testing.assert_frame_equal(serial.table(), r.table())


def test_ctrl_c_on_a_local_cluster_sweep_is_one_line_and_leaves_no_process(tmp_path):
    """A terminal's Ctrl-C reaches the whole foreground process group, Dask's worker processes
    included: only cgs-bridge acts on it (one line, exit 130), no worker prints a traceback, no
    process of the group is left, and the finished cells are kept."""
    import os
    import signal
    import subprocess
    import sys
    import time
    out = tmp_path / "t.parquet"
    env = {**os.environ, "PYTHONPATH": str(paths.ROOT)}
    p = subprocess.Popen([sys.executable, "-m", "cgs_bridge.cli.main", "sweep", "triangular",
                          "-p", "k=1..41:2", "--bound", "400", "--workers", "2", "-o", str(out)],
                         env=env, start_new_session=True, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 120
    while not out.exists() and p.poll() is None and time.monotonic() < deadline:
        time.sleep(0.2)  # the table is written after the first finished cell
    time.sleep(1.5)  # workers in the middle of later cells (each takes seconds at bound 400)
    assert p.poll() is None, "the sweep ended before it could be interrupted"
    os.killpg(p.pid, signal.SIGINT)
    text, _ = p.communicate(timeout=120)
    assert p.returncode == 130 and "interrupted" in text and "Traceback" not in text, text[-3000:]
    for _ in range(50):  # multiprocessing's resource tracker ends once its pipe closes
        left = subprocess.run(["ps", "-o", "pid=,args=", "-g", str(p.pid)], capture_output=True,
                              text=True).stdout.strip()
        if not left:
            break
        time.sleep(0.2)
    assert left == ""
    kept = pd.read_parquet(out)
    assert 1 <= len(kept) < 21 and set(kept["status"]) == {"ok"}
