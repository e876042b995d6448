"""The names of the files the ``cgsuite`` target emits (moved here from ``jobs/generate``, issue
45): the class ``<ClassName>.cgs`` (CamelCase of the game name: ``two_inequalities`` ->
``TwoInequalities``; function parameter values are built into the class, integer parameters are
class parameters) and the worksheet script ``<stem>_table.cgs`` (the stem rule:
:func:`cgs_bridge.systems.printing.files.file_stem`)."""

from __future__ import annotations

from cgs_bridge.systems.printing.files import target_files
from cgs_bridge.systems.printing.model import build_model

from .heaps import TARGET   # the printer's target, and CGSuite's own TakeAndBreak for octal codes


def cgsuite_script_name(ruleset, box, misere: bool = False) -> str:
    """Name of the emitted CGSuite worksheet script (``<stem>_table.cgs``)."""
    return target_files(TARGET, ruleset, box, misere)["script.cgs.j2"]


def cgsuite_class_file(ruleset) -> str:
    """Name of the emitted CGSuite class file (``<ClassName>.cgs``; it does not depend on the box);
    None for a game emitted as CGSuite's own ``TakeAndBreak`` (no class: issue 49)."""
    return TARGET.files("", build_model(ruleset)).get("class.cgs.j2")
