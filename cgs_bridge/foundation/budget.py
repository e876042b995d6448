"""The time and memory budget of a run (``--timeout``, ``--memory``; issue 46): the one rule every
command and the Python API apply to them, and a step of this process run under them.

The rule (:func:`check_timeout`, :func:`check_memory`): a time limit is more than 0 and at most a
week; a memory limit is at least 1 MiB and at most 1 TiB (``--memory`` is given in GiB, 2^30
bytes). Values outside are refused before any work with the option's name.

:func:`within` runs a step of *this* process (reading a program, the embedded prover) under the
budget: in the main thread of the process a ``SIGALRM`` timer stops it after ``timeout`` seconds
and the soft ``RLIMIT_AS`` lets its address space grow by at most ``memory`` bytes beyond what it
had when the step started (an allocation past it raises ``MemoryError`` there; both limits are
restored afterwards). In another thread (a signal can only be delivered to the main thread, and
an address-space limit would bind every thread of the process) the step runs unbounded: the
callers say so where they use it.
"""

from __future__ import annotations

import contextlib
import resource
import signal
import threading

from .errors import ParameterError

#: The longest time limit (seconds) and the smallest and largest memory limits (bytes).
MAX_SECONDS = 7 * 86400
MIN_MEMORY = 1 << 20
MAX_MEMORY = 1 << 40
GIB = 1 << 30


def check_timeout(seconds, option: str = "--timeout"):
    """``seconds`` when it is a time limit (None: the caller's default).

    Raises:
        ParameterError: not a number, NaN, 0 or less, or more than a week; the message names
            ``option`` and the range.
    """
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 < seconds <= MAX_SECONDS:
        raise ParameterError(f"{_named(option, seconds)}: must be more than 0 and at most "
                             f"{MAX_SECONDS:,} seconds (a week)")
    return seconds


def check_memory(nbytes, option: str = "--memory", given=None):
    """``nbytes`` when it is a memory limit in bytes (None: no limit); ``given``: the value as the
    user wrote it (GiB on the command line), for the message.

    Raises:
        ParameterError: not a number, NaN, below 1 MiB or above 1 TiB; the message names
            ``option`` and the range.
    """
    if nbytes is None:
        return None
    if isinstance(nbytes, bool) or not isinstance(nbytes, (int, float)) or not MIN_MEMORY <= nbytes <= MAX_MEMORY:
        raise ParameterError(f"{_named(option, nbytes if given is None else given)}: must be at least "
                             f"1 MiB (1/1024 GiB) and at most 1 TiB ({MAX_MEMORY // GIB:,} GiB)")
    return int(nbytes)


def _named(option: str, value) -> str:
    """``--timeout 0`` (a command-line option) or ``timeout=0`` (an API keyword)."""
    shown = f"{value:g}" if isinstance(value, float) else repr(value) if isinstance(value, str) else str(value)
    return f"{option}{'' if option.endswith('=') else ' '}{shown}"


class Expired(BaseException):
    """The time limit of :func:`within` passed (a ``BaseException``, as ``KeyboardInterrupt``, so
    that no ``except Exception`` of the step swallows it)."""


_UNSET = object()


def _alarm(signum, frame):
    raise Expired()


def _address_space() -> int:
    """The bytes of address space this process has mapped now (``/proc/self/statm``), or 0."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            return int(f.read().split()[0]) * resource.getpagesize()
    except (OSError, ValueError, IndexError):
        return 0


@contextlib.contextmanager
def within(timeout: float | None, memory: int | None, expired, exhausted):
    """Run the ``with`` body under ``timeout`` seconds and ``memory`` more bytes of address space
    (None: no limit), in the main thread (elsewhere unbounded: module docstring).

    Args:
        expired: ``() -> Exception`` raised when the time limit passes.
        exhausted: ``() -> Exception`` raised when the body runs out of memory (``MemoryError``,
            the address-space limit reached).
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old_handler, old_timer, old_limit = _UNSET, None, None
    try:
        try:
            if memory is not None:
                old_limit = _lower_address_space(memory)
            if timeout is not None:
                old_handler = signal.signal(signal.SIGALRM, _alarm) or signal.SIG_DFL
                old_timer = signal.setitimer(signal.ITIMER_REAL, timeout)
            yield
        finally:
            try:
                if timeout is not None:
                    signal.setitimer(signal.ITIMER_REAL, 0)
            finally:
                _restore(old_limit, old_handler, old_timer)
    except Expired:
        raise expired() from None
    except MemoryError:
        raise exhausted() from None


def _lower_address_space(memory: int):
    """Lower the soft ``RLIMIT_AS`` to the address space mapped now plus ``memory`` (never above
    the soft limit already set); returns the limits to restore."""
    old = resource.getrlimit(resource.RLIMIT_AS)
    now = _address_space()
    if now:
        soft = now + memory
        if old[0] != resource.RLIM_INFINITY:
            soft = min(soft, old[0])
        resource.setrlimit(resource.RLIMIT_AS, (soft, old[1]))
    return old


def _restore(old_limit, old_handler, old_timer) -> None:
    """Put back the address-space limit, the ``SIGALRM`` handler and a timer that was running."""
    if old_limit is not None:
        resource.setrlimit(resource.RLIMIT_AS, old_limit)
    if old_handler is not _UNSET:
        signal.signal(signal.SIGALRM, old_handler)
        if old_timer and old_timer[0]:
            signal.setitimer(signal.ITIMER_REAL, *old_timer)
