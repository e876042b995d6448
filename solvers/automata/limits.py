"""Time and memory limits of one decision (issue 33: ``--timeout``, ``--memory``)."""

from __future__ import annotations

import time

from cgs_bridge.foundation.errors import AutomatonLimitError

#: Bytes one state costs in a transition table per letter (int32), times the temporaries the
#: product and the determinisation hold at once (the successor codes are int64, plus sorting).
BYTES_PER_ENTRY = 4 * 6


class OverCap(Exception):
    """An automaton outgrew :attr:`Budget.cap` during a trial construction (the builder then
    takes another way: never seen by a caller of the prover)."""


class Budget:
    """Limits of one :func:`~solvers.automata.decide.decide_problem` call.

    ``timeout``: seconds (None: none); ``memory``: bytes (None: none). Tracks ``largest``, the
    most states of any automaton checked so far."""

    def __init__(self, timeout: float | None = None, memory: int | None = None):
        if timeout is not None and timeout <= 0:
            raise ValueError(f"timeout must be positive, got {timeout!r}")
        if memory is not None and memory <= 0:
            raise ValueError(f"memory must be positive, got {memory!r}")
        self.timeout, self.memory = timeout, memory
        self.start = time.monotonic()
        self.largest = 0
        self.cap: tuple | None = None  # a trial's limits (states, entries): see OverCap

    def check(self, states: int, letters: int, step: str, entries: int | None = None) -> None:
        """Record an automaton of ``states`` states being built by ``step``, its transitions a
        dense table over ``letters`` letters or ``entries`` stored entries (a diagram: see
        :mod:`.diagram`); raise :class:`AutomatonLimitError` naming its size when it would not fit
        in ``memory`` or the time is up."""
        self.largest = max(self.largest, states)
        entries = states * letters if entries is None else entries
        if self.cap is not None and (states > self.cap[0] or entries > self.cap[1]):
            raise OverCap(step)
        need = entries * BYTES_PER_ENTRY
        if self.memory is not None and need > self.memory:
            raise AutomatonLimitError(
                f"the {step} automaton reached {states} states with {entries} transition entries "
                f"(about {need / 2**20:.1f} MiB of transition tables), over the memory limit of "
                f"{self.memory / 2**20:.1f} MiB (--memory)")
        self.tick(step)

    def tick(self, step: str) -> None:
        """Raise :class:`AutomatonLimitError` when the time limit has passed."""
        if self.timeout is not None and time.monotonic() - self.start > self.timeout:
            raise AutomatonLimitError(
                f"the embedded prover ran out of time ({self.timeout:g} s, --timeout) during "
                f"the {step}; the largest automaton had {self.largest} states")
