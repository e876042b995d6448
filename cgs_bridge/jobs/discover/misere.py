"""Misère families (issue 21, point 3): how the misère values (CGSuite ``MisereNimValue``: the
mex recursion with value 1 at the terminal positions) relate to the normal-play values.

- *normal except on a finite set*: ``misere == grundy`` except on a set E of positions that is
  the same on the search box and on the re-check box (so it does not grow with the box), described
  as "every coordinate <= m" when it is exactly the valid positions with every coordinate <= m,
  else listed;
- *Bouton's misère rule* (Bouton 1902; Winning Ways ch. 13): on E the misère value is
  ``grundy xor 1`` (Nim: a position with every heap <= 1 swaps 0 and 1);
- *nim-heap-like values* ("tame" position by position, Conway ONAG ch. 12: the misère value equals
  the normal value except that 0 and 1 may be swapped): ``misere == grundy`` or
  ``grundy <= 1 and misere == grundy xor 1`` at every position. Tameness proper concerns the genus
  of sums; only this single-game condition is checked.

Each is a claim line re-checked by the claim checker on both boxes. When the difference set
grows with the box the report says so, with its size in each box (e.g. triangular k = 2).
"""

from __future__ import annotations

import numpy as np

from cgs_bridge.foundation.results import position_text

MAX_LISTED = 12   #: most exception positions written out in a claim


def _diff(sol):
    g, m = sol.grundy, sol.misere
    return {tuple(int(v) for v in p) for p in np.argwhere((g >= 0) & (g != m))}


def _small_cube(sol, m: int) -> set:
    g = sol.grundy
    sl = tuple(slice(0, m + 1) for _ in range(g.ndim))
    return {tuple(int(v) for v in p) for p in np.argwhere(g[sl] >= 0)}


def claims(small, big, names) -> dict:
    """The misère findings: ``{"differ": [(box, count, positions)], "claims": [(kind, text,
    condition)], "exceptions": [(position, grundy, misere)], "artefact": text or None}``."""
    out = {"differ": [], "claims": [], "exceptions": [], "artefact": None}
    e_small = _diff(small)
    out["differ"].append((str(small.box), len(e_small), int((small.grundy >= 0).sum())))
    e_big = _diff(big) if big is not None else None
    if big is not None:
        out["differ"].append((str(big.box), len(e_big), int((big.grundy >= 0).sum())))
    out["exceptions"] = [(p, int(small.grundy[p]), int(small.misere[p])) for p in sorted(e_small)][:20]
    cond_tame = "misere == grundy or (grundy <= 1 and misere == grundy xor 1)"
    tame = all((small.misere[p] ^ 1) == small.grundy[p] and small.grundy[p] <= 1 for p in e_small)
    if tame:
        out["claims"].append(("nim-heap-like (tame position by position)", cond_tame))
    if e_big is not None and e_big != e_small:
        extra = sorted(e_big - e_small) or sorted(e_small - e_big)
        out["artefact"] = (f"the positions where misère and normal values differ grow with the box: "
                           f"{len(e_small):,} on box {small.box}, {len(e_big):,} on box {big.box} "
                           f"(first new one {position_text(extra[0])}): not a finite exception set")
        return out
    if not e_small:
        out["claims"].append(("misère = normal everywhere", "misere == grundy"))
        return out
    m = max(max(p) for p in e_small)
    cube = " and ".join(f"{n} <= {m}" for n in names)
    if e_small == _small_cube(small, m):
        out["claims"].append((f"misère = normal except at the {len(e_small)} positions with every "
                              f"coordinate <= {m}", f"misere == grundy or ({cube})"))
        if all((small.misere[p] ^ 1) == small.grundy[p] for p in e_small):
            out["claims"].append(("Bouton's misère rule",
                                  f"misere == (if {cube} then grundy xor 1 else grundy)"))
    elif len(e_small) > MAX_LISTED:
        out["claims"].append((f"misère = normal except at {len(e_small)} positions (the same on both boxes; "
                              f"too many to list in a claim)", None))
    else:
        pts = " or ".join("(" + " and ".join(f"{n} == {v}" for n, v in zip(names, p)) + ")"
                          for p in sorted(e_small))
        out["claims"].append((f"misère = normal except at {len(e_small)} listed positions",
                              f"misere == grundy or {pts}"))
    return out
