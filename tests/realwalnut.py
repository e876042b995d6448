"""The real Walnut 6 of the tests: ``../shared/engines/walnut`` (fixture ``walnut_home``), skipped
with a reason when it or Java is absent."""

from __future__ import annotations

import shutil

import pytest

import paths

WALNUT = paths.ROOT.parent / "shared" / "engines" / "walnut"


@pytest.fixture
def walnut_home():
    if not (WALNUT / "bin" / "walnut-run").is_file():
        pytest.skip("../shared/engines/walnut is absent (fresh clone): no real Walnut")
    if shutil.which("java") is None:
        pytest.skip("java is not on PATH (Walnut needs Java 17)")
    return WALNUT
