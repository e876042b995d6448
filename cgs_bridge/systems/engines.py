"""Running an external engine in a subprocess, under a time and a memory limit, in a given folder
(optionally inside the bubblewrap sandbox). Nothing here interprets what the engines print, nor
knows one system from another: how each system starts its engine is its own ``runner`` module
(:mod:`cgs_bridge.systems.mathematica.runner`, :mod:`cgs_bridge.systems.cgsuite.runner`)."""

from __future__ import annotations

import ctypes
import os
import resource
import shlex
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from cgs_bridge.foundation import progress
from cgs_bridge.foundation.errors import EngineError

from . import sandbox as sb

DEFAULT_TIMEOUT = 600.0
DEFAULT_MEMORY = 4 << 30
#: Bytes kept of each of an engine's stdout and stderr; beyond it the run is stopped (``truncated``).
OUTPUT_LIMIT = 64 << 20
_PR_SET_PDEATHSIG = 1
#: The subreaper script engines started outside the sandbox run under (issue 37).
REAPER = Path(__file__).with_name("reaper.py")


@dataclass
class EngineResult:
    """What a finished (or killed) engine run left: ``returncode`` is None when it was killed
    for exceeding ``timeout`` (then ``timed_out`` is True)."""

    command: list
    returncode: int | None
    stdout: str
    stderr: str
    seconds: float
    timed_out: bool = False
    truncated: bool = False
    interrupted: bool = False

    def tail(self, n: int = 20) -> str:
        """The last ``n`` lines of stdout and stderr, for error messages."""
        lines = (self.stdout.rstrip("\n").splitlines() + self.stderr.rstrip("\n").splitlines())[-n:]
        return "\n".join("  | " + ln for ln in lines)


class EngineInterrupted(KeyboardInterrupt):
    """Ctrl-C while an engine ran: its process group was killed and ``result`` holds what it
    printed so far (``interrupted=True``). A ``KeyboardInterrupt``, so a caller that does not keep
    partial output stops as on any Ctrl-C; ``output`` is set by a runner that kept a file."""

    def __init__(self, result: EngineResult):
        super().__init__()
        self.result = result
        self.output = None


def _limits(memory: int | None, extra=(), death_signal=signal.SIGKILL):
    def apply():
        os.setsid()
        try:  # the engine dies with cgs-bridge (kill, crash), not only on its own time-out
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, death_signal, 0, 0, 0)
        except (OSError, AttributeError):
            pass
        limits = ([(resource.RLIMIT_AS, memory)] if memory else []) + list(extra)
        for res, value in limits:
            try:
                resource.setrlimit(res, (value, value))
            except (ValueError, OSError):
                pass
    return apply


def _kill(proc) -> None:
    """SIGKILL the engine's process group (under the reaper: the engine's, whose end makes the
    reaper sweep every other process the engine started, then exit)."""
    try:
        os.killpg(getattr(proc, "engine_pid", proc.pid), signal.SIGKILL)
    except OSError:
        pass


def _start_reaped(command: list, cwd, stdin, memory, env):
    """Start ``command`` under :mod:`cgs_bridge.systems.reaper` (a child subreaper that, when the
    engine ends, kills every process the engine left, ``setsid`` or not); the returned process is
    the reaper, with ``engine_pid`` set.

    Raises:
        EngineError: the reaper or the engine cannot be started.
        EngineInterrupted: Ctrl-C before the reaper said the engine started (the reaper and the
            engine, if it ran, are stopped first; nothing was printed).
    """
    read_end, write_end = os.pipe()
    argv = [sys.executable, "-I", "-S", str(REAPER), str(write_end), str(int(memory or 0)), "--", *command]
    try:
        proc = subprocess.Popen(argv, cwd=str(cwd), stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, pass_fds=(write_end,),
                                preexec_fn=_limits(None, (), death_signal=signal.SIGTERM), env=env)
    except OSError as e:
        os.close(read_end)
        raise EngineError(f"cannot start {shlex.join(command)}: {e}") from None
    finally:
        os.close(write_end)
    try:
        with os.fdopen(read_end) as status:
            word, _, rest = status.readline().strip().partition(" ")
    except KeyboardInterrupt:  # the engine may run already: stop it, as _communicate would
        _end_reaper(proc)
        raise EngineInterrupted(EngineResult(command, None, "", "", 0.0, interrupted=True)) from None
    if word != "started":
        proc.kill()
        proc.communicate()
        why = rest if word == "error" else "the reaper (cgs_bridge/systems/reaper.py) did not start it"
        raise EngineError(f"cannot start {shlex.join(command)}: {why}")
    proc.engine_pid = int(rest)
    return proc


def _end_reaper(proc) -> None:
    """Stop a reaper whose ``started`` line was not read: SIGTERM (its handler kills the engine's
    group and sweeps; before the handler is set, the reaper dies and the engine with it, by its
    ``PR_SET_PDEATHSIG``), then reap it, SIGKILL after 10 s."""
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    for stream in (proc.stdout, proc.stderr, proc.stdin):
        if stream is not None:
            stream.close()


def _reader(stream, sink: list, limit: int, over: threading.Event, proc) -> None:
    kept = 0
    while True:
        chunk = stream.read1(1 << 16) if hasattr(stream, "read1") else stream.read(1 << 16)
        if not chunk:
            break
        if kept < limit:
            sink.append(chunk[:limit - kept])
            kept += len(chunk)
        if kept >= limit and not over.is_set():
            over.set()
            _kill(proc)


def run(command: list, cwd, timeout: float = DEFAULT_TIMEOUT, memory: int | None = DEFAULT_MEMORY,
        stdin: str | None = None, env: dict | None = None, sandbox=None,
        output_limit: int | None = None, read_only=()) -> EngineResult:
    """Run ``command`` in ``cwd`` with a time limit (seconds) and an address-space limit (bytes).

    The process runs in its own session and dies with cgs-bridge (``PR_SET_PDEATHSIG``); on
    time-out, on Ctrl-C or any error in cgs-bridge the whole process group is killed. Outside
    the sandbox it runs under :mod:`cgs_bridge.systems.reaper` (a child subreaper): when it ends,
    every process it started is killed, even one that left its group with ``setsid``; inside, the
    sandbox's PID namespace does the same. At most
    ``output_limit`` bytes of each of stdout and stderr are kept: beyond it the run is stopped and
    returned with ``truncated=True``.

    Args:
        sandbox: a :class:`cgs_bridge.systems.sandbox.Limits` to run ``command`` inside the bubblewrap
            sandbox with ``cwd`` as its only writable folder and only ``env`` as environment
            (``memory`` is then ignored: the limits say it); None runs it directly.
        read_only: host paths bound read-only into the sandbox (see :func:`cgs_bridge.systems.sandbox.wrap`).
    Raises:
        EngineError: the program cannot be started (or the sandbox is not installed).
        EngineInterrupted: Ctrl-C during the run; the engine was stopped and the exception's
            ``result`` holds what it printed so far.
    """
    if timeout is not None and not 0 < timeout <= 7 * 86400:  # NaN too; the CLI: cli/options.py
        raise EngineError(f"time limit {timeout!r} s: must be more than 0 and at most a week (604800)")
    if memory is not None and not 0 < memory <= 1 << 40:
        raise EngineError(f"memory limit {memory!r} bytes: must be more than 0 and at most 1 TiB")
    extra = []
    output_limit = OUTPUT_LIMIT if output_limit is None else output_limit
    if sandbox is not None:
        command = sb.wrap(command, cwd, env, read_only=read_only)
        extra, memory, full_env = sb.rlimits(sandbox), None, None
    else:
        full_env = {**os.environ, **(env or {})}
    start = time.monotonic()
    if sandbox is None:  # outside the sandbox: under the reaper, which outlives nothing it started
        proc = _start_reaped(command, cwd, stdin, memory, full_env)
    else:
        try:
            proc = subprocess.Popen(command, cwd=str(cwd), stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                    preexec_fn=_limits(memory, extra), env=full_env)
        except OSError as e:
            raise EngineError(f"cannot start {shlex.join(command)}: {e}") from None
    out, err, over, stopped = _communicate(proc, command, stdin, timeout, output_limit)
    text = [b"".join(x).decode("utf-8", "replace").replace("\r\n", "\n") for x in (out, err)]
    result = EngineResult(command, None if stopped else proc.returncode, text[0], text[1],
                          time.monotonic() - start, timed_out=stopped == "timeout", truncated=over.is_set(),
                          interrupted=stopped == "interrupted")
    if result.interrupted:
        raise EngineInterrupted(result)
    return result


def _communicate(proc, command: list, stdin: str | None, timeout: float, output_limit: int) -> tuple:
    """Feed ``stdin``, collect stdout and stderr (at most ``output_limit`` bytes each) until the
    process ends or ``timeout``; the process group is killed in every case. Returns ``(stdout
    chunks, stderr chunks, over-limit Event, why it was stopped: None, "timeout" or
    "interrupted")``. Ctrl-C (``KeyboardInterrupt``) while waiting stops the engine and returns
    what it printed; :func:`run` then raises :class:`EngineInterrupted`."""
    out, err, over = [], [], threading.Event()
    threads = [threading.Thread(target=_reader, args=(s, b, output_limit, over, proc), daemon=True)
               for s, b in ((proc.stdout, out), (proc.stderr, err))]
    stopped = None
    try:
        for t in threads:
            t.start()
        if stdin is not None:
            try:
                proc.stdin.write(stdin.encode("utf-8"))
                proc.stdin.close()
            except (BrokenPipeError, OSError):
                pass
        try:
            _wait(proc, timeout, out, command)
        except subprocess.TimeoutExpired:
            stopped = "timeout"
            _kill(proc)
            proc.wait()
        except KeyboardInterrupt:
            stopped = "interrupted"
    finally:
        if proc.poll() is None:        # Ctrl-C or an error in cgs-bridge: end the engine's group
            _kill(proc)
            proc.wait()
        _kill(proc)                    # anything the engine left running in its group
    for t in threads:
        t.join(5)
    return out, err, over, stopped


def _wait(proc, timeout: float, out: list, command: list) -> None:
    """``proc.wait(timeout)`` (raises ``subprocess.TimeoutExpired``); on a terminal it also draws
    one progress line (:mod:`cgs_bridge.foundation.progress`): output lines received so far (``out``: the
    stdout chunks the reader thread appends) and the elapsed time."""
    if not progress.enabled():
        proc.wait(timeout=timeout)
        return
    deadline = time.monotonic() + timeout
    seen = lines = 0
    with progress.Task(progress.current_scope() or Path(command[0]).name, unit=" lines") as task:
        while True:
            chunks = out[seen:]
            seen += len(chunks)
            lines += sum(c.count(b"\n") for c in chunks)
            task.update(lines)
            left = deadline - time.monotonic()
            if left <= 0:
                raise subprocess.TimeoutExpired(command, timeout)
            try:
                proc.wait(timeout=min(0.5, left))
                break
            except subprocess.TimeoutExpired:
                continue
        time.sleep(0.05)  # let the reader take the last chunks
        task.update(lines + sum(c.count(b"\n") for c in out[seen:]))


def require_success(result: EngineResult, what: str) -> EngineResult:
    """Raise :class:`EngineError` with the engine's own output if ``result`` failed or timed out."""
    if result.truncated:
        raise EngineError(f"{what} printed more than {OUTPUT_LIMIT >> 20} MiB and was stopped; "
                          f"last output:\n{result.tail(5)}")
    if result.timed_out:
        raise EngineError(f"{what} exceeded its time limit after {result.seconds:.0f} s; last output:\n"
                          f"{result.tail()}")
    if result.returncode != 0:
        raise EngineError(f"{what} failed (exit {result.returncode}); output:\n{result.tail()}")
    return result


def run_failure(res: EngineResult, what: str) -> str | None:
    """The message of a failed or timed-out run (the engine's own last output), or None: the
    rows such a run delivered are still compared (as partial output).

    Raises:
        EngineError: the engine printed more than :data:`OUTPUT_LIMIT` and was stopped (its
        output is not compared, even in part).
    """
    if res.truncated:
        require_success(res, what)
    try:
        require_success(res, what)
    except EngineError as e:
        return str(e)
    return None
