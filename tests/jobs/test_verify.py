"""``cgs-bridge verify`` end to end with Mathics3 (the embedded Mathematica engine)."""


import pytest

from cgs_bridge.cli.main import main

import paths

CG = paths.DATA / "cgsuite"


@pytest.mark.mathics
def test_verify_end_to_end_with_mathics_and_a_real_cgsuite_transcript(tmp_path, capsys):
    run = tmp_path / "run"
    code = main(["verify", "triangular", "-p", "k=3", "--bound", "x=6,y=4,z=6", "--run-dir", str(run),
                 "--cgsuite", str(CG / "tri_list.out")])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "mathematica" in out and out.count("agrees with python on every position") == 2
    # Theorem 7.3 of seed 003 (k = 3) holds on the box: the emitted program's check printed {}
    assert "checked 1 claim(s) of the spec as the papers do: 1 printed {} (holds on the box)" in out
    names = {p.name for p in run.iterdir()}
    assert {"comparison.txt", "comparison.csv", "comparison.json", "python.csv", "Triangular.cgs",
            "triangular_k3_x6_y4_z6.wl", "triangular_k3_x6_y4_z6.csv"} <= names
    # the CSV written by Mathics3 equals python's, byte for byte
    assert (run / "triangular_k3_x6_y4_z6.csv").read_text() == (run / "python.csv").read_text()


def test_verify_refuses_a_non_empty_run_dir(tmp_path, capsys):
    (tmp_path / "keep.txt").write_text("mine")
    assert main(["verify", "nim", "--bound", "2", "--run-dir", str(tmp_path),
                 "--mathematica-engine", "none"]) == 2
    assert (tmp_path / "keep.txt").read_text() == "mine"


def test_verify_reports_an_engine_failure_with_its_output(tmp_path, capsys, monkeypatch):
    from cgs_bridge.systems.mathematica import runner as engines
    fake = tmp_path / "mathics"
    fake.write_text("#!/bin/sh\necho 'Syntax::sntxf: boom' ; exit 3\n")
    fake.chmod(0o755)
    monkeypatch.setattr(engines, "mathics_command", lambda: [str(fake)])
    monkeypatch.setattr(engines, "wolframscript_command", lambda: None)
    code = main(["verify", "nim", "--bound", "2", "--run-dir", str(tmp_path / "r")])
    err = capsys.readouterr().err
    assert code == 2 and "failed (exit 3)" in err and "boom" in err


def test_verify_reports_a_time_out(tmp_path, capsys, monkeypatch):
    from cgs_bridge.systems.mathematica import runner as engines
    fake = tmp_path / "mathics"
    fake.write_text("#!/bin/sh\necho started; sleep 30\n")
    fake.chmod(0o755)
    monkeypatch.setattr(engines, "mathics_command", lambda: [str(fake)])
    monkeypatch.setattr(engines, "wolframscript_command", lambda: None)
    code = main(["verify", "nim", "--bound", "2", "--run-dir", str(tmp_path / "r"), "--timeout", "2"])
    err = capsys.readouterr().err
    assert code == 2 and "time limit" in err and "started" in err


def test_verify_with_a_missing_engine_writes_nothing(tmp_path, capsys, monkeypatch):
    from cgs_bridge.systems.mathematica import runner as engines
    monkeypatch.setattr(engines, "wolframscript_command", lambda: None)
    run = tmp_path / "r"
    assert main(["verify", "nim", "--bound", "2", "--run-dir", str(run),
                 "--mathematica-engine", "wolframscript"]) == 2
    assert "wolframscript is not on PATH" in capsys.readouterr().err and not run.exists()


@pytest.mark.mathics
def test_bench_verify_case_times_the_main_job_and_reports_its_verdict(capsys):
    """Not a timing test: the bench's verify case (issue 24's 90 s target at bound 20) runs the
    whole job with Mathics3 and prints the verdict next to the time."""
    bound = 3
    # triangular k=3 (seed 003, Definition 4.3): y <= floor((x + z) / 3), counted here apart
    count = sum(1 for x in range(bound + 1) for y in range(bound + 1) for z in range(bound + 1)
                if y <= (x + z) // 3)
    assert main(["bench", "--cases", "verify", "--verify-bound", str(bound)]) == 0
    out = capsys.readouterr().out
    assert f"verify   triangular k=3 x, y, z <= {bound}: {count:,} positions; whole job " in out
    assert "the 90 s target is set at --verify-bound 20" in out and out.rstrip().endswith("verdict agree")


def test_bench_verify_case_exits_1_when_the_verdict_is_not_agree(capsys, monkeypatch):
    """A fast run that did not agree must not read as a result: DISAGREE and exit 1."""
    from types import SimpleNamespace

    from cgs_bridge.jobs import verify
    fake = SimpleNamespace(agree=False, solution=[None] * 5, timings=[("python solve", 0.1), ("mathics", 2.0)],
                           problems=[], run_dir=None, comparison=SimpleNamespace(write=lambda *a: None))
    monkeypatch.setattr(verify, "run_verify", lambda *a, **k: fake)
    assert main(["bench", "--cases", "verify"]) == 1
    out = capsys.readouterr().out
    assert "5 positions" in out and "(Mathics3 run 2.0 s)" in out and "the 90 s target" in out
    assert out.rstrip().endswith("verdict DISAGREE")
