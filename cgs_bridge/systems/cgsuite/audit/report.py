"""The text report and the report folder of a CGScript audit (the auditor's ``text`` and
``write``, :class:`cgs_bridge.systems.base.Auditor`): ``normalized.cgs`` holds every source,
normalised. Written atomically, never replacing a different file unless ``force``.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from cgs_bridge.foundation.escape import terminal
from cgs_bridge.foundation.io import atomic_write_text
from cgs_bridge.systems.auditing.report import RESULT


def cgscript_text(report) -> str:
    """The text report of a CGScript audit (:class:`~cgs_bridge.systems.cgsuite.audit.core.CGScriptReport`);
    printed lines and summaries one report line each, control characters as visible escapes."""
    out = ["cgs-bridge audit report (CGScript)", "=" * 34,
           f"program : {report.program_path}", f"spec    : {report.spec}",
           f"dialect : CGScript {report.sources[0].program.dialect}",
           f"result  : {RESULT[report.exit_code].replace('engine', 'evaluation')} (exit {report.exit_code})",
           "", "Verdicts", "--------"]
    for label, c in report.checks:
        out.append(f"{c.name:<13} {label or '-':<12} {c.verdict.upper()}: {_line(c.summary)}")
    out += ["", "Normalisation changes (file, kind, printed line, count: detail)", "-" * 62]
    for s in report.sources:
        groups: dict = {}
        for ch in s.normalized.changes:
            groups[(ch.kind, ch.line, ch.detail)] = groups.get((ch.kind, ch.line, ch.detail), 0) + 1
        for (kind, line, detail), n in groups.items():
            out.append(f"  {Path(s.path).name}: {kind:<18} line {line}{f' (x{n})' if n > 1 else ''}: {detail}")
    for label, lines in report.printed.items():
        out += ["", f"Printed ({label})", "-" * (10 + len(label))] + [f"  {_line(ln[:400])}" for ln in lines]
    for label, c in report.checks:
        if c.rows:
            out.append(f"\n{c.name} [{label}]: {len(c.rows)} difference rows (first 10):")
            out += ["  " + " | ".join(_line(f"{k} {r[k]}" if k in ("program", "spec") else r[k])
                                      for k in ("position", "program", "spec", "detail")) for r in c.rows[:10]]
    if report.notes:
        out += ["", "Notes", "-----"] + [f"  {n}" for n in report.notes]
    for s in report.sources:
        out += ["", f"Normalised {s.path}", "-" * (11 + len(s.path)), s.normalized.text.rstrip()]
    return terminal("\n".join(out) + "\n")


def _line(text) -> str:
    return terminal(text, keep_newlines=False)


def write_cgscript(report, folder, force: bool = False) -> list:
    """Write ``report.txt``, ``report.json`` (verdicts, printed lines, notes, port files),
    ``differences.csv`` (run, check, position, program, spec, detail) and ``normalized.cgs`` (every
    source, normalised) into ``folder``; atomically, never replacing a different file unless
    ``force``. Returns the paths. Raises InputError on an existing different file."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["run", "check", "position", "program", "spec", "detail"])
    for label, c in report.checks:
        for row in c.rows:
            w.writerow([label, c.name] + [row.get(k, "") for k in ("position", "program", "spec", "detail")])
    doc = {"program": report.program_path, "spec": report.spec, "language": "cgscript",
           "dialect": report.sources[0].program.dialect, "exit_code": report.exit_code,
           "result": RESULT[report.exit_code],
           "checks": [{"run": label, "name": c.name, "verdict": c.verdict, "summary": c.summary,
                       "differences": len(c.rows)} for label, c in report.checks],
           "printed": report.printed, "notes": report.notes, "port_files": report.port_files,
           "normalization": [{"file": s.path, "kind": ch.kind, "line": ch.line, "detail": ch.detail}
                             for s in report.sources for ch in s.normalized.changes]}
    normalized = "".join(f"// ---- {s.path}\n{s.normalized.text.rstrip()}\n" for s in report.sources)
    files = {"report.txt": cgscript_text(report), "report.json": json.dumps(doc, indent=2) + "\n",
             "differences.csv": buf.getvalue(), "normalized.cgs": normalized}
    return [atomic_write_text(Path(folder) / name, text, overwrite=force, make_parent=True) for name, text in files.items()]
