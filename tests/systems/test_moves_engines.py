"""Issue 22: the emitted CGSuite classes and Mathematica programs of the new move rules and the
pass run unchanged in the real CGSuite 2.2 (``../shared/engines/cgsuite/bin/cgsuite-run``) and in
Mathics3, and print the values Python computes (the reference solver, itself checked against
theorems and independent recursions in ``test_moves_pass.py``). One engine start for all programs:
the CGSuite table scripts run as one worksheet, the Mathematica programs from one driver."""

from __future__ import annotations

import re

import pytest
from mathics_batch import run_programs

from cgs_bridge.jobs.generate import emit
from cgs_bridge.model import catalog
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_text
from cgs_bridge.systems.engines import require_success, run
from cgs_bridge.systems.mathematica.files import mathematica_csv_name
from solvers import parse_bound, solve

SPECS = {
    "several_rules": """game several_rules
  coordinates x, y
  cut x to t where t >= x - 2
  cut x to t where t == 0
  cut y to t: x = min(x, t + 1)
  cut y to t where t + t >= y
""",
    "general_move": """game general_move(k: int >= 1 = 2)
  coordinates a, b
  require b <= a + 1
  cut a to t: b = min(b, t + 1)
  move s in 1..k where s <= b and s <= a: a = a - s, b = b - s
  cut b by s in {2, k + 1}
  pass once as unused
""",
    "pass_sum": """game pass_sum
  sum nim[x] + nim[y]
  pass once
""",
}

CASES = [(name, {}, catalog.boxes(name, "engine")[0][1], misere)
         for name, misere in (("wythoff", True), ("subtraction", True), ("maximum_nim", False),
                              ("nim_pass", True), ("step_pass", True))]
CASES += [("maximum_nim", {"f": "floor(t/3) + 1"}, "9", True), ("step_pass", {"f": "t"}, "y=2,z=3,passes=1", False),
          ("several_rules", {}, "4", True), ("general_move", {"k": "3"}, "a=4,b=3,unused=1", True),
          ("pass_sum", {}, "x=3,y=2,passes=1", False)]


def _ruleset(name, params):
    checked = load_text(SPECS[name], f"{name}.game") if name in SPECS else catalog.load(name)
    return Ruleset(checked, params)


def _solved():
    out = []
    for name, params, bound, misere in CASES:
        r = _ruleset(name, params)
        box = parse_bound(bound, r.coords)
        out.append((r, box, misere, solve(r, box, misere, method="reference")))
    return out


def _rows(sol, misere) -> list:
    rows = []
    for p in map(tuple, sol.positions()):
        row = list(p) + [int(sol.grundy[p])] + ([int(sol.misere[p])] if misere else [])
        rows.append(row)
    return rows


def test_real_cgsuite_runs_the_emitted_classes(shared, tmp_path):
    runner = shared / "engines" / "cgsuite" / "bin" / "cgsuite-run"
    if not runner.exists():
        pytest.skip("no real CGSuite in ../shared/engines/cgsuite")
    script, want = [], []
    for k, (r, box, misere, sol) in enumerate(_solved()):
        for fn, text in emit(r, box, "cgsuite", misere).items():
            if fn.endswith("_table.cgs"):
                script.append(f'System.Print("SECTION {k}");\n' + text)
            else:
                (tmp_path / fn).write_text(text, encoding="utf-8")
        want.append(_rows(sol, misere))
    (tmp_path / "all.cgs").write_text("\n".join(script), encoding="utf-8")
    res = require_success(run([str(runner), "-cp", str(tmp_path), str(tmp_path / "all.cgs")], tmp_path,
                              timeout=600, memory=None), "CGSuite run of the emitted classes")
    sections = re.split(r'^"?SECTION (\d+)"?\s*$', res.stdout, flags=re.M)
    got = {int(sections[i]): sections[i + 1] for i in range(1, len(sections), 2)}
    assert sorted(got) == list(range(len(CASES))), res.tail()
    for k, rows in enumerate(want):
        lines = [ln.strip() for ln in got[k].splitlines() if ln.strip()]
        printed = [[int(v) for v in ln[1:-1].split(",")] for ln in lines if re.fullmatch(r"\[-?\d+(,-?\d+)*\]", ln)]
        assert printed == rows, (CASES[k], lines[:8])
        # claims the script could print are checked as the papers do: [] where they hold (the
        # step bar's Theorem 3.2 needs condition (a) of seed 001 Def 3.2, which f = t lacks)
        assert CASES[k][1] or all(ln == "[]" for ln in lines if ln.startswith("[[") or ln == "[]"), (CASES[k], lines)


def test_mathics_runs_the_emitted_programs(tmp_path):
    expected, programs = {}, []
    for r, box, misere, sol in _solved():
        for fn, text in emit(r, box, "mathematica", misere).items():
            (tmp_path / fn).write_text(text, encoding="utf-8")
            programs.append(fn)
        expected[mathematica_csv_name(r, box, misere)] = sol.to_csv_text()
    res, _ = run_programs(tmp_path, programs, "Mathics3 batch")
    for csv, want in expected.items():
        assert (tmp_path / csv).exists(), res.tail()
        assert (tmp_path / csv).read_text(encoding="utf-8") == want, csv
    # the claims printed by the programs, in order, as Python's check finds them: the catalog
    # claims of the new games hold ({}); the step bar's Theorem 3.2 fails for f = t (no condition
    # (a) of seed 001 Def 3.2) exactly where Python's check finds counterexamples
    printed = [ln.strip() for ln in res.stdout.splitlines() if ln.strip().startswith("{")]
    want = []
    for r, box, misere, sol in _solved():
        for c in sol.check_claims(limit=10 ** 6):
            if c.status != "not applicable":
                bad = [q for q, *_ in c.counterexamples]
                want.append("{" + ", ".join("{" + ", ".join(map(str, q)) + "}" for q in bad) + "}")
    assert printed == want and want[:5] == ["{}"] * 5 and want[-1] != "{}", (printed, want)
