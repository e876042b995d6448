"""Green Hackenbush positions as heaps (issue 47): how the audit's check ``graphs``
(:mod:`.graphcheck`) reads a position of CGSuite's ``game.graph.GenHackenbush`` (the ground is
vertex 1, as its ``constants.cgs`` documents).

A stalk of ``n`` green edges standing on the ground is a Nim heap of size ``n``: chopping its
``k``-th edge from the ground leaves a stalk of ``k - 1`` edges, the edges above falling off
(Winning Ways ch. 2 and 7). Several stalks at the ground are a disjunctive sum of heaps. Only that
shape is judged; any other position cannot be (an error naming why, never a verdict):

- an edge that is not green (Blue or Red: a partizan position; a label such as ``Nothing``: not a
  Hackenbush edge);
- a loop, two edges between one pair of vertices or any other cycle: its value is what the fusion
  principle (Winning Ways ch. 7) gives, a theorem the audit does not judge by;
- a tree that is not stalks (a vertex above the ground on three edges): the colon principle
  (Winning Ways ch. 7) gives its value, again not used to judge.
"""

from __future__ import annotations

from cgs_bridge.systems.cgsuite.cgscript.graphs import Graph, components, retain
from cgs_bridge.systems.cgsuite.cgscript.values import EnumValue


def is_hackenbush(interp, ruleset) -> bool:
    """Is ``ruleset`` (the instance enclosing the positions, or None) CGSuite's GenHackenbush (or
    a class that extends it, or an edited copy of its file: the class name decides)?"""
    from cgs_bridge.systems.cgsuite.cgscript.values import GameObject
    if not isinstance(ruleset, GameObject):
        return False
    return interp.library.extends(interp, interp.classes[ruleset.cls], "GenHackenbush")


def green(label) -> bool:
    return isinstance(label, EnumValue) and label.literal == "Green" and label.enum.split(".")[-1] == "Color"


def stalk_positions(g: Graph):
    """``([(n,), ...], None)``: the heap of each stalk of ``g`` standing on the ground (vertex 1),
    its size the stalk's number of edges; or ``(None, why)`` when ``g`` is not all-green stalks."""
    from cgs_bridge.systems.cgsuite.cgscript.values import to_text
    if not g.vertices:
        return None, "the graph is empty (no ground)"
    edges = g.edges
    other = next((e.label for e in edges if not green(e.label)), "green")
    if other != "green":
        return None, (f"an edge is {to_text(other, dialect='2.x')}: only positions whose edges are all green "
                      "are judged (Green Hackenbush: a blue or red edge makes the position partizan)")
    if any(e.start == e.end for e in edges) or len({(e.start, e.end) for e in edges}) != len(edges):
        return None, ("it has a loop or two edges between one pair of vertices (a cycle): the fusion "
                      "principle (Winning Ways ch. 7) gives its value, which the audit does not judge by")
    if len(components(g)) > 1:
        return None, "part of the graph is not connected to the ground"
    if len(edges) != len(g.vertices) - 1:
        return None, ("it has a cycle: the fusion principle (Winning Ways ch. 7) gives its value, which "
                      "the audit does not judge by; only stalks at the ground are heaps")
    high = max((len(v.edges) for v in g.vertices[1:]), default=0)
    if high > 2:
        return None, (f"a vertex above the ground meets {high} edges (a tree that is not stalks): the colon "
                      "principle (Winning Ways ch. 7) gives its value, which the audit does not judge by; "
                      "only stalks at the ground are heaps")
    above = retain(g, range(2, len(g.vertices) + 1))  # the stalks, the ground taken away
    return [(len(stalk.vertices),) for stalk in components(above)], None
