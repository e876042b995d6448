"""Memory estimates of boxes of positions and the check that a box fits before anything is
allocated. :class:`Box` and :func:`parse_bound` live in the core (:mod:`cgs_bridge.model.box`) and are
re-exported here."""

from __future__ import annotations

import numpy as np

from cgs_bridge.foundation import config
from cgs_bridge.foundation.errors import BoxError
from cgs_bridge.model.box import Box, parse_bound  # noqa: F401  (re-exported)

#: Hard ceiling for one box, whatever memory is free (positions).
MAX_POSITIONS = 2_000_000_000

#: ``method="auto"`` solves a box of at most this many positions, and checks its claims, with the
#: reference solver: it answers in milliseconds, where loading numba (and compiling a kernel not
#: yet cached) takes seconds (issue 35: ``cgs-bridge check ... --bound 3`` starts in well under a
#: second).
SMALL_BOX = 512


def available_memory() -> int:
    """Bytes of memory this process may use: ``CGS_BRIDGE_MAX_MEMORY`` (bytes) when set, else
    the kernel's MemAvailable, else 4 GiB."""
    env = config.get(config.MAX_MEMORY)
    if env:
        return int(env)
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 4 << 30


def words_for(box: Box) -> int:
    """64-bit words per bitset: a Grundy value never exceeds the number of options, which is at
    most the sum of the bounds."""
    return sum(box.upper) // 64 + 1


def rule_width(ruleset) -> int:
    """The kernel's bitset width factor (``solvers.kernel.width``): 1 for one lowering per
    coordinate; with general rules and a pass (issue 22) one more share per rule and one for the pass."""
    return 1 if not getattr(ruleset, "general", None) else len(ruleset.game.moves) + 2


def max_grundy(box: Box, width: int = 1) -> int:
    """An upper bound of every Grundy (and misère) value the fast kernel stores on ``box``: the mex
    of a set of values is at most its size, and a position of the box has at most one option per
    lower value of one coordinate, so at most ``sum(box.upper)`` options (the bitsets of
    :func:`words_for` rest on the same bound); a terminal position's misère value is 1. With
    general move rules or a pass (``width`` > 1, ``solvers.kernel.width``) the kernel's bitsets hold
    ``words_for(box) * width`` words and a larger value stops the kernel (the reference solves)."""
    if width > 1:
        return words_for(box) * width * 64
    return max(1, sum(box.upper))


def grundy_dtype(box: Box, width: int = 1):
    """The narrowest signed integer type holding ``-1`` (invalid point) and :func:`max_grundy`:
    int8, int16 or int32 (issue 24: the Grundy array is most of a large box's memory)."""
    top = max_grundy(box, width)
    for dt in (np.int8, np.int16, np.int32):
        if top <= np.iinfo(dt).max:
            return np.dtype(dt)
    return np.dtype(np.int64)


def estimate_bytes(box: Box, misere: bool = False, ruled=None, width: int = 1) -> int:
    """Peak bytes of the arrays the fast kernel (``solvers.kernel``) allocates for ``box``: the
    Grundy array in :func:`grundy_dtype` (plus one for misère values) and, per coordinate ``i`` with a move rule
    (``ruled``: their indices; default every coordinate, an upper bound), one bitset of
    :func:`words_for` words and one poison byte per suffix ``(p[i+1], ...)`` (bitsets twice with
    misère), times ``width`` for general move rules (``solvers.kernel.width``). The reference
    solver allocates only the value arrays."""
    total = box.size * grundy_dtype(box, width).itemsize * (2 if misere else 1)
    w = words_for(box) * width
    total += (2 * w * 8) if width > 1 else 0   # the local bitsets of the general rules
    shape = box.shape
    for i in (range(len(shape)) if ruled is None else ruled):
        s = 1
        for d in shape[i + 1:]:
            s *= d
        total += s * (w * 8 * (2 if misere else 1) + 1)
    return total


#: Bytes a command needs beyond its arrays and output: numba compilation or cache load, pandas
#: and numpy work areas (measured: ``cgs-bridge solve --at`` on a tiny box holds about 90 MiB more
#: than the imports alone).
RUNTIME_BYTES = 128 << 20
#: The estimated peak resident bytes of the last :func:`check_fits` (for the benchmark).
LAST_ESTIMATE = 0
#: What a command does with the solution, for :func:`output_bytes`.
OUTPUTS = (None, "positions", "csv", "stream", "check")
#: Bytes of one P-position in ``Solution.p_positions()`` per coordinate (a Python int in the tuple,
#: its pointer, the int64 row of ``np.argwhere``) and per position (tuple header, list slot).
P_POSITION_BYTES = (28 + 8 + 8, 56 + 8)


def max_p_positions(box: Box, ruleset=None) -> int:
    """An upper bound of the P-positions of ``box``: along a coordinate with a plain cut (``cut y
    to t``: no assignment, no derivation, no clamp; the move lowers it to any smaller value, the
    others unchanged) a line holds at most one P-position, since of two the higher has the lower
    as an option, and no option of a P-position is a P-position (seed 003, Section 2). So at most
    the box's points divided by that coordinate's length; every point without such a coordinate
    (or ruleset)."""
    lengths = [box.shape[i] for i in _plain_cuts(ruleset)]
    return box.size // max(lengths) if lengths else box.size


def _plain_cuts(ruleset) -> list:
    """Indices of the coordinates whose cut is plain (see :func:`max_p_positions`)."""
    if ruleset is None or ruleset.game.clamp:
        return []
    from cgs_bridge.language import ast as A
    coords = list(ruleset.coords)
    return [coords.index(c.coord) for c in ruleset.game.cuts
            if not isinstance(c, A.DerivedCut) and not c.assigns]


def _digits(n: int) -> int:
    return len(str(abs(int(n)))) + (1 if n < 0 else 0)


def row_text_bytes(box: Box, misere: bool = False) -> int:
    """Longest CSV row of the box: every coordinate at its bound, a Grundy (and misère) value at
    most the sum of the bounds (a value never exceeds the number of options), commas, newline."""
    top = _digits(sum(box.upper))
    return sum(_digits(u) + 1 for u in box.upper) + (top + 1) * (2 if misere else 1)


def output_bytes(box: Box, misere: bool = False, output: str | None = None, ruleset=None) -> int:
    """Peak bytes of what a command builds from a solution, counting every valid position as
    the whole box (an upper bound known before solving):

    - ``positions``: the validity mask (1 byte a point) and the positions array (``np.argwhere``:
      int64 per coordinate, twice while it is built) — ``check``, claims, comparisons;
    - ``csv``: that, plus the value columns gathered and stacked into one int64 table, and the CSV
      text held five times (numba byte buffer, decoded str, StringIO, its value, the encoded
      file contents) — ``solve`` / ``verify`` writing the whole table at once;
    - ``stream``: one chunk of streamed CSV/Parquet (:func:`solvers.output.chunk_bytes`);
    - ``check``: what ``cgs-bridge check`` builds (issue 24: the compiled claims never list the
      positions): one mask of 1 byte a point at a time (the validity mask, a claim's failure
      mask, the ``grundy == 0`` mask of the P-positions) and the P-positions list
      (:func:`max_p_positions` of them, :data:`P_POSITION_BYTES`).
    """
    if output not in OUTPUTS:
        raise ValueError(f"output must be one of {OUTPUTS}, got {output!r}")
    if output is None:
        return 0
    n, cols = len(box.upper), len(box.upper) + (2 if misere else 1)
    mask = box.size
    if output == "check":
        per, fixed = P_POSITION_BYTES
        return mask + max_p_positions(box, ruleset) * (per * n + fixed)
    if output == "positions":
        return mask + box.size * 16 * n
    if output == "stream":  # solvers.output: one chunk at a time, the grundy array as the mask
        from .output import chunk_bytes
        return chunk_bytes(box, misere)
    rows = box.size
    table = rows * (16 * n + 8 * cols + 8)
    text = rows * row_text_bytes(box, misere) * 5
    return mask + table + text


def current_rss() -> int:
    """Resident bytes of this process now (``/proc/self/status`` VmRSS; 0 when unknown)."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def command_bytes(box: Box, misere: bool = False, output: str | None = None, ruleset=None) -> int:
    """Bytes a command needs beyond what the process holds now: the value arrays, then the larger
    of the kernel's bitsets (:func:`estimate_bytes` less the values; freed when the kernel
    returns) and what the command builds from the values afterwards (:func:`output_bytes`), and
    :data:`RUNTIME_BYTES`. The command's peak resident size is estimated as
    ``current_rss() + command_bytes(...)`` (``cgs-bridge bench --cases memory``/``memcheck``
    compare)."""
    ruled = None if ruleset is None else [i for i in range(len(box.upper)) if ruleset.has_rule(i)]
    width = 1 if ruleset is None else rule_width(ruleset)
    values = box.size * grundy_dtype(box, width).itemsize * (2 if misere else 1)
    bitsets = estimate_bytes(box, misere, ruled, width) - values
    return values + max(bitsets, output_bytes(box, misere, output, ruleset)) + RUNTIME_BYTES


def check_fits(box: Box, misere: bool = False, budget: int | None = None,
               output: str | None = None, ruleset=None) -> None:
    """Refuse a box whose command would not fit in memory, before anything is allocated.

    Args:
        output: what the command builds from the solution (see :func:`output_bytes`).
        budget: bytes available (default :func:`available_memory`).
        ruleset: the game, when known: only its ruled coordinates get bitsets, and its unruled
            ones bound the P-positions (:func:`max_p_positions`).
    Raises:
        BoxError: naming the estimate, the budget, the ceiling of :data:`MAX_POSITIONS` points
            when the box is above it, and the largest uniform bound that fits.
    """
    global LAST_ESTIMATE
    budget = available_memory() if budget is None else budget
    need = command_bytes(box, misere, output, ruleset)
    LAST_ESTIMATE = current_rss() + need
    if box.size <= MAX_POSITIONS and need <= budget:
        return
    lo, hi = 0, max(box.upper)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        b = Box(box.coords, tuple(min(u, mid) for u in box.upper))
        if b.size <= MAX_POSITIONS and command_bytes(b, misere, output, ruleset) <= budget:
            lo = mid
        else:
            hi = mid - 1
    what = {None: "", "positions": " with its positions list", "csv": " with its CSV output",
            "stream": " with streamed output", "check": " and its claims check"}[output]
    fits = (f"The largest bound that fits (capping every coordinate) is {lo}" if
            command_bytes(Box(box.coords, (0,) * len(box.upper)), misere, output, ruleset) <= budget
            else "Not even a bound of 0 fits")
    ceiling = (f", more than the {MAX_POSITIONS:,} one box may have (solvers.box.MAX_POSITIONS)"
               if box.size > MAX_POSITIONS else "")
    raise BoxError(f"box {box} has {box.size:,} points{ceiling}, and the command{what} needs "
                   f"{gib_text(need)}; {budget / 2**30:.1f} GiB is available. {fits}")


def gib_text(nbytes) -> str:
    """A memory need in readable units: ``about 3.2 GiB``, ``about 120,000 GiB``, and beyond
    10^9 GiB ``more than 10^40 GiB`` (the power of ten below it), never a 50-digit float."""
    gib = nbytes / 2**30 if nbytes < 2**1000 else float("inf")
    if gib < 1e9:
        return f"about {gib:,.1f} GiB" if gib < 100 else f"about {gib:,.0f} GiB"
    exponent = (int(nbytes) >> 30).bit_length() * 0.30103  # log10 of the GiB, from the integer
    return f"more than 10^{int(exponent) - 1 if exponent >= 1 else 0} GiB"


def lexicographic(box: Box):
    """Iterate the points of ``box`` in lexicographic order (last coordinate fastest)."""
    return np.ndindex(*box.shape)
