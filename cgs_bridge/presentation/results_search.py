"""The renderers of discovery and sweep results (:mod:`cgs_bridge.foundation.results`), registered
by class; apart from :mod:`.results` so that a command that neither discovers nor sweeps never
imports those jobs. ``import cgs_bridge`` arranges that a look-up that misses loads it."""

from __future__ import annotations

from cgs_bridge.foundation.results import renderer
from cgs_bridge.jobs.discover.report import Discovery
from cgs_bridge.jobs.sweep.runner import SweepResult

#: The result types of this module and the formats registered for each.
REGISTERED = {Discovery: ("report", "html"), SweepResult: ("report", "html", "figure")}


@renderer(Discovery, "report")
def discovery_text(d) -> str:
    """The text report (:mod:`.discovery_text`)."""
    from .discovery_text import discovery_report
    return discovery_report(d)


@renderer(Discovery, "html")
def discovery_html(d) -> str:
    from .display import discovery_html as tables
    return tables(d)


@renderer(SweepResult, "report")
def sweep_text(r) -> str:
    return repr(r)


@renderer(SweepResult, "html")
def sweep_html(r) -> str:
    """The verdict and the per-claim table of the HTML report."""
    from .report_html import render_summary, sweep_page
    return render_summary(sweep_page(r.frame, figures=False))


@renderer(SweepResult, "figure")
def sweep_figure(r, params=None, claim=None):
    """Failures per parameter (:func:`.plot_sweep.sweep_figure`)."""
    from .plot_sweep import sweep_figure as figure
    return figure(r.frame, params, claim)
