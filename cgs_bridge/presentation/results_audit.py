"""The renderers of audits (:mod:`cgs_bridge.foundation.results`), registered by class (see
:mod:`.results`): every auditor's report (its text from its auditor), and ``cb.audit``'s result."""

from __future__ import annotations

from cgs_bridge.foundation.results import renderer
from cgs_bridge.jobs.audit_result import AuditResult
from cgs_bridge.systems.auditing.report import ProgramAudit

#: The result types of this module and the formats registered for each.
REGISTERED = {ProgramAudit: ("report", "html"), AuditResult: ("report", "html")}


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
