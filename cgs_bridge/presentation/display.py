"""Rich notebook display (``_repr_html_``) and short ``repr`` texts of the API objects: a game's
rules as the specification states them, a solved box as Grundy grids (one slice per value of the
first coordinate for 3-D boxes), claim checks and discoveries as tables. Self-contained HTML (inline
styles, no script), escaped everywhere; nothing here computes game values.
"""

from __future__ import annotations

import dataclasses
import html

#: Colours of the value classes mod 3 (seed 000 Fig 7.10: 1 red, 2 blue, 0 white) and P-positions.
CSS = ("<style>table.cgsb{border-collapse:collapse;font:12px/1.3 monospace;margin:2px 8px 8px 0}"
       "table.cgsb td,table.cgsb th{border:1px solid #bbb;padding:1px 4px;text-align:right}"
       "table.cgsb th{background:#ddd}table.cgsb td.t{text-align:left}"
       "table.cgsb td.n{background:#e0e0e0}table.cgsb td.p{background:#333;color:#fff}</style>")
STATUS_COLOUR = {"holds": "#dff0d8", "fails": "#f8d7da", "not applicable": "#eee", "error": "#fff3cd"}
#: Slices and cells shown at most in a notebook grid (the explorer shows every slice).
MAX_SLICES, MAX_SIDE = 8, 40


def esc(value) -> str:
    return html.escape(str(value))


def table(header, rows, row_colours=None) -> str:
    """An HTML table: ``header`` a list of column names, ``rows`` lists of cells (escaped)."""
    out = ['<table class="cgsb"><thead><tr>']
    out += [f"<th>{esc(h)}</th>" for h in header]
    out.append("</tr></thead><tbody>")
    for i, row in enumerate(rows):
        bg = f' style="background:{row_colours[i]}"' if row_colours and row_colours[i] else ""
        out.append(f"<tr{bg}>" + "".join(f'<td class="t">{esc(c)}</td>' for c in row) + "</tr>")
    out.append("</tbody></table>")
    return "".join(out)


# ------------------------------------------------------------------ games
def rules_text(game) -> list:
    """The rules of a checked game (:class:`cgs_bridge.language.ast.Game`) as specification lines."""
    from cgs_bridge.language.spec_printer import expr_text
    lines = []
    if game.coords:
        lines.append("coordinates " + ", ".join(game.coords))
    for d in game.defs:
        lines.append(f"def {d.name}({', '.join(d.params)}) = {expr_text(d.body)}")
    for r in game.requires:
        lines.append(f"require {expr_text(r.expr)}")
    for c in game.cuts:
        assigns = getattr(c, "assigns", None)
        if hasattr(c, "var"):
            tail = ": " + ", ".join(f"{a.target} = {expr_text(a.value)}" for a in assigns) if assigns else ""
            lines.append(f"cut {c.coord} to {c.var}{tail}")
        elif type(c).__name__ == "DerivedCut":
            lines.append(f"cut {c.coord} derived")
        else:  # a move rule this display does not know yet: its fields, not nothing
            lines.append(f"{type(c).__name__.lower()} {c.coord}")
    if game.clamp is not None:
        lines.append("clamp " + ", ".join(f"{a.target} = {expr_text(a.value)}" for a in game.clamp.assigns))
    if game.sum:
        lines.append("sum " + " + ".join(
            f"{t.game}{'(' + ', '.join(expr_text(a) for a in t.args) + ')' if t.args else ''}"
            f"[{', '.join(t.coords)}]" for t in game.sum))
    for cl in game.claims:
        hyps = {}
        for name, prop in getattr(cl, "hypotheses", ()):
            hyps.setdefault(name, []).append(prop)
        parts = [f"{n} satisfies {', '.join(ps)}" for n, ps in hyps.items()]
        parts += [expr_text(cl.when)] if cl.when is not None else []
        when = f" when {' and '.join(parts)}" if parts else ""
        lines.append(f'claim "{cl.name}"{when}: {expr_text(cl.expr)}')
    return lines


def game_html(g) -> str:
    """A :class:`cgs_bridge.api.Game`: title, source, parameters and the rules."""
    ast = g.ruleset.game
    params = ", ".join(f"{k} = {getattr(v, 'text', v)}" for k, v in g.params.items())
    head = (f"<p><b>{esc(g.ruleset.describe())}</b>: {esc(ast.title)}<br><i>{esc(ast.source)}</i>"
            f"{'<br>parameters: ' + esc(params) if params else ''}</p>")
    return CSS + head + "<pre style='margin:0'>" + esc("\n".join(rules_text(ast))) + "</pre>"


# ------------------------------------------------------------------ solved boxes
def grid_html(solution, fixed: dict, mod=None) -> str:
    """One 2-D slice as an HTML grid: rows the first free coordinate, columns the second; P-positions
    dark, non-positions grey, ``mod`` colours value classes as seed 000 Fig 7.10."""
    box = solution.box
    free = [c for c in box.coords if c not in fixed]
    r, c = free[0], free[1]
    ri, ci = box.coords.index(r), box.coords.index(c)
    nr, nc = min(box.upper[ri], MAX_SIDE - 1), min(box.upper[ci], MAX_SIDE - 1)
    colours = {1: "#f4a6a6", 2: "#a6c8f4", 0: "#fff"}
    out = [f'<table class="cgsb"><tr><th>{esc(r)}\\{esc(c)}</th>']
    out += [f"<th>{j}</th>" for j in range(nc + 1)]
    out.append("</tr>")
    for i in range(nr + 1):
        out.append(f"<tr><th>{i}</th>")
        for j in range(nc + 1):
            p = [0] * len(box.coords)
            for name, v in fixed.items():
                p[box.coords.index(name)] = v
            p[ri], p[ci] = i, j
            try:
                g = solution.value(tuple(p))
            except Exception:  # noqa: BLE001 - not a position: a grey cell
                out.append('<td class="n"></td>')
                continue
            if mod:
                k = g % mod
                shade = 255 - int(160 * k / max(mod - 1, 1))
                bg = colours[k] if mod == 3 else f"rgb({shade},{shade},255)"
                out.append(f'<td style="background:{bg}">{g}</td>')
            else:
                out.append(f'<td class="p">{g}</td>' if g == 0 else f"<td>{g}</td>")
        out.append("</tr>")
    out.append("</table>")
    return "".join(out)


def solved_html(s) -> str:
    """A :class:`cgs_bridge.api.Solved`: the summary and Grundy grids (one per value of the first
    coordinate for a 3-D box, at most :data:`MAX_SLICES`; other coordinates 0 beyond 3-D)."""
    box = s.box
    text = f"{CSS}<p>{esc(repr(s))}</p>"
    if len(box.coords) < 2 or not len(s):
        return text
    if len(box.coords) == 2:
        return text + grid_html(s.solution, {})
    first, rest = box.coords[0], box.coords[3:]
    shown = min(box.upper[0], MAX_SLICES - 1)
    parts = []
    for v in range(shown + 1):
        fixed = {first: v, **{c: 0 for c in rest}}
        label = ", ".join(f"{k} = {val}" for k, val in fixed.items())
        parts.append(f'<div style="display:inline-block;vertical-align:top"><div>{esc(label)}</div>'
                     f"{grid_html(s.solution, fixed)}</div>")
    note = (f"<p>slices {first} = 0..{shown} of 0..{box.upper[0]}"
            f"{'; ' + ', '.join(rest) + ' = 0' if rest else ''}; dark: P-positions; grey: not a "
            f"position. <code>s.explore()</code> shows every slice.</p>")
    return text + "".join(parts) + note


# ------------------------------------------------------------------ results
def check_html(r) -> str:
    """A :class:`cgs_bridge.jobs.checking.CheckResult`: one row per claim, coloured by status."""
    from cgs_bridge.jobs.checking import first_text
    rows = [[c.name, c.status, c.checked, c.failures, first_text(c)] for c in r.claims]
    verdict = "holds" if r.holds else "FAILS"
    return (f"{CSS}<p><b>{esc(r.game)}</b> on box {esc(r.box)}: {r.positions} positions; claims "
            f"<b>{verdict}</b></p>"
            + table(["claim", "status", "checked", "failures", "first counterexample"], rows,
                    [STATUS_COLOUR.get(c.status) for c in r.claims]))


def _records(items) -> tuple:
    """``(header, rows)`` of a list of dataclasses or dicts (their fields, in order; nested dicts
    and lists as readable text, never Python's dict syntax)."""
    dicts = [dataclasses.asdict(x) if dataclasses.is_dataclass(x) else dict(x) if isinstance(x, dict)
             else {"value": x} for x in items]
    header = []
    for d in dicts:
        header += [k for k in d if k not in header]
    return header, [[_cell(d.get(k, "")) for k in header] for d in dicts]


def _cell(v) -> str:
    """A value as table text: positions as the reports print them, a dict as ``key: value; ...``,
    a list as its items joined with ``; `` (integers with ``, ``)."""
    from cgs_bridge.foundation.results import position_text
    if isinstance(v, dict):
        if "position" in v:
            g = v.get("grundy", v.get("misere", ""))
            return f"{position_text(v['position'])}{f' g={g}' if g != '' else ''}"
        return "; ".join(f"{k}: {_cell(x)}" for k, x in v.items())
    if isinstance(v, (list, tuple)):
        if v and all(isinstance(x, int) for x in v):
            return ", ".join(map(str, v))
        return "; ".join(_cell(x) for x in v)
    return "" if v is None else str(v)


def evidence_columns(ev: dict) -> dict:
    """A finding's evidence (``{"boxes": [{"box", "positions", "p_positions"}], "notes": [..]}``)
    as columns: ``search box``, ``re-check box`` (box, positions and P-positions), ``evidence
    notes``."""
    out = {}
    for i, b in enumerate((ev or {}).get("boxes", [])):
        label = ("search box", "re-check box")[i] if i < 2 else f"box {i + 1}"
        out[label] = f"{b['box']}: {b['positions']:,} positions, {b['p_positions']:,} P"
    if (ev or {}).get("notes"):
        out["evidence notes"] = "; ".join(ev["notes"])
    return out


def _frame_table(records: list) -> str:
    """An HTML table of ``records`` (dicts of column -> text, columns in first-seen order)."""
    header = []
    for r in records:
        header += [k for k in r if k not in header]
    return table(header, [[_cell(r.get(k, "")) for k in header] for r in records])


def _found_rows(items) -> list:
    return [{"formula": f.reads or f.condition, "family": f.family, "claim": f.claim, "checked": f.checked,
             **({"positions in region": f.region_size} if f.region_size is not None else {}),
             **evidence_columns(f.evidence)} for f in items]


def _line_rows(lines) -> list:
    return [{"row or column": ln["text"],
             "claim": ln.get("claim") or (f"stated by: {ln['same_as']}" if ln.get("same_as") else
                                          f"(the claim checker rejects {ln.get('claim_failed', '')})")}
            for ln in lines]


def discovery_sections(d) -> list:
    """``[(title, records)]``: the findings of a discovery as table rows, one column per field,
    the claim line in its own column and the evidence as columns."""
    from cgs_bridge.foundation.results import position_text
    return [("formulas", _found_rows(d.formulas)),
            ("near misses", [{"formula": m.condition, "family": m.family, "failures": m.failures,
                              "checked": m.checked, "first failing positions": _cell(m.first), "claim": m.claim}
                             for m in d.near_misses]),
            ("Grundy formulas on a region", _found_rows(d.regions)),
            ("rows and columns", _line_rows(d.lines)),
            ("per-slice constants", [{"slices": s["text"], "c(v)": _cell(s["table"]), "claims": _cell(s["claims"]),
                                      **evidence_columns(s.get("evidence"))} for s in d.slices]),
            ("artefacts of the small box (NOT findings)",
             [{"finding": a.reads, "family": a.family, "re-check box": a.box,
               "first counterexample": position_text(a.position) if a.position else "",
               "grundy": a.grundy, "why": a.why} for a in d.artefacts])]


def discovery_html(d) -> str:
    """A discovery report: the findings as tables (:func:`discovery_sections`), then every other
    list- or dict-valued field (misère, partners, sweep, proofs, ...) as a table of its items."""
    from cgs_bridge.jobs.discover.report import short_repr
    out = [f"{CSS}<p>{esc(short_repr(d))}</p>"]
    for title, records in discovery_sections(d):
        if records:
            out.append(f"<div><b>{esc(title)}</b></div>" + _frame_table(records))
    done = {"formulas", "near_misses", "regions", "lines", "slices", "artefacts", "searched", "notes",
            "seconds", "evidence"}
    for f in dataclasses.fields(d):
        value = getattr(d, f.name)
        if f.name in done or not value:
            continue
        if isinstance(value, list):
            header, rows = _records(value)
            out.append(f"<div><b>{esc(f.name.replace('_', ' '))}</b></div>" + table(header, rows))
        elif isinstance(value, dict):
            out.append(f"<div><b>{esc(f.name)}</b></div>"
                       + table(["key", "value"], [[k, _cell(v)] for k, v in value.items()]))
    for n in getattr(d, "notes", []) or []:
        out.append(f"<p>{esc(n)}</p>")
    return "".join(out)


# ------------------------------------------------------------------ figures in notebooks
def register_figure_display() -> None:
    """In IPython / Jupyter, show the matplotlib Figures the API returns (made without pyplot, so
    no backend displays them) as PNG images; nothing outside IPython."""
    import sys
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None and hasattr(ipython, "get_ipython") else None
    if shell is None or not hasattr(shell, "display_formatter"):
        return
    shell.display_formatter.formatters["image/png"].for_type_by_name("matplotlib.figure", "Figure",
                                                                      figure_png)


def figure_png(fig) -> bytes:
    import io
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, bbox_inches="tight")
    return buf.getvalue()


#: Colours of a sweep cell's claim status and run status in the notebook table.
STATUS_STYLE = {"holds": "background-color: #e3f4e1", "fails": "background-color: #f9d6d5; font-weight: bold",
                "not applicable": "color: #888888", "ok": "", "error": "background-color: #f9d6d5"}
#: Cells shown in the notebook (the rest: ``.frame``).
MAX_CELLS_SHOWN = 200


def sweep_cells_html(frame) -> str:
    """The cells of a sweep as a styled HTML table (pandas Styler): parameters, bound, status,
    counts and per claim its status (coloured), failures and first counterexample; internal
    columns (spec hash, version, claim texts) left out; at most :data:`MAX_CELLS_SHOWN` rows."""
    hidden = {"spec_hash", "version", "game", "cell"}
    cols = [c for c in frame.columns if c not in hidden and not (c.startswith("claim") and "_" not in c)]
    shown = frame[cols].head(MAX_CELLS_SHOWN)
    status = [c for c in cols if c == "status" or c.endswith("_status")]
    styler = shown.style.hide(axis="index").map(lambda v: STATUS_STYLE.get(str(v), ""), subset=status)
    more = (f"<p>... and {len(frame) - MAX_CELLS_SHOWN:,} more cells (see .frame)</p>"
            if len(frame) > MAX_CELLS_SHOWN else "")
    # a wide table scrolls inside its box instead of overflowing the notebook (issue 48.10)
    return ('<div class="cgsb-sweep-cells" style="overflow-x: auto; max-width: 100%">' + styler.to_html()
            + more + "</div>")
