"""The renderers of every command's result (:mod:`cgs_bridge.foundation.results`): ``"report"``
(the text the command prints), ``"text"`` (``str(result)``: its one-look summary, the ``repr``, for
every result), ``"html"`` (what a notebook shows) and ``"figure"``, registered by the result's
class. Discovery, sweep and prove results have theirs in :mod:`.results_search`; an audit report's text
comes from its auditor (the registry, :func:`cgs_bridge.systems.registry.auditor`). Importing
this module fills the registry; ``import cgs_bridge`` arranges that the first look-up that misses
does it. It imports nothing heavy at import time: each renderer imports what it draws with.

A new result type: docs/recipes/new-result.md.
"""

from __future__ import annotations

import html

from cgs_bridge.foundation.results import Result, renderer
from cgs_bridge.jobs.audit_result import AuditResult
from cgs_bridge.jobs.checking import CheckResult
from cgs_bridge.jobs.compare import Comparison
from cgs_bridge.jobs.verify import VerifyResult
from cgs_bridge.systems.auditing.report import ProgramAudit

#: Every result type of this module and the formats registered for it (the tests check each is
#: served; :mod:`.results_search` adds its own).
REGISTERED = {Comparison: ("report", "html"), CheckResult: ("report", "html"),
              VerifyResult: ("report", "html", "figure"), ProgramAudit: ("report", "html"),
              AuditResult: ("report", "html")}


def _templates():
    from pathlib import Path
    return Path(__file__).with_name("templates")


def pre(text: str) -> str:
    """Text as an escaped ``<pre>`` block (the HTML of a result that has no table of its own)."""
    return f"<pre>{html.escape(text)}</pre>"


@renderer(Result, "text")
def summary_text(r) -> str:
    """``str(result)``: the result's ``repr`` (what ``print(result)`` has always shown)."""
    return repr(r)


# ------------------------------------------------------------------ comparisons (compare, verify)
@renderer(Comparison, "report")
def comparison_text(c, solution=None, shown: int = 10, more_hint: str = "see comparison.csv") -> str:
    """The text report (template ``report/comparison.txt.j2``): per source, the first ``shown``
    differences (``more_hint`` says where the others are) and the options of up to three differing
    positions per source when ``solution`` is given."""
    from cgs_bridge.foundation.templating import environment
    details = []
    for s in c.sides:
        for d in [d for d in s.differences if d.kind == "value"][:3]:
            if solution is not None:
                details.append((d, [(q, g) for q, g in solution.options(d.position)]))
    return environment(_templates()).get_template("report/comparison.txt.j2").render(
        c=c, shown=shown, details=details, more_hint=more_hint)


@renderer(Comparison, "html")
def comparison_html(c) -> str:
    """The verdict and the per-source table (the top of the HTML report)."""
    from .report_html import comparison_summary, render_summary
    return render_summary(comparison_summary(c))


@renderer(VerifyResult, "report")
def verify_text(r, shown: int = 10, more_hint: str = "see comparison.csv") -> str:
    return comparison_text(r.comparison, r.solution, shown, more_hint)


@renderer(VerifyResult, "html")
def verify_html(r) -> str:
    return comparison_html(r.comparison)


@renderer(VerifyResult, "figure")
def verify_figure(r, slice=None):
    """Where the engines differ from Python, by kind (:func:`.plot.diff_figure`)."""
    from . import plot
    return plot.diff_figure(r.solution, r.comparison, plot.parse_slice(slice, r.solution.box))


# ------------------------------------------------------------------ claims (check)
@renderer(CheckResult, "report")
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


@renderer(CheckResult, "html")
def check_html(r) -> str:
    from .display import check_html as table
    return table(r)


# ------------------------------------------------------------------ audits
@renderer(ProgramAudit, "report")
def audit_text(report) -> str:
    """The text report its auditor writes (:attr:`cgs_bridge.systems.base.Auditor.text`)."""
    from cgs_bridge.systems.registry import auditor
    return auditor(report.language).text(report)


@renderer(ProgramAudit, "html")
def audit_html(report) -> str:
    """The verdict and the per-run table of the HTML report (every auditor's)."""
    from .report_html import audit_page, render_summary
    return render_summary(audit_page(report))


@renderer(AuditResult, "report")
def api_audit_text(r) -> str:
    from cgs_bridge.foundation.results import render
    return render(r.report, "report")


@renderer(AuditResult, "html")
def api_audit_html(r) -> str:
    from cgs_bridge.foundation.results import render
    return render(r.report, "html")
