"""Issue 22: the commands and the API on the new rules (smoke tests, small boxes): solve, check,
compare, verify (Python side and a CGSuite transcript), discover, sweep, plot, and ``cb.game``.
Expected values: Wythoff's theorem (P-positions (floor(n phi), floor(n phi^2)) and mirrors), the
subtraction game {1, 2, 3} (Grundy value n mod 4), and Nim after the pass (Bouton)."""

from __future__ import annotations

from math import isqrt

import pytest

import cgs_bridge as cb
from cgs_bridge.cli.main import main


def _cli(capsys, *argv) -> tuple:
    try:
        code = main(list(argv))
    except SystemExit as e:
        code = e.code
    out = capsys.readouterr()
    return code, out.out + out.err


def test_check_and_solve(capsys):
    code, out = _cli(capsys, "check", "wythoff", "--bound", "10")
    assert code == 0 and "holds on all 121 positions" in out, out
    code, out = _cli(capsys, "check", "subtraction", "--bound", "20", "--claim", "grundy == x % 3")
    # x mod 4 == x mod 3 exactly when x mod 12 is 0, 1 or 2: 6 of 0..20, so 15 failures
    assert code == 1 and "FAILS at 15 of 21 positions" in out, out
    code, out = _cli(capsys, "solve", "nim_pass", "--bound", "x=2,y=2,z=2,passes=1", "--at", "1,0,0,1")
    assert code == 0 and "(1, 0, 0, 0)" in out, out       # the pass is an option of (1, 0, 0) unused


def test_api_on_wythoff_and_nim_pass():
    s = cb.game("wythoff").solve(bound=12)
    want = set()
    for n in range(13):
        a = (n + isqrt(5 * n * n)) // 2
        want |= {(a, a + n), (a + n, a)}
    assert set(map(tuple, s.p_positions())) == {p for p in want if max(p) <= 12}
    assert all(min(p) == (abs(p[0] - p[1]) + isqrt(5 * (p[0] - p[1]) ** 2)) // 2
               for p in s.winning_moves((5, 4)))
    assert s.check().holds
    p = cb.game("nim_pass").solve(bound={"x": 3, "y": 3, "z": 3, "passes": 1})
    f = p.frame
    used = f[f.passes == 0]
    assert (used.grundy == (used.x ^ used.y ^ used.z)).all()     # Nim once the pass is used


def test_compare_a_transcript_and_a_changed_row(capsys, tmp_path):
    # a CGSuite-style transcript of the subtraction game's table: [x, NimValue], value x mod 4
    good = tmp_path / "sub.out"
    good.write_text("".join(f"[{x},{x % 4}]\n" for x in range(13)))
    code, out = _cli(capsys, "compare", "subtraction", "--bound", "12", "--cgsuite", str(good), "--quiet")
    assert code == 0, out
    bad = tmp_path / "bad.out"
    bad.write_text("".join(f"[{x},{x % 4 if x != 7 else 0}]\n" for x in range(13)))
    code, out = _cli(capsys, "compare", "subtraction", "--bound", "12", "--cgsuite", str(bad))
    assert code == 1 and "7: python 3, cgsuite 0" in out, out  # --quiet would print the verdict alone


def test_discover_finds_the_period_of_the_subtraction_game(capsys):
    code, out = _cli(capsys, "discover", "subtraction", "--bound", "40")  # --quiet: the verdict alone
    assert code == 0 and "x % 4" in out.replace("mod(x, 4)", "x % 4"), out


def test_sweep_over_a_parameter_of_a_game_with_a_pass(capsys, tmp_path):
    spec = tmp_path / "g.game"
    spec.write_text("game g(k: int >= 1 = 2)\n  coordinates x\n  cut x by s in 1..k\n  pass once\n"
                    "  claim \"after the pass: x mod (k + 1)\": passes == 1 or grundy == x % (k + 1)\n")
    out_csv = tmp_path / "sweep.csv"
    code, out = _cli(capsys, "sweep", str(spec), "-p", "k=1,2,3", "--bound", "x=12,passes=1",
                     "-o", str(out_csv), "--quiet")
    assert code == 0, out
    text = out_csv.read_text()
    assert text.count("\n") >= 4 and "holds" in text, text


def test_plot_of_wythoff(capsys, tmp_path):
    fig = tmp_path / "w.png"
    code, out = _cli(capsys, "plot", "wythoff", "--bound", "10", "--kind", "p-positions", "-o", str(fig), "--quiet")
    assert code == 0 and fig.exists() and fig.stat().st_size > 1000, out


def test_verify_python_side_with_a_cgsuite_transcript(capsys, tmp_path, shared):
    runner = shared / "engines" / "cgsuite" / "bin" / "cgsuite-run"
    if not runner.exists():
        pytest.skip("no real CGSuite")
    from cgs_bridge.jobs.generate import emit
    from cgs_bridge.model import catalog
    from cgs_bridge.model.game import Ruleset
    from cgs_bridge.systems.engines import require_success, run
    from solvers import parse_bound
    r = Ruleset(catalog.load("nim_pass"), {})
    box = parse_bound("x=2,y=1,z=2,passes=1", r.coords)
    files = emit(r, box, "cgsuite", False)
    for fn, text in files.items():
        (tmp_path / fn).write_text(text)
    script = next(fn for fn in files if fn.endswith("_table.cgs"))
    res = require_success(run([str(runner), "-cp", str(tmp_path), str(tmp_path / script)], tmp_path,
                              timeout=300, memory=None), "CGSuite")
    (tmp_path / "t.out").write_text(res.stdout)
    code, out = _cli(capsys, "verify", "nim_pass", "--bound", "x=2,y=1,z=2,passes=1", "--cgsuite",
                     str(tmp_path / "t.out"), "--mathematica-engine", "none", "--run-dir", str(tmp_path / "run"),
                     "--quiet")
    assert code == 0 and "agree" in out, out
