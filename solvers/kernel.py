"""The fast kernel: incremental option bitsets, compiled from the specification with numba.

Along coordinate ``i`` the options of ``p`` are those of ``p - e_i`` plus the single option reached
from the lowered point ``p - e_i`` (the rule depends only on the lowered point: ``cgs_bridge.model.game``;
the C yardstick ``shared/bench/limit_tri.c``). So each ruled coordinate ``i`` keeps one bitset of
option Grundy values per *suffix* ``(p[i+1], ..., p[n-1])``, updated in place in O(words) per point
of the box, valid or not (invalid points feed later valid ones); a second family holds misère
values. Options may land anywhere below ``p`` (the hexagon clamp), so their values are read from
the full int32 Grundy array, which is also the result.

Rule checking: an option that is invalid, outside the box, raises a coordinate or equals ``p``
*poisons* the bitset slot; so does an evaluation error while computing it. A poisoned slot is
harmless until a valid position inherits it; then the kernel stops and the reference
:class:`~cgs_bridge.model.game.Ruleset` re-evaluates that position to raise the reference's own
:class:`~cgs_bridge.foundation.errors.RuleError` / :class:`~cgs_bridge.foundation.errors.EvaluationError` (naming the
position). If the reference finds nothing wrong there (an option that raises the cut coordinate
itself, legal from higher positions; an int64 overflow), the whole box is solved by the reference
solver instead, so results never depend on the shortcut.

One kernel per specification: parameter values are arguments (:func:`solvers.codegen.param_args`),
so every ``k`` of a sweep reuses the same machine code. Modules are cached on disk
(:mod:`solvers.kcache`). Statistics come back with every call (:class:`KernelStats`).
"""

from __future__ import annotations

import time
import warnings

import numba  # an ImportError here makes solvers.solve use the reference kernel
import numba.core.errors
import numpy as np

from cgs_bridge.foundation.errors import EvaluationError

from . import bounds, codegen, kcache, kernelgen
from .box import Box, estimate_bytes, grundy_dtype, rule_width, words_for
from .reference import check_in_box, solve_reference
from .stats import KernelStats

_KERNELS: dict = {}


def dispatcher_counts(f) -> tuple:
    """``(compiles, disk cache hits)`` of a numba dispatcher so far in this process."""
    st = f.stats
    return sum(st.cache_misses.values()), sum(st.cache_hits.values())


class CompiledKernel:
    """The kernel module of one specification: ``ruled`` coordinates, the numba ``kernel``
    function, ``key`` (cache key), ``compiles``/``cache_hits`` of its first (warm-up) call and
    ``compile_seconds``."""

    def __init__(self, n: int, source: str, ruled: list, width: int = 1):
        self.source, self.ruled, self.width = source, ruled, width
        t0 = time.perf_counter()
        self.module, self.key = kcache.import_source(source, "k")
        self.kernel = self.module.kernel
        self.n, self.warmed = n, set()
        self.compiles, self.cache_hits = self.warm(np.dtype(np.int8))
        self.compile_seconds = time.perf_counter() - t0

    def warm(self, dt) -> tuple:
        """Compile (or load) the kernel for Grundy arrays of type ``dt`` on a one-point box, once
        per type; return ``(compiles, disk cache hits)`` of this call (zeros when already done)."""
        if dt in self.warmed:
            return 0, 0
        c0, h0 = dispatcher_counts(self.kernel)
        tiny = Box(tuple(f"c{j}" for j in range(self.n)), (0,) * self.n)
        k, t = np.zeros(1, np.int64), np.zeros((1, 1), np.int64)
        self.run(tiny, False, k, t, None, warmup=True, dtype=dt)
        self.warmed.add(dt)
        c1, h1 = dispatcher_counts(self.kernel)
        return c1 - c0, h1 - h0

    def run(self, box: Box, misere: bool, K, T, progress, warmup: bool = False, dtype=None):
        """Run on ``box`` with parameter arrays ``K``, ``T``; return
        ``(status, linear_index, grundy, misere, bytes)``."""
        shape = box.shape
        size = box.size
        w = words_for(box) * self.width
        slots = [int(np.prod(shape[i + 1:], dtype=np.int64)) for i in range(len(shape))]
        dt = dtype or grundy_dtype(box, self.width)  # the narrowest type of the box's largest possible value
        g = np.empty(size, dtype=dt)
        m = np.empty(size if misere else 0, dtype=dt)
        arrays = []
        for i in self.ruled:
            arrays += [np.zeros(slots[i] * w, dtype=np.uint64), np.zeros(slots[i], dtype=np.uint8),
                       np.zeros(slots[i] * w if misere else 0, dtype=np.uint64)]
        nbytes = g.nbytes + m.nbytes + sum(a.nbytes for a in arrays) + (2 * w * 8 if self.width > 1 else 0)
        s = np.array(shape, dtype=np.int64)
        chunk = max(1, (1 << 22) // max(1, slots[0]))
        status, where = 0, 0
        for lo in range(0, shape[0], chunk):
            hi = min(shape[0], lo + chunk)
            status, where = self.kernel(s, lo, hi, w, bool(misere), K, T, g, m, *arrays)
            if status or warmup:
                break
            if progress:
                progress(hi * slots[0], size)
        return status, int(where), g, (m if misere else None), nbytes


def load(ruleset) -> tuple:
    """The compiled kernel of ``ruleset``'s specification (generated, imported and compiled on
    first use; parameter values do not matter). Returns ``(kernel, reused)``.

    Raises:
        codegen.Unsupported: the game cannot be expressed in int64 code.
    """
    source, ruled = kernelgen.generate(ruleset)
    k = _KERNELS.get(source)
    if k is not None:
        return k, True
    try:
        k = CompiledKernel(ruleset.n, source, ruled, width(ruleset))
    except numba.core.errors.NumbaError as e:  # a construct numba cannot type: the reference runs
        raise codegen.Unsupported(f"numba cannot compile it ({str(e).strip().splitlines()[0]})") from None
    _KERNELS[source] = k
    return k, False


def width(ruleset) -> int:
    """Bitset width factor: 1 for one lowering per coordinate (a Grundy value never exceeds the
    sum of the bounds); with general rules and a pass (issue 22) one more share per rule and one
    for the pass, a value beyond it stops the kernel (the reference solves the box)."""
    return rule_width(ruleset)


def forget() -> None:
    """Drop every kernel and claim module loaded in this process (tests of the compile count
    use it)."""
    _KERNELS.clear()
    kcache.forget()


def solve_fast(ruleset, box: Box, misere: bool = False, progress=None):
    """Grundy (and misère) values of every valid position of ``box``.

    Args:
        ruleset: a :class:`cgs_bridge.model.game.Ruleset`.
        box: a :class:`~solvers.box.Box` over the ruleset's coordinates.
        misere: also compute misère values (CGSuite ``MisereNimValue``).
        progress: optional callable(done_points, total_points), called between chunks.
    Returns:
        ``(grundy, misere_values, stats)``: arrays of ``box.shape`` in
        :func:`solvers.box.grundy_dtype` (int8, int16 or int32), -1 at invalid points
        (``misere_values`` None unless asked), and a :class:`KernelStats`.
    Raises:
        RuleError: an option of a valid position is invalid, outside the box, not below it in
            lexicographic order or equals the position, or a derived move is not well defined (reference message).
        EvaluationError: an expression fails at a position (named in the message).
    """
    if getattr(ruleset, "takebreak", None) is not None:  # issue 49: the heap kernels
        from .heaps import solve_heaps
        return solve_heaps(ruleset, box, misere, progress, "fast")
    st = KernelStats(positions_in_box=box.size)
    t0 = time.perf_counter()
    try:
        extent = bounds.check_int64(ruleset, box)
        K, T = codegen.param_args(ruleset, extent)
        k, st.reused = load(ruleset)
    except codegen.Unsupported as e:
        return _fallback(ruleset, box, misere, progress, f"not expressible in the kernel: {e}", st)
    st.kernel = k.key
    if not st.reused:
        st.compiles, st.cache_hits, st.compile_seconds = k.compiles, k.cache_hits, k.compile_seconds
    t1 = time.perf_counter()
    more = k.warm(grundy_dtype(box, k.width))  # another Grundy type than the ones compiled so far
    if any(more):
        st.compiles, st.cache_hits = st.compiles + more[0], st.cache_hits + more[1]
        st.compile_seconds += time.perf_counter() - t1
    st.prepare_seconds = time.perf_counter() - t0 - st.compile_seconds
    t0 = time.perf_counter()
    status, where, g, m, st.bytes = k.run(box, misere, K, T, progress)
    st.solve_seconds = time.perf_counter() - t0
    st.estimate_bytes = estimate_bytes(box, misere, k.ruled, k.width)
    if status:
        p = tuple(int(v) for v in np.unravel_index(where, box.shape))
        diagnose(ruleset, p, box)
        return _fallback(ruleset, box, misere, progress, f"kernel stopped at {p}; the reference "
                         "finds no error there", st)
    if progress:
        progress(box.size, box.size)
    return g.reshape(box.shape), (m.reshape(box.shape) if misere else None), st


def _fallback(ruleset, box, misere, progress, why, st):
    st.fallback = why
    warnings.warn(f"{ruleset.describe()}: using the reference solver ({why})", RuntimeWarning,
                  stacklevel=3)
    t0 = time.perf_counter()
    g, m = solve_reference(ruleset, box, misere, progress)
    st.solve_seconds = time.perf_counter() - t0
    st.bytes = g.nbytes + (m.nbytes if m is not None else 0)
    return g, m, st


def diagnose(ruleset, p: tuple, box: Box | None = None) -> None:
    """Re-evaluate position ``p`` with the reference ruleset, in the reference solver's order
    (constraints, then every option, then the checks), raising what it raises.

    Raises:
        EvaluationError: naming ``p`` and, for a move, the coordinate lowered and ``t``.
        RuleError: from :meth:`Ruleset.after_cut` (derived moves), :meth:`Ruleset.check_option`
            or, given ``box``, an option outside it (:func:`solvers.reference.check_in_box`).
    """
    name = ruleset.name
    try:
        if not ruleset.is_valid(p):
            return
    except EvaluationError as e:
        raise EvaluationError(f"{name}: evaluating the constraints at {p}: {e}") from None
    opts = []
    for i in range(ruleset.n):
        if not ruleset.has_rule(i):
            continue
        lowered = list(p)
        for t in range(p[i]):
            lowered[i] = t
            try:
                opts.append((i, t, ruleset.after_cut(i, tuple(lowered))))
            except EvaluationError as e:
                raise EvaluationError(f"{name}: the move lowering {ruleset.coords[i]} to {t} from {p}: "
                                      f"{e}") from None
    if ruleset.general:  # general rules and the pass (issue 22): their options, checked alike
        more: list = []
        try:
            ruleset._general_options(p, more)
        except EvaluationError as e:
            raise EvaluationError(f"{name}: a general move rule at {p}: {e}") from None
        opts += more
    for i, t, q in opts:
        ruleset.check_option(p, i, t, q)
        if box is not None:
            check_in_box(ruleset, box, p, q)
