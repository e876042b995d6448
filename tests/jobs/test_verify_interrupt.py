"""Ctrl-C in ``verify`` keeps what was done, as a time-out does (issue 36): the engine's output so
far, its log, an INCOMPLETE comparison of the positions it delivered; exit 130.

The engine is a stand-in ``wolframscript`` (picked by ``--mathematica-engine auto`` when on
PATH): it writes the header and the first rows of the Python table the run folder already holds
(``python.csv``, written by cgs-bridge before any engine starts) as the emitted program would, one
flushed row at a time, prints a line to its log and waits to be stopped. The expected counts come
from the stand-in (it delivers exactly ``ROWS`` rows); the planted twin changes one delivered value
and must be reported as a difference among them."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ROOT

ROWS = 7
STANDIN = """#!{python}
import sys, time, pathlib
wl = pathlib.Path(sys.argv[-1])
rows = (wl.parent / "python.csv").read_text().splitlines(True)[: 1 + {rows}]
if {planted}:
    cells = rows[-1].rstrip("\\n").split(",")
    cells[-1] = str(int(cells[-1]) + 1)
    rows[-1] = ",".join(cells) + "\\n"
with open(wl.with_suffix(".csv"), "w") as f:
    for row in rows:
        f.write(row)
        f.flush()
print("started before the loop", flush=True)
(wl.parent / "ready").write_text("")
time.sleep(300)
"""


def _as_in_a_terminal():
    """SIGINT handled and not blocked in the child, as a shell gives a foreground command; the
    test's own process may have inherited it ignored (a background job) or blocked."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _interrupted_verify(tmp_path, planted: bool):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "wolframscript"
    fake.write_text(STANDIN.format(python=sys.executable, rows=ROWS, planted=planted))
    fake.chmod(0o755)
    run = tmp_path / "run"
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}", "PYTHONPATH": str(ROOT),
           "PYTHONFAULTHANDLER": "1"}  # a hang is diagnosed with SIGABRT: every thread's stack
    proc = subprocess.Popen([sys.executable, "-m", "cgs_bridge.cli.main", "verify", "triangular", "-p", "k=3",
                             "--bound", "6", "--run-dir", str(run), "--timeout", "120"],
                            cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_as_in_a_terminal)
    deadline = time.monotonic() + 120
    while not (run / "ready").exists():
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail(f"the stand-in engine never started: {proc.communicate()}")
        time.sleep(0.1)
    time.sleep(0.3)
    proc.send_signal(signal.SIGINT)  # what Ctrl-C sends to cgs-bridge (the engine has its own session)
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail(f"verify did not exit 60 s after SIGINT:\n{_hang_report(proc)}")
    return proc.returncode, out, err, run


def _hang_report(proc) -> str:
    """The state of every thread of ``proc`` and its descendants (from /proc: state, kernel wait
    channel, whether SIGINT is blocked, ignored or pending), then the Python stacks of ``proc``
    (SIGABRT with ``PYTHONFAULTHANDLER`` set) and what it printed."""
    lines, todo = [], [proc.pid]
    while todo:
        pid = todo.pop()
        for task in sorted(Path(f"/proc/{pid}/task").glob("*")):
            try:
                status = dict(ln.split(":", 1) for ln in (task / "status").read_text().splitlines() if ":" in ln)
                wchan = (task / "wchan").read_text()
                cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")[:120].decode()
            except OSError:
                continue
            sigint = {k: int(status[k], 16) >> (signal.SIGINT - 1) & 1 for k in ("SigBlk", "SigIgn", "SigPnd", "ShdPnd")}
            lines.append(f"{pid}/{task.name} {status['State'].strip()} wchan={wchan} SIGINT {sigint} {cmd}")
        for children in Path(f"/proc/{pid}/task").glob("*/children"):
            try:
                todo += [int(c) for c in children.read_text().split()]
            except OSError:  # the process ended meanwhile
                pass
    proc.send_signal(signal.SIGABRT)
    try:
        out, err = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
    return "\n".join(lines) + f"\n--- stdout:\n{out}\n--- stderr:\n{err}"


def _positions():
    from cgs_bridge.model import catalog
    from cgs_bridge.model.game import Ruleset
    from solvers import parse_bound, solve
    r = Ruleset(catalog.load("triangular"), {"k": "3"})
    return len(solve(r, parse_bound("6", r.coords), method="reference"))


def test_ctrl_c_keeps_the_engine_output_its_log_and_an_incomplete_comparison(tmp_path):
    code, out, err, run = _interrupted_verify(tmp_path, planted=False)
    assert code == 130, err
    assert "interrupted" in err and "Traceback" not in err
    n = _positions()
    verdict = f"INCOMPLETE: {ROWS} of {n} positions compared, no difference among them"
    assert verdict in out
    assert "started before the loop" in (run / "wolframscript.log").read_text()
    assert len((run / "triangular_k3_x6_y6_z6.csv").read_text().splitlines()) == ROWS + 1
    summary = json.loads((run / "comparison.json").read_text())
    assert summary["complete"] is False and summary["sides"][0]["compared"] == ROWS
    assert verdict in (run / "comparison.txt").read_text()


def test_ctrl_c_after_a_wrong_row_reports_it_among_the_positions_done(tmp_path):
    code, out, err, run = _interrupted_verify(tmp_path, planted=True)
    assert code == 130, err
    assert f"INCOMPLETE: {ROWS} of {_positions()} positions compared, 1 difference among them" in out
    assert json.loads((run / "comparison.json").read_text())["differences"][0]["kind"] == "value"
