"""Engines started outside the sandbox leave no process behind (issue 37, class 4): the forking
script of the reproducer (``setsid child.sh </dev/null >/dev/null 2>&1 & sleep 1; exit 0``) run by
``engines.run`` and by ``verify --cgsuite-cmd``; after the run the child is gone. The planted twin
starts the same script without the reaper (plain ``subprocess``, its process group killed as
before): the child survives, so the check can fail.

Whether a process is gone is read from ``/proc/PID/stat`` (a zombie counts as gone: it runs no
code); the child writes its pid to a file first.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cgs_bridge.cli.main import main
from cgs_bridge.systems import engines

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists() or not sys.platform.startswith("linux"),
                                reason="the reaper is Linux-only (prctl, /proc)")


def running(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_bytes()
    except OSError:
        return False
    return stat[stat.rfind(b")") + 2:][:1] not in (b"Z", b"X")


def forking_script(tmp: Path, then: str = "sleep 1; exit 0") -> tuple:
    """(script, pid file): the script starts child.sh in a new session, which records its pid and
    sleeps 300 s."""
    pid_file = tmp / "child.pid"
    child = tmp / "child.sh"
    child.write_text(f"#!/bin/sh\necho $$ > {pid_file}\nexec sleep 300\n")
    script = tmp / "engine.sh"
    script.write_text(f"#!/bin/sh\nsetsid {child} </dev/null >/dev/null 2>&1 &\n{then}\n")
    for f in (child, script):
        f.chmod(0o755)
    return script, pid_file


def child_pid(pid_file: Path) -> int:
    for _ in range(100):
        if pid_file.exists() and pid_file.read_text().strip():
            return int(pid_file.read_text())
        time.sleep(0.05)
    raise AssertionError("the forking script's child never started")


def test_setsid_child_is_gone_after_the_run(tmp_path):
    script, pid_file = forking_script(tmp_path)
    res = engines.run([str(script)], tmp_path, timeout=60)
    assert res.returncode == 0
    pid = child_pid(pid_file)
    assert not running(pid)


def test_planted_twin_without_the_reaper_leaves_the_child(tmp_path):
    script, pid_file = forking_script(tmp_path)
    proc = subprocess.Popen([str(script)], start_new_session=True)
    proc.wait(60)
    os.killpg(proc.pid, signal.SIGKILL) if running(proc.pid) else None
    pid = child_pid(pid_file)
    try:
        assert running(pid)  # the old way: the new session escaped the group kill
    finally:
        os.kill(pid, signal.SIGKILL)


def test_setsid_child_is_gone_after_a_time_out(tmp_path):
    script, pid_file = forking_script(tmp_path, then="sleep 100")
    res = engines.run([str(script)], tmp_path, timeout=2)
    assert res.timed_out
    assert not running(child_pid(pid_file))


def test_engine_exit_status_and_start_failure_are_kept(tmp_path):
    assert engines.run(["sh", "-c", "exit 3"], tmp_path, timeout=30).returncode == 3
    assert engines.run(["sh", "-c", "kill -9 $$"], tmp_path, timeout=30).returncode == -signal.SIGKILL
    assert engines.run(["cat"], tmp_path, stdin="abc\n", timeout=30).stdout == "abc\n"
    with pytest.raises(engines.EngineError, match=r"cannot start /no/such/engine: .*No such file"):
        engines.run(["/no/such/engine"], tmp_path, timeout=30)


def test_verify_cgsuite_cmd_that_forks_leaves_nothing(tmp_path, capsys):
    """The reproducer through the CLI: the 'engine' prints no table, so verify reports an engine
    error (exit 2); the setsid child is gone all the same."""
    script, pid_file = forking_script(tmp_path)
    code = main(["verify", "triangular", "--bound", "1", "--mathematica-engine", "none",
                 "--run-dir", str(tmp_path / "run"), "--cgsuite-cmd", str(script)])
    capsys.readouterr()
    assert code in (1, 2)
    assert not running(child_pid(pid_file))


def test_ctrl_c_before_the_started_line_stops_the_engine(tmp_path):
    """Ctrl-C while cgs-bridge waits for the reaper's ``started`` line, the engine already
    running: ``engines.run`` raises ``EngineInterrupted`` (so ``verify`` keeps its log and compares
    what was done) and the engine is gone while the caller lives on (a notebook). The reaper is
    the real one with its ``started`` line delayed 60 s; the engine records its pid first."""
    hook = 'status.write(f"started {engine.pid}\\n")'
    source = engines.REAPER.read_text()
    assert hook in source
    slow = tmp_path / "slow_reaper.py"
    slow.write_text(source.replace(hook, "time.sleep(60); " + hook))
    pid_file = tmp_path / "engine.pid"
    driver = f"""
import os, signal, threading, time
from cgs_bridge.systems import engines
engines.REAPER = engines.Path({str(slow)!r})
def interrupt():
    while not os.path.exists({str(pid_file)!r}):
        time.sleep(0.05)
    os.kill(os.getpid(), signal.SIGINT)
threading.Thread(target=interrupt, daemon=True).start()
try:
    engines.run(["sh", "-c", "echo $$ > {pid_file}; exec sleep 300"], {str(tmp_path)!r}, timeout=600)
except engines.EngineInterrupted as e:
    print("interrupted", e.result.interrupted, flush=True)
except KeyboardInterrupt:
    print("plain KeyboardInterrupt", flush=True)
time.sleep(60)
"""
    env = {**os.environ, "PYTHONPATH": str(Path(engines.__file__).parents[2])}
    proc = subprocess.Popen([sys.executable, "-c", driver], stdout=subprocess.PIPE, text=True, env=env,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        line = proc.stdout.readline().strip()
        assert line == "interrupted True"
        pid = child_pid(pid_file)
        deadline = time.monotonic() + 10
        while running(pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not running(pid), "the engine outlived the interrupted run"
    finally:
        proc.kill()
        proc.wait()
        if pid_file.exists() and running(int(pid_file.read_text())):
            os.kill(int(pid_file.read_text()), signal.SIGKILL)
