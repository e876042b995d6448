"""Values an audit could not read (issue 47): what they are, named as what they are, and where
the values that were read end. A value the audit could not read (``Missing[]``, a symbolic entry)
is evidence about the audit, never about the program: never a difference, and the report says
what it was."""

from __future__ import annotations


def read_extent(checked: list, values: list, sol) -> str:
    """When the positions whose value was read are exactly the valid positions of a smaller box
    (a table the program filled for coordinates up to its own size), a note naming that box and
    the ``--bound`` that judges it; else empty."""
    read = [p for p, v in zip(checked, values) if isinstance(v, int) and sol.box.contains(p)]
    if not read:
        return ""
    top = tuple(max(p[i] for p in read) for i in range(len(read[0])))
    inner = [p for p in checked if sol.box.contains(p) and sol.grundy[p] >= 0
             and all(a <= b for a, b in zip(p, top))]
    if len(inner) != len(read) or top == tuple(sol.box.upper):
        return ""
    names = sol.box.coords
    return (f"; the values read are exactly those of the positions up to ({','.join(map(str, top))}): "
            f"--bound {','.join(f'{c}={t}' for c, t in zip(names, top))} judges what the program computed")


def unread_kinds(sym: list) -> list:
    """What the entries without an integer are, each kind named as what it is (issue 47, item 7):
    ``Missing[]`` (nothing there to read: a table without that entry), ``True``/``False`` (a
    truth value, not a Grundy value), else symbolic (an unevaluated expression)."""
    missing = [s for s in sym if str(s).startswith("Missing[")]
    truth = [s for s in sym if str(s) in ("True", "False")]
    other = [s for s in sym if s not in missing and s not in truth]
    out = []
    if missing:
        out.append(f"{len(missing)} entries not read (Missing[]: the audit found no value there)")
    if truth:
        out.append(f"{len(truth)} entries are True/False (truth values, not Grundy values)")
    if other:
        out.append(f"{len(other)} symbolic entries, e.g. {str(other[0])[:120]}")
    return out
