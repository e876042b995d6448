"""The figure of a learned automaton (issue 44, item 4): its minimal automaton with states on a
circle (state 0, the start, at the left with an incoming arrow; accepting states drawn with a
double ring), one arrow per pair of states labelled with the digit tuples that take it (one digit
per coordinate, most significant digit first; ``*`` for a digit that may be 0 or 1), loops above
their state. The dead state (no accepting state reachable) is left out: a missing transition
rejects, as in Walnut's files. Each state's circle has the gid ``"state N"``, each edge
``"edge N M"`` (SVG ids)."""

from __future__ import annotations

import math

import matplotlib

matplotlib.use("Agg")
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.patches import Circle, FancyArrowPatch  # noqa: E402

from .plot import save_figure  # noqa: E402

#: Largest automaton drawn (states); larger ones are refused with the reason.
MAX_DRAWN = 40


def _labels(letters, arity: int) -> str:
    """Digit tuples as text, merged where one digit takes both values (``1 *``)."""
    tuples = {tuple((a >> (arity - 1 - i)) & 1 for i in range(arity)) for a in letters}
    merged = True
    while merged:
        merged = False
        for t in sorted(tuples, key=str):
            for i, d in enumerate(t):
                if d in (0, 1):
                    other = t[:i] + (1 - d,) + t[i + 1:]
                    if other in tuples:
                        tuples -= {t, other}
                        tuples.add(t[:i] + ("*",) + t[i + 1:])
                        merged = True
                        break
            if merged:
                break
    return ", ".join("".join(str(d) for d in t) for t in sorted(tuples, key=str))


def automaton_figure_of(found: dict, game: str, coords=None) -> Figure:
    """The figure of ``found`` (a learned automaton as :meth:`~cgs_bridge.jobs.discover.automaton.
    AutomatonFinding.to_dict` gives it: ``automaton_file`` text, ``what``, ``states``, ``numeration``).

    Raises:
        PlotError: more than :data:`MAX_DRAWN` states (the Walnut text is the readable form)."""
    from cgs_bridge.language.automaton_file import parse_automaton
    from solvers.automata.learn import minimal
    from .plot import PlotError
    d = minimal(parse_automaton(found["automaton_file"], "learned"))
    n, arity = d.states, len(d.tracks)
    if n > MAX_DRAWN:
        raise PlotError(f"the automaton has {n} states; at most {MAX_DRAWN} are drawn "
                        "(discover --json gives its Walnut text)")
    fig = Figure(figsize=(2.2 + 1.2 * math.sqrt(n) * 2, 1.6 + 1.2 * math.sqrt(n) * 2))
    ax = fig.add_subplot(1, 1, 1)
    ax.set_aspect("equal")
    ax.axis("off")
    radius = 0.0 if n == 1 else max(1.2, 0.55 * n / math.pi)
    pos = [(-radius * math.cos(2 * math.pi * i / n), radius * math.sin(2 * math.pi * i / n))
           for i in range(n)]
    for s, (x, y) in enumerate(pos):
        ax.add_patch(Circle((x, y), 0.3, fill=False, lw=1.2, gid=f"state {s}"))
        if d.accept[s]:
            ax.add_patch(Circle((x, y), 0.24, fill=False, lw=1.0))
        ax.text(x, y, str(s), ha="center", va="center", fontsize=10)
    x0, y0 = pos[0]
    ax.add_patch(FancyArrowPatch((x0 - 0.9, y0), (x0 - 0.3, y0), arrowstyle="-|>",
                                 mutation_scale=12, lw=1.0))
    for s in range(n):
        targets = {}
        for a, t in enumerate(d.delta[s].tolist()):
            if t >= 0:
                targets.setdefault(t, []).append(a)
        for t, letters in targets.items():
            _edge(ax, pos, s, t, _labels(letters, arity))
    span = radius + 1.4
    ax.set_xlim(-span - 0.6, span)
    ax.set_ylim(-span, span + 0.4)
    base = "Fibonacci (Zeckendorf)" if found.get("numeration") == "msd_fib" else "base 2"
    names = ", ".join(coords) if coords else "the coordinates"
    ax.set_title(f"{game}: {found.get('what', 'P-positions')}, {n} states\n"
                 f"digits of ({names}), {base}, most significant first", fontsize=9)
    return fig


def _edge(ax, pos, s, t, label) -> None:
    (x1, y1), (x2, y2) = pos[s], pos[t]
    if s == t:
        ax.add_patch(FancyArrowPatch((x1 - 0.15, y1 + 0.28), (x1 + 0.15, y1 + 0.28),
                                     connectionstyle="arc3,rad=-1.6", arrowstyle="-|>",
                                     mutation_scale=10, lw=0.9, gid=f"edge {s} {t}"))
        ax.text(x1, y1 + 0.62, label, ha="center", va="bottom", fontsize=7)
        return
    ax.add_patch(FancyArrowPatch((x1, y1), (x2, y2), connectionstyle="arc3,rad=0.18",
                                 arrowstyle="-|>", mutation_scale=10, lw=0.9, shrinkA=14,
                                 shrinkB=14, gid=f"edge {s} {t}"))
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    dx, dy = x2 - x1, y2 - y1
    norm = math.hypot(dx, dy) or 1.0
    ax.text(mx + 0.22 * dy / norm, my - 0.22 * dx / norm, label, ha="center", va="center",
            fontsize=7, bbox={"boxstyle": "round,pad=0.1", "fc": "white", "ec": "none", "alpha": 0.8})


def automaton_figure(found: dict, game: str, path, coords=None, overwrite: bool = False):
    """Draw ``found`` (see :func:`automaton_figure_of`) into ``path`` (.png, .svg, .pdf),
    atomically. Raises InputError/PlotError as :func:`~.plot.save_figure`."""
    return save_figure(automaton_figure_of(found, game, coords), path, overwrite=overwrite)
