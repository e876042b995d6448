"""The budget of reading a program in this process (issue 46): ``--timeout`` and ``--memory``
cover the normalisation, the parse and every pass over the program's text, not only the engine's
run.

Every reading step of one audit runs under :func:`cgs_bridge.foundation.budget.within`: together
they take at most ``--timeout`` seconds (the time of the steps is summed; the engine's run between
them has its own ``--timeout``), and each may grow
the process's address space by at most ``--memory``. Past either, the audit stops with an
:class:`~cgs_bridge.foundation.errors.InputError` naming the limit, the step and the program's
size (exit 2). The limits hold in the main thread of the process (the CLI, a notebook); called
from another thread the reading runs without them (signals reach only the main thread), still
linear in the program's length.
"""

from __future__ import annotations

import contextlib
import time

from cgs_bridge.foundation.errors import InputError


class ReadingBudget:
    """The reading of one program of ``size`` characters within ``timeout`` seconds in all
    (None: no limit) and ``memory`` bytes per step (None: no limit)."""

    def __init__(self, timeout: float | None, memory: int | None, size: int):
        self.timeout, self.memory, self.size = timeout, memory, size
        self.used = 0.0

    def _program(self) -> str:
        return f"a program of {self.size:,} characters"

    @contextlib.contextmanager
    def step(self, what: str):
        """Run the ``with`` body (reading step ``what``, e.g. "normalising it") in the budget left.

        Raises:
            InputError: the time is up or the step ran out of memory.
        """
        from cgs_bridge.foundation.budget import GIB, within
        left = None
        if self.timeout is not None:
            left = self.timeout - self.used
            if left <= 0:
                raise self._expired(what)
        memory = self.memory

        def exhausted():
            return InputError(f"reading {self._program()} ({what}) needed more than --memory "
                              f"{memory / GIB:g} GiB in this process; no verdict")
        start = time.monotonic()
        try:
            with within(left, memory, lambda: self._expired(what), exhausted):
                yield
        finally:
            self.used += time.monotonic() - start

    def _expired(self, what: str) -> InputError:
        return InputError(f"reading {self._program()} ({what}) took more than --timeout "
                          f"{self.timeout:g} s in this process; no verdict (give a larger --timeout)")


def unlimited() -> ReadingBudget:
    """A budget without limits (a caller that gives none)."""
    return ReadingBudget(None, None, 0)
