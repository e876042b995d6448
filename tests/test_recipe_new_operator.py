"""The recipe docs/recipes/new-operator.md, followed in a scratch copy: ONE row added to the
operator table (a builtin ``sgn``: its meaning) plus its spelling in each printer's table (the
spec language, CGScript, Wolfram Language) is all a game needs to use it: it parses, checks, is
solved by the reference solver and the numba kernel, and prints as CGScript (run by the project's
CGScript interpreter, proven against the real CGSuite) and Wolfram Language (run in Mathics3 when
installed). Expected values: an independent mex calculation in this file."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from paths import ROOT

ROW = '''    Op("sgn", "builtin", "sign of n: -1, 0 or 1", arity=(1, 1),
       python=lambda n: max(min(n, 1), -1), kernel="max(min({0}, 1), -1)",
       bound=lambda a: 1, monotone=True),
'''

#: The spelling of ``sgn`` in each printer's table: (file, the table's first line, the entry).
SPELLINGS = [
    ("cgs_bridge/language/spec_printer.py", "    SPELLINGS = {\n", '        "sgn": "sgn",\n'),
    ("cgs_bridge/systems/cgsuite/spelling.py", "SPELLINGS = {\n", '    "sgn": "Max([Min([{args}, 1]), -1])",\n'),
    ("cgs_bridge/systems/mathematica/spelling.py", "SPELLINGS = {\n", '    "sgn": "Sign[{args}]",\n'),
]

SPEC = """game signs
  title "the recipe's builtin sgn"
  coordinates x, y
  require y <= x + sgn(x - 2) + 1
  cut x to t: y = min(y, t + sgn(t - 2) + 1)
  cut y to t
"""

BOUND = 6

SCRIPT = r'''
import json, sys
import cgs_bridge as cb
from cgs_bridge.jobs.generate import emit
from cgs_bridge.language.spec_printer import expr_text

g = cb.game_from_text(open(sys.argv[1]).read())
r = g.ruleset
out = {"require": expr_text(r.game.requires[0].expr)}
for method in ("reference", "fast"):
    s = g.solve(int(sys.argv[2]), method=method)
    n = int(sys.argv[2])
    out[method] = {f"{x},{y}": s.value((x, y)) for x in range(n + 1) for y in range(n + 1)
                   if g.is_valid((x, y))}
    out[method + "_fallback"] = s.solution.stats.fallback
    box = s.box
cgs = emit(r, box, "cgsuite")
out["cgscript_text"] = next(t for n, t in cgs.items() if not n.endswith("_table.cgs"))
wl = emit(r, box, "mathematica")
out["wl_name"], out["wl_text"] = next(iter(wl.items()))
print(json.dumps(out))
'''


def _sgn(n):
    return (n > 0) - (n < 0)


def _expected(bound):
    """Grundy values of the recipe's game by its definition (mex over the options)."""
    valid = lambda x, y: y <= x + _sgn(x - 2) + 1  # noqa: E731
    g = {}
    for x in range(bound + 1):
        for y in range(bound + 1):
            if not valid(x, y):
                continue
            opts = {g[(t, min(y, t + _sgn(t - 2) + 1))] for t in range(x)}
            opts |= {g[(x, t)] for t in range(y)}
            g[(x, y)] = next(v for v in range(len(opts) + 1) if v not in opts)
    return {f"{x},{y}": v for (x, y), v in g.items()}


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    root = tmp_path_factory.mktemp("recipe_op")
    for pkg in ("cgs_bridge", "solvers"):
        shutil.copytree(ROOT / pkg, root / pkg, ignore=shutil.ignore_patterns("__pycache__"))
    table = root / "cgs_bridge" / "language" / "operators.py"
    text = table.read_text(encoding="utf-8")
    end = "\n)\n\n#: name -> row"
    assert text.count(end) == 1, "the recipe's anchor (end of OPS) moved"
    table.write_text(text.replace(end, "\n" + ROW.rstrip("\n") + end), encoding="utf-8")
    for path, anchor, entry in SPELLINGS:
        printer = root / path
        text = printer.read_text(encoding="utf-8")
        assert text.count(anchor) == 1, f"the recipe's anchor in {path} moved"
        printer.write_text(text.replace(anchor, anchor + entry), encoding="utf-8")
    spec = root / "signs.game"
    spec.write_text(SPEC, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(root), "NUMBA_CACHE_DIR": str(root / "numba")}
    res = subprocess.run([sys.executable, "-c", SCRIPT, str(spec), str(BOUND)], cwd=root, env=env, check=False,
                         capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, res.stderr[-3000:]
    return root, json.loads(res.stdout.strip().splitlines()[-1])


def test_the_row_is_all_it_takes_python(scratch):
    _, out = scratch
    want = _expected(BOUND)
    assert out["require"] == "y <= x + sgn(x - 2) + 1"          # the spec printer round-trips it
    assert out["reference"] == want
    assert out["fast"] == want and out["fast_fallback"] is None   # the numba kernel itself ran


def test_the_row_is_all_it_takes_cgscript(scratch):
    """The emitted class, run by the project's CGScript interpreter: its IsValid and its options
    give, by the mex, the expected values."""
    from cgscript_interp import Interpreter
    _, out = scratch
    assert "Max([Min([x - 2, 1]), -1])" in out["cgscript_text"]
    it = Interpreter(out["cgscript_text"], "Signs.cgs")
    r = it.ruleset()
    got = {}
    for x in range(BOUND + 1):
        for y in range(BOUND + 1):
            if it.call_method(r, "IsValid", [x, y]):
                opts = {got[f"{a},{b}"] for a, b in it.options(r, (x, y))}
                got[f"{x},{y}"] = next(v for v in range(len(opts) + 1) if v not in opts)
    assert got == _expected(BOUND)


@pytest.mark.mathics
def test_the_row_is_all_it_takes_wolfram_language(scratch):
    root, out = scratch
    assert "Sign[x - 2]" in out["wl_text"]
    from cgs_bridge.systems.mathematica.runner import mathics_command
    cmd = mathics_command()
    if cmd is None:
        pytest.skip("Mathics3 not installed")
    run_dir = root / "wl"
    run_dir.mkdir()
    (run_dir / out["wl_name"]).write_text(out["wl_text"], encoding="utf-8")
    res = subprocess.run(cmd + [out["wl_name"]], check=False, cwd=run_dir, capture_output=True, text=True, timeout=600)
    csv = [p for p in run_dir.iterdir() if p.suffix == ".csv"]
    assert csv, res.stdout[-2000:] + res.stderr[-2000:]
    rows = csv[0].read_text().splitlines()
    got = {f"{a},{b}": int(v) for a, b, v in (r.split(",") for r in rows[1:])}
    assert got == _expected(BOUND)
