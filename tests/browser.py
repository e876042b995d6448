"""The headless Debian chromium of the browser tests (HTML reports, proof pages): where it is,
the skip mark when it is missing, and one run that dumps the DOM and takes a screenshot."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed "
                                    "(apt-get install chromium; .ci/run installs it)")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]


def browse(page: Path, tmp: Path, width: int = 1200) -> tuple:
    """(DOM text as chromium built it, after its scripts ran; screenshot path): one chromium run
    takes both."""
    uri = page.resolve().as_uri()
    shot = tmp / "shot.png"
    argv = [CHROMIUM, *FLAGS, f"--user-data-dir={tmp / 'chromium-profile'}", f"--window-size={width},1400",
            f"--screenshot={shot}", "--dump-dom", uri]
    dom = subprocess.run(argv, capture_output=True, text=True, timeout=120).stdout
    return dom, shot
