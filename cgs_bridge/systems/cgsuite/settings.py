"""CGSuite's settings (issue 45: a system's settings live in its folder): the environment variable
naming the command that starts its REPL, declared to :mod:`cgs_bridge.foundation.config` (the one
module that reads the environment), and the variable of the tests' real CGSuite."""

from __future__ import annotations

from cgs_bridge.foundation import config

#: Command that starts the CGSuite 2.x REPL for ``cgs-bridge verify``.
CGSUITE_CMD = "CGS_BRIDGE_CGSUITE_CMD"

config.declare(
    config.Variable(CGSUITE_CMD, "command starting the CGSuite 2.x REPL (the run folder is appended "
                    "to its class path)", "none: --cgsuite-cmd is then required",
                    "cgs_bridge.systems.cgsuite.runner"),
    tests={"CGS_BRIDGE_CGSUITE_HOME": "the real CGSuite of the tests (tests/realcgsuite.py): a folder with "
                                      "bin/cgsuite-run and bin/cgsuite-repl, or a CGSuite jar (default "
                                      "../shared/engines/cgsuite)"})
