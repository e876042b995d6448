"""The reference solver: plain option enumeration in lexicographic order.

Simple on purpose: it is the oracle the fast kernel is tested against. Every option is checked
(valid, inside the box, lexicographically below the position), so it also proves the rules closed on the box.

Grundy value: G(p) = mex{G(q) : q an option of p} (seed 001 Def 1.5, seed 003 Def 2.4).
Misère Grundy value (CGSuite ``MisereNimValue``, the g⁻ of the genus; Winning Ways ch. 13):
1 at a terminal position, otherwise the mex of the options' misère values.
"""

from __future__ import annotations

import numpy as np

from cgs_bridge.foundation.errors import BoxOptionError
from cgs_bridge.model.order import outside_box

from .box import Box


def mex(values) -> int:
    """Minimum excluded value of a collection of nonnegative integers (seed 003 Def 2.4)."""
    s = set(values)
    m = 0
    while m in s:
        m += 1
    return m


def solve_reference(ruleset, box: Box, misere: bool = False, progress=None):
    """Grundy (and misère) values of every valid position of ``box``.

    Args:
        ruleset: a :class:`cgs_bridge.model.game.Ruleset`.
        box: the box; its coordinates must be the ruleset's.
        misere: also compute misère values.
        progress: optional callable(done_points, total_points).
    Returns:
        ``(grundy, misere_values)``: int32 arrays of ``box.shape``, -1 at invalid points;
        ``misere_values`` is None unless asked.
    Raises:
        RuleError: an option is invalid, outside the box (checked before its value is read),
            not lexicographically below p (a coordinate rises and no earlier one falls), or equals p.
    """
    if getattr(ruleset, "takebreak", None) is not None:  # issue 49: every option a sum of heaps
        from .heaps import solve_heaps
        return solve_heaps(ruleset, box, misere, progress, "reference")[:2]
    g = np.full(box.shape, -1, dtype=np.int32)
    m = np.full(box.shape, -1, dtype=np.int32) if misere else None
    total = box.size
    for k, p in enumerate(np.ndindex(*box.shape)):
        if progress and k % 4096 == 0:
            progress(k, total)
        if not ruleset.is_valid(p):
            continue
        gs, ms = set(), set()
        for i, t, q in ruleset.options(p):
            ruleset.check_option(p, i, t, q)
            check_in_box(ruleset, box, p, q)
            gs.add(int(g[q]))
            if misere:
                ms.add(int(m[q]))
        g[p] = mex(gs)
        if misere:
            m[p] = mex(ms) if ms else 1
    if progress:
        progress(total, total)
    return g, m


def check_in_box(ruleset, box: Box, p, q) -> None:
    """Raise :class:`BoxOptionError` (a :class:`RuleError` and a :class:`BoxError`) when the
    option ``q`` of ``p`` lies outside ``box`` (a move that raises a coordinate, issue 47): its
    value is never read outside the table."""
    why = outside_box(ruleset.coords, box.shape, p, q)
    if why:
        raise BoxOptionError(f"{ruleset.name}: {why}")
