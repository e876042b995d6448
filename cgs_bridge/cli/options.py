"""The range of every numeric option of every command, checked in one place before a command
runs (``cli.main`` calls :func:`check_ranges`): a value such as ``--timeout 1e30`` is refused with
the option's name and range instead of reaching an engine or the operating system's limits.

Type checks (a number, ``> 0``) stay with argparse (:func:`cli.common.positive`); this table adds
the upper (and lower) bounds. ``tests/test_input_limits.py`` checks that every numeric option of
every command has an entry.
"""

from __future__ import annotations

from cgs_bridge.foundation.errors import ParameterError

#: option dest -> (lowest, highest, unit); both ends inclusive.
RANGES = {
    "timeout": (0, 7 * 86400, "seconds"),          # verify, audit: one engine run, at most a week
    "memory": (0, 1024, "GB"),                      # audit: address space of one run, at most 1 TiB
    "max_steps": (1, 10 ** 12, "steps"),            # audit CGScript evaluation
    "hexagon_budget": (0, 86400, "seconds"),        # bench
    "heaps_budget": (0, 86400, "seconds"),          # bench --cases heaps-far
    "sweep_bound": (1, 100_000, ""),                # bench
    "mathics_bound": (0, 1000, ""),                 # bench --cases mathics
    "cgsuite_bound": (1, 1000, ""),                 # bench --cases cgsuite
    "verify_bound": (1, 1000, ""),                  # bench --cases verify
    "limit": (0, 1_000_000, "counterexamples or formulas"),
    "shown": (0, 1_000_000, "differences"),
    "shift": (0, 1000, ""),                         # discover (run() refuses more than 8)
    "offset": (0, 1000, ""),
    "per_family": (0, 1_000_000, "formulas"),
    "near": (0, 1_000_000, "near misses"),
    "lines": (0, 1_000_000, ""),
    "mod": (1, 1_000_000, ""),                      # plot --mod M
    "workers": (0, 1024, "worker processes"),       # sweep (0: serial)
}


def check_ranges(args) -> None:
    """Refuse a numeric option of ``args`` (an argparse Namespace) outside :data:`RANGES`.

    Raises:
        ParameterError: naming the option, the value and the range.
    """
    for dest, (lo, hi, unit) in RANGES.items():
        v = getattr(args, dest, None)
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            continue
        if not lo <= v <= hi:  # also false for NaN
            raise ParameterError(f"--{dest.replace('_', '-')} {v:g}: must be between {lo:,} and "
                                 f"{hi:,}{' ' + unit if unit else ''}")
