"""CGSuite 2.2's own CGScript files, read from ``../shared/engines/cgsuite/lib/cgsuite-core.jar``
at run time (nothing of them is copied into the project), for the tests of issue 47."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

LIBRARY = "org/cgsuite/lang/resources/game/"


def extract(shared: Path, target: Path, prefix: str = LIBRARY) -> Path:
    """Write the jar's ``.cgs`` files under ``prefix`` into ``target`` (their paths below the
    prefix kept) and return ``target``; skips the test when the jar is absent."""
    jar = shared / "engines" / "cgsuite" / "lib" / "cgsuite-core.jar"
    if not jar.is_file():
        pytest.skip(f"{jar} is absent")
    with zipfile.ZipFile(jar) as z:
        for name in z.namelist():
            if name.startswith(prefix) and name.endswith(".cgs"):
                out = target / name[len(prefix):]
                out.parent.mkdir(parents=True, exist_ok=True)
                out.write_bytes(z.read(name))
    return target
