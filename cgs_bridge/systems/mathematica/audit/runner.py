"""Running an audited program: safety screen, prelude, a scratch folder, an engine subprocess.

Published code is untrusted. Three layers (README "Security"):

1. the operating-system sandbox (:mod:`cgs_bridge.systems.sandbox`, bubblewrap): the program sees the
   engine's installation read-only, a fresh scratch folder (its only writable place, deleted
   afterwards) and nothing else of the host, has no network, and runs under CPU-time, memory,
   file-size and process-count limits; without it :func:`run_program` refuses unless
   ``sandboxed=False`` (``--no-sandbox``);
2. inside Mathics3, :mod:`cgs_bridge.systems.mathematica.launcher` removes process, file, network and
   code-loading builtins before the program is read (``MATHICS3_SANDBOX=1`` as well);
3. a textual screen: :func:`unsafe_calls` lists uses of :data:`UNSAFE` builtins so the user is told
   up front; :func:`run_program` refuses such a program unless ``allow_unsafe`` (this layer alone
   can be bypassed, e.g. by ``ToExpression`` of a built string; the other two cannot).
"""

from __future__ import annotations

import contextlib
import json
import re
import tempfile
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from cgs_bridge.foundation.errors import InputError
from cgs_bridge.systems.engines import DEFAULT_MEMORY, EngineResult
from cgs_bridge.systems.mathematica.normalize import Normalized, identifiers
from cgs_bridge.systems.mathematica.runner import mathematica_engine, run_mathematica_file
from cgs_bridge.systems.mathematica.wlscan import scan

from .extract import Extracted, Symbols, instrument, new_key, parse_output, plan

#: Builtins an audited program may not call without ``--allow-unsafe``, with the reason.
UNSAFE = {
    # shell and processes
    "Run": "runs a shell command", "RunProcess": "runs a process", "StartProcess": "starts a process",
    "RunThrough": "runs a shell command", "KillProcess": "kills a process",
    "ProcessConnection": "talks to a process", "SystemOpen": "opens files or URLs with other programs",
    "ExternalEvaluate": "runs code in another language", "StartExternalSession": "starts another language",
    "Install": "starts an external program (MathLink)", "LinkLaunch": "starts an external program",
    "LibraryFunctionLoad": "loads native code", "Shell": "runs a shell",
    # network
    "URLFetch": "network access", "URLRead": "network access", "URLSubmit": "network access",
    "URLDownload": "network access", "URLExecute": "network access", "URLSave": "network access",
    "HTTPRequest": "network access", "SocketConnect": "network access", "SocketOpen": "network access",
    "SendMail": "network access", "CloudDeploy": "network access", "CloudPut": "network access",
    "CloudGet": "network access", "CloudEvaluate": "network access",
    # reading or loading files and code
    "Import": "reads files or URLs", "Get": "loads and evaluates a file", "Needs": "loads a package",
    "ReadList": "reads files", "Read": "reads files", "ReadString": "reads files",
    "OpenRead": "opens a file", "FilePrint": "prints a file", "FileNames": "lists files",
    # writing files and directories
    "Put": "writes a file", "PutAppend": "appends to a file", "Save": "writes a file",
    "DumpSave": "writes a file", "Export": "writes a file", "Splice": "writes a file",
    "DeleteFile": "deletes a file", "CreateFile": "creates a file", "CopyFile": "copies a file",
    "RenameFile": "renames a file", "CreateDirectory": "creates a directory",
    "DeleteDirectory": "deletes a directory", "CopyDirectory": "copies a directory",
    "RenameDirectory": "renames a directory", "SetDirectory": "changes the working directory",
    "ResetDirectory": "changes the working directory", "OpenWrite": "opens a file for writing",
    "OpenAppend": "opens a file for writing", "Write": "writes to a stream",
    "WriteString": "writes to a stream", "WriteLine": "writes to a stream",
    "BinaryWrite": "writes to a stream", "CreateTemporary": "creates a file",
    "SetFileDate": "changes a file",
    # environment and evaluation of constructed code (would defeat this screen)
    "Environment": "reads the environment", "GetEnvironment": "reads the environment",
    "SetEnvironment": "changes the environment", "ToExpression": "evaluates a string as code",
    "Symbol": "builds a symbol from a string", "MakeExpression": "builds code from text",
    "ToHeldExpression": "builds code from text",
}
#: Operators with the same effects: ``<<`` (Get), ``>>`` (Put), ``>>>`` (PutAppend).
UNSAFE_OPERATORS = {"<<": "Get (loads and evaluates a file)", ">>": "Put (writes a file)"}

#: Builtins Mathics3 10.0.1 lacks that the prelude supplies (design notes, Mathics3 section).
MATHICS_MISSING = ("BitXor", "BitAnd", "BitOr", "BitNot")


@dataclass
class UnsafeUse:
    """One use of an unsafe builtin: ``name``, 1-based ``line`` of its statement, ``reason``."""

    name: str
    line: int
    reason: str


def unsafe_calls(norm: Normalized) -> list:
    """Every use of an :data:`UNSAFE` name or operator in code (strings and comments ignored)."""
    out = []
    for st in norm.statements:
        for name, _, _ in identifiers(st.text):
            if name in UNSAFE:
                out.append(UnsafeUse(name, st.line, UNSAFE[name]))
        code = "".join(ch if state == "code" else " " for _, ch, state, _ in scan(st.text))
        for op, why in UNSAFE_OPERATORS.items():
            if re.search(re.escape(op), code):
                out.append(UnsafeUse(op, st.line, why))
    return out


def refuse_unsafe(norm: Normalized) -> None:
    """Raise :class:`InputError` (exit 2) naming each unsafe use, if any."""
    uses = unsafe_calls(norm)
    if uses:
        listed = "; ".join(f"{u.name} at line {u.line} ({u.reason})" for u in uses)
        raise InputError(f"the program calls unsafe builtins: {listed}. Audited code is untrusted; "
                         "pass --allow-unsafe to run it anyway")


def prelude_text() -> str:
    """The documented compatibility prelude (``cgs_bridge/systems/mathematica/audit/prelude.wl``)."""
    return resources.files("cgs_bridge.systems.mathematica.audit").joinpath("prelude.wl").read_text(encoding="utf-8")


def statically_missing(norm: Normalized, engine: str) -> list:
    """Calls to builtins the engine is known to lack (Mathics3: :data:`MATHICS_MISSING`), as
    ``(name, line)``; empty for other engines."""
    if engine != "mathics":
        return []
    out = []
    for st in norm.statements:
        for name, _, called in identifiers(st.text):
            if called and name in MATHICS_MISSING and (name, st.line) not in out:
                out.append((name, st.line))
    return out


@dataclass
class RunOutcome:
    """One engine run: ``engine`` name, whether the ``prelude`` was loaded, the ``script`` that ran,
    the raw :class:`EngineResult` and the :class:`Extracted` markers."""

    engine: str
    prelude: bool
    script: str
    result: EngineResult
    extracted: Extracted

    @property
    def status(self) -> str:
        """``ok``, ``timeout`` or ``error`` (non-zero exit)."""
        if self.result.timed_out:
            return "timeout"
        return "ok" if self.result.returncode == 0 else "error"


def run_program(norm: Normalized, symbols: Symbols, box: list = (), engine: str | None = None,
                timeout: float = 600.0, memory: int | None = DEFAULT_MEMORY,
                use_prelude: bool = True, allow_unsafe: bool = False, moves: bool = True,
                sandboxed: bool = True, coords: int = 0, engine_limits: dict | None = None,
                reading=None) -> RunOutcome:
    """Run ``norm`` in a scratch folder and make the audit's checks after it (Mathics3: the
    launcher's ``--audit`` mode; wolframscript: an instrumented script; see
    :mod:`cgs_bridge.systems.mathematica.audit.extract`), with a fresh channel key.

    Args:
        box: the positions (tuples of ints) at which the Grundy and move functions are checked.
        coords: the number of coordinates of a position (what the launcher's evidence looks for).
        engine: ``auto``/None (wolframscript when on PATH, else Mathics3), ``mathics`` or
            ``wolframscript``.
        use_prelude: load :func:`prelude_text` (Mathics3 only; wolframscript has the builtins).
        sandboxed: run inside the OS sandbox (refuse when it cannot be set up); the in-engine
            removal of builtins applies either way.
        engine_limits: ``$IterationLimit``/``$RecursionLimit`` for this run
            (:func:`.hints.limits_text`), set after the prelude, before the program.
        reading: the :class:`~cgs_bridge.systems.auditing.reading.ReadingBudget` the plan of
            the run is made in (the program's text read again in this process), else none.
    Returns:
        a :class:`RunOutcome`; a failing or timed-out run is returned, not raised.
    Raises:
        InputError: unsafe builtins and not ``allow_unsafe``.
        EngineError: the engine is missing or cannot start; no sandbox and ``sandboxed``.
    """
    from cgs_bridge.systems import sandbox
    if not allow_unsafe:
        refuse_unsafe(norm)
    limits = None
    if sandboxed:
        sandbox.require()
        limits = sandbox.Limits(cpu_seconds=int(timeout) + 30, memory=memory)
    name, _ = mathematica_engine(engine)
    with_prelude = use_prelude and name == "mathics"
    key = new_key()
    from .hints import limits_text
    prelude = (prelude_text() if with_prelude else "") + limits_text(engine_limits)
    with reading.step("preparing its run") if reading is not None else contextlib.nullcontext():
        if name == "mathics":
            n = coords or (len(box[0]) if box else 0)
            script, stdin = norm.text, json.dumps(plan(norm, symbols, key, box, prelude, moves=moves, n=n))
        else:
            script, stdin = instrument(norm, symbols, key, box, prelude, moves=moves), None
    with tempfile.TemporaryDirectory(prefix="cgsb-audit-") as parent:
        tmp = sandbox.make_scratch(parent)
        path = Path(tmp) / "program.wl"
        path.write_text(script, encoding="utf-8")
        result = run_mathematica_file(path, cwd=tmp, engine=name, timeout=timeout, memory=memory,
                                      sandbox=limits, lockdown=True, audit_plan=stdin)
    return RunOutcome(name, with_prelude, script, result, parse_output(result.stdout, key))
