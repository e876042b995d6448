"""Judging programs whose positions are graphs (issue 47 item 6): CGSuite's
``game.graph.GenArcKayles`` (Arc Kayles and Weighted Arc Kayles, read from CGSuite's own library
file) and any program class whose positions hold one ``Graph``.

Every graph whose value the program asked for (``NimValue``, ``CanonicalForm`` of a position) is
mapped to the spec's positions, component by component, and its value compared with the nim-sum of
the spec's values of the components (a disjunctive sum: Sprague-Grundy theorem, Winning Ways
ch. 2):

- a spec of one coordinate (a heap, e.g. ``dawsons_kayles``): every component must be a path of
  ``n`` unlabelled vertices, heap ``n``. Arc Kayles on a path is Dawson's Kayles (octal 0.07,
  Winning Ways ch. 4): removing an edge and its two ends from a path of ``n`` vertices leaves
  paths of ``i - 1`` and ``n - i - 1`` vertices, as a move of 0.07 leaves heaps;
- a position of CGSuite's ``game.graph.GenHackenbush`` against a spec of one coordinate (``nim``):
  the stalks of green edges at the ground, each a heap (:mod:`.stalks`);
- a spec of two coordinates (``x, y``, e.g. ``tests/data/audit/library/weighted_edge.game``):
  every component must be one edge between two vertices labelled with nonnegative integers
  ``x`` and ``y``, the position ``(x, y)`` (Weighted Arc Kayles on one edge).

Any other graph (a star, a tree that is not a path, a cycle, a labelled path against a heap spec)
cannot be judged: the check is an error naming the graph and why, never a verdict.
"""

from __future__ import annotations

from cgs_bridge.foundation.errors import CgsBridgeError
from cgs_bridge.systems.auditing.judge import Check
from cgs_bridge.systems.cgsuite.cgscript.graphs import Graph, components

from .judge import rows_check
from .stalks import is_hackenbush, stalk_positions


def judge_graph_values(interp, ruleset) -> Check | None:
    """The check ``graphs`` of one script run (None when the program valued no graph position).

    Args:
        interp: the interpreter after the run; ``interp.graph_values`` maps each ruleset instance
            to ``{Graph: value the program asked for}``.
        ruleset: the spec (:class:`cgs_bridge.model.game.Ruleset`).
    """
    from solvers import Box, solve
    asked = {k: v for k, v in interp.graph_values.items() if v}
    if not asked:
        return None
    names = ", ".join(sorted(interp.builtins.show(interp, r) for r in asked))
    if len(asked) > 1:
        return Check("graphs", "error", f"the program values positions of {len(asked)} rulesets ({names}): "
                     "which one is the spec's game is not known; audit a program that values one")
    owner, values = next(iter(asked.items()))
    hackenbush = is_hackenbush(interp, owner)
    if ruleset.n not in ((1,) if hackenbush else (1, 2)):
        return Check("graphs", "error", f"the spec {ruleset.describe()} has {ruleset.n} coordinates: " + (
            "a Green Hackenbush position is judged against a heap (stalks of n green edges are heaps n)"
            if hackenbush else "a graph is judged against a heap (paths) or two coordinates x, y (weighted edges)"))
    mapped = {}
    for g, v in values.items():
        parts, why = stalk_positions(g) if hackenbush else spec_positions(g, ruleset.n)
        if parts is None:
            return Check("graphs", "error", f"{interp.graph_shown.get(g, g)} (valued {v} by {names}) cannot be judged against "
                         f"{ruleset.describe()}: {why}")
        mapped[g] = (parts, v)
    tops = [max((p[i] for parts, _ in mapped.values() for p in parts), default=0) for i in range(ruleset.n)]
    try:
        sol = solve(ruleset, Box(tuple(ruleset.coords), tuple(tops)))
    except CgsBridgeError as e:
        return Check("graphs", "error", f"the spec cannot be solved on the box {tops}: {e}")
    rows = []
    for g, (parts, v) in mapped.items():
        bad = [p for p in parts if not ruleset.is_valid(p)]
        want = 0
        for p in parts:
            want ^= sol.value(p) if not bad else 0
        if bad or v != want:
            rows.append({"position": str(interp.graph_shown.get(g, g)), "program": v, "spec": "not valid" if bad else want,
                         "detail": " + ".join(_fmt(p) for p in parts) or "no component"})
    what = ("stalks of n green edges <-> heaps n, stalks at the ground" if hackenbush else
            "paths <-> heaps, components" if ruleset.n == 1 else "edges labelled (x, y) <-> positions (x, y), components")
    return rows_check("graphs", rows, f"{len(rows)} of {len(mapped)} values of {names} the program computed "
                      f"differ from the spec's ({ruleset.describe()}, {what} <-> sums)",
                      f"all {len(mapped)} values of {names} the program computed equal the spec's ({ruleset.describe()}; "
                      f"{what} <-> disjunctive sums, nim-sum of the spec's values)",
                      lambda r: f"{r['position']} = {r['detail']}: program {r['program']}, spec {r['spec']}")


def _fmt(p) -> str:
    return "(" + ",".join(str(v) for v in p) + ")"


def spec_positions(g: Graph, n: int):
    """``(positions, None)``: the spec position of each connected component of ``g`` (a path of
    ``k`` unlabelled vertices is ``(k,)`` when ``n`` is 1; an edge labelled ``x``, ``y`` is
    ``(x, y)`` when ``n`` is 2); or ``(None, why)`` for a graph that does not map."""
    out = []
    for c in components(g):
        k, edges = len(c.vertices), c.edges
        loops = sum(e.start == e.end for e in edges)
        if loops or len({(e.start, e.end) for e in edges}) != len(edges):
            return None, "it has a loop or a repeated edge (a multigraph)"
        degree = max((len(v.edges) for v in c.vertices), default=0)
        elabel = next((e.label for e in edges if e.label is not None), None)
        if elabel is not None:
            return None, (f"an edge is labelled {elabel}: a heap is a path of unlabelled vertices and edges, "
                          "a position (x, y) one unlabelled edge")
        if n == 1:
            labelled = next((v.label for v in c.vertices if v.label is not None), None)
            if labelled is not None:
                return None, f"a vertex is labelled {labelled}: a heap is a path of unlabelled vertices"
            if len(edges) != k - 1 or degree > 2:
                shape = ("a cycle" if len(edges) == k and degree == 2 else
                         "a vertex of degree " + str(degree) + " (a star or a tree that is not a path)" if
                         len(edges) == k - 1 else f"{len(edges)} edges on {k} vertices")
                return None, f"a component is not a path: {shape}; only disjoint unions of paths are heaps"
            out.append((k,))
            continue
        labels = [v.label for v in c.vertices]
        if k != 2 or len(edges) != 1 or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0
                                                for x in labels):
            return None, (f"a component has {k} vertices and {len(edges)} edges, labelled "
                          f"{', '.join('Nothing' if x is None else str(x) for x in labels)}: only single "
                          "edges whose two ends carry nonnegative integers are positions (x, y)")
        out.append(tuple(labels))
    return out, None
