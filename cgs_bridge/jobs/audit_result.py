"""What ``cb.audit`` returns: an audit report behind the result protocol (:mod:`cgs_bridge.foundation.results`)."""

from __future__ import annotations

from cgs_bridge.foundation.results import Result, render


class AuditResult(Result):
    """An audit (wraps an auditor's report,
    :class:`~cgs_bridge.systems.auditing.report.ProgramAudit`, as ``.report``): ``exit_code`` 0
    agree, 1 differ, 2 engine error; ``frame`` holds every difference row (columns run, check,
    position, program, spec, detail); ``text`` the full report."""

    def __init__(self, report):
        self.report = report

    @property
    def exit_code(self) -> int:
        return self.report.exit_code

    @property
    def agree(self) -> bool:
        return self.exit_code == 0

    def verdict(self) -> str:
        return self.report.verdict()

    @property
    def frame(self):
        return self.report.frame

    @property
    def text(self) -> str:
        """The full text report (the ``"report"`` renderer)."""
        return render(self, "report")

    def __repr__(self) -> str:
        from cgs_bridge.systems.auditing.report import RESULT
        lines = [f"AuditResult({self.report.program_path} against {self.report.game}: "
                 f"{RESULT[self.exit_code]})"]
        lines += [f"  {label + ': ' if label else ''}{c.name}: {c.verdict}"
                  for label, c in self.report.checks]
        return "\n".join(lines)
