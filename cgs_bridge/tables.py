"""Tables ready for a paper: a 2-D slice of Grundy values (rows = the first free coordinate,
columns = the second, as seed 000's Figures 7.9/7.14) or the list of P-positions, as LaTeX
(booktabs), Markdown, CSV or Parquet.

Points of a slice that are not positions are empty cells (CSV: empty field; Parquet: null).
"""

from __future__ import annotations

import io

import numpy as np
import pandas as pd

from .errors import InputError

FORMATS = ("csv", "latex", "markdown", "parquet")


def slice_frame(solution, fixed: dict) -> tuple:
    """The Grundy values of a 2-D slice as a DataFrame (index: first free coordinate's values,
    columns: the second's; nullable Int64, NA where the point is not a position).

    Args:
        fixed: coordinate index -> value for all coordinates but two (``cgs_bridge.plot.parse_slice``).
    Returns:
        ``(frame, row_name, col_name)``.
    Raises:
        PlotError: not exactly two free coordinates.
    """
    from .plot import sliced
    free, a = sliced(solution, fixed, (2,), "--slice table")
    rn, cn = (solution.box.coords[i] for i in free)
    frame = pd.DataFrame(a).astype("Int64").mask(a < 0)
    frame.index.name, frame.columns.name = rn, cn
    return frame, rn, cn


def p_positions_frame(solution, fixed: dict | None = None) -> pd.DataFrame:
    """The P-positions (Grundy value 0), lexicographic, one column per coordinate; with ``fixed``
    only those on the slice."""
    pts = np.argwhere(solution.grundy == 0)
    for i, v in (fixed or {}).items():
        pts = pts[pts[:, i] == v]
    return pd.DataFrame(pts, columns=list(solution.box.coords))


def _cell(v) -> str:
    return "" if v is pd.NA or v is None or (isinstance(v, float) and np.isnan(v)) else str(v)


def latex_grid(frame: pd.DataFrame, rn: str, cn: str, caption: str) -> str:
    """A booktabs ``tabular``: header row of column values, a rule, one row per row value."""
    cols = list(frame.columns)
    lines = [f"% {caption}", "% needs \\usepackage{booktabs}",
             "\\begin{tabular}{r|" + "r" * len(cols) + "}", "\\toprule",
             f"${_tex(rn)} \\backslash {_tex(cn)}$ & " + " & ".join(str(c) for c in cols) + " \\\\",
             "\\midrule"]
    for r, row in frame.iterrows():
        lines.append(f"{r} & " + " & ".join(_cell(v) for v in row) + " \\\\")
    return "\n".join(lines + ["\\bottomrule", "\\end{tabular}", ""])


def latex_list(frame: pd.DataFrame, caption: str, coords=()) -> str:
    """A booktabs ``tabular`` with one column per coordinate (in math mode) and per value column."""
    head = " & ".join(f"${_tex(c)}$" if c in coords else _tex(str(c)) for c in frame.columns)
    lines = [f"% {caption}", "% needs \\usepackage{booktabs}",
             "\\begin{tabular}{" + "r" * len(frame.columns) + "}", "\\toprule",
             head + " \\\\", "\\midrule"]
    lines += [" & ".join(_cell(v) for v in row) + " \\\\" for row in frame.itertuples(index=False)]
    return "\n".join(lines + ["\\bottomrule", "\\end{tabular}", ""])


def _tex(name: str) -> str:
    return name.replace("_", "\\_")


def markdown_grid(frame: pd.DataFrame, rn: str, cn: str) -> str:
    head = f"| {rn}\\{cn} | " + " | ".join(str(c) for c in frame.columns) + " |"
    rule = "|" + "---:|" * (len(frame.columns) + 1)
    rows = [f"| {r} | " + " | ".join(_cell(v) for v in row) + " |" for r, row in frame.iterrows()]
    return "\n".join([head, rule] + rows) + "\n"


def markdown_list(frame: pd.DataFrame) -> str:
    head = "| " + " | ".join(frame.columns) + " |"
    rule = "|" + "---:|" * len(frame.columns)
    rows = ["| " + " | ".join(_cell(v) for v in row) + " |" for row in frame.itertuples(index=False)]
    return "\n".join([head, rule] + rows) + "\n"


def render(frame: pd.DataFrame, fmt: str, grid: tuple | None, caption: str, coords=()):
    """The table in ``fmt``: text for csv/latex/markdown, bytes for parquet.

    Args:
        grid: ``(row_name, col_name)`` for a slice, None for a list.
        coords: the coordinate names (set in math mode in LaTeX headers).
    """
    if fmt == "latex":
        return latex_grid(frame, *grid, caption) if grid else latex_list(frame, caption, coords)
    if fmt == "markdown":
        return markdown_grid(frame, *grid) if grid else markdown_list(frame)
    flat = frame
    if grid:
        flat = frame.reset_index()
        flat.columns = [grid[0]] + [f"{grid[1]}={c}" for c in frame.columns]
    if fmt == "csv":
        return flat.to_csv(index=False, lineterminator="\n")
    if fmt == "parquet":
        buf = io.BytesIO()
        flat.to_parquet(buf, index=False)
        return buf.getvalue()
    raise InputError(f"unknown table format {fmt!r} ({', '.join(FORMATS)})")

