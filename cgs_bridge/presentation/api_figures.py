"""The figures of the Python API's ``Solved.plot`` (:mod:`.plot` drawing them): the ``kind``
chosen, the slice given as text or a dict, and errors in the API's words, not the command line's."""

from __future__ import annotations

import re

from . import plot as figures


def solved_figure(solution, kind: str = "grid", slice=None, mod: int | None = None, differences=None):
    """A Figure of ``solution`` (:meth:`cgs_bridge.api.Solved.plot` documents the arguments).

    Raises:
        PlotError: as :mod:`.plot`, the message naming ``slice=``/``mod`` instead of options.
    """
    try:
        return _figure(solution, kind, slice, mod, differences)
    except figures.PlotError as e:  # the message in the API's words, not the command line's
        raise figures.PlotError(api_words(str(e))) from None


def _figure(solution, kind, slice, mod, differences):
    if isinstance(slice, dict):
        slice = ",".join(f"{k}={v}" for k, v in slice.items())
    fixed = figures.parse_slice(slice, solution.box)
    if kind == "grid":
        return figures.grid_figure(solution, fixed, mod)
    if mod is not None:
        raise figures.PlotError("mod applies to kind='grid' only")
    if kind == "p-positions":
        return figures.p_positions_figure(solution, fixed)
    if kind == "diff":
        comp = getattr(differences, "comparison", differences)
        return figures.diff_figure(solution, comp if comp is not None else [], fixed)
    raise figures.PlotError(f"unknown kind {kind!r} (grid, p-positions, diff)")


def api_words(message: str) -> str:
    """A message written for the command line in this API's words (``--slice x=0`` ->
    ``slice="x=0"``, ``--mod`` -> ``mod``)."""
    message = re.sub(r"--slice (\w+=[\w=,]+)", r'slice="\1"', message)
    return message.replace("--slice", "slice").replace("--mod", "mod")
