"""Statistics of one solve, returned with its result (never kept in a module global)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Optional


@dataclass
class KernelStats:
    """What one solve cost. ``kernel``: cache key of the compiled module (None for the
    reference); ``compiles``: numba compilations of the kernel in this call (0 when its machine
    code came from the disk cache or from this process); ``cache_hits``: 1 when the machine code
    was loaded from the disk cache in this call; ``reused``: the kernel was already loaded in this
    process; ``compile_seconds`` (compile or disk load, this call), ``prepare_seconds``
    (code generation, bounds check, parameter tables), ``solve_seconds``; ``bytes``: arrays the
    kernel allocated (``estimate_bytes``: :func:`solvers.box.estimate_bytes` of the same run);
    ``fallback``: None, or why the reference solver ran instead."""

    method: str = "fast"
    kernel: Optional[str] = None
    compiles: int = 0
    cache_hits: int = 0
    reused: bool = False
    compile_seconds: float = 0.0
    prepare_seconds: float = 0.0
    solve_seconds: float = 0.0
    bytes: int = 0
    estimate_bytes: int = 0
    positions_in_box: int = 0
    fallback: Optional[str] = None

    def as_dict(self) -> dict:
        return asdict(self)
