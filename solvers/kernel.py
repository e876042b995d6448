"""The fast kernel: incremental option bitsets, compiled from the specification with numba.

Along coordinate ``i`` the options of ``p`` are those of ``p - e_i`` plus the single option reached
from the lowered point ``p - e_i`` (the rule depends only on the lowered point: ``cgs_bridge.game``;
the C yardstick ``shared/bench/limit_tri.c``). So each ruled coordinate ``i`` keeps one bitset of
option Grundy values per *suffix* ``(p[i+1], ..., p[n-1])``, updated in place in O(words) per point
of the box, valid or not (invalid points feed later valid ones); a second family holds misère
values. Options may land anywhere below ``p`` (the hexagon clamp), so their values are read from
the full int32 Grundy array, which is also the result.

Rule checking: an option that is invalid, outside the box, raises a coordinate or equals ``p``
*poisons* the bitset slot; so does an evaluation error while computing it. A poisoned slot is
harmless until a valid position inherits it; then the kernel stops and the reference
:class:`~cgs_bridge.game.Ruleset` re-evaluates that position to raise the reference's own
:class:`~cgs_bridge.errors.RuleError` / :class:`~cgs_bridge.errors.EvaluationError` (naming the
position). If the reference finds nothing wrong there (an option that raises the cut coordinate
itself, legal from higher positions; an int64 overflow), the whole box is solved by the reference
solver instead, so results never depend on the shortcut.

The generated module (:mod:`solvers.codegen`) is cached as ``<cache>/<sha256>.py`` and imported
from there, so numba's ``cache=True`` reuses the machine code across runs. ``<cache>`` is
``$CGS_BRIDGE_KERNEL_CACHE`` or ``$XDG_CACHE_HOME/cgs_bridge/kernels`` (default ``~/.cache``).
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
import tempfile
import time
import warnings
from pathlib import Path

import numba  # an ImportError here makes solvers.solve use the reference kernel
import numpy as np

from cgs_bridge import config
from cgs_bridge.errors import EvaluationError

from . import bounds, codegen
from .box import Box, estimate_bytes, words_for
from .reference import solve_reference

#: Statistics of the last :func:`solve_fast` call (see :func:`last_stats`).
_STATS: dict = {}
_MODULES: dict = {}
_KERNELS: dict = {}


def cache_dir() -> Path:
    """Directory of generated kernel modules (created on demand)."""
    env = config.get(config.KERNEL_CACHE)
    if env:
        return Path(env)
    base = config.get(config.XDG_CACHE_HOME) or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "cgs_bridge" / "kernels"


def _import(source: str):
    key = hashlib.sha256((source + numba.__version__ + sys.version).encode()).hexdigest()[:24]
    if key in _MODULES:
        return _MODULES[key]
    d = cache_dir()
    try:
        d.mkdir(parents=True, exist_ok=True)
    except OSError:  # read-only home: a per-user temporary directory still caches per boot
        d = Path(tempfile.gettempdir()) / f"cgs_bridge_kernels_{os.getuid()}"
        d.mkdir(parents=True, exist_ok=True)
    path = d / f"k_{key}.py"
    if not path.exists() or path.read_text(encoding="utf-8") != source:
        fd, tmp = tempfile.mkstemp(dir=d, suffix=".tmp")  # atomic: concurrent runs agree
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(source)
        os.replace(tmp, path)
    spec = importlib.util.spec_from_file_location(f"cgs_bridge_kernel_{key}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    _MODULES[key] = module
    return module


class CompiledKernel:
    """A kernel module for one ruleset (parameters included): ``ruled`` coordinates, the numba
    ``kernel`` function, and ``compile_seconds`` (numba compile or cache load, this process)."""

    def __init__(self, n: int, source: str, ruled: list):
        self.source, self.ruled = source, ruled
        t0 = time.perf_counter()
        self.module = _import(source)
        self.kernel = self.module.kernel
        self.import_seconds = time.perf_counter() - t0
        t0 = time.perf_counter()
        tiny = Box(tuple(f"c{j}" for j in range(n)), (0,) * n)
        self.run(tiny, False, None, warmup=True)  # compiles (or loads) all functions
        self.compile_seconds = time.perf_counter() - t0

    def run(self, box: Box, misere: bool, progress, warmup: bool = False):
        """Run on ``box``; return ``(status, linear_index, grundy, misere, bytes)``."""
        shape = box.shape
        size = box.size
        w = words_for(box)
        slots = [int(np.prod(shape[i + 1:], dtype=np.int64)) for i in range(len(shape))]
        g = np.empty(size, dtype=np.int32)
        m = np.empty(size if misere else 0, dtype=np.int32)
        arrays = []
        for i in self.ruled:
            arrays += [np.zeros(slots[i] * w, dtype=np.uint64), np.zeros(slots[i], dtype=np.uint8),
                       np.zeros(slots[i] * w if misere else 0, dtype=np.uint64)]
        nbytes = g.nbytes + m.nbytes + sum(a.nbytes for a in arrays)
        s = np.array(shape, dtype=np.int64)
        chunk = max(1, (1 << 22) // max(1, slots[0]))
        status, where = 0, 0
        for lo in range(0, shape[0], chunk):
            hi = min(shape[0], lo + chunk)
            status, where = self.kernel(s, lo, hi, w, bool(misere), g, m, *arrays)
            if status or warmup:
                break
            if progress:
                progress(hi * slots[0], size)
        return status, int(where), g, (m if misere else None), nbytes


def load(ruleset) -> CompiledKernel:
    """The compiled kernel of ``ruleset`` (generated, imported and compiled on first use).

    Raises:
        codegen.Unsupported: the game cannot be expressed in int64 code.
    """
    source, ruled = codegen.generate(ruleset)
    k = _KERNELS.get(source)
    if k is None:
        k = _KERNELS[source] = CompiledKernel(ruleset.n, source, ruled)
        k.fresh = True
    else:
        k.fresh = False
    return k


def solve_fast(ruleset, box: Box, misere: bool = False, progress=None):
    """Grundy (and misère) values of every valid position of ``box``; the contract of
    :func:`solvers.reference.solve_reference`.

    Args:
        ruleset: a :class:`cgs_bridge.game.Ruleset`.
        box: a :class:`~solvers.box.Box` over the ruleset's coordinates.
        misere: also compute misère values (CGSuite ``MisereNimValue``).
        progress: optional callable(done_points, total_points), called between chunks.
    Returns:
        ``(grundy, misere_values)``: int32 arrays of ``box.shape``, -1 at invalid points;
        ``misere_values`` is None unless asked.
    Raises:
        RuleError: an option of a valid position is invalid, outside the box, raises a coordinate
            or equals the position, or a derived move is not well defined (reference message).
        EvaluationError: an expression fails at a position (named in the message).
    """
    _STATS.clear()
    _STATS.update(positions_in_box=box.size, fallback=None)
    t0 = time.perf_counter()
    try:
        bounds.check_int64(ruleset, box)
        k = load(ruleset)
    except codegen.Unsupported as e:
        return _fallback(ruleset, box, misere, progress, f"not expressible in the kernel: {e}")
    _STATS.update(prepare_seconds=time.perf_counter() - t0,
                  compile_seconds=k.compile_seconds if k.fresh else 0.0)
    t0 = time.perf_counter()
    status, where, g, m, nbytes = k.run(box, misere, progress)
    _STATS.update(solve_seconds=time.perf_counter() - t0, peak_bytes=nbytes,
                  estimate_bytes=estimate_bytes(box, misere, k.ruled))
    if status:
        p = tuple(int(v) for v in np.unravel_index(where, box.shape))
        diagnose(ruleset, p)
        return _fallback(ruleset, box, misere, progress, f"kernel stopped at {p}; the reference "
                         "finds no error there")
    if progress:
        progress(box.size, box.size)
    return g.reshape(box.shape), (m.reshape(box.shape) if misere else None)


def _fallback(ruleset, box, misere, progress, why):
    _STATS["fallback"] = why
    warnings.warn(f"{ruleset.describe()}: using the reference solver ({why})", RuntimeWarning,
                  stacklevel=3)
    t0 = time.perf_counter()
    out = solve_reference(ruleset, box, misere, progress)
    _STATS["solve_seconds"] = time.perf_counter() - t0
    _STATS["peak_bytes"] = sum(a.nbytes for a in out if a is not None)
    return out


def diagnose(ruleset, p: tuple) -> None:
    """Re-evaluate position ``p`` with the reference ruleset, in the reference solver's order
    (constraints, then every option, then the checks), raising what it raises.

    Raises:
        EvaluationError: naming ``p`` and, for a move, the coordinate lowered and ``t``.
        RuleError: from :meth:`Ruleset.after_cut` (derived moves) or :meth:`Ruleset.check_option`.
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
    for i, t, q in opts:
        ruleset.check_option(p, i, t, q)


def last_stats() -> dict:
    """Statistics of the last :func:`solve_fast` call: ``peak_bytes`` (arrays the kernel
    allocated), ``estimate_bytes`` (:func:`solvers.box.estimate_bytes` for the same run),
    ``compile_seconds`` (numba compile or cache load of this kernel; 0 when it was already
    loaded in this process),
    ``prepare_seconds``, ``solve_seconds``, ``fallback`` (None, or why the reference ran)."""
    return dict(_STATS)


def peak_bytes() -> int:
    """Bytes of the arrays allocated by the last :func:`solve_fast` call."""
    return int(_STATS.get("peak_bytes", 0))
