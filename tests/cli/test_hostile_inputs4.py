"""Hostile input on the proof surfaces, and limits that hold before the work starts (issue 46,
items 3, 7 and 8; item 1 is tests/systems/auditing/test_reading.py, item 9
tests/systems/walnut/test_walnut_automata.py). Each refusal: exit 2, one line naming the option,
before any work; each with a twin that runs.

Expected values: the rule of every ``--timeout``/``--memory`` as the README states it; Theorem
7.3 of seed 003 (triangular, k % 4 == 3: P-positions are x xor y xor z = 0) and its shifted
formula refuted at k = 3 (README, "Proofs"); two-heap Nim, whose P-positions are x = y (Bouton);
SIGTERM exit status 128 + 15 (a shell's convention); the Dask HTTP routes of distributed's
configuration (``/health``, ``/info``)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import warnings
from pathlib import Path

import pytest

from cgs_bridge.cli.main import main

NIM2 = "game nim2\n  coordinates x, y\n  cut x to t\n  cut y to t\n"
THEOREM_7_3 = "P iff x xor y xor z == 0"
SHIFTED = "P iff (x - 1) xor y xor (z - 1) == 0"


def _run(capsys, *argv):
    try:
        code = main([str(a) for a in argv])
    except SystemExit as e:  # argparse's usage errors
        code = e.code
    out = capsys.readouterr()
    assert "Traceback" not in out.err and "internal error" not in out.err, out.err
    return code, out.out, out.err


def _no_work(monkeypatch):
    import cgs_bridge.api as api
    import cgs_bridge.jobs.discover as discover
    import cgs_bridge.jobs.prove_sweep as prove_sweep
    for module, name in ((api, "prove"), (prove_sweep, "prove_sweep"), (discover, "discover")):
        monkeypatch.setattr(module, name, lambda *a, **k: pytest.fail("the work started"))


# -- item 7: one rule per option, the same on every command ----------------------------------

@pytest.mark.parametrize("argv, words", [
    (["prove", "triangular", "--timeout", "0"], "--timeout: must be > 0"),
    (["prove", "triangular", "--memory", "1e-12"], "--memory 1e-12: must be at least 1 MiB"),
    (["prove", "triangular", "--memory", "0"], "--memory: must be > 0"),
    (["prove", "triangular", "--prover", "walnut", "--timeout", "0"], "--timeout: must be > 0"),
    (["prove", "triangular", "--timeout", "1e9"], "--timeout 1e+09: must be more than 0 and at most 604,800"),
    (["audit", "PROGRAM", "--game", "nim", "--memory", "1e-12"], "--memory 1e-12: must be at least 1 MiB"),
    (["discover", "nim", "--bound", "4", "--prove", "--memory", "1e-12"], "--memory 1e-12: must be at least"),
    (["discover", "nim", "--bound", "4", "--prove", "--timeout", "0"], "--timeout: must be > 0"),
    (["prove", "triangular", "-p", "k=5", "--sweep", "k=1..2"], "parameter k given twice: -p k=5 and --sweep k=1..2"),
    (["prove", "triangular", "--workers", "2"], "--workers applies only with --sweep"),
    (["prove", "triangular", "--scheduler", "tcp://127.0.0.1:1"], "--scheduler applies only with --sweep"),
    (["discover", "nim", "--bound", "4", "--walnut-home", "W"], "--walnut-home applies only with --prove"),
    (["discover", "nim", "--bound", "4", "--prover", "embedded"], "--prover applies only with --prove"),
    (["discover", "nim", "--bound", "4", "--timeout", "5"], "--timeout applies only with --prove"),
    (["prove", "triangular", "--sweep", "k=1..1000000"],
     "--sweep k=1..1000000: 1,000,000 values; a sweep has at most 100,000 cells (the largest range "
     "that fits: --sweep k=1..100000)"),
])
def test_options_are_refused_before_any_work(tmp_path, capsys, monkeypatch, argv, words):
    _no_work(monkeypatch)
    program = tmp_path / "p.wl"
    program.write_text("Print[1]\n")
    argv = [str(program) if a == "PROGRAM" else a for a in argv]
    code, out, err = _run(capsys, *argv)
    assert code == 2 and words in err and out == "", err


def test_options_inside_the_rule_run(capsys):
    # the planted twin of the refusals: the same options, in range and where they apply
    code, out, _ = _run(capsys, "prove", "triangular", "-p", "k=3", "--prover", "embedded",
                        "--timeout", "600", "--memory", "4", "--claim", THEOREM_7_3, "--quiet")
    # --claim adds to the game's claims (issue 48.6): Theorem 7.3 twice, Conjecture 8.1 not at k = 3
    assert code == 0 and "3 claim(s): 2 proved, 1 not applicable" in out
    code, out, _ = _run(capsys, "discover", "rectangular", "--bound", "6", "--families", "p", "--prove",
                        "--prover", "embedded", "--timeout", "600", "--memory", "4")
    assert code == 0 and "PROVED           P iff x xor y xor z == 0" in out


def test_api_limits_follow_the_same_rule():
    import cgs_bridge as cb
    from cgs_bridge.foundation.errors import ParameterError
    for options in ({"timeout": 0}, {"memory": 0}, {"timeout": float("nan")}):
        with pytest.raises(ParameterError, match="must be"):
            cb.prove("nim", prover="embedded", **options)
    with pytest.raises(ParameterError, match="give prove=True"):
        cb.discover("nim", bound=4, timeout=5)


def test_claims_file_over_16_mib_is_refused(tmp_path, capsys, monkeypatch):
    big = tmp_path / "claims.txt"
    with open(big, "w") as f:
        f.write("# padding\n" * ((16 << 20) // 10 + 1) + THEOREM_7_3 + "\n")
    code, out, err = _run(capsys, "prove", "triangular", "-p", "k=3", "--prover", "embedded", "--claims", big)
    assert code == 2 and "larger than 16 MiB" in err
    small = tmp_path / "small.txt"
    small.write_text("# one claim\n" + THEOREM_7_3 + "\n")  # the twin: the same claim, a small file
    code, out, _ = _run(capsys, "prove", "triangular", "-p", "k=3", "--prover", "embedded", "--claims", small)
    assert code == 0 and "PROVED" in out


@pytest.mark.parametrize("claim, code, verdict", [(THEOREM_7_3, 0, "PROVED"), (SHIFTED, 1, "REFUTED")])
def test_claims_from_a_pipe_are_read_once(capsys, claim, code, verdict):
    """``--claims <(echo ...)`` (a pipe, ``/dev/fd/N``, as a shell's process substitution gives):
    its text can be read once; it was looked at, then found empty ("no claim in the file")."""
    read, write = os.pipe()
    try:
        os.write(write, (claim + "\n").encode())
        os.close(write)
        got, out, err = _run(capsys, "prove", "triangular", "-p", "k=3", "--prover", "embedded",
                             "--claims", f"/dev/fd/{read}")
    finally:
        os.close(read)
    assert got == code and verdict in out and claim in out, err


# -- item 3: discover --prove within --timeout/--memory -----------------------------------------

def test_discover_passes_its_limits_to_every_proof(capsys, monkeypatch):
    import solvers.automata
    from cgs_bridge.foundation.errors import AutomatonLimitError
    seen = []

    def decide(problem, timeout=None, memory=None):
        seen.append((timeout, memory))
        raise AutomatonLimitError(f"stand-in prover: timeout {timeout}, memory {memory}")
    monkeypatch.setattr(solvers.automata, "decide_problem", decide)
    code, out, _ = _run(capsys, "discover", "rectangular", "--bound", "6", "--families", "p", "--prove",
                        "--prover", "embedded", "--timeout", "7", "--memory", "0.5")
    assert code == 2 and "ENGINE ERROR" in out and seen and set(seen) == {(7.0, 1 << 29)}
    seen.clear()
    code, _, _ = _run(capsys, "discover", "rectangular", "--bound", "6", "--families", "p", "--prove",
                      "--prover", "embedded")
    assert set(seen) == {(600.0, None)}  # the twin: prove's default time limit, no memory limit


# -- item 8: --memory bounds the embedded prover's process --------------------------------------

def test_embedded_prover_memory_bounds_the_process():
    from cgs_bridge.foundation.errors import AutomatonLimitError
    from solvers.automata.prover import bounded as _bounded

    def greedy(problem, timeout=None, memory=None):
        return len(bytearray(512 << 20))  # what the estimate of the tables never sees
    with pytest.raises(AutomatonLimitError, match="ran out of memory.*0.0625 GiB"):
        _bounded(greedy, None, None, 64 << 20)
    assert _bounded(greedy, None, None, 1 << 31) == 512 << 20  # the twin: room enough


# -- item 8: SIGTERM leaves nothing behind; no web page on 8787 ----------------------------------

SLEEPY = "#!/bin/sh\necho $$ > \"{pids}\"\nexec sleep 60\n"


def _sleepy_walnut(tmp_path) -> Path:
    home = tmp_path / "walnut"
    (home / "bin").mkdir(parents=True)
    run = home / "bin" / "walnut-run"
    run.write_text(SLEEPY.format(pids=tmp_path / "walnut.pid"))
    run.chmod(0o755)
    return home


@pytest.mark.parametrize("command", ["prove", "discover"])
def test_sigterm_leaves_no_walnut_folder_and_no_process(tmp_path, command):
    spec, scratch = tmp_path / "nim2.game", tmp_path / "tmp"
    spec.write_text(NIM2)
    scratch.mkdir()
    home = _sleepy_walnut(tmp_path)
    argv = (["prove", str(spec), "--claim", "P iff x xor y == 0"] if command == "prove" else
            ["discover", str(spec), "--bound", "12", "--families", "p", "--prove"])
    proc = subprocess.Popen([sys.executable, "-m", "cgs_bridge.cli.main", *argv, "--prover", "walnut",
                             "--walnut-home", str(home)], env={**os.environ, "TMPDIR": str(scratch)},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    pid_file = tmp_path / "walnut.pid"
    for _ in range(600):
        if pid_file.exists() and pid_file.read_text().strip():
            break
        time.sleep(0.1)
    assert list(scratch.glob("cgs-walnut-*")), "the prover's folder was never made"
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 143 and "terminated" in err and "Traceback" not in err, err
    assert list(scratch.glob("cgs-walnut-*")) == []
    walnut = int(pid_file.read_text())
    for _ in range(50):
        if not Path(f"/proc/{walnut}").exists():
            break
        time.sleep(0.1)
    assert not Path(f"/proc/{walnut}").exists(), "the stand-in Walnut still runs"


def test_local_cluster_serves_no_page_and_leaves_port_8787_alone():
    import socket
    import urllib.error
    import urllib.request

    from cgs_bridge.jobs.sweep.runner import _DaskRunner
    held = socket.socket()
    try:
        held.bind(("", 8787))
        held.listen()
    except OSError:
        held.close()
        held = None  # another program has it: the cluster must leave it alone all the same
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            runner = _DaskRunner.local(1)
            try:
                addresses = [s.getsockname() for s in runner.cluster.scheduler.http_server._sockets.values()]
                statuses = []
                for path in ("/health", "/info/main/workers.html", "/metrics", "/status"):
                    try:
                        statuses.append(urllib.request.urlopen(
                            f"http://127.0.0.1:{addresses[0][1]}{path}", timeout=10).status)
                    except urllib.error.HTTPError as e:
                        statuses.append(e.code)
            finally:
                runner.close()
    finally:
        if held is not None:
            held.close()
    assert all(host == "127.0.0.1" and port != 8787 for host, port in addresses), addresses
    assert statuses == [404, 404, 404, 404]
    assert not [w for w in caught if "8787" in str(w.message)]


def test_an_engine_crash_is_one_line():
    """Mathics3's own traceback (``\\|110000``, issue 46) is the engine's insides: the error names
    the exception, not the frames; the twin: a start-up failure without a traceback keeps the
    engine's last output."""
    from cgs_bridge.foundation.errors import EngineError
    from cgs_bridge.systems.engines import EngineResult
    from cgs_bridge.systems.mathematica.runner import require_started
    crash = ('Traceback (most recent call last):\n  File "/x/mathics_scanner/escape_sequences.py", line 56, '
             'in parse_base\n    return chr(result)\nValueError: chr() arg not in range(0x110000)\n')
    with pytest.raises(EngineError) as e:
        require_started(EngineResult(["mathics"], 1, "", crash, 0.1), "mathics", "mathics on program.wl")
    assert str(e.value) == ("mathics on program.wl: mathics crashed with a Python error: ValueError: chr() "
                            "arg not in range(0x110000)")
    broken = "Not able to load mathics.builtin.numbers. Check your installation.\n"
    with pytest.raises(EngineError, match="output:\n  \\| Not able to load"):
        require_started(EngineResult(["mathics"], 0, broken, "", 0.1), "mathics", "mathics on program.wl")
