"""docs/recipes/new-result.md followed in a scratch copy of the package: the recipe's own code
blocks become ``cgs_bridge/jobs/toy.py`` and a section of ``cgs_bridge/presentation/results.py``;
``str()``, the notebook HTML, the report, the exit code and the frame then work through the
result protocol, and the copy still follows the layers."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys

import test_layers

import paths

RECIPE = paths.ROOT / "docs" / "recipes" / "new-result.md"

PROBE = """
import json
import cgs_bridge
from cgs_bridge.foundation.results import render
from cgs_bridge.jobs.toy import ToyResult
ok, bad = ToyResult("nim"), ToyResult("nim", [(1, 2), (3, 4)])
print(json.dumps({
    "where": cgs_bridge.__file__,
    "str": str(bad), "repr": repr(bad),
    "report": render(bad, "report"), "html": bad._repr_html_(),
    "codes": [ok.exit_code, bad.exit_code], "verdicts": [ok.verdict(), bad.verdict()],
    "rows": len(bad.frame),
}))
"""


def _blocks() -> list:
    return re.findall(r"```python\n(.*?)```", RECIPE.read_text(encoding="utf-8"), re.S)


def _scratch(tmp_path, renderers: bool = True):
    for top in ("cgs_bridge", "solvers"):
        shutil.copytree(paths.ROOT / top, tmp_path / top,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    result_block, renderer_block = _blocks()[:2]
    (tmp_path / "cgs_bridge" / "jobs" / "toy.py").write_text(result_block, encoding="utf-8")
    if renderers:
        target = tmp_path / "cgs_bridge" / "presentation" / "results.py"
        target.write_text(target.read_text(encoding="utf-8") + "\n\n" + renderer_block, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    return subprocess.run([sys.executable, "-c", PROBE], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=120)


def test_the_recipe_plugs_a_new_result_into_the_protocol(tmp_path):
    run = _scratch(tmp_path)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["where"].startswith(str(tmp_path))          # the copy ran, not the installed package
    assert out["codes"] == [0, 1] and out["verdicts"] == ["holds", "FAILS at 2 positions"]
    assert out["str"] == out["repr"] and "ToyResult(" in out["str"]
    assert out["report"] == "nim: FAILS at 2 positions\n"
    assert out["html"] == "<pre>nim: FAILS at 2 positions\n</pre>"
    assert out["rows"] == 2
    for path in (tmp_path / "cgs_bridge" / "jobs" / "toy.py", tmp_path / "cgs_bridge" / "presentation" / "results.py"):
        module = ".".join(path.relative_to(tmp_path).with_suffix("").parts)
        assert test_layers.violations(module, path.read_text(encoding="utf-8")) == []


def test_without_the_renderers_the_protocol_says_what_is_missing(tmp_path):
    """Step 2 left out: the report and the HTML fail with a message naming the type and the recipe."""
    run = _scratch(tmp_path, renderers=False)
    assert run.returncode != 0
    assert "no 'report' renderer is registered for cgs_bridge.jobs.toy.ToyResult" in run.stderr
    assert "new-result.md" in run.stderr
