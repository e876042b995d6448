"""The time and memory budget of a run (issue 46, cgs_bridge/foundation/budget.py): one rule for
every ``--timeout``/``--memory``, and a step of this process stopped at its limits with the
limits put back afterwards.

Expected values: the rule as the README states it (more than 0 s and at most a week, 604,800 s;
1 MiB = 2^20 bytes to 1 TiB = 2^40 bytes); setrlimit(2) (a soft ``RLIMIT_AS`` makes a larger
allocation fail, ``MemoryError`` in Python)."""

from __future__ import annotations

import resource
import signal
import time

import pytest

from cgs_bridge.foundation.budget import check_memory, check_timeout, within
from cgs_bridge.foundation.errors import ParameterError


class Stop(Exception):
    pass


@pytest.mark.parametrize("value", [0, -1, float("nan"), float("inf"), 604_801, "10", True])
def test_time_limits_outside_the_rule_are_refused(value):
    with pytest.raises(ParameterError, match="--timeout .*more than 0 and at most 604,800 seconds"):
        check_timeout(value)


@pytest.mark.parametrize("value", [0, 1, (1 << 20) - 1, float("nan"), (1 << 40) + 1])
def test_memory_limits_outside_the_rule_are_refused(value):
    with pytest.raises(ParameterError, match="--memory .*at least 1 MiB .* at most 1 TiB"):
        check_memory(value)


def test_limits_inside_the_rule_are_kept():
    # the planted twin of the refusals: the ends of the ranges are limits
    assert check_timeout(1e-3) == 1e-3 and check_timeout(604_800) == 604_800 and check_timeout(None) is None
    assert check_memory(1 << 20) == 1 << 20 and check_memory(1 << 40) == 1 << 40 and check_memory(None) is None


def test_a_step_past_its_time_is_stopped_and_the_timer_put_back():
    before = signal.getsignal(signal.SIGALRM)
    t0 = time.monotonic()
    with pytest.raises(Stop, match="time"):
        with within(0.3, None, lambda: Stop("time"), lambda: Stop("memory")):
            while True:
                pass
    assert time.monotonic() - t0 < 5
    assert signal.getsignal(signal.SIGALRM) is before and signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    with within(5, None, lambda: Stop("time"), lambda: Stop("memory")):
        total = sum(range(1000))  # the twin: a step within its time ends normally
    assert total == 499500


def test_a_step_past_its_memory_is_stopped_and_the_limit_put_back():
    before = resource.getrlimit(resource.RLIMIT_AS)
    with pytest.raises(Stop, match="memory"):
        with within(None, 32 << 20, lambda: Stop("time"), lambda: Stop("memory")):
            bytearray(256 << 20)
    assert resource.getrlimit(resource.RLIMIT_AS) == before
    assert len(bytearray(256 << 20)) == 256 << 20  # the twin: the same allocation outside the step
