"""Running the audit's Mathics3 launcher (``cgs_bridge/systems/mathematica/launcher.py --audit``) inside the
test process, so that many small audits share one Mathics3 import (Mathics3 starts in seconds;
each audit then costs only its own definitions and evaluation).

:func:`inprocess` patches :func:`cgs_bridge.systems.mathematica.audit.runner.run_mathematica_file`: the plan the audit
would pass on standard input is handed to :func:`cgs_bridge.systems.mathematica.launcher.audit_run` directly and
its standard output captured. Everything else (normalisation, box, key, parsing the keyed lines,
judging, the verdict) is the real audit. The launcher's transport (stdin, a subprocess, the
sandbox) is covered by the end-to-end tests that run the CLI.
"""

from __future__ import annotations

import contextlib
import io
import json
import time

from cgs_bridge.systems.engines import EngineResult
from cgs_bridge.systems.mathematica import launcher as mathics_launcher
from cgs_bridge.systems.mathematica.audit import runner


def _run(path, cwd=None, engine=None, timeout=None, memory=None, sandbox=None, lockdown=False,
         audit_plan=None):
    assert audit_plan is not None, "the in-process runner serves the launcher's audit mode only"
    out, start = io.StringIO(), time.monotonic()
    with contextlib.redirect_stdout(out):
        code = mathics_launcher.audit_run(json.loads(audit_plan))
    return EngineResult(["in-process launcher"], code, out.getvalue(), "", time.monotonic() - start)


def inprocess(monkeypatch) -> None:
    """Make audits in this test run the launcher in-process (see the module docstring)."""
    monkeypatch.setattr(runner, "run_mathematica_file", _run)
