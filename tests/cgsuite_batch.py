"""Run many CGScript snippets in ONE real CGSuite JVM (its line REPL) and split what it printed.

Used by the differential tests of the product's CGScript interpreter (issue 18 item 2). The REPL
(``bin/cgsuite-repl``, ``org.cgsuite.lang.Repl``) evaluates one input line at a time and goes on
after an error, so a batch of checks that may fail costs one start-up (~3 s). Each snippet is one
line, preceded by a marker line ``System.Print("@@k");``; what follows the marker up to the next
one is the snippet's output: its printed lines, or a CGSuite error (a message, then
``  at worksheet input:`` / ``  at File.cgs line L:C`` lines, the source line and a caret).

The engine is ``$CGSUITE_HOME`` or ``../shared/engines/cgsuite`` beside the worktree; ``java`` must
be on PATH. :func:`engine_or_skip` skips the calling test with the reason when either is absent.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import paths

ROOT = paths.ROOT
MARK = "@@"


@dataclass
class Outcome:
    """What CGSuite printed for one snippet: ``lines`` printed, or ``error`` (the first line of
    CGSuite's error message, None when the snippet ran)."""

    lines: list
    error: str | None = None


def engine_home() -> Path | None:
    home = os.environ.get("CGSUITE_HOME")
    path = Path(home) if home else ROOT.parent / "shared" / "engines" / "cgsuite"
    return path if (path / "bin" / "cgsuite-repl").is_file() else None


def engine_or_skip() -> Path:
    """The engine folder; skips the test (pytest.skip) with the reason when it or java is absent."""
    import pytest
    home = engine_home()
    if home is None:
        pytest.skip("no real CGSuite: neither $CGSUITE_HOME nor ../shared/engines/cgsuite has bin/cgsuite-repl")
    if shutil.which("java") is None:
        pytest.skip("no `java` on PATH: the real CGSuite needs a Java 17 runtime")
    return home


_ERROR_TAIL = re.compile(r"^  at (worksheet input:|\S+\.cgs line \d+:\d+)")


def _split(segment: list) -> Outcome:
    lines = list(segment)
    if lines and lines[0].startswith("> "):
        lines[0] = lines[0][2:]
    while lines and lines[-1] in (">", "> ", ""):
        lines.pop()
    for k, ln in enumerate(lines):
        if _ERROR_TAIL.match(ln) and k > 0:
            return Outcome(lines[:k - 1], lines[k - 1])
        if ln.startswith(("java.", "scala.")):
            return Outcome(lines[:k], ln)
    return Outcome(lines)


def run_batch(home: Path, snippets: list, timeout: float = 300, java_opts: str = "", classpath=None) -> list:
    """Run ``snippets`` (one line each, no newline inside) in one REPL (``classpath``: a folder of
    class files, given to the REPL as its FOLDER argument); returns one
    :class:`Outcome` per snippet. Raises RuntimeError when the REPL output cannot be split."""
    feed = []
    for k, s in enumerate(snippets):
        if "\n" in s:
            raise ValueError(f"snippet {k} spans several lines")
        feed += [f'System.Print("{MARK}{k}");', s]
    feed.append(":quit")
    env = dict(os.environ, CGSUITE_JAVA_OPTS=java_opts or os.environ.get("CGSUITE_JAVA_OPTS", "-Xss16m"))
    proc = subprocess.run([str(home / "bin" / "cgsuite-repl")] + ([str(classpath)] if classpath else []), input="\n".join(feed) + "\n",
                          capture_output=True, text=True, timeout=timeout, env=env)
    out = proc.stdout.splitlines()
    marks = {}
    for i, ln in enumerate(out):
        m = re.fullmatch(rf'(?:> )*"{MARK}(\d+)"', ln)
        if m:
            marks[int(m.group(1))] = i
    if len(marks) != len(snippets):
        raise RuntimeError(f"CGSuite REPL printed {len(marks)} of {len(snippets)} markers:\n"
                           + proc.stdout[-2000:] + proc.stderr[-2000:])
    ends = [marks[k + 1] if k + 1 < len(snippets) else len(out) for k in range(len(snippets))]
    return [_split(out[marks[k] + 1:ends[k]]) for k in range(len(snippets))]
