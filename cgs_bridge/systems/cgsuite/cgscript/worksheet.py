"""Run a CGScript worksheet input (statements, no class) with the product's interpreter.

:func:`run_worksheet` parses ``text`` in the given dialect (``"2.x"``: CGSuite 2.2, the default;
``"1.x"``: CGSuite 1.1.1), runs it, and returns what ``System.Print``/``Worksheet.Print`` printed
and, when the run stopped, the error message (as the real CGSuite stops at its first error). Used
by the differential tests against the real CGSuite and by ``cgs-bridge``'s CGScript checks.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cgs_bridge.foundation.errors import CgsBridgeError

from .evaluator import PYTHON_ERRORS, Interpreter, Limits, error_text
from .parse import parse_program


@dataclass
class WorksheetRun:
    """``printed`` lines (CGSuite's text of each printed value); ``error`` None or the message."""

    printed: list = field(default_factory=list)
    error: str | None = None


def run_worksheet(text: str, dialect: str = "2.x", limits: Limits | None = None,
                  file: str = "<worksheet>", classes=()) -> WorksheetRun:
    """Parse and run ``text``; ``classes`` are parsed :class:`~.ast.ClassDef` made available.

    Never raises for a bad program: a syntax error or a run-time error is ``WorksheetRun.error``.
    """
    it = Interpreter(dialect, limits or Limits())
    for c in classes:
        it.add_class(c)
    try:
        prog = parse_program(text, file, dialect)
        it.run(prog.statements)
    except (CgsBridgeError,) + PYTHON_ERRORS as e:
        return WorksheetRun(list(it.printed), str(e) if isinstance(e, CgsBridgeError) else error_text(e))
    return WorksheetRun(list(it.printed))
