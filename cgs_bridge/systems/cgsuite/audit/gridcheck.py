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
from cgs_bridge.systems.cgsuite.cgscript import games as G
from cgs_bridge.systems.cgsuite.cgscript.asked import grid_of
from cgs_bridge.systems.cgsuite.cgscript.evaluator import PYTHON_ERRORS, error_text
from cgs_bridge.systems.cgsuite.cgscript.grids import Grid
from cgs_bridge.systems.cgsuite.cgscript.values import ClassRef, GameObject

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
    why = empty_entry(interp, interp.grid_games.get(next(iter(asked)), {}),
                      any(h >= 2 for heaps, _ in mapped.values() for h in heaps))
    if why is not None:
        return Check("grids", "error", f"the boards {names} valued cannot be read as strips: {why}")
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


def filled_by(interp, g: Grid, pos) -> set:
    """The entries that the options of the position ``pos`` (on the board ``g``) change: what a
    move fills. Raises the interpreter's errors (a partizan class)."""
    seen = set()
    for o in G.options(interp, pos):
        found = grid_of(interp, o) if isinstance(o, GameObject) else None
        if found is not None and (found[1].rows, found[1].cols) == (g.rows, g.cols):
            seen |= {a for a, b in zip(g.values, found[1].values) if a != b}
    return seen


def empty_entry(interp, games: dict, needs_moves: bool) -> str | None:
    """None when the program's moves fill only cells holding 0 (the entry the check reads as
    empty), else why not: a program whose empty cell is another entry (``Grid.Parse(s, "#.")``)
    is never read with its empty and filled cells swapped. ``needs_moves``: a board has two
    adjacent empty cells, so a program without any move gives no evidence of which entry is empty."""
    seen = set()
    try:
        for g, pos in games.items():
            seen |= filled_by(interp, g, pos)
    except (CgsBridgeError,) + PYTHON_ERRORS as e:
        return f"the options of its positions cannot be computed ({error_text(e)})"
    if seen - {0}:
        return (f"its moves change cells holding {', '.join(map(str, sorted(seen)))}: the check reads entry 0 as an "
                "empty cell and every other entry as filled")
    if not seen and needs_moves:
        return ("the program has no move on any of them, so which entry is an empty cell is not shown (the check "
                "reads entry 0 as empty)")
    return None


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


# ------------------------------------------------------------------ --bound: boards of the box
def box_boards(n: int) -> list:
    """The boards of ``--bound n``: every row of ``1..n`` cells, each cell empty (0) or filled (1),
    written across (``1 x k``) and down (``k x 1``; ``k >= 2``), in that order."""
    out = []
    for k in range(1, n + 1):
        for bits in range(2 ** k):
            cells = tuple((bits >> (k - 1 - i)) & 1 for i in range(k))
            out.append(Grid(1, k, cells))
            if k > 1:
                out.append(Grid(k, 1, cells))
    return out


def spec_options(ruleset, heaps: tuple) -> set:
    """The spec's options of the disjunctive sum of ``heaps``: one heap replaced by the heaps
    one of its options leaves (a take-and-break spec's HeapSum), as nondecreasing tuples."""
    out = set()
    for i, h in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1:]
        for q in ruleset.option_set((h,)):
            out.add(tuple(sorted(rest + tuple(q))))
    return out


def judge_grid_box(interp, target: str, ruleset, n: int, variant: bool = False) -> tuple:
    """Options and nim values of the program's grid class ``target`` on every board of
    :func:`box_boards` (``--bound n``), each option mapped to the heaps its strips are, compared
    with the spec's options and values of the board's sum of heaps. ``variant``: each board's
    position is the ``ImpartialVariant`` of the class's (a program playing ``game.grid.Cram``).
    Returns ``(moves, values)`` checks; errors (a class that cannot be made, a partizan class, an
    option that is not a board of strips) are checks with verdict ``error``."""
    from solvers import Box, solve
    if ruleset.n != 1 or ruleset.takebreak is None:
        err = Check("moves", "error", f"the spec {ruleset.describe()} is not a take-and-break heap game: the "
                    "options of a board (a sum of strips) are compared with a take-and-break spec's")
        return err, Check("values", "error", err.summary)
    try:
        sol = solve(ruleset, Box(tuple(ruleset.coords), (n,)))
    except CgsBridgeError as e:
        err = Check("moves", "error", f"the spec cannot be solved on the box {n}: {e}")
        return err, Check("values", "error", err.summary)
    rows, vrows, boards, evidence = [], [], box_boards(n), set()
    try:
        for g in boards:
            pos = make(interp, target, g)
            if variant:
                pos = G.game_member(interp, pos, "ImpartialVariant", None, None)
            evidence |= filled_by(interp, g, pos)
            _judge_board(interp, g, pos, ruleset, sol, rows, vrows)
    except (CgsBridgeError,) + PYTHON_ERRORS as e:
        err = Check("moves", "error", f"{target} on the boards of --bound {n}: {error_text(e)}")
        return err, Check("values", "error", err.summary)
    if evidence != {0}:
        why = (f"its moves change cells holding {', '.join(map(str, sorted(evidence)))}" if evidence else
               "it has no move on any board")
        err = Check("moves", "error", f"{target} on the boards of --bound {n} (0 an empty cell, 1 filled): {why}; "
                    "which entry is an empty cell is not the check's (0), so the boards are not its positions")
        return err, Check("values", "error", err.summary)
    what = (f"{target}{'.ImpartialVariant' if variant else ''} on {len(boards)} boards of --bound {n} "
            f"(strips of 1..{n} cells, every cell empty or filled)")
    moves = rows_check("moves", rows, f"{what}: option sets differ from the spec's", f"{what}: option sets "
                       "(strips <-> heaps) equal the spec's", lambda r: f"{r['position']}: {r['detail']} "
                       f"{r['program'] or r['spec']}", "; ")
    values = rows_check("values", vrows, f"{what}: {len(vrows)} nim values differ", f"{what}: nim values equal "
                        "the nim-sums of the spec's values", lambda r: f"{r['position']} = {r['detail']}: "
                        f"program {r['program']}, spec {r['spec']}")
    return moves, values


def _judge_board(interp, g: Grid, pos, ruleset, sol, rows: list, vrows: list) -> None:
    """Compare the options and value of the position ``pos`` on the board ``g`` with the spec's
    options and value of the sum of its strips; append the differences to ``rows`` (options) and
    ``vrows`` (values)."""
    heaps = tuple(sorted(h for h in strips(g)[0] if h))
    got, bad = set(), []
    for o in G.options(interp, pos):
        q = _option_heaps(interp, o)
        if isinstance(q, str):
            bad.append(q)
        else:
            got.add(q)
    want = spec_options(ruleset, heaps)
    rows += [{"position": str(g), "program": _fmt(q), "spec": "", "detail": "program-only option"}
             for q in sorted(got - want)]
    rows += [{"position": str(g), "program": "", "spec": _fmt(q), "detail": "spec-only option"}
             for q in sorted(want - got)]
    rows += [{"position": str(g), "program": b, "spec": "", "detail": "option not a board of strips"} for b in bad]
    v, w = G.nim_value(interp, pos), 0
    for h in heaps:
        w ^= sol.value((h,))
    if v != w:
        vrows.append({"position": str(g), "program": v, "spec": w, "detail": _fmt(heaps)})


def _fmt(heaps) -> str:
    return " + ".join(f"({h})" for h in heaps) or "no heap"


def _option_heaps(interp, o):
    """The heaps (nondecreasing, no 0) of an option that holds one grid of strips, or why not."""
    found = grid_of(interp, o) if isinstance(o, GameObject) else None
    if found is None:
        return f"{interp.builtins.show(interp, o)[:60]} (not a position holding one grid)"
    heaps, why = strips(found[1])
    return tuple(sorted(h for h in heaps if h)) if heaps is not None else f"{found[1]} ({why})"


def make(interp, target: str, g: Grid):
    """The position of the class ``target`` on the board ``g``: ``C(g)``, or for a class nested
    in a singleton ruleset (``Domineering.Position``) the ruleset's ``Position(g)``."""
    parent = interp.class_of.get(id(interp.classes[target]))
    this = None
    if parent is not None:
        this = G.singleton(interp, ClassRef(interp.canon.get(id(parent), parent.name)))
        if this is None:
            interp.fail(f"{target} is nested in {parent.name}, which is not a singleton: its positions "
                        "cannot be made for --bound")
    return G.construct(interp, target, [g], None, this)
