"""Printed results are results (issue 34): what a program prints (``Print[...]``, a displayed
value) is judged against the spec on the audit's box, when the program's own values say what it
is:

- a list of positions whose members all have value 0 by the program's own Grundy function: its
  P-positions, compared with the spec's P-positions of the box;
- a nested table of integers shaped as the box (``Table[G[a, b], {a, 0, 6}, {b, 0, 6}]``) equal to
  the program's own values: its Grundy table, compared with the spec's values;
- an integer equal to the number of the program's own P-positions in the box: its count of
  P-positions, compared with the spec's.

Anything the program's values do not identify is listed, not judged (never a guessed difference).
A value the audit could not read (``Missing[]``, symbolic) is evidence about the audit, never about
the program (issue 47): a printed list or table is identified and compared only at the positions
where the program's own value was read, and a count only when it was read at every valid position
of the box; positions left unread are named in the summary, never counted as differences.
A line ``label: value`` is read after its last ``": "``; text is parsed as data
(:func:`cgs_bridge.systems.auditing.values.parse_wl`), never evaluated.
"""

from __future__ import annotations

import re

from .judge import EXAMPLES, Check, as_positions, valid_positions
from .values import parse_wl

_MESSAGE = re.compile(r"\s*[\w$`]+::\w+")


def _values(text: str):
    """The data printed on one line, or None: the whole line, else the part after a label."""
    for part in (text, text.rsplit(": ", 1)[-1] if ": " in text else None):
        if part is None:
            continue
        try:
            v = parse_wl(part)
        except ValueError:
            continue
        if isinstance(v, (int, list)):
            return v
    return None


def _entry(table, p):
    for i in p:
        if not isinstance(table, list) or not 0 <= i < len(table):
            return None
        table = table[i]
    return table if isinstance(table, int) else None


def _shaped(table, dims) -> bool:
    if not dims:
        return isinstance(table, int)
    return (isinstance(table, list) and len(table) == dims[0] + 1
            and all(_shaped(t, dims[1:]) for t in table))


def _one(value, sol, own: dict, spec: dict, n: int):
    """``(kind, rows)`` for one printed value, or None when the program's values do not identify it.
    Only positions in ``own`` (the program's value read there) are compared (module docstring)."""
    box = sol.box
    own_zero = {p for p, v in own.items() if v == 0}
    spec_zero = {p for p, v in spec.items() if v == 0 and p in own}
    listed = as_positions(value, n) if isinstance(value, list) and value else None
    if listed is not None:
        inside = {p for p in listed if box.contains(p)}
        if not inside or not inside <= set(own) or not inside <= own_zero:
            return None
        rows = [{"position": _fmt(p), "program": "printed as a P-position", "spec": f"value {spec[p]}",
                 "detail": "printed P-positions"} for p in sorted(inside - spec_zero)]
        rows += [{"position": _fmt(p), "program": "not printed", "spec": "P-position",
                  "detail": "printed P-positions"} for p in sorted(spec_zero - inside)]
        return f"a list of {len(inside)} P-positions", rows
    if isinstance(value, list) and own and _shaped(value, box.upper):
        if any(_entry(value, p) != v for p, v in own.items()):
            return None
        rows = [{"position": _fmt(p), "program": _entry(value, p), "spec": v, "detail": "printed table"}
                for p, v in sorted(spec.items()) if p in own and _entry(value, p) != v]
        return f"a table of Grundy values over the box {box}", rows
    if isinstance(value, int) and own and len(own) == len(spec) and value == len(own_zero):
        rows = [] if value == len(spec_zero) else [{"position": "count", "program": value,
                                                    "spec": len(spec_zero), "detail": "printed count"}]
        return f"the count {value} of P-positions", rows
    return None


def _fmt(p) -> str:
    return "(" + ",".join(map(str, p)) + ")"


def judge_printed(lines, sol, checked: list, values: list | None, n: int) -> Check:
    """The printed ``lines`` (the program's output and displayed values) vs the spec on the box
    (``sol``), identified by the program's own ``values`` at the ``checked`` positions (module
    docstring). ``agree``/``differ`` when something printed was identified, else ``info``."""
    spec = {p: int(sol.grundy[p]) for p in valid_positions(sol)}
    own = {} if values is None else {p: v for p, v in zip(checked, values)
                                     if isinstance(v, int) and p in spec}
    unread = sorted(p for p in spec if p not in own) if values is not None else []
    found, rows = [], []
    for line in lines:
        if _MESSAGE.match(line):
            continue
        value = _values(line)
        got = _one(value, sol, own, spec, n) if value is not None else None
        if got:
            found.append(got[0])
            rows += got[1]
    note = (f" (the program's own value could not be read at {len(unread)} of the {len(spec)} valid "
            f"positions, e.g. {', '.join(_fmt(p) for p in unread[:3])}: those are not judged)" if unread else "")
    if not found:
        return Check("printed", "info", "nothing printed that the program's own values identify "
                     f"(P-positions, a Grundy table over the box, a count of P-positions){note}")
    what = "; ".join(found)
    if not rows and unread:
        return Check("printed", "error", f"printed {what}: equal to the spec's where the program's "
                     f"values were read, but not judged on the whole box {sol.box}{note}")
    if not rows:
        return Check("printed", "agree", f"printed {what}: equal to the spec's on the box {sol.box}")
    shown = ", ".join(f"{r['position']}: program {r['program']}, spec {r['spec']}" for r in rows[:EXAMPLES])
    return Check("printed", "differ", f"printed {what}: {len(rows)} differences from the spec on the "
                 f"box {sol.box}: {shown}{note}", rows)
