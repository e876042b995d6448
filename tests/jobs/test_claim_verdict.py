"""A failed claim of the spec is a verdict of its own in ``verify`` and ``compare`` (issue 36): a
``CLAIMS:`` line under the cross-check verdict, the claim rows in the report, exit 1; an engine
whose claim check disagrees with Python's is a cross-check difference (kind ``claim``).

Expected values: the two-slope bar y <= floor((2x + 3z) / 4) of the issue, solved in this file by
a plain recursion (mex over the options, written from the rules below), and the nim-sum claim
checked on it here; the planted twin has only a claim that holds (Grundy values are >= 0)."""

from __future__ import annotations

from functools import lru_cache

import pytest

from cgs_bridge.cli.main import main
from cgs_bridge.jobs.compare import compare_sources, engine_claim_checks
from cgs_bridge.model.resolve import box_of, ruleset_of
from cgs_bridge.systems.mathematica.system import _run_checks
from solvers import solve

BAR = """game bar2
  coordinates x, y, z
  require y <= floor((2 * x + 3 * z) / 4)
  cut x to t: y = min(y, floor((2 * t + 3 * z) / 4))
  cut y to t
  cut z to t: y = min(y, floor((2 * x + 3 * t) / 4))
"""
NIM = '  claim "nim": P iff x xor y xor z == 0\n'
TRUE = '  claim "nonnegative": grundy >= 0\n'
B = 4


@lru_cache(maxsize=None)
def grundy(x, y, z):
    lim = lambda a, c: (2 * a + 3 * c) // 4  # noqa: E731
    opts = [(t, min(y, lim(t, z)), z) for t in range(x)] + [(x, t, z) for t in range(y)]
    opts += [(x, min(y, lim(x, t)), t) for t in range(z)]
    values = {grundy(*o) for o in opts}
    return next(m for m in range(len(values) + 1) if m not in values)


def valid():
    return [(x, y, z) for x in range(B + 1) for y in range(B + 1) for z in range(B + 1)
            if y <= (2 * x + 3 * z) // 4]


def nim_failures():
    return sum((grundy(*p) == 0) != (p[0] ^ p[1] ^ p[2] == 0) for p in valid())


@pytest.fixture
def spec(tmp_path):
    def write(*claims):
        path = tmp_path / "bar.game"
        path.write_text(BAR + "".join(claims), encoding="utf-8")
        return str(path)
    return write


def test_a_failing_claim_is_its_own_verdict_with_exit_1(spec, tmp_path, capsys):
    n, bad = len(valid()), nim_failures()
    assert bad > 0  # the recursion's own finding: the nim-sum rule does not carry over
    code = main(["verify", spec(NIM, TRUE), "--bound", str(B), "--run-dir", str(tmp_path / "r"),
                 "--mathematica-engine", "none"])
    out = capsys.readouterr().out
    assert code == 1, out
    assert "VERDICT: all sources agree with python" in out  # the cross-check itself agrees
    assert f"CLAIMS: 1 of 2 FAILS: 'nim' at {bad} of {n} positions" in out
    assert f"FAIL nim: fails at {bad} of {n} positions" in out and f"ok   nonnegative: holds on all {n}" in out
    assert main(["verify", spec(NIM), "--bound", str(B), "--run-dir", str(tmp_path / "q"),
                 "--mathematica-engine", "none", "--quiet"]) == 1
    assert capsys.readouterr().out.splitlines()[-1].startswith("CLAIMS: 1 of 1 FAILS: 'nim'")


def test_planted_twin_with_claims_that_hold_exits_0(spec, tmp_path, capsys):
    code = main(["verify", spec(TRUE), "--bound", str(B), "--run-dir", str(tmp_path / "r"),
                 "--mathematica-engine", "none"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "CLAIMS: 1 holds" in out and "FAIL" not in out


def test_compare_gives_the_claims_verdict_too(spec, tmp_path, capsys):
    table = tmp_path / "py.csv"
    assert main(["solve", spec(NIM), "--bound", str(B), "-o", str(table)]) == 0
    capsys.readouterr()
    assert main(["compare", spec(NIM), "--bound", str(B), "--mathematica", str(table)]) == 1
    assert f"CLAIMS: 1 of 1 FAILS: 'nim' at {nim_failures()}" in capsys.readouterr().out


def _comparison(path):
    r = ruleset_of(path, {})
    return compare_sources(r, solve(r, box_of(r, str(B))), sources={})


def test_an_engine_disagreeing_about_a_claim_is_a_cross_check_difference(spec):
    bad = nim_failures()
    comp = _comparison(spec(NIM, TRUE))
    engine_claim_checks(comp, "mathematica", [(80, bad), (81, 0)])  # what the recursion finds
    assert comp.agree and not comp.sides[0].differences
    comp = _comparison(spec(NIM, TRUE))
    engine_claim_checks(comp, "mathematica", [(80, bad - 1), (81, 0)])  # planted: one missed
    (d,) = comp.sides[0].differences
    assert not comp.agree and comp.exit_code == 1 and d.kind == "claim"
    assert d.describe() == f"claim 'nim': python finds {bad} failing position(s), mathematica {bad - 1} [line 80]"


def test_mathematica_claim_checks_are_read_from_the_log_even_when_wrapped(tmp_path):
    (tmp_path / "mathics.log").write_text("wrote 78 positions to bar.csv\n{{1, 1, 2}, {2, 1, 1},\n {2, 1, 3}}\n{}\n",
                                          encoding="utf-8")
    assert _run_checks("mathics", {}, tmp_path) == [(2, 3), (4, 0)]


def test_the_notebook_view_of_a_comparison_shows_the_claim_rows(spec):
    comp = _comparison(spec(NIM, TRUE))
    page = comp._repr_html_()
    assert 'id="claims-verdict"' in page and "CLAIMS: 1 of 2 FAILS" in page
    assert "<td>nim</td>" in page and "<td>nonnegative</td>" in page and f"holds on all {len(valid())}" in page
    assert 'id="claims-verdict"' not in _comparison(spec())._repr_html_()  # twin: a spec without claims
