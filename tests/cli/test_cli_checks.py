"""The command line checks before it works (issue 23): inputs and options checked before any engine
starts, no abbreviated long options, the same ``-o`` rule for folders, ``--quiet`` printing only the
verdict, messages that say why; and claims with hypotheses on function parameters.

Expected values: seed 001 Definition 3.2 (a) and Lemmas 3.1/3.2 (floor(t/2^k) and
2^(floor(log2 t) - 1) satisfy it), Theorem 3.1 (strip + step bar: P iff x xor y xor z = 0 under
that hypothesis); the witness for f(t) = t worked by hand: z = 0, z' = 1 share floor(z/2) = 0 but
f(0) = 0 != f(1) = 1.
"""

from __future__ import annotations

import time

import pytest
from conftest import ROOT

import cgs_bridge as cb
from cgs_bridge.cli.main import main
from cgs_bridge.foundation.errors import SpecError
from solvers import Box, function_property_fails

EX = ROOT / "examples"


def run(capsys, *argv):
    code = main(list(argv))
    cap = capsys.readouterr()
    return code, cap.out, cap.err


@pytest.mark.parametrize("f, has", [("floor(t/2)", True), ("floor(t/4)", True), ("floor(t/8)", True),
                                    ("if t < 2 then 0 else 2^(floor(log2(t)) - 1)", True),
                                    ("t", False), ("floor(t/3)", False), ("floor(t/2) + 1", False)])
def test_halving_property_as_seed_001_defines_it(f, has):
    g = cb.game("step", f=f)
    why = function_property_fails(g.ruleset, "f", "halving", Box(("y", "z"), (40, 100)))
    assert (why is None) == has, why


def test_theorem_outside_its_hypothesis_is_not_applicable(capsys):
    code, out, _ = run(capsys, "check", "strip_step", "-p", "f=t", "--bound", "10")
    assert code == 0
    assert "Theorem 3.1" in out and "not applicable" in out and "FAILS" not in out
    assert "floor(0/2^1) = floor(1/2^1)" in out  # the witness
    code, out, _ = run(capsys, "check", "strip_step", "-p", "f=if t < 2 then 0 else 2^(floor(log2(t)) - 1)",
                       "--bound", "12")
    assert code == 0 and "holds on all" in out


def test_hypothesis_syntax_and_errors():
    spec = """game g(f: nondecreasing nonnegative function = floor(t / 2), k: int >= 1 = 1)
  coordinates y, z
  require y <= f(z)
  cut y to t
  cut z to t: y = min(y, f(t))
  claim "a" when f satisfies halving and k == 1: grundy == y xor z
  claim "b" when f satisfies nondecreasing, halving: grundy == y xor z
"""
    s = cb.game_from_text(spec, f="t").solve(bound={"y": 6, "z": 6})
    r = s.check()
    assert [c.status for c in r.claims] == ["not applicable", "not applicable"]
    assert "not halving" in repr(r)
    s = cb.game_from_text(spec, k=2).solve(bound={"y": 6, "z": 12})
    assert [c.status for c in s.check().claims] == ["not applicable", "holds"]  # k == 1 is false
    rules = cb.game_from_text(spec)._repr_html_()  # the notebook shows the hypothesis as written
    assert "when f satisfies halving and k == 1:" in rules and "when f satisfies nondecreasing, halving:" in rules
    with pytest.raises(SpecError, match="function parameter"):
        cb.game_from_text(spec.replace("when f satisfies halving and", "when k satisfies halving and"))


def test_no_abbreviated_long_options(capsys):
    # --time is not --timeout (and --claim is not --claims FILE: every command that takes claims
    # has both, tests/cli/test_claim_options.py): a usage error before any engine runs
    t0 = time.monotonic()
    with pytest.raises(SystemExit) as e:
        main(["verify", "triangular", "--bound", "2", "--time", "5"])
    assert e.value.code == 2 and "unrecognized arguments: --time" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["check", "triangular", "--bound", "2", "--lim", "3"])
    assert time.monotonic() - t0 < 30


def test_inputs_checked_before_any_engine(tmp_path, capsys, monkeypatch):
    from cgs_bridge.systems.mathematica import runner as engines
    monkeypatch.setattr(engines, "mathics_command", lambda: pytest.fail("an engine was started"))
    run_dir = tmp_path / "run"
    code, _, err = run(capsys, "verify", "triangular", "--bound", "2", "--run-dir", str(run_dir),
                       "--cgsuite", str(tmp_path / "missing.out"))
    assert code == 2 and "missing.out: no such file" in err and not run_dir.exists()
    code, _, err = run(capsys, "verify", "triangular", "--bound", "2", "--run-dir", str(run_dir),
                       "--cgsuite-cmd", "no-such-program --flag")
    assert code == 2 and "no-such-program is not an executable program" in err and not run_dir.exists()
    code, _, err = run(capsys, "compare", "triangular", "--bound", "2", "--claims", str(tmp_path))
    assert code == 2 and "is a folder, not a file" in err


def test_output_folder_rule_and_messages(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    edited = str(EX / "triangular_k3_x6_y4_z6_edited.csv")
    args = ["compare", "triangular", "-p", "k=3", "--bound", "x=6,y=4,z=6", "--mathematica", edited,
            "--shown", "1"]
    code, out, _ = run(capsys, *args)
    assert code == 1 and "see comparison.csv" not in out and "-o DIR" in out
    assert not (tmp_path / "comparison.csv").exists()
    code, out, err = run(capsys, *args, "-o", "new/folder")  # created, as generate -o and audit -o do
    assert code == 1 and (tmp_path / "new" / "folder" / "comparison.csv").exists()
    assert "see comparison.csv" in out
    code, out, err = run(capsys, *args, "--quiet")
    # the spec claims (seed 003): Theorem 7.3 holds at k = 3, Conjecture 8.1 (k = 5) does not apply
    assert code == 1 and out == "VERDICT: DIFFERENCES FOUND\nCLAIMS: 1 holds, 1 not applicable\n" and err == ""
    code, _, err = run(capsys, "plot", "sweep.parquet", "--kind", "sweep", "-o", "s.png")
    assert code == 2 and "sweep.parquet: no such file" in err


def test_check_quiet_prints_only_the_verdict(capsys):
    """``--quiet`` on check: one VERDICT line. Theorem 7.3 of seed 003 (k = 4m + 3: P iff
    x xor y xor z = 0) holds for k = 3; the same formula fails for k = 5 (seed 003, Example 8.5)."""
    code, out, _ = run(capsys, "check", "triangular", "-p", "k=3", "--bound", "8", "--quiet")
    assert code == 0 and out.splitlines() == [out.strip()] and out.startswith("VERDICT: rules closed; 1 claims hold, 0 fail")
    code, out, _ = run(capsys, "check", "triangular", "-p", "k=5", "--bound", "8", "--quiet",
                       "--claim", "P iff x xor y xor z == 0")
    assert code == 1 and len(out.strip().splitlines()) == 1 and "1 fail" in out and "failing:" in out
