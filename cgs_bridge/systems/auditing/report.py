"""Rendering an :class:`~cgs_bridge.systems.mathematica.audit.core.AuditReport`: a text report (jinja2 template
``templates/report.txt.j2``), a JSON document and a CSV of every difference row, written side by
side into a report folder (atomically, never replacing a different file unless ``force``).

Files: ``report.txt``, ``report.json``, ``differences.csv`` (columns run, check, position, program,
spec, detail), ``normalized.wl`` (the normalised program as printed, before scaling).
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from jinja2 import Environment, PackageLoader, StrictUndefined

from cgs_bridge.foundation.io import atomic_write_text

RESULT = {0: "program and spec agree", 1: "differences found", 2: "engine error, time-out, or a check that could not be made"}


def grouped_changes(report) -> list:
    """Normalisation changes grouped by (kind, line, detail) with a count."""
    out: dict = {}
    for c in report.normalized.changes:
        key = (c.kind, c.line, c.detail)
        out[key] = out.get(key, 0) + 1
    return [{"kind": k, "line": ln, "detail": d, "count": n} for (k, ln, d), n in out.items()]


def render_text(report) -> str:
    """The text report."""
    env = Environment(loader=PackageLoader("cgs_bridge.systems.auditing", "templates"), undefined=StrictUndefined,
                      keep_trailing_newline=True)
    return env.get_template("report.txt.j2").render(r=report, changes=grouped_changes(report),
                                                    result=RESULT[report.exit_code])


def to_json(report) -> dict:
    """A JSON-able summary: inputs, normalisation, verdicts, runs (outputs, timing)."""
    return {
        "program": report.program_path, "spec": report.game, "exit_code": report.exit_code,
        "result": RESULT[report.exit_code],
        "symbols": {"grundy": report.symbols.grundy, "positions": report.symbols.positions,
                    "moves": report.symbols.moves, "how": report.symbols.how,
                    "calls": {role: t.text for role, t in report.symbols.calls.items()}},
        "normalization": {"changes": grouped_changes(report), "program": report.normalized.text,
                          "removed": [s.text for s in report.normalized.removed]},
        "checks": [{"run": label, "name": c.name, "verdict": c.verdict, "summary": c.summary,
                    "differences": len(c.rows), "alternative": c.alternative} for label, c in report.checks],
        "runs": [{"label": r.label, "scale": r.scale,
                  "engine": r.outcome.engine if r.outcome else None,
                  "prelude": r.outcome.prelude if r.outcome else None,
                  "status": r.outcome.status if r.outcome else None,
                  "seconds": round(r.outcome.result.seconds, 2) if r.outcome else None,
                  "displayed": {str(k): v for k, v in r.outcome.extracted.outputs.items()} if r.outcome else {},
                  "other_output": r.outcome.extracted.other if r.outcome else []}
                 for r in report.runs],
    }


def to_csv(report) -> str:
    """Every difference row of every check."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["run", "check", "position", "program", "spec", "detail"])
    for label, c in report.checks:
        for row in c.rows:
            w.writerow([label, c.name, row.get("position", ""), row.get("program", ""),
                        row.get("spec", ""), row.get("detail", "")])
    return buf.getvalue()


def to_frame(report):
    """:func:`to_csv` as a pandas DataFrame of text (an audit result's ``frame``)."""
    import pandas as pd
    return pd.read_csv(io.StringIO(to_csv(report)), dtype=str, keep_default_na=False)


def write_report(report, folder, force: bool = False) -> list:
    """Write the four report files into ``folder``; returns their paths.

    Raises:
        InputError: a file exists with other content and not ``force``.
    """
    folder = Path(folder)
    files = {"report.txt": render_text(report),
             "report.json": json.dumps(to_json(report), indent=2) + "\n",
             "differences.csv": to_csv(report),
             "normalized.wl": report.normalized.text}
    return [atomic_write_text(folder / name, text, overwrite=force, make_parent=True) for name, text in files.items()]
