"""The renderers of comparisons (``compare``) and verify runs (:mod:`cgs_bridge.foundation.results`),
registered by class (see :mod:`.results`)."""

from __future__ import annotations

from cgs_bridge.foundation.results import position_text, renderer
from cgs_bridge.jobs.compare import Comparison
from cgs_bridge.jobs.verify import VerifyResult

#: The result types of this module and the formats registered for each.
REGISTERED = {Comparison: ("report", "html"), VerifyResult: ("report", "html", "figure")}


def _templates():
    from pathlib import Path
    return Path(__file__).with_name("templates")


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
                details.append((d, position_text(d.position),
                                [(position_text(q), g) for q, g in solution.options(d.position)]))
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
