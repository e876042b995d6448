"""The renderers of every command's result (:mod:`cgs_bridge.foundation.results`): ``"report"``
(the text the command prints), ``"text"`` (``str(result)``: its one-look summary, the ``repr``, for
every result), ``"html"`` (what a notebook shows) and ``"figure"``, registered by the result's
class key. Importing this module fills the registry; ``import cgs_bridge`` does it. It
imports nothing heavy at import time: each renderer imports what it draws with.

A new result type: docs/recipes/new-result.md.
"""

from __future__ import annotations

import html

from cgs_bridge.foundation.results import position_text, renderer

RESULT = "cgs_bridge.foundation.results.Result"
COMPARISON = "cgs_bridge.jobs.compare.Comparison"
CHECK = "cgs_bridge.jobs.checking.CheckResult"
DISCOVERY = "cgs_bridge.jobs.discover.report.Discovery"
SWEEP = "cgs_bridge.jobs.sweep.runner.SweepResult"
VERIFY = "cgs_bridge.jobs.verify.VerifyResult"
AUDIT = "cgs_bridge.systems.mathematica.audit.core.AuditReport"
CGSCRIPT_AUDIT = "cgs_bridge.systems.cgsuite.audit.core.CGScriptReport"
API_AUDIT = "cgs_bridge.jobs.audit_result.AuditResult"
SOLVED = "cgs_bridge.api.Solved"
PROVE = "cgs_bridge.jobs.prove.ProveResult"
PROVE_SWEEP = "cgs_bridge.jobs.prove_sweep.ProveSweepResult"

#: Every result type and the formats registered for it (the tests check each is served).
REGISTERED = {COMPARISON: ("report", "html"), CHECK: ("report", "html"), DISCOVERY: ("report", "html"),
              SWEEP: ("report", "html", "figure"), VERIFY: ("report", "html", "figure"),
              AUDIT: ("report", "html"), CGSCRIPT_AUDIT: ("report", "html"), API_AUDIT: ("report", "html"),
              SOLVED: ("html",), PROVE: ("report", "html", "json"),
              PROVE_SWEEP: ("report", "html", "json")}


def _templates():
    from pathlib import Path
    return Path(__file__).with_name("templates")


def pre(text: str) -> str:
    """Text as an escaped ``<pre>`` block (the HTML of a result that has no table of its own)."""
    return f"<pre>{html.escape(text)}</pre>"


@renderer(RESULT, "text")
def summary_text(r) -> str:
    """``str(result)``: the result's ``repr`` (what ``print(result)`` has always shown)."""
    return repr(r)


# ------------------------------------------------------------------ comparisons (compare, verify)
@renderer(COMPARISON, "report")
def comparison_text(c, solution=None, shown: int = 10, more_hint: str = "see comparison.csv") -> str:
    """The text report (template ``report/comparison.txt.j2``): per source, the first ``shown``
    differences (``more_hint`` says where the others are) and the options of up to three differing
    positions per source when ``solution`` is given."""
    from cgs_bridge.foundation.templating import environment
    details = []
    for s in c.sides:
        for d in [d for d in s.differences if d.kind == "value"][:3]:
            if solution is not None:
                details.append((d, position_text(d.position),
                                [(position_text(q), g) for q, g in solution.options(d.position)]))
    return environment(_templates()).get_template("report/comparison.txt.j2").render(
        c=c, shown=shown, details=details, more_hint=more_hint)


@renderer(COMPARISON, "html")
def comparison_html(c) -> str:
    """The verdict and the per-source table (the top of the HTML report)."""
    from .report_html import comparison_summary, render_summary
    return render_summary(comparison_summary(c))


@renderer(VERIFY, "report")
def verify_text(r, shown: int = 10, more_hint: str = "see comparison.csv") -> str:
    return comparison_text(r.comparison, r.solution, shown, more_hint)


@renderer(VERIFY, "html")
def verify_html(r) -> str:
    return comparison_html(r.comparison)


@renderer(VERIFY, "figure")
def verify_figure(r, slice=None):
    """Where the engines differ from Python, by kind (:func:`.plot.diff_figure`)."""
    from . import plot
    return plot.diff_figure(r.solution, r.comparison, plot.parse_slice(slice, r.solution.box))


# ------------------------------------------------------------------ claims (check)
@renderer(CHECK, "report")
def check_text(r) -> str:
    """One line per claim (``cgs-bridge check``): holds on all N, FAILS with the first
    counterexamples, or not applicable."""
    out = []
    for c in r.claims:
        if c.status == "not applicable":
            out.append(f"claim {c.name!r}: not applicable to these parameters"
                       + (f" ({c.note})" if getattr(c, "note", "") else ""))
        elif c.status == "holds":
            out.append(f"claim {c.name!r}: holds on all {c.checked} positions")
        else:
            out.append(f"claim {c.name!r}: FAILS at {c.failures} of {c.checked} positions; first:")
            out += [f"    {p}: grundy {g}" for p, g in c.counterexamples]
    return "\n".join(out)


@renderer(CHECK, "html")
def check_html(r) -> str:
    from .display import check_html as table
    return table(r)


# ------------------------------------------------------------------ discover, sweep
@renderer(DISCOVERY, "report")
def discovery_text(d) -> str:
    """The text report (:mod:`.discovery_text`)."""
    from .discovery_text import discovery_report
    return discovery_report(d)


@renderer(DISCOVERY, "html")
def discovery_html(d) -> str:
    from .display import discovery_html as tables
    return tables(d)


@renderer(SWEEP, "report")
def sweep_text(r) -> str:
    return repr(r)


@renderer(SWEEP, "html")
def sweep_html(r) -> str:
    """The verdict, the per-claim table of the HTML report and the cell table (styled by status)."""
    from .display import sweep_cells_html
    from .report_html import render_summary, sweep_page
    return render_summary(sweep_page(r.frame, figures=False)) + sweep_cells_html(r.frame)


@renderer(SWEEP, "figure")
def sweep_figure(r, params=None, claim=None):
    """Failures per parameter (:func:`.plot_sweep.sweep_figure`)."""
    from .plot_sweep import sweep_figure as figure
    return figure(r.frame, params, claim)


# ------------------------------------------------------------------ audits
@renderer(AUDIT, "report")
def audit_text(report) -> str:
    from .audit_report import mathematica_text
    return mathematica_text(report)


@renderer(AUDIT, "html")
def audit_html(report) -> str:
    """The verdict and the per-run table of the HTML report."""
    from .report_html import audit_page, render_summary
    return render_summary(audit_page(report))


@renderer(CGSCRIPT_AUDIT, "report")
def cgscript_audit_text(report) -> str:
    from .audit_report import cgscript_text
    return cgscript_text(report)


@renderer(CGSCRIPT_AUDIT, "html")
def cgscript_audit_html(report) -> str:
    from .audit_report import cgscript_text
    return pre(cgscript_text(report))


@renderer(API_AUDIT, "report")
def api_audit_text(r) -> str:
    from cgs_bridge.foundation.results import render
    return render(r.report, "report")


@renderer(API_AUDIT, "html")
def api_audit_html(r) -> str:
    from cgs_bridge.foundation.results import render
    return render(r.report, "html")


# ------------------------------------------------------------------ solved boxes
@renderer(SOLVED, "html")
def solved_html(s) -> str:
    """The summary and Grundy grids (:func:`.display.solved_html`)."""
    from .display import solved_html as grids
    return grids(s)


@renderer(PROVE, "report")
def prove_text(r) -> str:
    from .proof import report_text
    return report_text(r)


@renderer(PROVE, "html")
def prove_html(r) -> str:
    from .proof import report_html
    return report_html(r)


@renderer(PROVE, "json")
def prove_json(r) -> str:
    from .proof import to_json
    return to_json(r)


@renderer(PROVE_SWEEP, "report")
def prove_sweep_text(r) -> str:
    lines = [f"claim{i}: {name}" for i, name in enumerate(r.claims, 1)]
    return "\n".join(lines + [r.table().to_string(index=False), "VERDICT: " + r.verdict()])


@renderer(PROVE_SWEEP, "html")
def prove_sweep_html(r) -> str:
    return f"<p>{html.escape(r.verdict())}</p>" + r.table().to_html(index=False)


@renderer(PROVE_SWEEP, "json")
def prove_sweep_json(r) -> str:
    import json
    return json.dumps({"verdict": r.verdict(), "exit_code": r.exit_code, "claims": r.claims,
                       "rows": json.loads(r.frame.to_json(orient="records"))}, indent=2)
