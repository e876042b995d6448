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

import ctypes
import os
import re
import resource
import shlex
import shutil
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


def _limits(memory: int | None, extra=()):
    def apply():
        os.setsid()
        try:  # the engine dies with cgs-bridge (kill, crash), not only on its own time-out
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
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
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except OSError:
        pass


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
    time-out, on Ctrl-C or any error in cgs-bridge the whole process group is killed. At most
    ``output_limit`` bytes of each of stdout and stderr are kept: beyond it the run is stopped and
    returned with ``truncated=True``.

    Args:
        sandbox: a :class:`cgs_bridge.systems.sandbox.Limits` to run ``command`` inside the bubblewrap
            sandbox with ``cwd`` as its only writable folder and only ``env`` as environment
            (``memory`` is then ignored: the limits say it); None runs it directly.
        read_only: host paths bound read-only into the sandbox (see :func:`cgs_bridge.systems.sandbox.wrap`).
    Raises:
        EngineError: the program cannot be started (or the sandbox is not installed).
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
    try:
        proc = subprocess.Popen(command, cwd=str(cwd), stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                preexec_fn=_limits(memory, extra), env=full_env)
    except OSError as e:
        raise EngineError(f"cannot start {shlex.join(command)}: {e}") from None
    out, err, over = [], [], threading.Event()
    threads = [threading.Thread(target=_reader, args=(s, b, output_limit, over, proc), daemon=True)
               for s, b in ((proc.stdout, out), (proc.stderr, err))]
    timed_out = False
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
            timed_out = True
            _kill(proc)
            proc.wait()
    finally:
        if proc.poll() is None:        # Ctrl-C or an error in cgs-bridge: end the engine's group
            _kill(proc)
            proc.wait()
        _kill(proc)                    # anything the engine left running in its group
    for t in threads:
        t.join(5)
    text = [b"".join(x).decode("utf-8", "replace").replace("\r\n", "\n") for x in (out, err)]
    return EngineResult(command, None if timed_out else proc.returncode, text[0], text[1],
                        time.monotonic() - start, timed_out=timed_out, truncated=over.is_set())


def mathics_interpreter(script: str) -> str:
    """The Python interpreter that runs the ``mathics`` script (its ``#!`` line), else this one."""
    try:
        with open(script, "rb") as f:
            first = f.readline(4096).decode("utf-8", "replace")
    except OSError:
        return sys.executable
    if first.startswith("#!"):
        parts = first[2:].split()
        if parts and os.path.isabs(parts[0]) and os.path.basename(parts[0]).startswith("python"):
            return parts[0]
    return sys.executable


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


def run_mathematica_file(path, cwd=None, engine: str | None = None, timeout: float = DEFAULT_TIMEOUT,
                         memory: int | None = DEFAULT_MEMORY, sandbox=None,
                         lockdown: bool = False, audit_plan: str | None = None) -> EngineResult:
    """Run a ``.wl`` file as a script with the chosen engine (see :func:`mathematica_engine`).

    The Mathics3 recursion limit is raised through ``MATHICS_MAX_RECURSION_DEPTH`` (design notes).

    Args:
        sandbox: :class:`cgs_bridge.systems.sandbox.Limits` to run inside the OS sandbox (``cwd`` is its
            only writable folder and must hold ``path``), or None.
        lockdown: Mathics3 only: set ``MATHICS3_SANDBOX=1`` and start the engine through
            :mod:`cgs_bridge.systems.mathematica.launcher` (copied into ``cwd``), which removes process, file,
            network and code-loading builtins before the file is read.
        audit_plan: with ``lockdown``: run the launcher's audit mode (``--audit``), the plan (JSON
            text, see :func:`cgs_bridge.systems.mathematica.launcher.audit_run`) given on standard input.
    Raises:
        EngineError: engine missing, not startable, or started broken (:func:`startup_failure`:
        a builtin module not loaded, a Python traceback, no kernel). A program that fails or
        times out is *returned*; callers decide (see :func:`require_success`).
    """
    name, prefix = mathematica_engine(engine)
    path = Path(path).resolve()
    cwd = Path(cwd or path.parent)
    env = {"MATHICS_MAX_RECURSION_DEPTH": "100000"} if name == "mathics" else {}
    argv = prefix + [str(path)]
    if lockdown and name == "mathics":
        from importlib import resources
        launcher = cwd.resolve() / "cgsb_launcher.py"
        launcher.write_text(resources.files("cgs_bridge.systems.mathematica").joinpath("launcher.py")
                            .read_text(encoding="utf-8"), encoding="utf-8")
        env["MATHICS3_SANDBOX"] = "1"
        argv = [mathics_interpreter(prefix[0]), "-I", str(launcher),
                *(["--audit"] if audit_plan is not None else []), str(path)]
    result = run(argv, cwd, timeout, memory, env=env, sandbox=sandbox,
                 stdin=audit_plan if lockdown and name == "mathics" else None)
    return require_started(result, name, f"{name} on {path.name}")


# What an engine prints when it did not start properly: then nothing it computed can be trusted
# (Mathics3 without a builtin module silently leaves calls such as IntegerPart unevaluated).
_NOT_LOADED = re.compile(r"Not able to load (\S+?)\.? Check your installation")
_TRACEBACK = "Traceback (most recent call last):"
_NO_KERNEL = re.compile(r"(?i)^.*\b(?:unable to|could not|cannot|can't|failed to)\b.*\b(?:kernel|wolfram engine)\b.*$",
                        re.M)


def startup_failure(result: EngineResult, name: str) -> str | None:
    """Why the engine ``name`` (``mathics``, ``wolframscript``) did not run properly, or None.

    Recognised (Mathics3 10.0.1, wolframscript): a builtin module that could not be loaded
    (Mathics3 prints the Python error, then ``Not able to load MODULE. Check your installation.``
    and goes on without those builtins), a Python traceback (the engine itself crashed), and a
    wolframscript that cannot find or launch a kernel.
    """
    text = result.stdout + "\n" + result.stderr
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = _NOT_LOADED.search(line)
        if m:
            why = lines[i - 1].strip() if i > 0 and lines[i - 1].strip() else "reason not printed"
            return (f"{name} could not load its builtin module {m.group(1)} ({why}); its builtins are "
                    "missing, so no result of this run can be trusted. Reinstall with "
                    "`pip install -e .` (the project declares what Mathics3 needs)")
    if _TRACEBACK in text:
        tail = [ln for ln in text[text.index(_TRACEBACK):].splitlines() if ln.strip()]
        return f"{name} crashed with a Python error: {tail[-1].strip()}"
    if name == "wolframscript":
        m = _NO_KERNEL.search(text)
        if m:
            return f"wolframscript has no usable kernel: {m.group(0).strip()}"
    return None


def require_started(result: EngineResult, name: str, what: str) -> EngineResult:
    """Raise :class:`EngineError` naming what failed when :func:`startup_failure` finds a reason."""
    why = startup_failure(result, name)
    if why:
        raise EngineError(f"{what}: {why}; output:\n{result.tail()}")
    return result


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
