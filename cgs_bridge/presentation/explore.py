"""The explorer: one self-contained HTML page (no network: data, script and style inline) to
browse a solved box in a browser (``cgs-bridge explore``, ``Solved.explore()``).

The page shows a 2-D slice of Grundy values (axes chosen from the coordinates, a slider for each
other coordinate), coloured by value mod m, by P-position or by where a claim fails, with a legend
saying what each colour means (and the outlines of the selected position, its options and its
winning moves), and for the position under the pointer (or clicked) its value, outcome, options
with their values and the winning moves (options that are P-positions; seed 003 Theorem 2.1). It
opens on the slice with the most P-positions (:func:`best_slice`). Everything shown is computed in
Python (:class:`solvers.Solution`): the page only looks values up.

A URL fragment drives it (used by the browser test and for links to a view):
``page.html#rows=x&cols=z&y=2&colour=mod&m=3&select=2,1,3`` (``colour`` is ``mod``, ``p`` or
``claim``; ``claim=N`` picks the N-th claim, 1-based); what it leaves out stays as the page opened.
"""

from __future__ import annotations

from pathlib import Path

from cgs_bridge.foundation.errors import InputError
from cgs_bridge.foundation.escape import html_text, script_json
from cgs_bridge.foundation.templating import environment, html_environment

TEMPLATES = Path(__file__).with_name("templates")

#: Largest box the page embeds (valid positions; each carries its option list).
MAX_POSITIONS = 60_000


def page_data(solution, claims=None) -> dict:
    """The JSON the page embeds: coordinates, box, Grundy values (row-major over the box, -1 where
    not a position), each position's options as flat indices, and the claims' failing positions.

    Raises:
        InputError: more than :data:`MAX_POSITIONS` valid positions (the page would be too big).
    """
    import numpy as np
    if getattr(solution.ruleset, "takebreak", None) is not None:
        raise InputError("the explorer draws each option as a position of the box; a take-and-break "
                         "game moves to sums of heaps: use `cgs-bridge solve GAME --at N` for a heap's options")
    n = len(solution)
    if n > MAX_POSITIONS:
        raise InputError(f"the explorer embeds at most {MAX_POSITIONS:,} positions with their options; "
                         f"this box has {n:,}: choose a smaller --bound")
    shape = solution.grundy.shape
    flat = solution.grundy.reshape(-1)
    options = {}
    for p in solution.positions():
        p = tuple(int(v) for v in p)
        options[int(np.ravel_multi_index(p, shape))] = [
            int(np.ravel_multi_index(q, shape)) for q in solution.ruleset.option_set(p)]
    result = claims if claims is not None else None
    checked = []
    if result is not None:
        for c in result.claims:
            fails = [int(np.ravel_multi_index(tuple(int(v) for v in q), shape)) for q, _ in c.counterexamples]
            checked.append({"name": c.name, "status": c.status, "failures": c.failures, "fails": fails})
    return {"game": solution.ruleset.describe(), "box": str(solution.box),
            "coords": list(solution.box.coords), "upper": [int(u) for u in solution.box.upper],
            "values": [int(v) for v in flat], "options": options, "claims": checked,
            "positions": n, "p_positions": int((flat == 0).sum()), "start": best_slice(solution.grundy)}


def best_slice(grundy) -> dict:
    """The 2-D slice of the Grundy array (``-1`` where not a position) that holds the most
    P-positions: ``{"rows": i, "cols": j, "fixed": [value of each coordinate], "p": count}`` (the
    values of ``rows`` and ``cols`` in ``fixed`` are 0). Ties go to the first pair ``i < j`` in
    coordinate order, then to the smallest fixed values in lexicographic order; a game of one
    coordinate shows it as its rows."""
    import itertools

    import numpy as np
    n = grundy.ndim
    zero = np.asarray(grundy) == 0
    if n < 2:
        return {"rows": 0, "cols": 0, "fixed": [0] * n, "p": int(zero.sum())}
    best = None
    for i, j in itertools.combinations(range(n), 2):
        counts = zero.sum(axis=(i, j))  # indexed by the other coordinates, in order
        at = int(np.argmax(counts))     # the first largest, in lexicographic order
        if best is None or int(counts.flat[at]) > best["p"]:
            fixed = [0] * n
            others = [c for c in range(n) if c not in (i, j)]
            for c, v in zip(others, np.unravel_index(at, counts.shape) if others else ()):
                fixed[c] = int(v)
            best = {"rows": i, "cols": j, "fixed": fixed, "p": int(counts.flat[at])}
    return best


def explorer_html(solution, claims=None, mod: int = 3) -> str:
    """The whole page for ``solution`` (a :class:`solvers.Solution`); ``claims``: a
    :class:`~cgs_bridge.jobs.checking.CheckResult` whose failing positions can colour the grid (checked
    with a limit of every position, so that every failure is shown)."""
    data = page_data(solution, claims)
    script = environment(TEMPLATES).get_template("explore/explore.js.j2").render(mod=int(mod))
    return html_environment(TEMPLATES).get_template("explore/explore.html.j2").render(
        data=script_json(data), title=f"{data['game']} on {data['box']}", script=script,
        mod=int(mod),
        script_hash=script_hash(script))


def script_hash(script: str) -> str:
    """The CSP source ``'sha256-...'`` that lets exactly this inline script run (CSP Level 2,
    "hash-source": base64 of the SHA-256 of the script's UTF-8 text); the page allows no other
    script, so a handler injected by some text would not run even if the text were not escaped."""
    import base64
    import hashlib
    return "sha256-" + base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")


def check_all(solution):
    """Every claim of the solved game, with every failing position kept."""
    from cgs_bridge.jobs.checking import check_solution
    return check_solution(solution, limit=max(len(solution), 1))


def write_explorer(path, solution, claims=None, mod: int = 3, overwrite: bool = False) -> Path:
    """Write the page atomically (``.html``; an existing different file only with ``overwrite``).

    Raises:
        InputError: not an ``.html`` name, a missing folder, an existing file, or a box too big.
    """
    from cgs_bridge.foundation.io import atomic_write_text
    path = Path(path)
    if path.suffix.lower() not in (".html", ".htm"):
        raise InputError(f"{path}: the explorer page is an .html file")
    if not path.parent.is_dir():
        raise InputError(f"{path}: folder {path.parent} does not exist")
    return atomic_write_text(path, explorer_html(solution, claims, mod), overwrite=overwrite)


class Explorer:
    """What ``Solved.explore()`` returns without a path: the page (``html``), shown in a notebook
    in a frame (``_repr_html_``); ``save(path)`` writes it."""

    def __init__(self, page: str, title: str, rows: int = 20):
        """``rows``: the most grid rows the page can show (the largest coordinate range), which
        sizes the frame so that its last row is not cut (issue 48.10)."""
        self.html, self.title, self.rows = page, title, rows

    def save(self, path, overwrite: bool = False) -> Path:
        from cgs_bridge.foundation.io import atomic_write_text
        return atomic_write_text(path, self.html, overwrite=overwrite)

    def _repr_html_(self) -> str:
        """The page in a sandboxed frame: scripts run, but in an opaque origin (no
        ``allow-same-origin``), so nothing in the page can reach the notebook around it."""
        return (f'<iframe sandbox="allow-scripts" srcdoc="{html_text(self.html)}" style="width:100%;'
                f'height:{self.height()}px;border:1px solid #ccc" title="{html_text(self.title)}"></iframe>')

    def height(self) -> int:
        """Pixels of the frame: the controls and legend (360) and every grid row (21 px: 18 px cells
        with their borders) and the header row, at most 2400 (the page scrolls inside beyond)."""
        return min(2400, 360 + 21 * (int(self.rows) + 1))

    def __repr__(self) -> str:
        return f"Explorer({self.title}; {len(self.html):,} bytes of HTML)"
