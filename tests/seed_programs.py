"""The seeds' Mathematica programs for the tests, read from ``../shared/seeds`` at test time by
:mod:`cgs_bridge.systems.auditing.seeds` (nothing of them is copied into the project); a test that needs one
skips when ``../shared`` or the example is absent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cgs_bridge.systems.auditing.seeds import PROGRAMS, program


def by_name(name: str) -> str:
    """The program a former copy ``tests/data/audit/<name>`` held (``seed003_ex83.txt``)."""
    seed, example = PROGRAMS[name]
    text = program(seed, example)
    if text is None:
        pytest.skip(f"seed {seed} Example {example} is not available (../shared/seeds absent)")
    return text


def write(name: str, folder) -> Path:
    """Write the program ``name`` into ``folder`` (for CLI tests) and return its path."""
    path = Path(folder) / name
    path.write_text(by_name(name), encoding="utf-8")
    return path
