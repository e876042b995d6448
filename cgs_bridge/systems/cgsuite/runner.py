"""Starting CGSuite: the REPL command from ``--cgsuite-cmd`` or ``$CGS_BRIDGE_CGSUITE_CMD``."""

from __future__ import annotations

import os
import shlex
import shutil

from cgs_bridge.foundation import config
from cgs_bridge.foundation.errors import InputError

from .settings import CGSUITE_CMD

CGSUITE_ENV = CGSUITE_CMD


def cgsuite_argv(cgsuite_cmd=None) -> list | None:
    """``cgsuite_cmd`` (or ``$CGS_BRIDGE_CGSUITE_CMD``) split like a shell would, or None; a
    relative program path (``../shared/engines/cgsuite/bin/cgsuite-repl``) made absolute.

    Raises:
        InputError: it cannot be split (an unterminated quote) or is empty.
    """
    cmd = cgsuite_cmd or config.get(CGSUITE_ENV)
    if not cmd:
        return None
    where = "--cgsuite-cmd" if cgsuite_cmd else f"${CGSUITE_ENV}"
    try:
        argv = shlex.split(cmd)
    except ValueError as e:
        raise InputError(f"{where} {cmd!r}: {e} (quote it as a shell would)") from None
    if not argv:
        raise InputError(f"{where} is empty")
    found = shutil.which(argv[0])
    if found is None:  # checked before any engine starts
        raise InputError(f"{where} {cmd!r}: {argv[0]} is not an executable program (not on PATH, "
                         "or not an executable file)")
    if os.sep in argv[0]:  # a relative path names a file from here, not from the run folder
        argv[0] = os.path.abspath(found)
    return argv


def run_script(argv: list, files: dict, run_dir, timeout: float, say, problems: list):
    """``verify``'s run: feed the emitted worksheet script (``files["script.cgs.j2"]``) and
    ``:quit`` to the CGSuite REPL (``CMD FOLDER``); return the saved stdout ``cgsuite.out``. Input
    ending without ``:quit`` (EndOfFileException, exit 1) is not a failure; any other failure or
    time-out appends ``("cgsuite", message)`` to ``problems``.

    Raises:
        CGSuiteRunError: the REPL printed a Java exception (its evaluation errors go to stderr).
        EngineInterrupted: Ctrl-C; what the REPL printed is kept in ``cgsuite.out`` (its
        ``output``) and the problem appended.
    """
    from pathlib import Path

    from cgs_bridge.foundation.io import atomic_write_text
    from cgs_bridge.systems import engines

    from .reader import EOF_EXCEPTION, check_error_transcript, java_exceptions
    run_dir, script = Path(run_dir), files["script.cgs.j2"]
    say(f"running CGSuite: {shlex.join(argv)} {run_dir} < {script.name} ...")
    text = script.read_text(encoding="utf-8") + "\n:quit\n"
    out = run_dir / "cgsuite.out"
    try:
        res = engines.run(argv + [str(run_dir.resolve())], run_dir, timeout, None, stdin=text)
    except engines.EngineInterrupted as stop:  # keep what it printed, as on a time-out
        atomic_write_text(out, stop.result.stdout)
        if stop.result.stderr.strip():
            atomic_write_text(run_dir / "cgsuite.err", stop.result.stderr)
        problems.append(("cgsuite", f"CGSuite was interrupted (Ctrl-C) after {stop.result.seconds:.0f} s; "
                                    f"last output:\n{stop.result.tail()}"))
        stop.output = out
        raise
    atomic_write_text(out, res.stdout)
    if res.stderr.strip():
        atomic_write_text(run_dir / "cgsuite.err", res.stderr)
        check_error_transcript(res.stderr, str(run_dir / "cgsuite.err"))
    if not res.timed_out and res.returncode == 1 and java_exceptions(res.stderr) == [EOF_EXCEPTION]:
        return out  # the REPL read its whole input; it ends this way without :quit
    failed = engines.run_failure(res, "CGSuite")
    if failed:
        problems.append(("cgsuite", failed))
    return out
