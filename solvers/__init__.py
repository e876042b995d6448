"""Solvers: Grundy values over a box of positions, P-positions, winning moves, claims.

:func:`solve` is the one entry point. It checks the box fits in memory (before allocating),
checks declared properties of function parameters on the box, then runs a kernel:

- ``"reference"`` (:mod:`solvers.reference`): option enumeration, the oracle for tests;
- ``"fast"`` (:mod:`solvers.kernel`): the incremental-bitset kernel compiled from the spec;
- ``"auto"`` (default): reference for a box of at most :data:`solvers.box.SMALL_BOX` positions,
  else fast when the kernel is available, else reference.

A kernel is any callable ``(ruleset, box, misere, progress) -> (grundy, misere_values)`` returning
int32 arrays of ``box.shape`` with -1 at invalid points (the fast kernel adds a third item, its
:class:`~solvers.kernel.KernelStats`); :data:`KERNELS` maps names to kernels, so a faster kernel
replaces the inner loop without touching the rest. The solution carries the statistics of its
solve (``Solution.stats``).
"""

from __future__ import annotations

import time

from cgs_bridge.foundation.errors import CgsBridgeError, EngineError, ParameterError
from cgs_bridge.model.fnprops import function_property_fails  # noqa: F401  (public here too)
from cgs_bridge.model.resolve import check_box_coords

from .box import SMALL_BOX, Box, check_fits, parse_bound
from .heaps import kernel as heap_kernel
from .reference import mex, solve_reference
from .solution import ClaimResult, Solution
from .stats import KernelStats
from .work import check_work

KERNELS: dict = {"reference": solve_reference, "direct": heap_kernel("direct"), "sparse": heap_kernel("sparse")}


def _fast_kernel():
    try:
        from .kernel import solve_fast
    except ImportError:  # numba missing: the reference kernel still works
        return None
    return solve_fast


def solve(ruleset, box: Box, misere: bool = False, method: str = "auto", progress=None,
          output: str | None = None, max_work: int | None = None) -> Solution:
    """Solve ``ruleset`` on ``box``.

    Args:
        ruleset: a :class:`cgs_bridge.model.game.Ruleset`.
        box: a :class:`Box` over the ruleset's coordinates (see :func:`parse_bound`).
        misere: also compute misère values (CGSuite ``MisereNimValue``).
        method: ``"auto"`` (the reference solver for a box of at most :data:`solvers.box.SMALL_BOX`
            positions, else fast when numba is there), ``"fast"`` or ``"reference"``.
        progress: optional callable(done, total) for long runs.
        output: what the caller will build from the solution (``None``, ``"positions"``,
            ``"csv"``, ``"stream"``, ``"check"``), counted by the memory check (:func:`solvers.box.output_bytes`).
        max_work: the largest estimated number of option tries (:mod:`solvers.work`; None: the
            default or ``$CGS_BRIDGE_MAX_WORK``, 0: no limit).
    Returns:
        a :class:`Solution`.
    Raises:
        BoxError: the box does not fit in memory (with the largest bound that does), its
            coordinates are not the game's, or the estimated work is above ``max_work``.
        EngineError: ``method="fast"`` without numba.
        CgsBridgeError: an unknown ``method``.
        ParameterError: a function parameter violates its declaration on the box.
        RuleError: a move rule leaves the valid set / the box, or reaches a position not
            lexicographically below the old one (a coordinate raised while no earlier one falls).
        EvaluationError: an expression cannot be evaluated at some point of the box.
    """
    if getattr(ruleset, "takebreak", None) is not None:  # issue 49: heaps that split
        from .heaps import solve_takebreak
        return solve_takebreak(ruleset, box, misere, method, progress, max_work)
    check_box_coords(box, ruleset.coords)
    check_fits(box, misere, output=output, ruleset=ruleset)
    check_work(ruleset, box, max_work)
    check_function_params(ruleset, box)
    if method == "auto":
        kernel = solve_reference if box.size <= SMALL_BOX else _fast_kernel() or solve_reference
    elif method == "fast":
        kernel = _fast_kernel()
        if kernel is None:
            raise EngineError("the fast kernel needs numba; install it or use method='reference'")
    elif method in KERNELS:
        kernel = KERNELS[method]
    else:
        raise CgsBridgeError(f"unknown solver method {method!r} (choose auto, fast, "
                             f"{', '.join(KERNELS)})")
    t0 = time.perf_counter()
    out = kernel(ruleset, box, misere, progress)
    if len(out) == 3:
        grundy, mis, stats = out
    else:
        grundy, mis = out
        stats = KernelStats(method=method if method != "auto" else "reference",
                            solve_seconds=time.perf_counter() - t0, positions_in_box=box.size,
                            bytes=grundy.nbytes + (mis.nbytes if mis is not None else 0))
    return Solution(ruleset, box, grundy, mis, stats=stats)


def check_function_params(ruleset, box: Box) -> None:
    """Check function parameters declared ``nondecreasing`` / ``nonnegative`` on ``t`` in
    ``0..max bound`` (seed 001 Def 2.1 requires both of a step bar's width function).

    Raises:
        ParameterError: naming the first ``t`` where the declaration fails.
    """
    for p in ruleset.game.params:
        if p.kind != "function":
            continue
        for prop in p.qualifiers:
            why = function_property_fails(ruleset, p.name, prop, box)
            if why:
                raise ParameterError(f"function parameter {p.name}(t) = {ruleset.params[p.name].text} "
                                     f"must be {prop}{' on the box' if prop != 'nonnegative' else ''}; {why}")


__all__ = ["solve", "Box", "parse_bound", "check_fits", "Solution", "ClaimResult", "KernelStats", "mex",
           "solve_reference", "KERNELS"]
