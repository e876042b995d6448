"""The names of the files the ``mathematica`` target emits (moved here from ``jobs/generate``,
issue 45): ``<stem>.wl``, which writes ``<stem>.csv`` into the folder it runs in (the stem rule:
:func:`cgs_bridge.systems.printing.files.file_stem`)."""

from __future__ import annotations

from cgs_bridge.systems.printing.files import target_files

from .heaps import TARGET   # the printer's target with the take-and-break program (issue 49)


def mathematica_csv_name(ruleset, box, misere: bool = False) -> str:
    """Name of the CSV file the emitted ``.wl`` program writes (``<stem>.csv``)."""
    return target_files(TARGET, ruleset, box, misere)["csv"]


def mathematica_program_name(ruleset, box, misere: bool = False) -> str:
    """Name of the emitted ``.wl`` program (``<stem>.wl``)."""
    return target_files(TARGET, ruleset, box, misere)["program.wl.j2"]
