"""One self-contained HTML report of a comparison (``verify``/``compare``) or an audit: the verdict
first, a per-engine summary, the table of differences (with the Python options of each differing
position), figures as inline SVG (text kept as text), the emitted programs, the command line,
versions and timings. No external resource is referenced, so it opens offline.

Templates: ``templates/report/report.html.j2`` (the page) and ``summary.html.j2`` (the verdict
and per-engine table; also what notebooks show through ``_repr_html_``).
"""

from __future__ import annotations

import importlib.metadata
import platform
import re
import time
from pathlib import Path

from cgs_bridge.foundation.errors import CgsBridgeError
from cgs_bridge.foundation.io import atomic_write_text

#: Differences listed in the page (all of them are in comparison.csv / differences.csv).
MAX_ROWS = 500
#: Figures are drawn only for slices up to this many cells per axis.
MAX_FIGURE_AXIS = 60

def env():
    """The HTML (autoescaping) jinja2 environment of the package templates."""
    from cgs_bridge.foundation.templating import html_environment
    return html_environment(Path(__file__).with_name("templates"))


def versions(extra: dict | None = None) -> list:
    """``(name, version)`` of cgs_bridge, Python and the libraries a result depends on: the
    solver's and those the registered systems run on (:attr:`~cgs_bridge.systems.base.System.packages`)."""
    from cgs_bridge.foundation.version import __version__
    from cgs_bridge.systems.registry import SYSTEMS
    out = [("cgs_bridge", __version__), ("Python", platform.python_version())]
    for dist in ("numpy", "pandas", "numba", "matplotlib", *(p for s in SYSTEMS.values() for p in s.packages)):
        try:
            out.append((dist, importlib.metadata.version(dist)))
        except importlib.metadata.PackageNotFoundError:
            pass
    return out + sorted((extra or {}).items())


def _pos(p) -> str:
    if getattr(p, "heaps", False):  # an option of a take-and-break game: 3 + 5
        return str(p)
    return "(" + ", ".join(str(v) for v in p) + ")"


def _val(v) -> str:
    return "" if v is None else str(v)


# ------------------------------------------------------------------ comparisons
def comparison_page(comp, solution=None, command: str | None = None, timings=(), programs=(),
                    figures: bool = True, title: str | None = None) -> dict:
    """The page model of a :class:`cgs_bridge.jobs.compare.Comparison`.

    Args:
        solution: the Python :class:`solvers.Solution` (options of differing positions, figures).
        timings: ``(what, seconds)`` pairs; programs: ``(file name, text)`` pairs.
    """
    diffs = [d for s in comp.sides for d in s.differences]
    rows = []
    for d in diffs[:MAX_ROWS]:
        opts = ""
        if solution is not None and d.kind in ("value", "missing", "duplicate"):
            try:
                opts = " ".join(f"{_pos(q)}={g}" for q, g in solution.options(d.position))
            except CgsBridgeError:  # a duplicate row at a point that is not a position
                opts = ""
        row = [("side", d.side), (f"kind-{d.kind.replace(' ', '-')}", d.kind), ("pos", _pos(d.position)),
               ("num", _val(d.python)), ("num", _val(d.other))]
        if any(x.python_misere is not None for x in diffs):
            row += [("num", _val(d.python_misere)), ("num", _val(d.other_misere))]
        rows.append(row + [("num", _val(d.line)), ("opts", opts)])
    header = ["side", "kind", "position", "python", "other"]
    if any(x.python_misere is not None for x in diffs):
        header += ["python misère", "other misère"]
    header += ["line", "options on the python side (position=Grundy value)"]
    figs = comparison_figures(comp, solution, diffs) if figures and solution is not None else []
    return {
        **comparison_summary(comp),
        "title": title or f"cgs-bridge comparison: {comp.game}",
        "claims": [{"name": c.name, "ok": c.ok, "detail": c.detail} for c in comp.claims],
        "checks": [],
        "differences": rows, "difference_count": len(diffs), "difference_header": header,
        "agreement": "every source agrees with python on every position of the box.",
        "notes": [n for s in comp.sides for n in s.notes] + list(comp.notes),
        "figures": figs, "programs": list(programs), "command": command, "timings": list(timings),
        "versions": versions(), "written": time.strftime("%Y-%m-%d %H:%M:%S %Z"),
    }


def comparison_summary(comp) -> dict:
    """The verdict and per-source summary of a comparison as a page model for
    ``templates/report/summary.html.j2`` (the top of the HTML report, and what a notebook shows)."""
    return {
        "ok": comp.agree and not comp.incomplete,
        "verdict": f"VERDICT: {comp.verdict()}",
        "subject": f"{comp.game} on the box {comp.box}: {comp.positions} valid positions (python)",
        "summary_header": ["source", "file", "rows read", "positions compared", "result"],
        "summary": [{"ok": not s.differences,
                     "cells": [s.side, s.source, s.rows, s.compared,
                               ("agrees on every position" if s.complete else
                                "agrees on every position compared (partial output)")
                               if not s.differences else
                               "DIFFERS: " + s.counts_text()]}
                    for s in comp.sides],
        # the spec's claims (issue 36): their own verdict and one row each, as in the text report
        "claims_verdict": (f"CLAIMS: {comp.claims_verdict()}" if comp.claims_verdict() else None),
        "claims_ok": comp.claims_hold,
        "claim_rows": [{"ok": mark.strip() != "FAIL", "cells": [mark.strip(), name, text]}
                       for mark, name, text in comp.claim_rows()],
    }


def comparison_figures(comp, solution, diffs) -> list:
    """Figures for a comparison: where the sources differ (a 2-D slice through the first
    difference, and a 3-D scatter of all of them for 3-coordinate games), or the Grundy grid of
    a slice when everything agrees. Slices larger than :data:`MAX_FIGURE_AXIS` are left out."""
    from . import plot
    box = solution.box
    n = len(box.coords)
    if n < 2:
        return []
    first = diffs[0].position if diffs and box.contains(diffs[0].position) else (0,) * n
    fixed = best_slice(solution, first)
    if fixed is None:
        return []
    where = ", ".join(f"{box.coords[i]} = {v}" for i, v in fixed.items())
    out = []
    if diffs:
        out.append((f"Differences from python by kind{' on the slice ' + where if where else ''} "
                    "(cells: python/other)", plot.diff_figure(solution, diffs, fixed)))
        if n == 3:
            out.append(("Every differing position, by kind", plot.diff_figure(solution, diffs)))
    else:
        out.append((f"Grundy values{' on the slice ' + where if where else ''}",
                    plot.grid_figure(solution, fixed)))
    return [(caption, inline_svg(fig, k)) for k, (caption, fig) in enumerate(out)]


def best_slice(solution, through) -> dict | None:
    """Coordinates to fix (index -> value of ``through``) leaving the two free coordinates whose
    slice through ``through`` holds the most positions (ties: the earlier pair); None when no
    slice fits :data:`MAX_FIGURE_AXIS`."""
    from itertools import combinations
    box = solution.box
    best, most = None, -1
    for pair in combinations(range(len(box.coords)), 2):
        if any(box.upper[i] + 1 > MAX_FIGURE_AXIS for i in pair):
            continue
        fixed = {i: int(through[i]) for i in range(len(box.coords)) if i not in pair}
        index = tuple(fixed.get(i, slice(None)) for i in range(len(box.coords)))
        count = int((solution.grundy[index] >= 0).sum())
        if count > most:
            best, most = fixed, count
    return best


def inline_svg(fig, salt=0) -> str:
    """``fig`` as an ``<svg>`` element to embed in HTML: text kept as text (searchable, in the
    DOM), no XML prolog."""
    import matplotlib

    from . import plot  # sets the Agg backend
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": f"cgsb{salt}"}):
        text = plot.figure_bytes(fig, "svg").decode("utf-8")
    return text[text.index("<svg"):]


# ------------------------------------------------------------------ audits
def audit_page(report, command: str | None = None, timings=(), title: str | None = None) -> dict:
    """The page model of any auditor's report (a
    :class:`~cgs_bridge.systems.auditing.report.ProgramAudit`: ``checks``, ``exit_code``,
    ``program_path``, ``programs()``; a report with ``runs``, as the Wolfram Language auditor's,
    also gets the per-run table)."""
    from cgs_bridge.systems.auditing.report import RESULT
    summary = []
    for r in getattr(report, "runs", ()):
        o = r.outcome
        verdicts = [c.verdict for c in r.checks if c.alternative is None]
        bad = (o is not None and o.status != "ok") or "differ" in verdicts or "error" in verdicts
        summary.append({"ok": not bad, "cells": [
            r.label, o.engine if o else "", o.status if o else "not run",
            f"{o.result.seconds:.1f} s" if o else "", "differs" if "differ" in verdicts else
            ("engine " + o.status if o and o.status != "ok" else
             "check error" if "error" in verdicts else "agrees")]})
    checks = [{"run": label, "name": c.name, "verdict": c.verdict, "summary": c.summary}
              for label, c in report.checks]
    rows, count = [], 0
    for label, c in report.checks:
        for row in c.rows:
            count += 1
            if len(rows) < MAX_ROWS:
                rows.append([("side", label), ("side", c.name), ("pos", _val(row.get("position"))),
                             ("num", _val(row.get("program"))), ("num", _val(row.get("spec"))),
                             ("opts", _val(row.get("detail")))])
    code = report.exit_code
    timings = list(timings) + [(f"run {r.label} ({r.outcome.engine})", r.outcome.result.seconds)
                               for r in getattr(report, "runs", ()) if r.outcome]
    return {
        "title": title or f"cgs-bridge audit: {Path(report.program_path).name}",
        "ok": code == 0, "verdict": f"VERDICT: {RESULT[code]}".replace("differences found", "DIFFERENCES FOUND"),
        "subject": f"{report.program_path} judged against {report.game}",
        "summary_header": ["run", "engine", "status", "time", "result"], "summary": summary,
        "claims": [], "checks": checks, "differences": rows, "difference_count": count,
        "difference_header": ["run", "check", "position", "program", "spec", "detail"],
        "agreement": "the program and the specification agree everywhere it was run.",
        "notes": [], "figures": [],
        "programs": report.programs(),
        "command": command, "timings": timings, "versions": versions(),
        "written": time.strftime("%Y-%m-%d %H:%M:%S %Z"),
    }


# ------------------------------------------------------------------ sweeps
def sweep_page(frame, command: str | None = None, timings=(), params=None, title: str | None = None,
               figures: bool = True) -> dict:
    """The page model of a sweep table (the DataFrame of ``cgs-bridge sweep``, or any table
    :func:`cgs_bridge.presentation.plot_sweep.to_long` reads): verdict, one summary row per claim (cells
    holding, failing, not applicable, not run), the failing cells, the failures chart."""
    from .plot_sweep import sweep_figure, to_long
    long, params = to_long(frame, params)
    summary, rows = [], []
    for claim, grp in long.groupby("claim", sort=False):
        status = grp["status"].astype(str)
        n = {k: int((status == k).sum()) for k in ("holds", "fails", "not applicable", "error")}
        summary.append({"ok": n["fails"] == 0 and n["error"] == 0, "cells": [
            claim, len(grp), n["holds"], n["fails"], n["not applicable"], n["error"],
            int(grp["failures"].fillna(0).sum())]})
        for _, r in grp[status.isin(["fails", "error"])].iterrows():
            rows.append([("pos", ", ".join(f"{p}={r[p]}" for p in params)), ("side", claim),
                         (f"kind-{'value' if r['status'] == 'fails' else 'invalid'}", r["status"]),
                         ("num", "" if r["failures"] != r["failures"] else int(r["failures"]))])
    fails = any(not s["ok"] for s in summary)
    errors = (long["status"].astype(str) == "error").any()
    verdict = ("VERDICT: CELLS DID NOT RUN" if errors else "VERDICT: CLAIM FAILURES FOUND" if fails
               else "VERDICT: every claim holds wherever it applies")
    return {
        "title": title or "cgs-bridge sweep", "ok": not fails, "verdict": verdict,
        "subject": f"{len(frame)} cells over {', '.join(params)}",
        "summary_header": ["claim", "cells", "holds", "fails", "not applicable", "not run",
                           "failing positions"],
        "summary": summary, "claims": [], "checks": [],
        "differences": rows[:MAX_ROWS], "difference_count": len(rows),
        "difference_header": ["cell", "claim", "status", "failing positions"],
        "agreement": "no claim fails in any cell.", "notes": [],
        "figures": [("Failures per parameter", inline_svg(sweep_figure(frame, params)))] if figures else [],
        "programs": [], "command": command, "timings": list(timings), "versions": versions(),
        "written": time.strftime("%Y-%m-%d %H:%M:%S %Z"),
    }


# ------------------------------------------------------------------ output
def render(page: dict) -> str:
    """The whole HTML document of a page model."""
    return env().get_template("report/report.html.j2").render(page=page)


def render_summary(page: dict) -> str:
    """The verdict and per-engine table alone (for ``_repr_html_``)."""
    return env().get_template("report/summary.html.j2").render(page=page)


def write_html(path, page: dict, overwrite: bool = False) -> Path:
    """Write the report atomically.

    Raises:
        InputError: missing folder, or an existing different file without ``overwrite``.
    """
    from cgs_bridge.foundation.errors import InputError
    path = Path(path)
    if not path.parent.is_dir():
        raise InputError(f"{path}: folder {path.parent} does not exist")
    return atomic_write_text(path, render(page), overwrite=overwrite)


def check_html_path(path, overwrite: bool = False) -> None:
    """Validate an ``--html`` path before a long run (existing folder, no unasked overwrite).

    Raises:
        InputError: as :func:`write_html`.
    """
    from cgs_bridge.foundation.errors import InputError
    path = Path(path)
    if not re.search(r"\.html?$", path.name, re.I):
        raise InputError(f"{path}: an HTML report file ends in .html")
    if not path.parent.is_dir():
        raise InputError(f"{path}: folder {path.parent} does not exist")
    if path.exists() and not overwrite:
        raise InputError(f"{path} exists; choose another --html file or pass --force")
