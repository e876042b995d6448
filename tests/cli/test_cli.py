"""The command line: outputs, files, exit codes (0 ok, 1 claim/check failed, 2 input error)."""

import subprocess
import sys

import pytest

from cgs_bridge.cli.main import main


def run(*argv, capsys):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_catalog_lists_every_game(capsys):
    code, out, _ = run("catalog", capsys=capsys)
    assert code == 0
    for name in ("rectangular", "step", "strip_step", "floor_ratio", "triangular",
                 "two_inequalities", "two_inequalities_res", "hexagon"):
        assert f"\n{name} (" in "\n" + out
    assert "seed 003" in out


def test_solve_prints_csv_in_lexicographic_order(capsys):
    code, out, _ = run("solve", "triangular", "-p", "k=3", "--bound", "x=2,y=1,z=2", capsys=capsys)
    rows = out.strip().split("\n")
    assert code == 0 and rows[0] == "x,y,z,grundy"
    # values of the real CGSuite transcript repl_session.out (TriChoc(3), x, z <= 2)
    assert rows[1:] == ["0,0,0,0", "0,0,1,1", "0,0,2,2", "1,0,0,1", "1,0,1,0", "1,0,2,3",
                        "1,1,2,4", "2,0,0,2", "2,0,1,3", "2,0,2,0", "2,1,1,4", "2,1,2,1"]


def test_solve_misere_column(capsys):
    code, out, _ = run("solve", "triangular", "--bound", "1", "--misere", capsys=capsys)
    # tri_misere.out: [0,0,0,0,1], [0,0,1,1,0], [1,0,0,1,0], [1,0,1,0,1]
    assert out.split() == ["x,y,z,grundy,misere", "0,0,0,0,1", "0,0,1,1,0", "1,0,0,1,0", "1,0,1,0,1"]


def test_solve_output_file_is_atomic_and_never_overwritten_unasked(tmp_path, capsys):
    target = tmp_path / "t.csv"
    assert run("solve", "step", "--bound", "3", "-o", str(target), capsys=capsys)[0] == 0
    first = target.read_text()
    assert first.startswith("y,z,grundy\n")
    target.write_text("my notes\n")
    code, _, err = run("solve", "step", "--bound", "3", "-o", str(target), capsys=capsys)
    assert code == 2 and "exists" in err and target.read_text() == "my notes\n"
    assert run("solve", "step", "--bound", "3", "-o", str(target), "--force", capsys=capsys)[0] == 0
    assert target.read_text() == first
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_solve_position_detail(capsys):
    code, out, _ = run("solve", "hexagon", "--bound", "2", "--at", "2,1,2,1,2,1", capsys=capsys)
    assert code == 0 and "N-position" in out and "winning move" in out


def test_spec_file_error_exit_2_with_location(tmp_path, capsys):
    bad = tmp_path / "bad.game"
    bad.write_text("game g\n  coordinates x, y\n  require y <= floor(x / )\n")
    code, _, err = run("solve", str(bad), "--bound", "3", capsys=capsys)
    assert code == 2 and f"{bad}:3:" in err and "expected" in err and "Traceback" not in err


def test_check_exit_codes(capsys):
    code, out, _ = run("check", "triangular", "-p", "k=3", "--bound", "8", capsys=capsys)
    assert code == 0 and "holds on all" in out
    # seed 001 Theorem 3.2 assumes Def 3.2 (a) (`halving`), which f = t lacks: not applicable;
    # the same formula stated without the hypothesis fails at (1, 1)
    code, out, _ = run("check", "step", "-p", "f=t", "--bound", "6", "--claim", "grundy == y xor z",
                       capsys=capsys)
    assert code == 1 and "FAILS" in out and "(1, 1): grundy 2" in out
    assert "Theorem 3.2 (seed 001): grundy = y xor z': not applicable" in out
    code, out, _ = run("check", "triangular", "--bound", "6", "--claim", "grundy == x xor y xor z",
                       capsys=capsys)
    assert code == 1 and "--claim grundy == x xor y xor z" in out
    code, out, _ = run("check", "two_inequalities", "-p", "k=3", "-p", "h=0", "--bound", "6", capsys=capsys)
    assert code == 1 and "rules: FAIL" in out


def test_usage_and_input_errors_exit_2(capsys):
    assert run("solve", "nosuchgame", "--bound", "3", capsys=capsys)[0] == 2
    assert run("solve", "triangular", "--bound", "x=3", capsys=capsys)[0] == 2
    assert run("solve", "triangular", "-p", "k=0", "--bound", "3", capsys=capsys)[0] == 2
    code, _, err = run("solve", "triangular", "--bound", "100000", capsys=capsys)
    assert code == 2 and "largest bound that fits" in err
    with pytest.raises(SystemExit) as e:
        main(["solve"])
    assert e.value.code == 2


def test_console_script_runs():
    out = subprocess.run([sys.executable, "-m", "cgs_bridge.cli.main", "solve", "nim", "--bound", "2"],
                         capture_output=True, text=True, check=True).stdout
    assert out == "x,grundy\n0,0\n1,1\n2,2\n"
