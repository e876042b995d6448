"""Starting Mathematica: the engine choice (Mathics3, the embedded default, or wolframscript),
running a ``.wl`` file under limits (optionally through the locked-down
:mod:`cgs_bridge.systems.mathematica.launcher`), and start-up failure detection (an engine that
started broken computes nothing that can be trusted).

- ``mathics``: Mathics3 (``python -m mathics`` is not an entry point, so the ``mathics`` script
  next to the running interpreter is used, else the one on PATH);
- ``wolframscript``: used when on PATH or chosen explicitly.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path

from cgs_bridge.foundation.errors import EngineError
from cgs_bridge.systems.engines import DEFAULT_MEMORY, DEFAULT_TIMEOUT, EngineResult, run

from .settings import CHILD_VARIABLES, MATHICS_RECURSION

#: The launcher's files, copied into the run folder under these names (the launcher loads
#: ``<its stem>_choose.py`` and ``_positions.py`` from beside itself: ``launcher.PARTS``).
LAUNCHER_FILES = {"launcher.py": "cgsb_launcher.py", "launcher_choose.py": "cgsb_launcher_choose.py",
                  "launcher_positions.py": "cgsb_launcher_positions.py"}

#: The engine choices of ``--mathematica-engine`` (``none``: not run).
ENGINES = ("auto", "mathics", "wolframscript")


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


def mathics_interpreter(script: str) -> str:
    """The Python interpreter that runs the ``mathics`` script (its ``#!`` line), else this one."""
    return _python_of(script) or sys.executable


def _python_of(script: str) -> str | None:
    """The interpreter named by the ``#!`` line of ``script`` when it is an absolute path to a
    ``python...`` program, else None."""
    try:
        with open(script, "rb") as f:
            first = f.readline(4096).decode("utf-8", "replace")
    except OSError:
        return None
    parts = first[2:].split() if first.startswith("#!") else []
    if parts and os.path.isabs(parts[0]) and os.path.basename(parts[0]).startswith("python"):
        return parts[0]
    return None


def run_mathematica_file(path, cwd=None, engine: str | None = None, timeout: float = DEFAULT_TIMEOUT,
                         memory: int | None = DEFAULT_MEMORY, sandbox=None,
                         lockdown: bool = False, audit_plan: str | None = None) -> EngineResult:
    """Run a ``.wl`` file as a script with the chosen engine (see :func:`mathematica_engine`).

    Mathics3's cap on ``$RecursionLimit`` is raised through ``MATHICS_MAX_RECURSION_DEPTH``
    (:data:`cgs_bridge.systems.mathematica.settings.MATHICS_RECURSION`), so the prelude's limit is accepted
    without a ``$RecursionLimit::limset`` message.

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
    env = {MATHICS_RECURSION: CHILD_VARIABLES[MATHICS_RECURSION]} if name == "mathics" else {}
    argv = prefix + [str(path)]
    if name == "mathics" and not lockdown:  # the sandbox sees no package folder: the plain command there
        argv = (open_launch(prefix[0], path) if sandbox is None else None) or argv
    elif name == "mathics":
        from importlib import resources
        launcher = cwd.resolve() / "cgsb_launcher.py"
        for source, copy in LAUNCHER_FILES.items():
            (cwd.resolve() / copy).write_text(resources.files("cgs_bridge.systems.mathematica").joinpath(source)
                                              .read_text(encoding="utf-8"), encoding="utf-8")
        env["MATHICS3_SANDBOX"] = "1"
        argv = [mathics_interpreter(prefix[0]), "-I", str(launcher),
                *(["--audit"] if audit_plan is not None else []), str(path)]
    result = run(argv, cwd, timeout, memory, env=env, sandbox=sandbox,
                 stdin=audit_plan if lockdown and name == "mathics" else None)
    return require_started(result, name, f"{name} on {path.name}")


def open_launch(script: str, path: Path) -> list | None:
    """The argument list that runs ``path`` as ``mathics -q -f`` does, through the launcher's
    ``--open`` mode (Mathics3 starts without cyclic garbage collections, about 2 s of processor
    time less: :func:`cgs_bridge.systems.mathematica.launcher._start_without_collections`), with
    the interpreter of the ``mathics`` script; None when that script is not a Python one (a
    wrapper of your own then runs as it is)."""
    python = _python_of(script)
    if python is None:
        return None
    return [python, "-I", str(Path(__file__).with_name("launcher.py")), "--open", str(path)]


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
    """Raise :class:`EngineError` naming what failed when :func:`startup_failure` finds a reason:
    one line when the engine crashed with a Python traceback (the traceback is the engine's
    insides, not the user's program: issue 46, ``"\\|110000"``), else with its last output."""
    why = startup_failure(result, name)
    if why and _TRACEBACK in result.stdout + "\n" + result.stderr:
        raise EngineError(f"{what}: {why}")
    if why:
        raise EngineError(f"{what}: {why}; output:\n{result.tail()}")
    return result


def run_program(engine: str, files: dict, run_dir, timeout: float, say, problems: list):
    """``verify``'s run: the emitted ``.wl`` (``files["program.wl.j2"]``) in ``engine``; returns
    the CSV it wrote (``files["csv"]``; row by row, flushed, so a failed or timed-out run leaves
    the rows computed so far: then ``("mathematica", message)`` is appended to ``problems`` and the
    rows are compared as partial output). The log is kept as ``<engine>.log``.

    Raises:
        EngineError: the engine is missing or started broken, or it finished without writing
        the CSV.
        EngineInterrupted: Ctrl-C during the run; the log is kept as on a time-out, the problem
        appended, and the CSV named in its ``output`` (when the engine wrote it).
    """
    from cgs_bridge.foundation.io import atomic_write_text
    from cgs_bridge.systems.engines import EngineInterrupted, run_failure
    program = files["program.wl.j2"]
    say(f"running {program.name} in {engine} (time limit {timeout:.0f} s) ...")
    out = files["csv"]
    try:
        res = run_mathematica_file(program, run_dir, engine, timeout=timeout)
    except EngineInterrupted as stop:
        atomic_write_text(Path(run_dir) / f"{engine}.log", stop.result.stdout + stop.result.stderr)
        problems.append(("mathematica", f"{engine} on {program.name} was interrupted (Ctrl-C) after "
                                        f"{stop.result.seconds:.0f} s; last output:\n{stop.result.tail()}"))
        stop.output = out  # read as partial output: a missing CSV is no rows
        raise
    atomic_write_text(Path(run_dir) / f"{engine}.log", res.stdout + res.stderr)
    failed = run_failure(res, f"{engine} on {program.name}")
    if failed:
        problems.append(("mathematica", failed))
        return out
    if not out.exists() or out.stat().st_size == 0:
        raise EngineError(f"{engine} on {program.name}: the engine printed no results: it ended without "
                          f"an error but {'wrote an empty' if out.exists() else 'did not write'} "
                          f"{out.name}; output:\n{res.tail()}")
    say(f"{engine}: done in {res.seconds:.1f} s")
    return out
