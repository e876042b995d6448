"""Running the audit's Mathics3 launcher (``cgs_bridge/systems/mathematica/launcher.py --audit``) from
the test process, so that many small audits share one Mathics3 start (Mathics3 takes seconds to
import and about 2-4 s more to build its builtin definitions; each audit then costs only its own
definitions and evaluation).

:func:`inprocess` patches :func:`cgs_bridge.systems.mathematica.audit.runner.run_mathematica_file`:
the plan the audit would pass on standard input is handed to
:func:`cgs_bridge.systems.mathematica.launcher.audit_run` in a child forked from the test process,
its standard output sent back through a pipe. The test process imports Mathics3 and builds one
pristine ``Definitions`` (never evaluated in); each child starts from its own copy-on-write copy of
it, exactly what ``audit_run`` would have built, and everything the program does (its definitions,
the launcher's ``Trace`` wrapped around ``Expression.evaluate``) ends with the child. Everything
else (normalisation, box, key, parsing the keyed lines, judging, the verdict) is the real audit.
The launcher's transport (stdin, a subprocess, the sandbox) is covered by the end-to-end tests that
run the CLI.
"""

from __future__ import annotations

import contextlib
import gc
import io
import json
import os
import select
import signal
import time
import traceback

from cgs_bridge.systems.engines import EngineResult
from cgs_bridge.systems.mathematica import launcher as mathics_launcher
from cgs_bridge.systems.mathematica.audit import runner

_pristine = []


def _definitions():
    """The one pristine ``Definitions`` of this process, built as ``audit_run`` builds its own."""
    if not _pristine:
        gc.disable()  # as the launcher starts Mathics3 (launcher._start_without_collections)
        try:
            import mathics.__main__  # noqa: F401  (loads the builtins, as audit_run's first import does)
            from mathics.core.definitions import Definitions
            from mathics.settings import default_pymathics_modules
            mathics_launcher._load_second()
            _pristine.append(Definitions(add_builtin=True, extension_modules=tuple(default_pymathics_modules)))
        finally:
            gc.enable()
        # Every object so far (Mathics3's builtins, the definitions) is left out of the cyclic
        # garbage collector's passes: a collection in a forked child would otherwise touch, and so
        # copy, every page of the heap it shares with this process.
        gc.freeze()
    return _pristine[0]


def _child(plan: dict, pristine, w: int) -> None:
    """In the forked child: run the launcher on ``plan`` with ``pristine`` as its definitions,
    write ``exit code, newline, output`` to ``w`` and end the process (never returns)."""
    code, out = 70, _Pipe(w)
    try:
        import mathics.core.definitions as md
        real = md.Definitions

        def first_is_pristine(*args, **kwargs):  # audit_run's own (first) Definitions is the copy
            md.Definitions = real
            return pristine
        md.Definitions = first_is_pristine  # audit_run imports the name when it runs
        with contextlib.redirect_stdout(out):
            code = mathics_launcher.audit_run(plan)
    except BaseException:  # noqa: BLE001 - the parent reports it as the engine's error output
        out.write("\nin-process launcher failed:\n" + traceback.format_exc())
    out.send(f"\n{END}{code}\n")
    os._exit(0)


#: The line that ends a child's output with its exit code (a run killed at its time limit has none).
END = "\x00cgsb-inprocess-exit "


class _Pipe(io.TextIOBase):
    """The child's standard output: every write goes to the pipe at once, so a run killed at its
    time limit keeps what it printed so far (as the launcher's line-buffered stdout does)."""

    def __init__(self, fd: int):
        self.fd = fd

    def write(self, text: str) -> int:
        self.send(text)
        return len(text)

    def send(self, text: str) -> None:
        data = text.encode("utf-8")
        while data:
            data = data[os.write(self.fd, data):]


def _run(path, cwd=None, engine=None, timeout=None, memory=None, sandbox=None, lockdown=False,
         audit_plan=None):
    assert audit_plan is not None, "the in-process runner serves the launcher's audit mode only"
    plan, pristine, start = json.loads(audit_plan), _definitions(), time.monotonic()
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        _child(plan, pristine, w)
    os.close(w)
    chunks, timed_out = [], False
    with os.fdopen(r, "rb", buffering=0) as f:
        while True:
            left = None if timeout is None else timeout - (time.monotonic() - start)
            if left is not None and left <= 0 or not select.select([f], [], [], left)[0]:
                os.kill(pid, signal.SIGKILL)  # the time limit, as the real runner's
                timed_out = True
                break
            chunk = f.read(65536)
            if not chunk:
                break
            chunks.append(chunk)
    os.waitpid(pid, 0)
    out, _, code = b"".join(chunks).decode("utf-8", "replace").partition(END)
    return EngineResult(["in-process launcher"], None if timed_out else int(code.strip() or 70),
                        out.removesuffix("\n"), "", time.monotonic() - start, timed_out=timed_out)


def inprocess(monkeypatch) -> None:
    """Make audits in this test run the launcher from this process (see the module docstring)."""
    monkeypatch.setattr(runner, "run_mathematica_file", _run)


def audit_file(path, game: str, monkeypatch, edit=None, **options):
    """Audit the program file ``path`` in process (:func:`inprocess`) against ``game`` (a catalog
    name, or a ``.game`` file beside the program), with Mathics3 and no sandbox; ``edit``: an
    ``(old, new)`` text replacement made first (a planted twin; ``old`` must occur once)."""
    from cgs_bridge.model.game import Ruleset
    from cgs_bridge.model.loading import load_game
    from cgs_bridge.systems.mathematica.audit.core import audit_program
    inprocess(monkeypatch)
    text = path.read_text(encoding="utf-8")
    if edit:
        assert text.count(edit[0]) == 1, edit
        text = text.replace(*edit)
    spec = Ruleset(load_game(str(path.parent / game) if game.endswith(".game") else game), {})
    return audit_program(text, spec, program_path=path.name, engine="mathics", sandboxed=False, **options)
