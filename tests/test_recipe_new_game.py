"""docs/recipes/new-game.md followed in a scratch copy of the package: the recipe's game file is
the one new file; the catalog lists it, ``check`` finds its claim true (Winning Ways, ch. 4: the
subtraction game S = {1, 2} has Grundy value x mod 3, recomputed here by a plain mex recursion),
and ``generate`` emits both systems' programs for it."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import textwrap

import paths

RECIPE = paths.ROOT / "docs" / "recipes" / "new-game.md"


def _game_text() -> str:
    block = re.search(r"```\n( *game .*?)\n *```", RECIPE.read_text(encoding="utf-8"), re.S).group(1)
    return textwrap.dedent(block) + "\n"


def _cli(tmp_path, *argv):
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    return subprocess.run([sys.executable, "-m", "cgs_bridge.cli.main", *argv], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)


def _mex_values(n: int) -> list:
    g = []
    for x in range(n + 1):
        opts = {g[x - s] for s in (1, 2) if x - s >= 0}
        g.append(next(v for v in range(3) if v not in opts))
    return g


def test_a_new_game_is_one_file(tmp_path):
    for top in ("cgs_bridge", "solvers"):
        shutil.copytree(paths.ROOT / top, tmp_path / top, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    (tmp_path / "cgs_bridge" / "model" / "catalog" / "subtraction_12.game").write_text(_game_text(), encoding="utf-8")

    listed = _cli(tmp_path, "catalog")
    assert listed.returncode == 0, listed.stderr
    assert "subtraction_12 (x)" in listed.stdout

    checked = _cli(tmp_path, "check", "subtraction_12", "--bound", "20")
    assert checked.returncode == 0, checked.stderr
    assert "holds on all 21 positions" in checked.stdout

    solved = _cli(tmp_path, "solve", "subtraction_12", "--bound", "20", "--format", "csv")
    assert solved.returncode == 0, solved.stderr
    rows = [ln.split(",") for ln in solved.stdout.strip().splitlines()[1:]]
    assert [int(r[-1]) for r in rows] == _mex_values(20)

    out = tmp_path / "emitted"
    emitted = _cli(tmp_path, "generate", "subtraction_12", "--bound", "9", "-o", str(out))
    assert emitted.returncode == 0, emitted.stderr
    names = sorted(p.name for p in out.iterdir())
    assert "Subtraction12.cgs" in names and any(n.endswith(".wl") for n in names)
