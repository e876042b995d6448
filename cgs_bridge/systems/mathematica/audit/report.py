"""The text report and the report folder of a Wolfram Language audit (the auditor's ``text`` and
``write``, :class:`cgs_bridge.systems.base.Auditor`): the jinja2 template
``templates/report.txt.j2``; the folder holds ``report.txt``, ``report.json``,
``differences.csv`` (columns run, check, position, program, spec, detail) and ``normalized.wl``
(the normalised program as printed, before scaling). Written atomically, never replacing a
different file unless ``force``.
"""

from __future__ import annotations

import json
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from cgs_bridge.foundation.escape import terminal
from cgs_bridge.foundation.io import atomic_write_text
from cgs_bridge.systems.auditing.report import RESULT, grouped_changes, to_csv, to_json

TEMPLATES = Path(__file__).with_name("templates")


def mathematica_text(report) -> str:
    """The text report of a Wolfram Language audit; what the program printed is data: control
    characters shown as visible escapes, and a printed line break cannot start a report line
    (``foundation.escape.terminal``, issue 37)."""
    env = Environment(loader=FileSystemLoader(str(TEMPLATES)), undefined=StrictUndefined, keep_trailing_newline=True)
    env.filters["one_line"] = lambda v: terminal(v, keep_newlines=False)
    return terminal(env.get_template("report.txt.j2").render(r=report, changes=grouped_changes(report),
                                                             result=RESULT[report.exit_code]))


def write_mathematica(report, folder, force: bool = False) -> list:
    """Write the four report files of a Wolfram Language audit into ``folder``; returns their paths.

    Raises:
        InputError: a file exists with other content and not ``force``.
    """
    folder = Path(folder)
    files = {"report.txt": mathematica_text(report),
             "report.json": json.dumps(to_json(report), indent=2) + "\n",
             "differences.csv": to_csv(report),
             "normalized.wl": report.normalized.text}
    return [atomic_write_text(folder / name, text, overwrite=force, make_parent=True) for name, text in files.items()]
