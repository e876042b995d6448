"""The figure of a proof sweep (issue 33, item 6): ``cgs-bridge prove --sweep ... --plot FILE``.

One row per claim, one column per parameter value, one square per verdict (PROVED, REFUTED, NOT
APPLICABLE, NOT EXPRESSIBLE, ENGINE ERROR, or a cell that failed), coloured by verdict with a
legend, so the values where a claim is a theorem, false or not applicable read at a glance (seed
003's Conjecture 8.1 proved at every k = 1 mod 4 of the sweep)."""

from __future__ import annotations

from matplotlib.figure import Figure
from matplotlib.patches import Patch

#: Verdict -> colour (the order of the legend).
VERDICT_COLOURS = {"PROVED": "#2f9e44", "REFUTED": "#e03131", "NOT APPLICABLE": "#ced4da",
                   "NOT EXPRESSIBLE": "#f59f00", "ENGINE ERROR": "#7048e8", "cell failed": "#212529"}

#: Columns of a sweep table that are not parameters (jobs/sweep/runner.py, jobs/prove_sweep.py).
RUN_COLUMNS = ("spec_hash", "version", "game", "cell", "bound", "status", "error", "exit_code",
               "seconds", "worker", "cpu_seconds", "pid")


def proof_sweep_figure(result, title: str = "") -> Figure:
    """The verdicts of a :class:`~cgs_bridge.jobs.prove_sweep.ProveSweepResult` against its swept
    parameter (the first one when several were swept; other parameters are listed in the column
    labels).

    Raises:
        ValueError: the sweep has no cell.
    """
    frame = result.frame
    if not len(frame):
        raise ValueError("the proof sweep has no cell to draw")
    params = [c for c in frame.columns if c not in RUN_COLUMNS and not c.startswith("claim")]
    labels = [", ".join(f"{c}={row[c]}" for c in params) or str(i) for i, (_, row) in enumerate(frame.iterrows())]
    claims = result.claims or ["claim"]
    names = [label_text(c) for c in claims]
    lines = sum(n.count("\n") + 1 for n in names)
    fig = Figure(figsize=(max(4.0, 0.28 * len(frame) + 2.5) + 2.0, 0.2 * lines + 0.3 * len(claims) + 1.8),
                 layout="constrained")
    ax = fig.add_subplot()
    for j in range(len(claims)):
        col = f"claim{j + 1}_verdict"
        for i, (_, row) in enumerate(frame.iterrows()):
            verdict = row.get(col) if row.get("status") == "ok" else "cell failed"
            ax.add_patch(_square(i, j, VERDICT_COLOURS.get(verdict, "#ffffff")))
    ax.set_xlim(-0.5, len(frame) - 0.5)
    ax.set_ylim(len(claims) - 0.5, -0.5)
    step = max(1, len(frame) // 20)
    ax.set_xticks(range(0, len(frame), step), [labels[i] for i in range(0, len(frame), step)],
                  rotation=90, fontsize=7)
    ax.set_yticks(range(len(claims)), names, fontsize=8)
    ax.set_title(title or "verdicts for every position, per parameter value", fontsize=9)
    seen = {row.get(f"claim{j + 1}_verdict") if row.get("status") == "ok" else "cell failed"
            for j in range(len(claims)) for _, row in frame.iterrows()}
    fig.legend(handles=[Patch(color=c, label=v.lower()) for v, c in VERDICT_COLOURS.items() if v in seen],
               loc="outside lower center", ncol=3, fontsize=7, frameon=False)
    return fig


def _square(i, j, colour):
    from matplotlib.patches import Rectangle
    return Rectangle((i - 0.45, j - 0.4), 0.9, 0.8, color=colour)


def label_text(name: str, width: int = 44) -> str:
    """A claim's name as a figure label: whole (the formula is never cut; issue 48.9), wrapped at
    ``width`` characters, with ``$`` escaped so matplotlib prints it instead of reading mathematics
    (a name with two ``$`` would otherwise be mathtext, and fail to draw)."""
    import textwrap
    text = "\n".join(textwrap.wrap(str(name), width, break_on_hyphens=False)) or " "
    return text.replace("$", "\\$")
