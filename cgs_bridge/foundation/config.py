"""Every environment variable cgs_bridge reads, in one place (the README's "Configuration" table
lists the same names).

Code reads a variable only through :func:`get` with one of the names below; a test checks that no
other module reads ``os.environ`` / ``os.getenv`` and that every name here is in the README.
Passing the environment on to a child process (``engines.run``, the benchmark) is not a read.
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
#: Command that starts the CGSuite 2.x REPL for ``cgs-bridge verify``.
CGSUITE_CMD = "CGS_BRIDGE_CGSUITE_CMD"
#: Folder of Walnut 6 (``bin/walnut-run``) for ``cgs-bridge prove``.
WALNUT_HOME = "CGS_BRIDGE_WALNUT_HOME"
#: Set (to anything) to show the Python traceback of an unexpected internal error.
DEBUG = "CGS_BRIDGE_DEBUG"
#: numba's own machine-code cache directory (read by numba itself, listed for completeness).
NUMBA_CACHE_DIR = "NUMBA_CACHE_DIR"

#: Mathics3's cap on ``$RecursionLimit`` (default 512): set, never read, for every Mathics3 child
#: (:func:`cgs_bridge.systems.mathematica.runner.run_mathematica_file`) to
#: :data:`MATHICS_RECURSION_LIMIT`, the limit the audit prelude asks for (``prelude.wl``); asking
#: above the cap prints ``$RecursionLimit::limset`` and leaves the limit low.
MATHICS_RECURSION = "MATHICS_MAX_RECURSION_DEPTH"
MATHICS_RECURSION_LIMIT = 100000

#: What cgs_bridge sets for the engines it starts (passing on is not a read): name -> value.
CHILD_VARIABLES = {MATHICS_RECURSION: str(MATHICS_RECURSION_LIMIT)}

VARIABLES = {v.name: v for v in (
    Variable(MAX_MEMORY, "memory budget of one solve, in bytes (an integer)",
             "MemAvailable of /proc/meminfo, else 4 GiB", "solvers.box.available_memory"),
    Variable(MAX_WORK, "largest estimated number of option tries of one solve (points x options "
             "of the general move rules per position); 0: no limit", "2000000000", "solvers.work.max_work"),
    Variable(KERNEL_CACHE, "directory of the generated fast-kernel modules",
             "$XDG_CACHE_HOME/cgs_bridge/kernels", "solvers.kcache.cache_dir"),
    Variable(XDG_CACHE_HOME, "base directory of user caches", "~/.cache",
             "solvers.kcache.cache_dir, cgs_bridge.language.parser"),
    Variable(CGSUITE_CMD, "command starting the CGSuite 2.x REPL (the run folder is appended "
             "to its class path)", "none: --cgsuite-cmd is then required", "cgs_bridge.jobs.verify"),
    Variable(WALNUT_HOME, "folder of Walnut 6 (bin/walnut-run, lib/walnut.jar) for prove",
             "none: ../shared/engines/walnut when there, else the embedded prover",
             "cgs_bridge.systems.walnut.runner"),
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
    "CGS_BRIDGE_CGSUITE_HOME": "the real CGSuite of the tests (tests/realcgsuite.py): a folder with "
                               "bin/cgsuite-run and bin/cgsuite-repl, or a CGSuite jar (default "
                               "../shared/engines/cgsuite)",
}


def get(name: str) -> str | None:
    """The value of the environment variable ``name`` (None when unset).

    Raises:
        KeyError: ``name`` is not documented in :data:`VARIABLES` (a programming error).
    """
    if name not in VARIABLES:
        raise KeyError(f"environment variable {name} is not documented in cgs_bridge.foundation.config")
    return os.environ.get(name)


__all__ = ["VARIABLES", "TEST_VARIABLES", "Variable", "get", "MAX_MEMORY", "MAX_WORK", "KERNEL_CACHE",
           "XDG_CACHE_HOME", "CGSUITE_CMD", "WALNUT_HOME", "NUMBA_CACHE_DIR", "MATHICS_RECURSION",
           "MATHICS_RECURSION_LIMIT", "CHILD_VARIABLES"]
