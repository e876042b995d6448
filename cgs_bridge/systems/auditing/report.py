"""What every auditor's report is (:class:`ProgramAudit`), and the data of a Wolfram Language
audit's report: the result line of each exit code, the normalisation changes grouped, a JSON
document and a CSV of every difference row (columns run, check, position, program, spec, detail).
Each auditor draws its own text report and report folder (:attr:`Auditor.text`,
:attr:`Auditor.write` of :class:`cgs_bridge.systems.base.Auditor`).
"""

from __future__ import annotations

import csv
import io

from cgs_bridge.foundation.results import Result


class ProgramAudit(Result):
    """Base of every auditor's report (a mixin: the reports are dataclasses).

    A report has ``language`` (its auditor's, a class attribute), ``program_path``, ``checks``
    (``[(run label or "", Check)]``), ``exit_code`` (0 agree, 1 differ, 2 an engine or input
    error), ``verdict()`` and ``frame``; the presentation layer renders every report through this
    class: the text by its auditor's ``text``, the HTML page from these attributes."""

    language = ""

    def programs(self) -> list:
        """``[(title, text)]``: the program as printed and as judged (the HTML report shows them)."""
        return []

RESULT = {0: "program and spec agree", 1: "differences found", 2: "engine error, time-out, or a check that could not be made"}


def grouped_changes(report) -> list:
    """Normalisation changes grouped by (kind, line, detail) with a count."""
    out: dict = {}
    for c in report.normalized.changes:
        key = (c.kind, c.line, c.detail)
        out[key] = out.get(key, 0) + 1
    return [{"kind": k, "line": ln, "detail": d, "count": n} for (k, ln, d), n in out.items()]


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
