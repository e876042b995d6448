"""Every environment variable cgs_bridge reads, read in one place (the README's "Configuration"
table lists the same names).

Code reads a variable only through :func:`get` with a name of :data:`VARIABLES`; a test checks that
no other module reads ``os.environ`` / ``os.getenv`` and that every name is in the README. The
variables below are the core's; an outside system's settings (the command that starts CGSuite,
Walnut's folder, ...) live in its folder (``cgs_bridge/systems/<name>/settings.py``), which
declares its :class:`Variable` records here with :func:`declare` when it is imported (issue 45: this
layer names no system). Passing the environment on to a child process (``engines.run``, the
benchmark) is not a read.
"""

from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Variable:
    """One environment variable: what it sets, its default, and the code that reads it."""

    name: str
    meaning: str
    default: str
    read_by: str


#: Bytes of memory one solve may use (the box check refuses larger boxes before allocating).
MAX_MEMORY = "CGS_BRIDGE_MAX_MEMORY"
#: Largest estimated number of option tries of one solve (``solvers.work``; 0: no limit).
MAX_WORK = "CGS_BRIDGE_MAX_WORK"
#: Directory of generated numba kernel modules.
KERNEL_CACHE = "CGS_BRIDGE_KERNEL_CACHE"
#: Base of the default kernel cache directory (XDG Base Directory specification).
XDG_CACHE_HOME = "XDG_CACHE_HOME"
#: Set (to anything) to show the Python traceback of an unexpected internal error.
DEBUG = "CGS_BRIDGE_DEBUG"
#: numba's own machine-code cache directory (read by numba itself, listed for completeness).
NUMBA_CACHE_DIR = "NUMBA_CACHE_DIR"

VARIABLES = {v.name: v for v in (
    Variable(MAX_MEMORY, "memory budget of one solve, in bytes (an integer)",
             "MemAvailable of /proc/meminfo, else 4 GiB", "solvers.box.available_memory"),
    Variable(MAX_WORK, "largest estimated number of option tries of one solve (points x options "
             "of the general move rules per position); 0: no limit", "2000000000", "solvers.work.max_work"),
    Variable(KERNEL_CACHE, "directory of the generated fast-kernel modules",
             "$XDG_CACHE_HOME/cgs_bridge/kernels", "solvers.kcache.cache_dir"),
    Variable(XDG_CACHE_HOME, "base directory of user caches", "~/.cache",
             "solvers.kcache.cache_dir, cgs_bridge.language.parser"),
    Variable(DEBUG, "when set, an unexpected internal error also prints its Python traceback",
             "unset: one line and exit 2", "cgs_bridge.cli.main"),
    Variable(NUMBA_CACHE_DIR, "where numba keeps compiled machine code (read by numba itself)",
             "next to the generated kernel modules", "numba"),
)}

#: Variables read by the test suite only (documented in the README, read in ``tests/``).
TEST_VARIABLES = {
    "CGS_BRIDGE_REGEN_GOLDEN": "1: rewrite the golden files of tests/test_generate.py",
    "CGS_BRIDGE_KERNEL_EXAMPLES": "hypothesis examples per test of tests/test_kernel_properties.py "
                                  "(default 6; pytest -q: 3)",
    "CGS_BRIDGE_MOVES_EXAMPLES": "hypothesis examples of tests/solvers/test_moves_properties.py (default 25, "
                                 "a quarter of them compiled; pytest -q: 8)",
    "CGS_BRIDGE_CLAIM_EXAMPLES": "hypothesis examples of tests/test_claims_compiled.py (default 6)",
    "CGS_BRIDGE_DISCOVER_EXAMPLES": "hypothesis examples of tests/jobs/test_discover_properties.py "
                                    "(default 12; pytest -q: 5)",
    "CGS_BRIDGE_EXAMPLES": "deep: the property tests keep their defaults (CI's second run); otherwise "
                           "pytest -q lowers the numba-compiling ones (tests/conftest.py SUITE_EXAMPLES)",
}


def declare(*variables: Variable, tests: dict | None = None) -> None:
    """Add a system's variables to :data:`VARIABLES` (and its tests' to :data:`TEST_VARIABLES`,
    ``{name: meaning}``), from the system's settings module when it is imported.

    Raises:
        ValueError: a name declared twice with another meaning (a programming error).
    """
    for v in variables:
        if VARIABLES.setdefault(v.name, v) != v:
            raise ValueError(f"environment variable {v.name} is declared twice")
    TEST_VARIABLES.update(tests or {})


def get(name: str) -> str | None:
    """The value of the environment variable ``name`` (None when unset).

    Raises:
        KeyError: ``name`` is not documented in :data:`VARIABLES` (a programming error).
    """
    if name not in VARIABLES:
        raise KeyError(f"environment variable {name} is not documented in cgs_bridge.foundation.config")
    return os.environ.get(name)


__all__ = ["VARIABLES", "TEST_VARIABLES", "Variable", "declare", "get", "MAX_MEMORY", "MAX_WORK",
           "KERNEL_CACHE", "XDG_CACHE_HOME", "NUMBA_CACHE_DIR", "DEBUG"]
