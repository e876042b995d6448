"""The first free name (layer 0): the one loop every namer shares, the emitters' Namer
(:mod:`cgs_bridge.systems.printing.naming`) and the proof language's
(:mod:`solvers.logic.intval`, :func:`solvers.logic.rules.proof_name`)."""

from __future__ import annotations


def take_free(base: str, taken: set, sep: str = "") -> str:
    """``base`` when it is not in ``taken``, else the first of ``base<sep>2``, ``base<sep>3``, ...
    that is not; the name returned is added to ``taken`` (a set, changed in place). No errors."""
    cand, k = base, 1
    while cand in taken:
        k += 1
        cand = f"{base}{sep}{k}"
    taken.add(cand)
    return cand
