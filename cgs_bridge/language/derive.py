"""The derived-move algorithm, described once and target-neutrally: the step list :class:`Derive`.

A derived rule (``cut x derived``) maps the lowered point to the largest valid position ``q`` below
it with ``q[x]`` unchanged: the greatest fixpoint of clamping each violated inequality's bounded
coordinate (``shared/design-notes.md``, "derived"; the constraint analysis is
:mod:`cgs_bridge.language.constraints`). The reference :meth:`cgs_bridge.model.game.Ruleset.after_cut` runs
this step list in Python; every emitter (``printing.cgsuite``, ``printing.mathematica``, the numba
kernel's code generator) prints it. :mod:`cgs_bridge.systems.printing.model` re-exports these names.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import ast as A


@dataclass(frozen=True)
class Forbid:
    """Step: the constraint ``cond`` bounds the cut coordinate itself; if it fails, raise ``error``
    (lowering the cut coordinate again is not a move of this rule)."""

    cond: A.Compare     # ``left <= right`` over the coordinate names (the current point q)
    line: int           # spec line of the ``require`` it comes from
    error: str
    why: str            # the reason part of ``error`` (the Python reference names the point too)


@dataclass(frozen=True)
class ClampTo:
    """Step: ``coord`` is the bare left side of ``cond``; if ``cond`` fails, ``v = value`` (the
    right side, evaluated on q); if ``v < 0`` raise ``error``; if ``v < q[coord]`` set
    ``q[coord] = v`` and record a change."""

    coord: str
    cond: A.Compare
    value: A.Expr
    line: int
    error: str
    why: str


@dataclass(frozen=True)
class SearchDown:
    """Step: if ``cond`` fails, ``v`` = the largest value ``< q[coord]`` such that ``cond`` holds
    with ``coord`` replaced by ``v`` (everything else from q); none (``v < 0``) raises ``error``;
    if ``v < q[coord]`` set ``q[coord] = v`` and record a change. ``monotone``: both sides were
    proved nondecreasing (checker), so a binary search over ``0 .. q[coord] - 1`` finds the same
    ``v`` as the linear search downwards; a target may print either."""

    coord: str
    cond: A.Compare
    monotone: bool
    line: int
    error: str
    why: str


@dataclass(frozen=True)
class Derive:
    """The derived move ``cut <cut> derived`` as a target-neutral program.

    Input: the lowered point q (every coordinate name denotes q). Algorithm::

        repeat
            changed := false
            for step in steps (in order): run step (Forbid / ClampTo / SearchDown)
        until not changed
        result: q

    One step per constraint ``left <= right`` of the valid set that bounds a coordinate (the
    checker's ``Atom`` with a ``coord``), in spec order. Errors are raised with the step's
    message (``RuleError`` in Python, ``error(...)`` in CGScript, ``cgsError`` in Mathematica).
    Runners and printers: ``Ruleset._derived`` (Python reference), ``CGSuitePrinter`` /
    ``MathematicaPrinter`` contexts (``derive_method``); a new target prints these three step
    kinds and the loop.
    """

    cut: str
    steps: tuple


def _le(left, right) -> A.Compare:
    return A.Compare(("<=",), (left, right))


def derive_steps(game_name: str, cut: str, atoms) -> Derive:
    """The :class:`Derive` program of ``cut <cut> derived`` from the checker's atoms (those with
    a ``coord``; order kept)."""
    steps = []
    for a in atoms:
        where = (f"derived move of {game_name} not well defined: lowering {cut} reaches a point "
                 f"where the constraint at line {a.pos.line} fails and ")
        cond = _le(a.left, a.right)
        if a.coord == cut:
            why = f"would have to lower the cut coordinate {cut} itself"
            steps.append(Forbid(cond, a.pos.line, where + why, why))
            continue
        why = f"no value of {a.coord} >= 0 fits"
        if isinstance(a.left, A.Name):
            steps.append(ClampTo(a.coord, cond, a.right, a.pos.line, where + why, why))
        else:
            steps.append(SearchDown(a.coord, cond, a.monotone, a.pos.line, where + why, why))
    return Derive(cut, tuple(steps))


def derive_program(ruleset, cut: str) -> Derive:
    """The :class:`Derive` program of ``cut <cut> derived`` for a bound
    :class:`~cgs_bridge.model.game.Ruleset` (``ruleset.game.name`` and ``ruleset.checked.atoms`` are
    read): the entry point for the Python reference, every printer and the kernel's codegen."""
    return derive_steps(ruleset.game.name, cut, [a for a in ruleset.checked.atoms if a.coord])


__all__ = ["Forbid", "ClampTo", "SearchDown", "Derive", "derive_steps", "derive_program"]
