"""Run several ``.wl`` programs in ONE Mathics3 process and split what it printed, program by
program: a driver ``Get``s each after ``ClearAll["Global`*"]`` (so no definition leaks from one
program into the next) and prints a marker line between them. One start-up (a few seconds of
processor time) instead of one per program; the run goes through the product's own
:func:`cgs_bridge.systems.mathematica.runner.run_mathematica_file`."""

from __future__ import annotations

from pathlib import Path

import pytest

from cgs_bridge.systems.engines import EngineResult, require_success
from cgs_bridge.systems.mathematica.runner import mathics_command, run_mathematica_file

MARK = "@@next program@@"


def run_programs(folder: Path, programs: list, what: str, timeout: float = 600) -> tuple[EngineResult, list]:
    """Run ``programs`` (file names in ``folder``) in order in one Mathics3; returns ``(result,
    [stdout of each program])``. Skips the calling test when Mathics3 is not installed; fails it
    when the run fails (:func:`require_success`, naming ``what``) or a program's output is missing."""
    if mathics_command() is None:
        pytest.skip("Mathics3 not installed")
    res = require_success(run_mathematica_file(write_driver(folder, programs), folder, engine="mathics",
                                               timeout=timeout), what)
    parts = res.stdout.split(MARK)
    assert len(parts) == len(programs), res.tail()
    return res, parts


def write_driver(folder: Path, programs: list) -> Path:
    """``folder/driver.wl``: ``Get`` each of ``programs`` after ``ClearAll["Global`*"]``, with
    :data:`MARK` printed between two programs."""
    driver = Path(folder) / "driver.wl"
    driver.write_text(f'\nPrint["{MARK}"];\n'.join(f'ClearAll["Global`*"]; Get["{fn}"];' for fn in programs) + "\n",
                      encoding="utf-8")
    return driver
