"""Printed results the user names (``--printed grundy|p-positions``, issue 47, item 5): a program
that only prints (a ``Table`` of values over a range, a list built by ``Nest``, P-positions
collected in a loop) and has no function the audit could call at a position is judged by what
it printed, when the user says what that is:

- ``grundy``: the Grundy values over x = 0..N, printed as a list indexed by the position (a flat
  list for one coordinate: entry ``x + 1`` is the value of heap x; a nested list
  ``[[x + 1, y + 1]]`` for two, and so on);
- ``p-positions``: a list of the P-positions (heap sizes for one coordinate, n-tuples otherwise).

What was printed is matched to the audit's box (never the reverse: the box comes from the audit,
:mod:`.sizes`). A candidate is a printed line (or displayed value) of that shape; several
candidates that differ on the box are ambiguous. Nothing is guessed: no candidate, a list that
does not cover the box, entries that are not integers, or several different candidates are
"cannot judge" (exit 2) naming what was printed and why; a difference is exit 1 only where the
printed list covers the position (a P-position list ends at its largest coordinates: spec
P-positions beyond them are named, not counted).
"""

from __future__ import annotations

from .judge import EXAMPLES, Check, as_positions, valid_positions
from .printed import _MESSAGE, _entry, _fmt, _values
from .values import Symbolic

#: The choices of ``--printed``.
PRINTED = ("grundy", "p-positions")


def check_printed(said) -> str | None:
    """``said`` as a choice of :data:`PRINTED` (None: not given). Raises InputError otherwise."""
    from cgs_bridge.foundation.errors import InputError
    if said in (None, ""):
        return None
    if said not in PRINTED:
        raise InputError(f"--printed {said!r}: say what the program printed: grundy (the Grundy "
                         "values over x = 0..N, a list indexed by the position) or p-positions "
                         "(the list of P-positions)")
    return said


def _depth(value) -> int:
    """How deep lists nest along first elements (``{{0, 1}, {1, 0}}``: 2; an integer: 0)."""
    d = 0
    while isinstance(value, list) and value:
        value, d = value[0], d + 1
    return d


def _extent(value, n: int) -> tuple:
    """The largest index along each of the n axes of a nested list: the list covers coordinates
    0..extent (the shortest row along each axis)."""
    out, level = [], [value]
    for _ in range(n):
        out.append(min(len(v) for v in level) - 1)
        level = [w for v in level for w in v if isinstance(w, list)] or [[]]
    return tuple(out)


def _grundy(candidates: list, sol, n: int):
    """The Grundy-value reading: ``(verdict, summary, rows)``."""
    box, valid = sol.box, valid_positions(sol)
    tables = [(label, v) for label, v in candidates if isinstance(v, list) and _depth(v) == n]
    if not tables:
        return "error", f"nothing printed is a list of Grundy values indexed by the position (nested {n} deep)", []
    full, short = [], []
    for label, v in tables:
        entries = {p: _entry_any(v, p) for p in valid}
        (full if all(e is not None for e in entries.values()) else short).append((label, v, entries))
    if not full:
        label, v, _ = short[0]
        top = _extent(v, n)
        return "error", (f"{label} covers coordinates up to ({','.join(map(str, top))}), not the whole box "
                         f"{box}: not judged; --bound {','.join(f'{c}={t}' for c, t in zip(box.coords, top))} "
                         "judges what was printed"), []
    distinct = {tuple(map(str, e.values())) for _, _, e in full}
    if len(distinct) > 1:
        return "error", ("ambiguous: " + ", ".join(label for label, _, _ in full) + " each cover the box "
                         "with different values; print one list of Grundy values"), []
    label, v, entries = full[0]
    odd = [p for p, e in entries.items() if not isinstance(e, int)]
    if odd:
        return "error", (f"{label}: {len(odd)} entries on the box are not integers, e.g. "
                         f"{_fmt(odd[0])}: {str(entries[odd[0]])[:80]}: not judged"), []
    rows = [{"position": _fmt(p), "program": e, "spec": int(sol.grundy[p]), "detail": "printed Grundy values"}
            for p, e in entries.items() if e != int(sol.grundy[p])]
    return ("differ" if rows else "agree"), f"{label}: the Grundy values at the {len(valid)} valid positions of the box {box}", rows


def _entry_any(table, p):
    """The entry ``table[[p1 + 1, ...]]`` (an integer or :class:`Symbolic`), or None."""
    got = _entry(table, p)
    if got is not None:
        return got
    for i in p:
        if not isinstance(table, list) or not 0 <= i < len(table):
            return None
        table = table[i]
    return table if isinstance(table, Symbolic) else None


def _ppositions(candidates: list, sol, n: int):
    """The P-position reading: ``(verdict, summary, rows)``."""
    box, valid = sol.box, set(valid_positions(sol))
    lists = []
    for label, v in candidates:
        listed = ([(x,) for x in v] if n == 1 and isinstance(v, list) and v and all(isinstance(x, int) for x in v)
                  else as_positions(v, n) if isinstance(v, list) and v else None)
        if listed and len(set(listed)) == len(listed):  # a list of positions has no repeats
            lists.append((label, set(listed)))
    if not lists:
        return "error", f"nothing printed is a list of positions ({n} integers each, no repeats)", []
    inside = {frozenset(p for p in s if box.contains(p)) for _, s in lists}
    if len(inside) > 1:
        return "error", ("ambiguous: " + ", ".join(label for label, _ in lists) + " are different lists "
                         "of positions; print one list of P-positions"), []
    label, listed = lists[0]
    top = tuple(max(p[i] for p in listed) for i in range(n))
    prog = {p for p in listed if box.contains(p)}
    spec = {p for p in valid if int(sol.grundy[p]) == 0}
    rows = [{"position": _fmt(p), "program": "printed as a P-position",
             "spec": "not a valid position" if p not in valid else f"value {int(sol.grundy[p])}",
             "detail": "printed P-positions"} for p in sorted(prog - spec)]
    beyond = sorted(p for p in spec - prog if any(a > t for a, t in zip(p, top)))
    rows += [{"position": _fmt(p), "program": "not printed", "spec": "P-position", "detail": "printed P-positions"}
             for p in sorted(spec - prog) if p not in beyond]
    head = (f"{label}: {len(prog)} positions in the box {box} ({len(listed) - len(prog)} outside it, not "
            f"judged), the spec has {len(spec)} P-positions")
    if rows and beyond:
        head += (f" ({len(beyond)} spec P-positions beyond ({','.join(map(str, top))}), where the printed list "
                 f"ends, not judged: {', '.join(_fmt(p) for p in beyond[:EXAMPLES])})")
    if not rows and beyond:
        return "error", (f"{head}: equal up to ({','.join(map(str, top))}), where the printed list ends; the "
                         f"spec's P-positions beyond it ({', '.join(_fmt(p) for p in beyond[:EXAMPLES])}) are "
                         "not judged (a list computed only that far: --bound "
                         f"{','.join(f'{c}={t}' for c, t in zip(box.coords, top))} judges it)"), []
    return ("differ" if rows else "agree"), head, rows


def judge_declared(lines: list, sol, said: str, n: int) -> Check:
    """The check ``printed`` when the user said what the program printed (``said``: ``grundy`` or
    ``p-positions``): ``lines`` are ``(label, text)`` pairs (the program's printed lines and
    displayed values); the one of the named shape is judged on the audit's box (``sol``)
    (module docstring). The engine's messages (``f::tag``) are never candidates."""
    candidates = []
    for label, text in lines:
        if _MESSAGE.match(text):
            continue
        value = _values(text)
        if value is not None:
            candidates.append((label, value))
    reader = _grundy if said == "grundy" else _ppositions
    verdict, summary, rows = reader(candidates, sol, n)
    what = "Grundy values" if said == "grundy" else "P-positions"
    if verdict == "error":
        shown = "; ".join(f"{label}: {text[:60]}" for label, text in lines[:3]) or "nothing"
        return Check("printed", "error", f"--printed {said}: {summary}; printed: {shown}")
    if verdict == "agree":
        return Check("printed", "agree", f"printed {what} (--printed {said}) {summary}: equal to the spec's")
    shown = ", ".join(f"{r['position']}: program {r['program']}, spec {r['spec']}" for r in rows[:EXAMPLES])
    return Check("printed", "differ", f"printed {what} (--printed {said}) {summary}: {len(rows)} differ: {shown}", rows)
