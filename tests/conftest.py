"""Shared fixtures. Tests that need ``../shared`` (seeds, CGSuite fixtures, the C yardstick) use
the ``shared`` fixture, which skips with a reason on a fresh clone without it."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture
def shared() -> Path:
    if not (SHARED / "fixtures").is_dir():
        pytest.skip("../shared is absent (fresh clone): shared fixtures not available")
    return SHARED


@pytest.fixture
def data() -> Path:
    return DATA
