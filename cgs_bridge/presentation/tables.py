"""Tables ready for a paper: a 2-D slice of Grundy values (rows = the first free coordinate,
columns = the second, as seed 000's Figures 7.9/7.14) or the list of P-positions, as LaTeX
(booktabs), Markdown, CSV or Parquet.

Points of a slice that are not positions are empty cells (CSV: empty field; Parquet: null).
"""

from __future__ import annotations

import io

import numpy as np
import pandas as pd

from cgs_bridge.foundation.errors import InputError
from cgs_bridge.foundation.escape import tex_comment, tex_text

FORMATS = ("csv", "latex", "markdown", "parquet")


def slice_frame(solution, fixed: dict) -> tuple:
    """The Grundy values of a 2-D slice as a DataFrame (index: first free coordinate's values,
    columns: the second's; nullable Int64, NA where the point is not a position).

    Args:
        fixed: coordinate index -> value for all coordinates but two (``cgs_bridge.presentation.plot.parse_slice``).
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


#: Cell colours of value classes mod 3 as seed 000 Fig 7.10 (1 red, 2 blue, 0 white); other moduli
#: grey shades; non-positions light grey (xcolor names with the [table] option, i.e. colortbl).
MOD3_TEX = {0: None, 1: "red!35", 2: "blue!25"}
NOT_A_POSITION_TEX = "black!10"
#: Columns beyond which a grid is scaled to the line width (\resizebox) instead of running off it.
WIDE = 18
#: P-position lists longer than this go in a longtable instead of inline.
INLINE_MAX = 60


def latex_grid(frame: pd.DataFrame, rn: str, cn: str, caption: str, mod: int | None = None) -> str:
    r"""A booktabs ``tabular`` without vertical rules: header row of column values, one row per row
    value; non-positions empty; with ``mod`` each cell coloured by its value mod ``mod``
    (``\cellcolor``; needs ``\usepackage[table]{xcolor}``); wider than :data:`WIDE` columns it
    is scaled to the line width (``\resizebox``, graphicx), so it never runs off the page."""
    cols = list(frame.columns)
    needs = ("\\usepackage{booktabs}" + (" \\usepackage[table]{xcolor}" if mod else "")
             + (" \\usepackage{graphicx}" if len(cols) > WIDE else ""))
    lines = [f"% {tex_comment(caption)}", f"% needs {needs}",
             "\\begingroup\\setlength{\\tabcolsep}{3pt}%"]
    if len(cols) > WIDE:
        lines.append("\\noindent\\resizebox{\\linewidth}{!}{%")
    lines += ["\\begin{tabular}{r@{\\hspace{6pt}}" + "r" * len(cols) + "}", "\\toprule",
              f"${_tex(rn)} \\backslash {_tex(cn)}$ & " + " & ".join(str(c) for c in cols) + " \\\\",
              "\\midrule"]
    for r, row in frame.iterrows():
        lines.append(f"{r} & " + " & ".join(_colour(v, mod) + _cell(v) for v in row) + " \\\\")
    lines += ["\\bottomrule", "\\end{tabular}"]
    if len(cols) > WIDE:
        lines.append("}%")
    return "\n".join(lines + ["\\endgroup", ""])


def _colour(v, mod) -> str:
    if not mod:
        return ""
    if _cell(v) == "":
        return f"\\cellcolor{{{NOT_A_POSITION_TEX}}}"
    k = int(v) % mod
    name = MOD3_TEX[k] if mod == 3 else (f"black!{round(40 * k / (mod - 1))}" if k else None)
    return f"\\cellcolor{{{name}}}" if name else ""


def latex_list(frame: pd.DataFrame, caption: str, coords=()) -> str:
    r"""P-positions as the papers print them: inline, ``\{(0, 0, 0), (1, 0, 1), \dots\}`` with a
    line break possible after every comma (each position its own inline formula) (seed 003 Example 8.7); a list longer than
    :data:`INLINE_MAX` goes in a booktabs ``longtable`` (needs ``longtable``), four positions a row,
    the header repeated on every page. Any other frame (values): a longtable, one column each."""
    if list(frame.columns) == list(coords):
        pts = ["(" + ", ".join(_cell(v) for v in row) + ")" for row in frame.itertuples(index=False)]
        name = "(" + ", ".join(_tex(c) for c in coords) + ")"
        if len(pts) <= INLINE_MAX:
            return "\n".join([f"% {tex_comment(caption)}",
                              f"% {len(pts)} positions {name}; a line may break after each comma",
                              "\\(\\{" + "\\), \\(".join(pts) + "\\}\\)", ""])
        per = 4
        rows = [" & ".join(pts[i:i + per] + [""] * (per - len(pts[i:i + per]))) + " \\\\"
                for i in range(0, len(pts), per)]
        head = " & ".join([f"${name}$"] * per) + " \\\\"
        return "\n".join([f"% {tex_comment(caption)}", "% needs \\usepackage{booktabs, longtable}",
                          "\\begin{longtable}{" + "l" * per + "}", "\\toprule", head, "\\midrule",
                          "\\endhead", "\\bottomrule", "\\endfoot"] + rows + ["\\end{longtable}", ""])
    head = " & ".join(f"${_tex(c)}$" if c in coords else _tex(str(c)) for c in frame.columns)
    lines = [f"% {tex_comment(caption)}", "% needs \\usepackage{booktabs, longtable}",
             "\\begin{longtable}{" + "r" * len(frame.columns) + "}", "\\toprule",
             head + " \\\\", "\\midrule", "\\endhead", "\\bottomrule", "\\endfoot"]
    lines += [" & ".join(_cell(v) for v in row) + " \\\\" for row in frame.itertuples(index=False)]
    return "\n".join(lines + ["\\end{longtable}", ""])


def _tex(name: str) -> str:
    return tex_text(name)


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


def render(frame: pd.DataFrame, fmt: str, grid: tuple | None, caption: str, coords=(), mod=None):
    """The table in ``fmt``: text for csv/latex/markdown, bytes for parquet.

    Args:
        grid: ``(row_name, col_name)`` for a slice, None for a list.
        coords: the coordinate names (set in math mode in LaTeX headers).
        mod: LaTeX grids: colour cells by Grundy value mod ``mod``.
    """
    if fmt == "latex":
        return latex_grid(frame, *grid, caption, mod) if grid else latex_list(frame, caption, coords)
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

