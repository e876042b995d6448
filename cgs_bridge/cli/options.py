"""The range of every numeric option of every command, checked in one place before a command
runs (``cli.main`` calls :func:`check_ranges`): a value such as ``--timeout 1e30`` is refused with
the option's name and range instead of reaching an engine or the operating system's limits.

Type checks (a number, ``> 0``) stay with argparse (:func:`cli.common.positive`); this table adds
the upper (and lower) bounds. ``tests/test_input_limits.py`` checks that every numeric option of
every command has an entry.
"""

from __future__ import annotations

from cgs_bridge.foundation.errors import ParameterError

#: option dest -> (lowest, highest, unit); both ends inclusive. The ``bench`` cases of the systems
#: add their options' ranges when ``bench``'s parser is built (:attr:`BenchCase.ranges
#: <cgs_bridge.systems.base.BenchCase>`).
RANGES = {
    "timeout": (0, 7 * 86400, "seconds"),          # every --timeout: foundation/budget.py's rule
    "memory": (0, 1024, "GiB"),                     # every --memory (GiB): foundation/budget.py's rule
    "max_steps": (1, 10 ** 12, "steps"),            # audit CGScript evaluation
    "hexagon_budget": (0, 86400, "seconds"),        # bench
    "heaps_budget": (0, 86400, "seconds"),          # bench --cases heaps-far
    "sweep_bound": (1, 100_000, ""),                # bench
    "limit": (0, 1_000_000, "counterexamples or formulas"),
    "shown": (0, 1_000_000, "differences"),
    "shift": (0, 1000, ""),                         # discover (run() refuses more than 8)
    "offset": (0, 1000, ""),
    "per_family": (0, 1_000_000, "formulas"),
    "near": (0, 1_000_000, "near misses"),
    "lines": (0, 1_000_000, ""),
    "mod": (1, 1_000_000, ""),                      # plot --mod M
    "workers": (0, 1024, "worker processes"),       # sweep (0: serial)
    "max_states": (1, 100_000, "states"),           # discover --automaton
    "iteration_limit": (20, 10 ** 8, ""),           # audit: $IterationLimit of a run (hints.BOUNDS)
    "recursion_limit": (20, 100_000, ""),           # audit: $RecursionLimit (the prelude's limit)
}


#: Options whose rule is :mod:`cgs_bridge.foundation.budget`'s (the same on every command and in
#: the API): ``--timeout`` more than 0 s and at most a week, ``--memory`` 1 MiB to 1 TiB in GiB.
BUDGET = ("timeout", "memory")


def check_budget(args) -> None:
    """Refuse ``--timeout``/``--memory`` values outside :mod:`cgs_bridge.foundation.budget`'s
    rule, whichever command gives them (issue 46).

    Raises:
        ParameterError: naming the option, the value and the range.
    """
    from cgs_bridge.foundation.budget import GIB, check_memory, check_timeout
    timeout, memory = getattr(args, "timeout", None), getattr(args, "memory", None)
    if isinstance(timeout, (int, float)) and not isinstance(timeout, bool):
        check_timeout(timeout)
    if isinstance(memory, (int, float)) and not isinstance(memory, bool):
        check_memory(memory * GIB, given=memory)


def check_ranges(args) -> None:
    """Refuse a numeric option of ``args`` (an argparse Namespace) outside :data:`RANGES`.

    Raises:
        ParameterError: naming the option, the value and the range.
    """
    check_budget(args)
    for dest, (lo, hi, unit) in RANGES.items():
        v = getattr(args, dest, None)
        if isinstance(v, bool) or not isinstance(v, (int, float)) or dest in BUDGET:
            continue
        if not lo <= v <= hi:  # also false for NaN
            raise ParameterError(f"--{dest.replace('_', '-')} {v:g}: must be between {lo:,} and "
                                 f"{hi:,}{' ' + unit if unit else ''}")


def only_with(args, present: bool, flag: str, dests) -> None:
    """Refuse options that apply only together with ``flag`` when it is absent (``present``
    False): ``dests`` are their argparse destinations; one counts as given when its value is not
    None, False or empty (issue 46: given and ignored is refused, on every command alike).

    Raises:
        ParameterError: naming the first such option and ``flag``.
    """
    if present:
        return
    for dest in dests:
        if getattr(args, dest, None) not in (None, False, [], ()):
            raise ParameterError(f"--{dest.replace('_', '-')} applies only with {flag}; give {flag} "
                                 f"or leave --{dest.replace('_', '-')} out")
