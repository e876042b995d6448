"""The one shape every system's reader returns: :class:`ImportedTable`, a table keyed by position
(what :func:`cgs_bridge.jobs.compare.compare_table` diffs against the Python solution)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pandas as pd

from cgs_bridge.foundation.errors import InputError


@dataclass
class ImportedTable:
    """An imported table: ``frame`` has the coordinate columns then ``grundy`` (and
    ``misere`` when present); ``lines`` gives the source line of each row; ``scalars`` holds lone
    values printed outside the table as ``(line, value)``; ``others`` non-numeric REPL values;
    ``ended_without_quit``: the REPL's stdin ended without ``:quit`` (EndOfFileException);
    ``checks``: the claim checks of the emitted scripts, ``(line, [positions where it fails])``
    (a list ``[]`` or a list of coordinate-only lists)."""

    frame: pd.DataFrame
    lines: list = field(default_factory=list)
    scalars: list = field(default_factory=list)
    others: list = field(default_factory=list)
    ended_without_quit: bool = False
    checks: list = field(default_factory=list)


def in_int64(v: int, where: str) -> int:
    """``v`` if it fits a signed 64-bit integer (what compared tables hold), else InputError."""
    if not -(1 << 63) <= v < (1 << 63):
        raise InputError(f"{where}: {v} is beyond the 64-bit integers cgs-bridge compares "
                         "(|value| < 2^63); not a position or Grundy value of a box")
    return v
