"""Walnut's settings (issue 45: a system's settings live in its folder): the environment variable
naming Walnut's folder, declared to :mod:`cgs_bridge.foundation.config` (the one module that reads
the environment)."""

from __future__ import annotations

from cgs_bridge.foundation import config

#: Folder of Walnut 6 (``bin/walnut-run``) for ``cgs-bridge prove``.
WALNUT_HOME = "CGS_BRIDGE_WALNUT_HOME"

config.declare(config.Variable(WALNUT_HOME, "folder of Walnut 6 (bin/walnut-run, lib/walnut.jar) for prove",
                               "none: ../shared/engines/walnut when there, else the embedded prover",
                               "cgs_bridge.systems.walnut.runner"))
