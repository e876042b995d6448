"""The renderers of discovery, sweep and prove results (:mod:`cgs_bridge.foundation.results`),
registered by class; apart from :mod:`.results` so that a command that neither discovers, sweeps
nor proves never imports those jobs. ``import cgs_bridge`` arranges that a look-up that misses
loads it."""

from __future__ import annotations

import html

from cgs_bridge.foundation.results import renderer
from cgs_bridge.jobs.discover.report import Discovery
from cgs_bridge.jobs.prove import ProveResult
from cgs_bridge.jobs.prove_sweep import ProveSweepResult
from cgs_bridge.jobs.sweep.runner import SweepResult

#: The result types of this module and the formats registered for each.
REGISTERED = {Discovery: ("report", "html"), SweepResult: ("report", "html", "figure"),
              ProveResult: ("report", "html", "json"), ProveSweepResult: ("report", "html", "json")}


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
    """The verdict, the per-claim table of the HTML report and the cell table (styled by status)."""
    from .display import sweep_cells_html
    from .report_html import render_summary, sweep_page
    return render_summary(sweep_page(r.frame, figures=False)) + sweep_cells_html(r.frame)


@renderer(SweepResult, "figure")
def sweep_figure(r, params=None, claim=None):
    """Failures per parameter (:func:`.plot_sweep.sweep_figure`)."""
    from .plot_sweep import sweep_figure as figure
    return figure(r.frame, params, claim)


def _from_proof(name: str):
    """The renderer handing a :class:`ProveResult` to :mod:`.proof`'s ``name`` (loaded on use)."""
    def render(r) -> str:
        from . import proof
        return getattr(proof, name)(r)
    render.__doc__ = f"prove's report: :func:`.proof.{name}`."
    return render


for _fmt, _name in (("report", "report_text"), ("html", "report_html"), ("json", "to_json")):
    renderer(ProveResult, _fmt)(_from_proof(_name))


@renderer(ProveSweepResult, "report")
def prove_sweep_text(r) -> str:
    lines = [f"claim{i}: {name}" for i, name in enumerate(r.claims, 1)]
    return "\n".join(lines + [r.table().to_string(index=False), "VERDICT: " + r.verdict()])


@renderer(ProveSweepResult, "html")
def prove_sweep_html(r) -> str:
    return f"<p>{html.escape(r.verdict())}</p>" + r.table().to_html(index=False)


@renderer(ProveSweepResult, "json")
def prove_sweep_json(r) -> str:
    import json
    return json.dumps({"verdict": r.verdict(), "exit_code": r.exit_code, "claims": r.claims,
                       "rows": json.loads(r.frame.to_json(orient="records"))}, indent=2)
