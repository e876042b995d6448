"""What a program asked of its positions (issue 47), recorded for the audit's checks: the values
of positions holding a graph (check ``graphs``), a grid (``grids``), a strip of coins (``strips``)
or of the impartial variant of a heap (``heaps``). Each records its evidence and returns the value
unchanged; :mod:`.games` calls them where ``NimValue``, ``CanonicalForm`` or ``MisereNimValue`` is
asked.
"""

from __future__ import annotations

from . import builtins as B
from .values import GameObject, NimberValue


def asked(interp, g, v: int, kind: str = "normal") -> int:
    """Record the value ``v`` the program asked of a position that holds a graph (GenArcKayles:
    what the audit's check ``graphs`` judges), of a grid (check ``grids``: Cram, a program class
    ``C(grid as Grid)``, or a game wrapping one such position, ImpartialVariantGame) or of the
    impartial variant of a heap (check ``heaps``: :func:`.variants.heap_of`)."""
    graphs = [x for _, x in g.fields if isinstance(x, interp.graphs.Graph)]
    if len(graphs) == 1 and kind == "normal":
        interp.graph_values.setdefault(g.outer, {})[graphs[0]] = v
        interp.graph_shown[graphs[0]] = B.game_text(interp, g)  # GenHackenbush.Position("ee")
    found = grid_of(interp, g)
    if found is not None and kind == "normal":
        interp.grid_values.setdefault(found[0], {})[found[1]] = v
        interp.grid_games.setdefault(found[0], {})[found[1]] = g
    heap = interp.variants.heap_of(interp, g)
    if heap is not None:
        interp.heap_values.setdefault((heap[0], kind), {})[heap[1]] = v
    return v


def strip_asked(interp, g, v):
    """Record the value ``v`` the program asked of a position that holds one strip (Turning: what
    the audit's check ``strips`` judges); ``v`` unchanged."""
    strips = [x for _, x in g.fields if isinstance(x, interp.strips.Strip)]
    if len(strips) == 1 and isinstance(v, (int, NimberValue)) and not isinstance(v, bool):
        key = (g.cls, g.outer)
        interp.strip_values.setdefault(key, {})[strips[0]] = v.value if isinstance(v, NimberValue) else v
        interp.strip_games.setdefault(key, g)
    return v


def grid_of(interp, g, depth: int = 0):
    """``(label of the ruleset, Grid)`` of a position holding one Grid and nothing else (directly,
    or in the one game it wraps), else None."""
    grids = [x for _, x in g.fields if isinstance(x, interp.grids.Grid)]
    if len(grids) == 1 and len(g.fields) == 1:  # C(grid, k): the grid alone is not the position
        return (B.show(interp, g.outer) if isinstance(g.outer, GameObject) else g.cls), grids[0]
    inner = [x for _, x in g.fields if isinstance(x, GameObject)]
    if not grids and len(inner) == 1 and len(g.fields) == 1 and depth < 2:
        found = grid_of(interp, inner[0], depth + 1)
        if found is not None:
            return f"{g.cls.split('.')[-1]} of {found[0]}", found[1]
    return None
