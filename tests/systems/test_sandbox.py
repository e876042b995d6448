"""The sandbox for audited programs (issue 10): each layer alone stops every escape attempt of
tests/escape_attempts.py (nothing outside the scratch folder created, changed, deleted, or read
into the output), the OS sandbox hides host files, cuts the network and applies its limits, a
killed or interrupted cgs-bridge leaves no engine process, and ``audit`` refuses without a sandbox.

Expected outcomes are the definition of a sandbox (the canary files must be untouched); that the
attempts do escape without it is shown by ``test_attempts_escape_without_any_sandbox``.
"""

import os
import signal
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from cgs_bridge.cli.main import main
from cgs_bridge.systems import engines, sandbox
from cgs_bridge.systems.mathematica import runner as mma_runner

import escape_attempts as ea
import paths
from seed_programs import by_name, write

pytestmark = pytest.mark.skipif(sandbox.unavailable_reason() is not None,
                                reason=f"no sandbox here: {sandbox.unavailable_reason()}")
ROOT = paths.ROOT


@pytest.fixture
def canary(tmp_path):
    c = tmp_path / "canary"
    c.mkdir()
    ea.make_canaries(c)
    return c


def _scratch(tmp_path):
    import tempfile
    parent = tempfile.mkdtemp(dir=tmp_path)
    return sandbox.make_scratch(parent)


def _run_attempts(tmp_path, canary, monkeypatch, **kw):
    monkeypatch.setenv("CGSB_TEST_SECRET", "hostsecret-91c")
    scratch = _scratch(tmp_path)
    prog = scratch / "program.wl"
    prog.write_text(ea.program(str(canary)))
    # the sandbox is under test here, not start-up detection: an engine that crashes on a hostile
    # statement (a traceback, which verify/audit turn into an EngineError) is still inspected
    monkeypatch.setattr(mma_runner, "require_started", lambda result, name, what: result)
    res = mma_runner.run_mathematica_file(prog, cwd=scratch, engine="mathics", timeout=300, **kw)
    return res, res.stdout + res.stderr


def _leaks(text):
    return [s for s in (ea.SECRET, "hostsecret-91c") + ea.HOST_TEXT if s in text]


@pytest.mark.parametrize("layer", ["engine", "os", "both"])
def test_every_escape_attempt_is_stopped(tmp_path, canary, monkeypatch, layer):
    kw = {"engine": dict(lockdown=True), "os": dict(sandbox=sandbox.Limits()),
          "both": dict(lockdown=True, sandbox=sandbox.Limits())}[layer]
    res, text = _run_attempts(tmp_path, canary, monkeypatch, **kw)
    assert not res.timed_out
    for name, _ in ea.attempts(str(canary)):  # every attempt ran (the file was read to the end)
        if layer == "os" and name not in ("system_run", "escaped_run", "uncompress"):
            continue  # with its file builtins present, Mathics3 10 aborts statements or crashes
            # (FileNotFoundError, AttributeError) when the host paths do not exist
        assert f"ATTEMPT {name} " in res.stdout, (name, text[-2000:])
    assert ea.damage(canary) == []
    leaks = _leaks(text)
    if layer == "os":  # LoadModule can still import a module of the (read-only) engine installation:
        leaks.remove("Beautiful is better than ugly")  # the engine layer removes LoadModule
    assert leaks == []


def test_attempts_escape_without_any_sandbox(tmp_path, canary, monkeypatch):
    """The suite is meaningful: run plainly, the attempts do write, delete and read host files."""
    res, text = _run_attempts(tmp_path, canary, monkeypatch)
    damage = ea.damage(canary)
    for name in ("system_run", "escaped_run", "uncompress", "export.txt", "toexpression", "symbol"):
        assert name in damage
    assert "keep.txt changed or deleted" in damage
    assert ea.SECRET in text and "root:x:0:0" in text and "hostsecret-91c" in text


def _sh(tmp_path, script, limits=None, **kw):
    scratch = _scratch(tmp_path)
    return engines.run(["/bin/sh", "-c", script], scratch, timeout=60,
                       sandbox=limits or sandbox.Limits(), **kw), scratch


def test_os_sandbox_hides_host_files_and_allows_only_scratch(tmp_path, canary):
    res, scratch = _sh(tmp_path, f"cat /etc/passwd; ls {canary}; ls {ROOT}; ls /root/.ssh; "
                                 f"touch {canary}/x /x /usr/x /tmp/x; echo in > inside.txt; id -u; env")
    out = res.stdout + res.stderr
    assert "root:x:0:0" not in out and "keep.txt" not in out and "pyproject.toml" not in out
    assert (scratch / "inside.txt").read_text() == "in\n"
    assert not (canary / "x").exists() and not Path("/x").exists()
    assert set(res.stdout.split("\n")[-6:]) >= {"HOME=" + str(scratch)}
    assert "CGSB" not in res.stdout and "PYTHONPATH" not in res.stdout


def test_os_sandbox_has_no_network(tmp_path):
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    port = server.getsockname()[1]
    code = f"import socket; socket.create_connection(('127.0.0.1', {port}), timeout=5); print('CONNECTED')"
    scratch = _scratch(tmp_path)
    res = engines.run([sys.executable, "-c", code], scratch, timeout=60, sandbox=sandbox.Limits())
    server.close()
    assert "CONNECTED" not in res.stdout and res.returncode != 0
    assert "ConnectionRefused" in res.stderr or "unreachable" in res.stderr


def test_os_sandbox_limits(tmp_path):
    res, scratch = _sh(tmp_path, "dd if=/dev/zero of=big bs=1024 count=4096 2>&1; echo dd=$?",
                       sandbox.Limits(file_size=1 << 20))
    assert (scratch / "big").stat().st_size <= 1 << 20 and "dd=0" not in res.stdout
    res, _ = _sh(tmp_path, "i=0; while [ $i -lt 40 ]; do sleep 5 & i=$((i+1)); done; wait",
                 sandbox.Limits(processes=8))
    assert "fork" in res.stderr.lower()
    code = "b = bytearray(1 << 30); print('ALLOCATED')"
    scratch = _scratch(tmp_path)
    res = engines.run([sys.executable, "-c", code], scratch, timeout=60,
                      sandbox=sandbox.Limits(memory=256 << 20))
    assert "MemoryError" in res.stderr and "ALLOCATED" not in res.stdout


def test_engine_output_is_bounded(tmp_path):
    res, _ = _sh(tmp_path, "yes '[0,0,0,0]'", output_limit=1 << 20)
    assert res.truncated and len(res.stdout) <= 1 << 20


def _marker_processes(marker):
    """Processes whose command line is exactly ``marker`` (the sleeps, not bwrap or sh)."""
    out = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                if (d / "cmdline").read_bytes().decode(errors="replace").split("\0")[:2] == marker.split():
                    out.append(int(d.name))
            except OSError:
                pass
    return out


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGINT, signal.SIGTERM])
def test_killing_cgs_bridge_ends_the_engine_and_its_children(tmp_path, how):
    marker = str(900000 + how)  # a unique sleep length marks the engine's processes
    scratch = _scratch(tmp_path)
    driver = textwrap.dedent(f"""
        import signal, sys
        signal.signal(signal.SIGTERM, signal.default_int_handler)
        signal.signal(signal.SIGINT, signal.default_int_handler)  # as in a terminal (a background
        # job inherits SIGINT ignored)
        from cgs_bridge.systems import engines, sandbox
        print("START", flush=True)
        engines.run(["/bin/sh", "-c", "sleep {marker} & sleep {marker}"], {str(scratch)!r},
                    timeout=600, sandbox=sandbox.Limits())
    """)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-c", driver], stdout=subprocess.PIPE, env=env)
    assert proc.stdout.readline().strip() == b"START"
    for _ in range(100):
        if len(_marker_processes("sleep " + marker)) >= 2:
            break
        time.sleep(0.1)
    assert len(_marker_processes("sleep " + marker)) >= 2
    proc.send_signal(how)
    proc.wait(30)
    for _ in range(50):
        if not _marker_processes("sleep " + marker):
            break
        time.sleep(0.1)
    assert _marker_processes("sleep " + marker) == []


def test_audit_refuses_without_a_sandbox(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PATH", str(tmp_path))  # no bwrap on PATH
    sandbox.unavailable_reason.cache_clear()
    try:
        code = main(["audit", str(write("seed003_ex83.txt", tmp_path)), "--game", "triangular"])
    finally:
        monkeypatch.undo()
        sandbox.unavailable_reason.cache_clear()
    err = capsys.readouterr().err
    assert code == 2
    assert "bwrap (bubblewrap) is not installed" in err and "apt-get install bubblewrap" in err
    assert "--no-sandbox" in err and "Traceback" not in err


def test_audit_of_a_seed_program_with_every_attempt_appended(tmp_path, canary, monkeypatch, capsys):
    monkeypatch.setenv("CGSB_TEST_SECRET", "hostsecret-91c")
    seed = by_name("seed003_ex83.txt")
    prog = tmp_path / "hostile.txt"
    prog.write_text(seed.rstrip("\n") + "\n" + ea.program(str(canary)), encoding="utf-8")
    out_dir = tmp_path / "report"
    out_dir.mkdir()
    code = main(["audit", str(prog), "--game", "triangular", "-p", "k=3", "--scale", "ss=2",
                 "--allow-unsafe", "-o", str(out_dir)])
    text = capsys.readouterr().out
    assert code == 2  # the removed builtins stay unevaluated calls: "unevaluated", never agree
    assert "called but defined nowhere" in text
    assert ea.damage(canary) == []
    reports = "".join(p.read_text(errors="replace") for p in out_dir.iterdir())
    assert _leaks(text + reports) == []
    assert "ATTEMPT system_run" in text + reports  # the attempts ran and their output is reported
