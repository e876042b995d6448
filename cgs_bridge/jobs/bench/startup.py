"""The ``startup`` case of ``cgs-bridge bench``: how long a command takes to start and answer,
against the bare interpreter (``python -c pass``) in the same run (issue 35: a command a
researcher calls in a loop answers in well under a second; target: at most
:data:`TARGET_SECONDS` above the bare interpreter).

Each command runs as a fresh ``python -m cgs_bridge.cli.main`` process, :data:`REPEATS` times; the
case keeps the least wall time and the least processor time (user + system of the child, which a
machine busy with other work inflates far less than wall time) of each. Benchmarks are not tests:
nothing here asserts a time; the case reports each command's exit code with its times.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

#: Issue 35: each command starts at most this many seconds above ``python -c pass``.
TARGET_SECONDS = 0.5
#: Runs per command (the least time of them is kept).
REPEATS = 5
#: The commands timed: ``(label, arguments of cgs-bridge)``.
COMMANDS = (
    ("--help", ["--help"]),
    ("catalog", ["catalog"]),
    ("check --bound 3", ["check", "triangular", "-p", "k=3", "--bound", "3"]),
)


def _time(argv: list, env: dict) -> tuple:
    """``(wall seconds, processor seconds, exit code)`` of one run of ``argv``."""
    before = os.times()
    start = time.perf_counter()
    rc = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                        check=False).returncode
    wall = time.perf_counter() - start
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return wall, cpu, rc


def startup_case(repeats: int = REPEATS) -> list:
    """Time the bare interpreter and each of :data:`COMMANDS`, interleaved, ``repeats`` times.

    Returns:
        one dict per command, the bare interpreter first: ``{"label", "wall", "cpu", "rc",
        "over_wall", "over_cpu", "met"}``: least wall and processor seconds, the exit code of the
        last run, the excess over the bare interpreter of each, and whether the processor-time
        excess is within :data:`TARGET_SECONDS` (None for the interpreter itself).
    """
    env = dict(os.environ)
    runs = [("python -c pass", [sys.executable, "-c", "pass"])]
    runs += [(label, [sys.executable, "-m", "cgs_bridge.cli.main", *args]) for label, args in COMMANDS]
    best: dict = {label: [float("inf"), float("inf"), 0] for label, _ in runs}
    for _ in range(max(1, repeats)):
        for label, argv in runs:
            wall, cpu, rc = _time(argv, env)
            b = best[label]
            best[label] = [min(b[0], wall), min(b[1], cpu), rc]
    bare_wall, bare_cpu, _ = best[runs[0][0]]
    out = []
    for i, (label, _) in enumerate(runs):
        wall, cpu, rc = best[label]
        over_wall, over_cpu = wall - bare_wall, cpu - bare_cpu
        out.append({"label": label, "wall": wall, "cpu": cpu, "rc": rc, "over_wall": over_wall,
                    "over_cpu": over_cpu, "met": None if i == 0 else over_cpu <= TARGET_SECONDS})
    return out
