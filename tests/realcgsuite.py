"""The real CGSuite 2.2 engine for the tests (issue 18): fixture ``real_cgsuite``.

Where the engine is found, first match wins:

1. ``$CGS_BRIDGE_CGSUITE_HOME`` (a test variable, README "Configuration"): either a folder laid
   out as ``../shared/engines/cgsuite`` (``bin/cgsuite-run``, ``bin/cgsuite-repl``), or a user's
   own CGSuite jar (``cgsuite-core-jar-with-dependencies.jar``), run as
   ``java -cp JAR org.cgsuite.lang.Repl`` (the upstream line REPL; scripts then go through it);
2. ``../shared/engines/cgsuite`` beside the worktree.

The fixture skips with the reason when neither exists or ``java`` is not on PATH. Every engine
run here is one JVM per program (start-up is 2-4 s): tests batch their checks into few programs.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

import paths

HOME_VARIABLE = "CGS_BRIDGE_CGSUITE_HOME"
SHARED_ENGINE = paths.SHARED / "engines" / "cgsuite"
#: Seconds one engine run of a test may take (a program of a small box takes 2-12 s).
TIMEOUT = 300


@dataclass(frozen=True)
class RunOutput:
    returncode: int
    stdout: str
    stderr: str


@dataclass(frozen=True)
class RealCGSuite:
    """A located CGSuite: ``repl_cmd`` starts the upstream REPL (the class-path folder is
    appended); ``run_cmd`` runs a script as one worksheet input (None for a bare jar)."""

    where: Path
    repl_cmd: tuple
    run_cmd: tuple | None

    @property
    def repl_cmd_text(self) -> str:
        """``repl_cmd`` as one shell word list (for ``--cgsuite-cmd``)."""
        import shlex
        return shlex.join(self.repl_cmd)

    def repl(self, folder, script_text: str, timeout: float = TIMEOUT) -> RunOutput:
        """Feed ``script_text`` and ``:quit`` to the REPL with ``folder`` on the class path."""
        text = script_text if script_text.endswith("\n") else script_text + "\n"
        res = subprocess.run(list(self.repl_cmd) + [str(Path(folder).resolve())], input=text + ":quit\n",
                             capture_output=True, text=True, timeout=timeout, cwd=str(folder))
        return RunOutput(res.returncode, res.stdout, res.stderr)

    def run(self, folder, script: Path, timeout: float = TIMEOUT) -> RunOutput:
        """Run ``script`` as one worksheet input with ``folder`` on the class path (through the
        REPL, one statement per line, when only a jar is known)."""
        if self.run_cmd is None:
            return self.repl(folder, Path(script).read_text(encoding="utf-8"), timeout)
        res = subprocess.run(list(self.run_cmd) + ["-cp", str(Path(folder).resolve()), str(script)],
                             capture_output=True, text=True, timeout=timeout, cwd=str(folder))
        return RunOutput(res.returncode, res.stdout, res.stderr)


def locate() -> tuple:
    """``(RealCGSuite, None)`` or ``(None, why not)``."""
    java = shutil.which("java")
    given = os.environ.get(HOME_VARIABLE)
    where = Path(given) if given else SHARED_ENGINE
    source = f"${HOME_VARIABLE}={given}" if given else str(SHARED_ENGINE)
    if java is None:
        return None, "java is not on PATH (CI installs openjdk-17-jre-headless): no real CGSuite"
    if where.is_file() and where.suffix == ".jar":
        return RealCGSuite(where, (java, "-cp", str(where), "org.cgsuite.lang.Repl"), None), None
    repl, run = where / "bin" / "cgsuite-repl", where / "bin" / "cgsuite-run"
    if not repl.is_file():
        return None, f"no CGSuite at {source} (needs bin/cgsuite-repl, or a CGSuite jar)"
    return RealCGSuite(where, (str(repl),), (str(run),) if run.is_file() else None), None


@pytest.fixture(scope="session")
def real_cgsuite() -> RealCGSuite:
    """The real CGSuite engine, or skip with the reason."""
    engine, why = locate()
    if engine is None:
        pytest.skip(why)
    return engine
