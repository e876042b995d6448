"""Running external engines (Mathics3, wolframscript, CGSuite) in a subprocess, under a time and a
memory limit, in a given folder. Nothing here interprets what the engines print.

Engines:

- ``mathics``: Mathics3, the embedded default (``python -m mathics`` is not an entry point, so the
  ``mathics`` script next to the running interpreter is used, else the one on PATH);
- ``wolframscript``: used when on PATH or chosen explicitly;
- CGSuite: a user-given command line (e.g. ``java -cp cgsuite.jar org.cgsuite.lang.Repl``) fed a
  script on standard input.
"""

from __future__ import annotations

import os
import resource
import shlex
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from . import progress
from .errors import EngineError

DEFAULT_TIMEOUT = 600.0
DEFAULT_MEMORY = 4 << 30


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

    def tail(self, n: int = 20) -> str:
        """The last ``n`` lines of stdout and stderr, for error messages."""
        lines = (self.stdout.rstrip("\n").splitlines() + self.stderr.rstrip("\n").splitlines())[-n:]
        return "\n".join("  | " + ln for ln in lines)


def mathics_command() -> list | None:
    """Argument prefix that runs Mathics3 on a file (``[..., '-q', '-f']``), or None if missing."""
    here = Path(sys.executable).parent / "mathics"
    if here.exists():
        return [str(here), "-q", "-f"]
    found = shutil.which("mathics")
    return [found, "-q", "-f"] if found else None


def wolframscript_command() -> list | None:
    found = shutil.which("wolframscript")
    return [found, "-file"] if found else None


def mathematica_engine(choice: str | None = None) -> tuple:
    """Pick the Mathematica engine: ``choice`` in (None, 'auto', 'mathics', 'wolframscript').

    Returns:
        ``(name, argv_prefix)``; the file to run is appended to ``argv_prefix``.
    Raises:
        EngineError: the chosen engine (or, for auto, any engine) is not installed.
    """
    choice = choice or "auto"
    if choice in ("auto", "wolframscript"):
        ws = wolframscript_command()
        if ws:
            return "wolframscript", ws
        if choice == "wolframscript":
            raise EngineError("wolframscript is not on PATH")
    if choice in ("auto", "mathics"):
        m = mathics_command()
        if m:
            return "mathics", m
        raise EngineError("Mathics3 is not installed (pip install Mathics3)")
    raise EngineError(f"unknown Mathematica engine {choice!r} (auto, mathics, wolframscript)")


def _limits(memory: int | None):
    def apply():
        os.setsid()
        if memory:
            try:
                resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
            except (ValueError, OSError):
                pass
    return apply


def run(command: list, cwd, timeout: float = DEFAULT_TIMEOUT, memory: int | None = DEFAULT_MEMORY,
        stdin: str | None = None, env: dict | None = None) -> EngineResult:
    """Run ``command`` in ``cwd`` with a time limit (seconds) and an address-space limit (bytes).

    The process runs in its own session; on time-out the whole process group is killed and the
    output so far is returned with ``timed_out=True``.

    Raises:
        EngineError: the program cannot be started.
    """
    start = time.monotonic()
    try:
        proc = subprocess.Popen(command, cwd=str(cwd), stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                preexec_fn=_limits(memory), env={**os.environ, **(env or {})})
    except OSError as e:
        raise EngineError(f"cannot start {shlex.join(command)}: {e}") from None
    if progress.enabled():
        return _run_watched(proc, command, stdin, timeout, start)
    try:
        out, err = proc.communicate(stdin, timeout=timeout)
        return EngineResult(command, proc.returncode, out, err, time.monotonic() - start)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:
            pass
        out, err = proc.communicate()
        return EngineResult(command, None, out or "", err or "", time.monotonic() - start, timed_out=True)


def _run_watched(proc, command: list, stdin, timeout: float, start: float) -> EngineResult:
    """:func:`run`'s wait, drawing one progress line: elapsed time and output lines received so
    far (:mod:`cgs_bridge.progress`). Same result and time-out behaviour as the plain wait."""
    import threading
    out: list = []
    err: list = []

    def pump(stream, sink):
        for line in stream:
            sink.append(line)

    def feed():
        try:
            proc.stdin.write(stdin)
            proc.stdin.close()
        except OSError:
            pass
    threads = [threading.Thread(target=pump, args=(proc.stdout, out), daemon=True),
               threading.Thread(target=pump, args=(proc.stderr, err), daemon=True)]
    if stdin is not None:
        threads.append(threading.Thread(target=feed, daemon=True))
    for t in threads:
        t.start()
    timed_out = False
    with progress.Task(Path(command[0]).name, unit=" lines") as task:
        while True:
            try:
                proc.wait(timeout=0.5)
                break
            except subprocess.TimeoutExpired:
                task.update(len(out))
                if time.monotonic() - start > timeout:
                    timed_out = True
                    try:
                        os.killpg(proc.pid, signal.SIGKILL)
                    except OSError:
                        pass
                    proc.wait()
                    break
        for t in threads:
            t.join(timeout=5)
        task.update(len(out))
    return EngineResult(command, None if timed_out else proc.returncode, "".join(out), "".join(err),
                        time.monotonic() - start, timed_out=timed_out)


def run_mathematica_file(path, cwd=None, engine: str | None = None, timeout: float = DEFAULT_TIMEOUT,
                         memory: int | None = DEFAULT_MEMORY) -> EngineResult:
    """Run a ``.wl`` file as a script with the chosen engine (see :func:`mathematica_engine`).

    The Mathics3 recursion limit is raised through ``MATHICS_MAX_RECURSION_DEPTH`` (design notes).
    Raises:
        EngineError: engine missing or not startable. A failing or timed-out run is *returned*;
        callers decide (see :func:`require_success`).
    """
    name, prefix = mathematica_engine(engine)
    path = Path(path).resolve()
    env = {"MATHICS_MAX_RECURSION_DEPTH": "100000"} if name == "mathics" else None
    return run(prefix + [str(path)], cwd or path.parent, timeout, memory, env=env)


def require_success(result: EngineResult, what: str) -> EngineResult:
    """Raise :class:`EngineError` with the engine's own output if ``result`` failed or timed out."""
    if result.timed_out:
        raise EngineError(f"{what} exceeded its time limit after {result.seconds:.0f} s; last output:\n"
                          f"{result.tail()}")
    if result.returncode != 0:
        raise EngineError(f"{what} failed (exit {result.returncode}); output:\n{result.tail()}")
    return result
