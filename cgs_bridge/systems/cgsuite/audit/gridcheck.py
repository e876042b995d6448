"""Judging programs whose positions are grids (issue 47 item 6): Cram (CGSuite's
``game.grid.Cram``, ``Domineering.ImpartialVariant``) and any program class whose positions hold
one ``Grid``, against a heap spec such as the catalog's ``dawsons_kayles``.

Every grid whose value the program asked for (``NimValue``, ``CanonicalForm`` of a position) is
split into its components: the orthogonally connected sets of empty cells (entry 0: CGSuite's
``Grid.Empty``, Domineering's ``.``; any other entry is a filled cell). A component that is a
``1 x n`` or ``n x 1`` strip is heap ``n``: a domino on a strip of ``n`` cells covers two adjacent
cells and leaves strips of ``i`` and ``n - 2 - i`` cells, as a move of Dawson's Kayles (octal 0.07,
Winning Ways ch. 4 and 15) leaves heaps; the board is the disjunctive sum of its components, so its
value is compared with the nim-sum of the spec's values of the heaps (Sprague-Grundy theorem,
Winning Ways ch. 2).

A component that is not a strip (an L, a 2 x 2 square) cannot be judged: no spec states a 2-D
board; the check is an error naming the board, the component and why, never a verdict.
"""

from __future__ import annotations

from cgs_bridge.foundation.errors import CgsBridgeError
from cgs_bridge.systems.auditing.judge import Check
from cgs_bridge.systems.cgsuite.cgscript.grids import Grid

from .judge import rows_check


def judge_grid_values(interp, ruleset) -> Check | None:
    """The check ``grids`` of one script run (None when the program valued no grid position).

    Args:
        interp: the interpreter after the run; ``interp.grid_values`` maps the label of each
            ruleset (``Domineering.ImpartialVariant``, a program class) to ``{Grid: value}``.
        ruleset: the spec (:class:`cgs_bridge.model.game.Ruleset`), one coordinate (a heap).
    """
    from solvers import Box, solve
    asked = {k: v for k, v in interp.grid_values.items() if v}
    if not asked:
        return None
    names = ", ".join(sorted(asked))
    if len(asked) > 1:
        return Check("grids", "error", f"the program values positions of {len(asked)} rulesets ({names}): "
                     "which one is the spec's game is not known; audit a program that values one")
    values = next(iter(asked.values()))
    if ruleset.n != 1:
        return Check("grids", "error", f"the spec {ruleset.describe()} has {ruleset.n} coordinates: a grid is "
                     "judged against a heap (each 1 x n or n x 1 strip of empty cells a heap)")
    mapped = {}
    for g, v in values.items():
        heaps, why = strips(g)
        if heaps is None:
            return Check("grids", "error", f"{g} (valued {v} by {names}) cannot be judged against "
                         f"{ruleset.describe()}: {why}; no spec states a 2-D board")
        mapped[g] = (heaps, v)
    top = max((h for heaps, _ in mapped.values() for h in heaps), default=0)
    try:
        sol = solve(ruleset, Box(tuple(ruleset.coords), (top,)))
    except CgsBridgeError as e:
        return Check("grids", "error", f"the spec cannot be solved on the box {top}: {e}")
    rows = []
    for g, (heaps, v) in mapped.items():
        bad = [h for h in heaps if not ruleset.is_valid((h,))]
        want = 0
        for h in heaps:
            want ^= sol.value((h,)) if not bad else 0
        if bad or v != want:
            rows.append({"position": str(g), "program": v, "spec": "not valid" if bad else want,
                         "detail": " + ".join(f"({h})" for h in heaps) or "no empty cell"})
    what = "strips of n empty cells <-> heaps n"
    return rows_check("grids", rows, f"{len(rows)} of {len(mapped)} values of {names} the program computed "
                      f"differ from the spec's ({ruleset.describe()}, {what}, components <-> sums)",
                      f"all {len(mapped)} values of {names} the program computed equal the spec's "
                      f"({ruleset.describe()}; {what}, components <-> disjunctive sums, nim-sum of the spec's values)",
                      lambda r: f"{r['position']} = {r['detail']}: program {r['program']}, spec {r['spec']}")


def components(g: Grid) -> list:
    """The orthogonally connected sets of empty cells (entry 0) of ``g``, each a sorted list of
    ``(row, col)`` from 1, in row-major order of their first cell."""
    seen, out = set(), []
    for r in range(1, g.rows + 1):
        for c in range(1, g.cols + 1):
            if (r, c) in seen or g.at(r, c) != 0:
                continue
            part, todo = {(r, c)}, [(r, c)]
            while todo:
                y, x = todo.pop()
                for p in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                    if p not in part and g.at(*p) == 0:
                        part.add(p)
                        todo.append(p)
            seen |= part
            out.append(sorted(part))
    return out


def strips(g: Grid):
    """``(heaps, None)``: the size of each component of ``g`` that is a ``1 x n`` or ``n x 1``
    strip; or ``(None, why)`` naming the first component that is not one."""
    out = []
    for part in components(g):
        if len({r for r, _ in part}) > 1 and len({c for _, c in part}) > 1:
            cells = ",".join(f"({r},{c})" for r, c in part[:8]) + ("..." if len(part) > 8 else "")
            return None, (f"the component of {len(part)} empty cells {cells} is not a 1 x n or n x 1 strip "
                          "(only strips are heaps of the spec)")
        out.append(len(part))
    return out, None
