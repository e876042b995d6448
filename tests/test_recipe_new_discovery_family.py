"""docs/recipes/new-discovery-family.md followed in a scratch copy of the package: the recipe's
row, added to the registry, is the whole change; ``discover --families allxor`` then searches it
and finds three-heap Nim's characterisation on ``rectangular`` (seed 003, Theorem 3.1:
grundy == x xor y xor z)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

import paths

RECIPE = paths.ROOT / "docs" / "recipes" / "new-discovery-family.md"


def test_a_new_family_is_one_registry_row(tmp_path):
    for top in ("cgs_bridge", "solvers"):
        shutil.copytree(paths.ROOT / top, tmp_path / top, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    row = re.search(r"```python\n(.*?)```", RECIPE.read_text(encoding="utf-8"), re.S).group(1)
    families = tmp_path / "cgs_bridge" / "jobs" / "discover" / "families.py"
    text = families.read_text(encoding="utf-8")
    end = text.index(")}\n", text.index("REGISTRY = {f.name: f for f in ("))
    families.write_text(text[:end] + row + text[end:], encoding="utf-8")

    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    run = subprocess.run([sys.executable, "-m", "cgs_bridge.cli.main", "discover", "rectangular", "--bound", "10",
                          "--families", "allxor"], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr
    assert "searched: grundy == nim-sum of every coordinate" in run.stdout
    assert "grundy == x xor y xor z" in run.stdout
