"""Charts of a parameter sweep: how many positions fail each claim, per parameter value.

A sweep table (a pandas DataFrame, or a ``.csv`` / ``.parquet`` file) is accepted in three shapes:

- the table of ``cgs-bridge sweep`` (:mod:`cgs_bridge.jobs.sweep`): one row per cell with the parameter
  columns, ``bound``, a cell ``status`` (``ok``, ``error``, ``failed``) and per claim ``i``
  ``claim{i}`` (its name), ``claim{i}_status``, ``claim{i}_failures``; cells that did not run
  are shown as errors;
- **long**: one row per (parameter values, claim): the parameter columns, ``claim``, ``status``
  (``holds``, ``fails``, ``not applicable``, or ``error``) and optionally ``failures``;
- **wide**: per-claim columns ``<claim>.status`` and/or ``<claim>.failures`` (also
  ``status:<claim>``, ``failures:<claim>``).

Parameter columns are every other column except the bookkeeping columns in :data:`NOT_PARAMS`
(``bound`` counts as a parameter when it takes several values), or those named explicitly.
Failures per cell are the sum of ``failures`` where given, else the number of claims whose status
is ``fails``.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from cgs_bridge.foundation.errors import InputError

from .plot import PlotError

NOT_PARAMS = {"claim", "status", "failures", "checked", "positions", "seconds", "error", "box",
              "game", "worker", "counterexample", "counterexamples", "first_counterexample", "bound",
              "elapsed", "time", "spec_hash", "version", "cell", "p_positions", "max_grundy",
              "kernel_compiled", "compile_seconds"}
_SWEEP = re.compile(r"^claim(\d+)$")
_WIDE = [re.compile(r"^(?P<claim>.+)\.(?P<what>status|failures|checked)$"),
         re.compile(r"^(?P<what>status|failures|checked):(?P<claim>.+)$")]


def read_sweep_table(path) -> pd.DataFrame:
    """Read a sweep table from ``.csv`` or ``.parquet``.

    Raises:
        InputError: unreadable file or unknown suffix.
    """
    path = Path(path)
    if path.suffix.lower() in (".csv", ".parquet", ".pq"):
        if not path.exists():
            raise InputError(f"cannot read the sweep table {path}: no such file")
        if not path.is_file():
            raise InputError(f"cannot read the sweep table {path}: not a regular file")
    try:
        if path.suffix.lower() == ".csv":
            return pd.read_csv(path)
        if path.suffix.lower() in (".parquet", ".pq"):
            return pd.read_parquet(path)
    except OSError as e:
        raise InputError(f"cannot read the sweep table {path}: {e.strerror or e}") from None
    except (ValueError, ImportError) as e:
        why = str(e).splitlines()[0] if str(e) else type(e).__name__
        raise InputError(f"cannot read the sweep table {path}: not a {path.suffix[1:]} table ({why})") from None
    raise InputError(f"{path}: a sweep table is a .csv or .parquet file")


def to_long(frame: pd.DataFrame, params=None) -> tuple:
    """Normalise a sweep table to the long shape.

    Returns:
        ``(long_frame, params)``: columns ``params + ["claim", "status", "failures"]``.
    Raises:
        PlotError: no claim columns, no parameter columns, or a named parameter that is absent.
    """
    numbered = sorted((int(m[1]) for m in map(_SWEEP.match, map(str, frame.columns)) if m),)
    if "claim" in frame.columns:
        long = frame.copy()
    elif numbered:
        long = _from_sweep(frame, numbered)
    else:
        per: dict = {}
        for col in frame.columns:
            for rx in _WIDE:
                m = rx.match(str(col))
                if m:
                    per.setdefault(m["claim"], {})[m["what"]] = col
        if not per:
            raise PlotError("the sweep table has neither a 'claim' column nor per-claim "
                            "'<claim>.status' / '<claim>.failures' columns")
        used = {c for d in per.values() for c in d.values()}
        base = [c for c in frame.columns if c not in used]
        parts = []
        for claim, cols in per.items():
            part = frame[base].copy()
            part["claim"] = claim
            for what in ("status", "failures", "checked"):
                if what in cols:
                    part[what] = frame[cols[what]].values
            parts.append(part)
        long = pd.concat(parts, ignore_index=True)
    if params is None:
        params = default_params(frame, long)
    missing = [p for p in params if p not in long.columns]
    if missing:
        raise PlotError(f"the sweep table has no column {', '.join(missing)} (columns: {', '.join(map(str, long.columns))})")
    if not params:
        raise PlotError("the sweep table has no parameter columns")
    if "failures" not in long.columns and "status" not in long.columns:
        raise PlotError("the sweep table has neither 'status' nor 'failures' for its claims")
    from_status = ((long["status"].astype(str) == "fails").astype(int) if "status" in long.columns
                   else pd.Series(0, index=long.index))
    failures = (pd.to_numeric(long["failures"], errors="coerce") if "failures" in long.columns
                else pd.Series(np.nan, index=long.index))
    failures = failures.fillna(from_status.astype(float))
    long["failures"] = failures.mask(long["status"].astype(str) == "error") if "status" in long.columns else failures
    if "status" not in long.columns:
        long["status"] = np.where(long["failures"] > 0, "fails", "holds")
    return long[list(params) + ["claim", "status", "failures"]], list(params)


def default_params(frame: pd.DataFrame, long: pd.DataFrame) -> list:
    """The parameter columns: in a ``cgs-bridge sweep`` table those between ``cell`` and ``bound``
    (its column order); else every column not in :data:`NOT_PARAMS` nor ``kernel_*``. ``bound`` is
    added when it takes several values."""
    cols = [str(c) for c in frame.columns]
    if "cell" in cols and "bound" in cols and cols.index("cell") < cols.index("bound"):
        params = cols[cols.index("cell") + 1:cols.index("bound")]
    else:
        params = [c for c in long.columns if c not in NOT_PARAMS and not str(c).startswith("kernel_")]
    if "bound" in long.columns and long["bound"].nunique() > 1:
        params.append("bound")
    return params


def _from_sweep(frame: pd.DataFrame, numbered: list) -> pd.DataFrame:
    """The long shape of a ``cgs-bridge sweep`` table (cells not ``ok`` become ``error`` rows)."""
    own = {f"claim{i}{suffix}" for i in numbered for suffix in ("", "_status", "_failures", "_first")}
    base = [c for c in frame.columns if c not in own and c != "status"]
    ok = frame["status"].astype(str) == "ok" if "status" in frame.columns else pd.Series(True, index=frame.index)
    parts = []
    for i in numbered:
        names = frame[f"claim{i}"].dropna()
        part = frame[base].copy()
        part["claim"] = names.mode().iloc[0] if len(names) else f"claim{i}"
        status = frame.get(f"claim{i}_status", pd.Series("", index=frame.index)).astype(object)
        part["status"] = status.where(ok, "error")
        if f"claim{i}_failures" in frame.columns:
            part["failures"] = pd.to_numeric(frame[f"claim{i}_failures"], errors="coerce").where(ok)
        parts.append(part)
    return pd.concat(parts, ignore_index=True)


def _order(values) -> list:
    vals = list(pd.unique(values))
    try:
        return sorted(vals, key=lambda v: (float(v), str(v)))
    except (TypeError, ValueError):
        return sorted(vals, key=str)


def failure_matrix(long: pd.DataFrame, xparam: str, yparam: str, claim: str | None = None) -> tuple:
    """Failures summed per (``yparam`` value, ``xparam`` value), optionally for one claim.

    Returns:
        ``(matrix, x_values, y_values)``; cells without a row, or only with cells that did not
        run (errors), are NaN (drawn grey, written ``-``).
    """
    part = long if claim is None else long[long["claim"] == claim]
    xs, ys = _order(long[xparam]), _order(long[yparam])
    m = np.full((len(ys), len(xs)), np.nan)
    for (xv, yv), grp in part.groupby([xparam, yparam], sort=False):
        if grp["failures"].notna().any():
            m[ys.index(yv), xs.index(xv)] = grp["failures"].sum()
    return m, xs, ys


def sweep_figure(frame: pd.DataFrame, params=None, claim: str | None = None, title: str = "") -> Figure:
    """A chart of claim failures per parameter value.

    One parameter: grouped bars (one bar per claim, height = failures) with the status written
    above each bar. Two or more: a heat map over the first two parameters (failures summed over
    the claims, or only ``claim``, and over the other parameters), each cell annotated.

    Raises:
        PlotError: see :func:`to_long`; an unknown ``claim``.
    """
    long, params = to_long(frame, params)
    claims = list(pd.unique(long["claim"]))
    if claim is not None and claim not in claims:
        raise PlotError(f"the sweep table has no claim {claim!r} (claims: {', '.join(map(str, claims))})")
    if len(params) == 1:
        return _one_parameter(frame, long, params[0], [claim] if claim else claims, title)
    m, xs, ys = failure_matrix(long, params[0], params[1], claim)
    fig = Figure(figsize=(min(16, 1.6 + 0.55 * len(xs)), min(12, 1.4 + 0.45 * len(ys))))
    ax = fig.add_subplot()
    masked = np.ma.masked_invalid(m)
    cmap = matplotlib_cmap()
    im = ax.imshow(masked, cmap=cmap, vmin=0, vmax=max(1.0, float(np.nanmax(m)) if np.isfinite(m).any() else 1.0),
                   aspect="auto", origin="lower", gid="sweep heatmap")
    for (r, c), v in np.ndenumerate(m):
        ax.text(c, r, "-" if np.isnan(v) else str(int(v)), ha="center", va="center", fontsize=7,
                color="white" if not np.isnan(v) and v > 0.6 * np.nanmax(m) else "black")
    ax.set_xticks(range(len(xs)), [str(v) for v in xs], rotation=45 if len(xs) > 8 else 0, fontsize=7)
    ax.set_yticks(range(len(ys)), [str(v) for v in ys], fontsize=7)
    ax.set_xlabel(params[0])
    ax.set_ylabel(params[1])
    counted = any("failures" in str(c) for c in frame.columns)
    fig.colorbar(im, ax=ax, label="failing positions" if counted else "failing claims")
    what = f"claim {claim!r}" if claim else "all claims"
    rest = f", summed over {', '.join(params[2:])}" if len(params) > 2 else ""
    ax.set_title(title or f"failures of {what} per {params[0]} and {params[1]}{rest}", fontsize=9)
    fig.tight_layout()
    return fig


def matplotlib_cmap():
    from matplotlib import colormaps
    return colormaps["Reds"].with_extremes(bad="0.87")


#: Marker of each claim status in the status panel (colour-blind safe: Okabe-Ito).
STATUS_MARKS = {"holds": ("o", "#009e73"), "fails": ("X", "#d55e00"), "not applicable": ("o", "white"),
                "error": ("s", "#e69f00")}


def _one_parameter(frame, long, param: str, claims: list, title: str) -> Figure:
    """Against one parameter: the failures per claim (bars) when a claim fails somewhere, else each
    claim's status per value (never an empty bar chart); below, when the table has them, the number
    of P-positions and the largest Grundy value per value (log scale when they span 30x)."""
    counts = [c for c in ("p_positions", "max_grundy") if c in frame.columns]
    fails = bool((long[long["claim"].isin(claims)]["status"] == "fails").any())
    xs = _order(long[param])
    rows = 1 + bool(counts)
    width = min(16, max(8.0, 3 + 0.5 * len(xs) * (max(1, len(claims)) if fails else 1.4)))
    fig = Figure(figsize=(width, 1.4 + 0.45 * max(1, len(claims)) * (not fails) + 2.8 * (rows - 1)
                          + 2.4 * fails))
    axes = fig.subplots(rows, 1, squeeze=False)[:, 0]
    if fails:
        _bars(axes[0], long, param, claims, title)
    else:
        _statuses(axes[0], long, param, claims, xs, title)
    if counts:
        _counts(axes[1], frame, param, counts)
    fig.tight_layout()
    return fig


def _statuses(ax, long, param, claims, xs, title):
    for k, cl in enumerate(claims):
        part = long[long["claim"] == cl]
        for j, xv in enumerate(xs):
            kinds = set(map(str, part[part[param] == xv]["status"]))
            kind = next((s for s in ("fails", "error", "holds", "not applicable") if s in kinds), None)
            if kind:
                marker, colour = STATUS_MARKS[kind]
                ax.scatter([j], [k], marker=marker, s=60, color=colour, edgecolors="black", linewidths=0.6,
                           gid=f"status {cl} {xv} {kind}")
    ax.set_yticks(range(len(claims)), [_short(c) for c in claims], fontsize=8)
    ax.set_ylim(-0.6, len(claims) - 0.4)
    ax.set_xticks(range(len(xs)), [str(v) for v in xs], fontsize=8)
    ax.set_xlabel(param)
    from matplotlib.lines import Line2D
    handles = [Line2D([], [], marker=m, color=c, markeredgecolor="black", linestyle="", label=s)
               for s, (m, c) in STATUS_MARKS.items() if s != "fails"]
    ax.legend(handles=handles, fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    ax.set_title(title or f"every claim holds where it applies, per {param}", fontsize=9)


def _short(name, n: int = 38) -> str:
    name = str(name)
    return name if len(name) <= n else name[:n - 1] + "…"


def _counts(ax, frame, param, counts):
    frame = frame[frame.get("status", "ok") == "ok"] if "status" in frame.columns else frame
    bounds = _order(frame["bound"]) if "bound" in frame.columns else [None]
    styles = {"p_positions": ("P-positions", "o", "-"), "max_grundy": ("largest Grundy value", "s", "--")}
    values = []
    for b in bounds:
        part = frame if b is None else frame[frame["bound"] == b]
        part = part.sort_values(param)
        for col in counts:
            label, marker, line = styles[col]
            ys = pd.to_numeric(part[col], errors="coerce")
            values += [v for v in ys if v and v > 0]
            ax.plot([str(v) for v in part[param]], ys, marker=marker, linestyle=line, markersize=4,
                    label=label + (f", bound {b}" if len(bounds) > 1 else ""), gid=f"counts {col} {b}")
    if values and max(values) / max(min(values), 1) >= 30:
        ax.set_yscale("log")
    ax.set_xlabel(param)
    ax.set_ylabel("count / value")
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    ax.set_title(f"P-positions and largest Grundy value per {param}", fontsize=9)


def _bars(ax, long: pd.DataFrame, param: str, claims: list, title: str) -> None:
    xs = _order(long[param])
    width = 0.8 / max(1, len(claims))
    for k, cl in enumerate(claims):
        part = long[long["claim"] == cl]
        heights, labels = [], []
        for xv in xs:
            rows = part[part[param] == xv]
            heights.append(int(rows["failures"].sum()))  # NaN (errors) count as 0, labelled
            kinds = set(map(str, rows["status"]))
            labels.append("" if "fails" in kinds else "error" if "error" in kinds else
                          "holds" if kinds == {"holds"} else "n/a" if kinds == {"not applicable"} else
                          "/".join(sorted(kinds)) or "-")
        pos = np.arange(len(xs)) + (k - (len(claims) - 1) / 2) * width
        bars = ax.bar(pos, heights, width, label=_short(cl), gid=f"sweep bars {cl}")
        for b, lab in zip(bars, labels):
            ax.text(b.get_x() + b.get_width() / 2, b.get_height(), lab,
                    ha="center", va="bottom", fontsize=6, rotation=90)
    ax.set_xticks(range(len(xs)), [str(v) for v in xs], fontsize=7)
    ax.set_xlabel(param)
    ax.set_ylabel("failures")
    ax.legend(fontsize=7)
    ax.set_title(title or f"failures per claim and {param}", fontsize=9)
