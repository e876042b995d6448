"""Hostile or malformed input never shows a traceback (issue 10): each case exits 2 with a
message saying what is wrong and where. Expected messages are the documented rules (README:
the spec language, claims format, exit codes), not output copied from the code."""


import pytest

from cgs_bridge.cli import main as cli_main
from cgs_bridge.cli.main import main


def _run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    assert "Traceback" not in out.err
    return code, out.err


@pytest.mark.parametrize("command", [["solve", "step", "--bound", "3"],
                                     ["generate", "step", "--bound", "3", "-o", "OUT"],
                                     ["verify", "step", "--bound", "3", "--mathematica-engine", "none"]])
def test_bare_division_in_a_function_parameter(tmp_path, capsys, command):
    argv = [a.replace("OUT", str(tmp_path / "g")) for a in command] + ["-p", "f=t/2"]
    code, err = _run(capsys, *argv)
    assert code == 2 and "-p f: '/' is exact division" in err and "floor(t / 2)" in err


def test_transcript_value_beyond_int64(tmp_path, capsys):
    t = tmp_path / "big.out"
    t.write_text("[0,0,0,0]\n[0,0,1,999999999999999999999999999999]\n")
    code, err = _run(capsys, "compare", "triangular", "--bound", "1", "--cgsuite", str(t))
    assert code == 2 and f"{t}:2" in err and "beyond the 64-bit integers" in err


def test_transcript_from_dev_zero_is_refused_by_size(capsys, monkeypatch):
    import cgs_bridge.foundation.io as io
    monkeypatch.setattr(io, "MAX_INPUT_BYTES", 1 << 20)
    code, err = _run(capsys, "compare", "triangular", "--bound", "1", "--cgsuite", "/dev/zero")
    assert code == 2 and "larger than" in err


@pytest.mark.parametrize("claim, message", [
    ("  - position: [0,0,0]\n    grundy: abc\n", "claim 1: 'grundy' must be an integer, got 'abc'"),
    ("  - position: [0,0,0]\n    outcome: Q\n", "claim 1: 'outcome' must be P or N, got 'Q'"),
    ("  - position: [0,0]\n    outcome: P\n", "claim 1: position (0, 0) has 2 coordinates, the game 3"),
    ("  - p_positions: [[0,0,0], [1,0]]\n", "claim 1: P-position (1, 0) has 2 coordinates, the game 3"),
    ("  - position: [x,0,0]\n    outcome: P\n", "claim 1: 'position' must be an integer"),
])
def test_claims_input_errors(tmp_path, capsys, claim, message):
    f = tmp_path / "c.yaml"
    f.write_text("claims:\n" + claim)
    code, err = _run(capsys, "compare", "triangular", "--bound", "1", "--claims", str(f))
    assert code == 2 and message in err


def test_claims_yaml_aliases_billion_laughs(tmp_path, capsys):
    f = tmp_path / "lol.yaml"
    lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 10)]
    f.write_text("\n".join(lines) + "\nclaims:\n  - p_positions: *a9\n")
    code, err = _run(capsys, "compare", "triangular", "--bound", "1", "--claims", str(f))
    assert code == 2 and f"{f}:2:" in err and "YAML aliases" in err


@pytest.mark.parametrize("run_dir, message", [("/proc/cgsb-no-such/x", "cannot create run folder"),
                                              ("FILE", "exists and is not a folder")])
def test_verify_run_dir_on_proc_or_a_file(tmp_path, capsys, run_dir, message):
    f = tmp_path / "afile"
    f.write_text("mine\n")
    run_dir = run_dir.replace("FILE", str(f))
    code, err = _run(capsys, "verify", "triangular", "--bound", "1", "--mathematica-engine", "none",
                     "--run-dir", run_dir)
    assert code == 2 and message in err and f.read_text() == "mine\n"


def test_unterminated_cgsuite_cmd(tmp_path, capsys):
    code, err = _run(capsys, "verify", "triangular", "--bound", "1", "--mathematica-engine", "none",
                     "--run-dir", str(tmp_path / "r"), "--cgsuite-cmd", '"unterminated')
    assert code == 2 and "--cgsuite-cmd" in err and "No closing quotation" in err
    assert not (tmp_path / "r").exists()


def _spec(tmp_path, expr):
    f = tmp_path / "g.game"
    f.write_text(f"game g\n  coordinates x, y\n  require 0 <= {expr}\n  cut x to t\n  cut y to t\n")
    return f


@pytest.mark.parametrize("expr", ["+".join(["x"] * 200), "-" * 500 + "x"])
def test_deep_expressions_are_refused_with_the_limit(tmp_path, capsys, expr):
    code, err = _run(capsys, "solve", str(_spec(tmp_path, expr)), "--bound", "2")
    assert code == 2 and "g.game:3:" in err and "nested more than 100 levels" in err


def test_a_sum_within_the_limit_still_solves(tmp_path, capsys):
    """90 terms: 0 <= 90 x holds everywhere, so the game is two-heap Nim: grundy = x xor y."""
    code = main(["solve", str(_spec(tmp_path, "+".join(["x"] * 90))), "--bound", "2"])
    out = capsys.readouterr().out.strip().splitlines()
    assert code == 0 and out[0] == "x,y,grundy" and len(out) == 10
    for row in out[1:]:
        x, y, g = map(int, row.split(","))
        assert g == x ^ y


def test_unexpected_exception_is_one_line_exit_2(monkeypatch, capsys):
    import cgs_bridge.cli.catalog as catalog

    def boom(args):
        raise ZeroDivisionError("simulated bug")
    monkeypatch.setattr(catalog, "run", boom)
    parser_func = cli_main.build_parser
    monkeypatch.setattr(cli_main, "build_parser", lambda argv=None: _with_func(parser_func(argv), boom))
    code, err = _run(capsys, "catalog")
    assert code == 2
    assert "internal error (ZeroDivisionError: simulated bug)" in err and "report it" in err
    assert len(err.strip().splitlines()) == 1


def _with_func(parser, func):
    for action in parser._subparsers._group_actions:
        for name, sub in action.choices.items():
            if name == "catalog":
                sub.set_defaults(func=func)
    return parser


def test_endless_cgsuite_output_is_stopped(tmp_path, capsys, monkeypatch):
    from cgs_bridge.systems import engines
    monkeypatch.setattr(engines, "OUTPUT_LIMIT", 1 << 20)
    code, err = _run(capsys, "verify", "triangular", "--bound", "1", "--mathematica-engine", "none",
                     "--run-dir", str(tmp_path / "r"), "--cgsuite-cmd", "yes [0,0,0,0]")
    assert code == 2 and "CGSuite printed more than 1 MiB and was stopped" in err
