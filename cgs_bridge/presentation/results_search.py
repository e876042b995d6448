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
              ProveResult: ("report", "text", "html", "json"), ProveSweepResult: ("report", "text", "html", "json")}


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


# "text" (print(result), issue 48.7): the rows, as the command prints them
for _fmt, _name in (("report", "report_text"), ("text", "report_text"), ("html", "report_html"),
                    ("json", "to_json")):
    renderer(ProveResult, _fmt)(_from_proof(_name))


@renderer(ProveSweepResult, "text")
@renderer(ProveSweepResult, "report")
def prove_sweep_text(r) -> str:
    lines = [f"claim{i}: {name}" for i, name in enumerate(r.claims, 1)]
    return "\n".join(lines + [sweep_verdicts(r).to_string(index=False), "VERDICT: " + r.verdict()])


def sweep_verdicts(r):
    """The table of a proof sweep with each REFUTED followed by its smallest counterexample
    (``REFUTED at (1, 1, 2)``; issue 48.9)."""
    table = r.table().copy()
    for col in [c for c in table.columns if c.endswith("_verdict")]:
        detail = r.frame.get(col[: -len("_verdict")] + "_detail")
        if detail is None:
            continue
        at = detail.astype(str).str.split(":").str[0]
        refuted = (table[col] == "REFUTED") & detail.notna() & (at != "")
        table.loc[refuted, col] = "REFUTED at " + at[refuted]
    return table


@renderer(ProveSweepResult, "html")
def prove_sweep_html(r) -> str:
    """The verdict line and the table, scrolling sideways inside its box when wide (issue 48.10)."""
    return (f"<p>{html.escape(r.verdict())}</p><div style='overflow-x: auto; max-width: 100%'>"
            + sweep_verdicts(r).to_html(index=False) + "</div>")


@renderer(ProveSweepResult, "json")
def prove_sweep_json(r) -> str:
    import json
    return json.dumps({"verdict": r.verdict(), "exit_code": r.exit_code, "claims": r.claims,
                       "rows": json.loads(r.frame.to_json(orient="records"))}, indent=2)
