"""Start-up (issue 35): a command imports only its own module and what it uses. ``--help`` loads
no command module; ``catalog`` loads no solver, numpy, pandas or numba; ``verify`` loads no
discovery, sweep, bench or plotting module (the list is printed by a fresh interpreter after the
command ran, so nothing this test process imported counts); a box of a few positions is solved
by the reference solver (no numba), with the values of an independent recursion; the top-level
help line of each command is the one its own parser declares."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from cgs_bridge.cli.main import COMMANDS, build_parser
from paths import ROOT

PROBE = """
import json, sys
from cgs_bridge.cli.main import main
try:
    rc = main(sys.argv[1:])
except SystemExit as e:
    rc = e.code
print("@@MODULES", json.dumps({"rc": rc, "modules": sorted(sys.modules)}))
"""


def _loaded(args, cwd) -> tuple:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("CGS_BRIDGE_CGSUITE_CMD", None)
    res = subprocess.run([sys.executable, "-c", PROBE, *args], cwd=cwd, env=env, capture_output=True,
                         text=True, timeout=600)
    line = next(ln for ln in res.stdout.splitlines() if ln.startswith("@@MODULES "))
    data = json.loads(line[len("@@MODULES "):])
    return data["rc"], set(data["modules"])


def _ours(modules, *parts) -> list:
    return sorted(m for m in modules if m.startswith(("cgs_bridge", "solvers"))
                  and any(p in m.split(".") for p in parts))


def test_help_loads_no_command_module(tmp_path):
    rc, mods = _loaded(["--help"], tmp_path)
    assert rc == 0
    assert [m for m in mods if m.startswith("cgs_bridge.cli.") and m != "cgs_bridge.cli.main"] == []
    assert not {"numpy", "pandas", "lark"} & mods


def test_catalog_loads_no_solver_and_no_numeric_library(tmp_path):
    rc, mods = _loaded(["catalog"], tmp_path)
    assert rc == 0 and "cgs_bridge.cli.catalog" in mods and "cgs_bridge.cli.verify" not in mods
    assert not {"numpy", "pandas", "numba", "solvers"} & mods


def test_verify_loads_no_discovery_sweep_bench_or_plot_module(tmp_path):
    rc, mods = _loaded(["verify", "nim", "--bound", "3", "--mathematica-engine", "none",
                        "--run-dir", "run", "--quiet"], tmp_path)
    assert rc == 0
    assert "cgs_bridge.jobs.verify" in mods                         # the probe saw the command run
    assert _ours(mods, "discover", "sweep", "bench", "plot", "plot_sweep", "explore") == []
    assert not {"matplotlib", "dask", "distributed"} & mods


def test_the_planted_twin_a_discovery_command_does_load_discovery(tmp_path):
    rc, mods = _loaded(["discover", "nim", "--bound", "6", "--quiet"], tmp_path)
    assert rc in (0, 1)
    assert _ours(mods, "discover")


def test_a_small_box_is_solved_without_numba():
    from cgs_bridge.model import catalog
    from cgs_bridge.model.game import Ruleset
    from solvers import parse_bound, solve
    from solvers.box import SMALL_BOX
    r = Ruleset(catalog.load("rectangular"), {})
    small = solve(r, parse_bound("3", r.coords))        # 64 positions
    assert small.box.size <= SMALL_BOX and small.stats.method == "reference"
    # seed 003 Theorem 3.1: the rectangular bar is three-heap Nim, Grundy value x xor y xor z
    assert all(small.value((x, y, z)) == x ^ y ^ z for x in range(4) for y in range(4) for z in range(4))
    large = solve(r, parse_bound("8", r.coords))        # 729 positions: the kernel
    assert large.box.size > SMALL_BOX and large.stats.method == "fast"


@pytest.mark.parametrize("name", list(COMMANDS))
def test_the_top_level_help_line_is_the_commands_own(name):
    full = build_parser()._subparsers._group_actions[0]
    helps = {a.dest: a.help for a in full._choices_actions}
    assert helps[name] == COMMANDS[name]
    lazy = build_parser([name])._subparsers._group_actions[0]
    assert {a.dest: a.help for a in lazy._choices_actions} == {n: COMMANDS[n] for n in COMMANDS}
