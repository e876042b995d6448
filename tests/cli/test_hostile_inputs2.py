"""No hangs and the smaller input/output rules of issue 10, each as exit code and message.
Expected values: the stated limits (powers 4096 bits, searches 10^7 values), POSIX file types and
umask semantics, and the spec language's spelling of its tokens (README)."""

import os
import stat

import pytest

from cgs_bridge.cli.main import main

import paths


def _run(capsys, *argv):
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    assert "Traceback" not in out.err
    return code, out.out, out.err


def _spec(tmp_path, body, name="g.game"):
    f = tmp_path / name
    f.write_text("game g\n  coordinates x, y\n" + body)
    return f


def test_huge_power_in_a_spec_is_refused(tmp_path, capsys):
    f = _spec(tmp_path, "  require y <= 2 ^ 10 ^ 10\n  cut x to t\n  cut y to t\n")
    code, _, err = _run(capsys, "solve", f, "--bound", "2", "--method", "reference")
    assert code == 2 and "has more than 4096 bits" in err


def test_huge_power_in_a_claim_is_refused(capsys):
    code, _, err = _run(capsys, "check", "triangular", "--bound", "2", "--claim", "grundy == 2^10^10")
    assert code == 2 and "has more than 4096 bits" in err


def test_unbounded_search_work_is_refused(tmp_path, capsys):
    f = _spec(tmp_path, "  def h(n) = max m in 0..10^18 with m <= n\n  require y <= h(x)\n"
                        "  cut x to t: y = min(y, t)\n  cut y to t\n")
    code, _, err = _run(capsys, "solve", f, "--bound", "2", "--method", "reference")
    assert code == 2 and "1,000,000,000,000,000,001 values" in err and "at most 10,000,000" in err


@pytest.mark.parametrize("target", ["/dev/stdout", "/dev/null", "FIFO"])
def test_output_that_is_not_a_regular_file_is_never_read_or_replaced(tmp_path, capsys, target):
    if target == "FIFO":
        target = tmp_path / "fifo"
        os.mkfifo(target)
    code, _, err = _run(capsys, "solve", "triangular", "--bound", "2", "-o", target, "--force")
    assert code == 2 and "is not a regular file" in err
    if target == "/dev/null":
        assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    elif isinstance(target, os.PathLike):
        assert stat.S_ISFIFO(os.stat(target).st_mode)


def test_output_into_a_missing_folder_is_refused(tmp_path, capsys):
    code, _, err = _run(capsys, "solve", "triangular", "--bound", "2", "-o", tmp_path / "no" / "x.csv")
    assert code == 2 and "does not exist (create it first)" in err and not (tmp_path / "no").exists()


def test_output_follows_the_umask(tmp_path, capsys):
    old = os.umask(0o022)
    try:
        code, _, _ = _run(capsys, "solve", "triangular", "--bound", "2", "-o", tmp_path / "a.csv")
    finally:
        os.umask(old)
    assert code == 0 and stat.S_IMODE(os.stat(tmp_path / "a.csv").st_mode) == 0o644


def test_failed_write_leaves_no_temporary_file(tmp_path, monkeypatch):
    from cgs_bridge.foundation import io
    from cgs_bridge.foundation.errors import InputError
    real_replace = os.replace

    def failing_replace(a, b):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(io.os, "replace", failing_replace)
    with pytest.raises(InputError, match="No space left"):
        io.atomic_write_text(tmp_path / "x.csv", "data\n")
    monkeypatch.setattr(io.os, "replace", real_replace)
    assert list(tmp_path.iterdir()) == []


def test_game_name_with_a_catalog_game_is_refused(capsys):
    code, _, err = _run(capsys, "solve", "triangular", "--game-name", "hexagon", "--bound", "1")
    assert code == 2 and "--game-name 'hexagon'" in err


@pytest.mark.parametrize("argv, message", [
    (["audit", "p.txt", "--game", "triangular", "--timeout", "0"], "argument --timeout: must be > 0"),
    (["audit", "p.txt", "--game", "triangular", "--memory", "0"], "argument --memory: must be > 0"),
    (["audit", "p.txt", "--game", "triangular", "--memory", "-1"], "argument --memory: must be > 0"),
    (["verify", "triangular", "--bound", "1", "--timeout", "-5"], "argument --timeout: must be > 0"),
    (["bench", "--hexagon-budget", "-1"], "argument --hexagon-budget: must be > 0"),
    (["bench", "--cases", "tri200", "--yardstick", "/nonexistent/limit_tri.c"], "--yardstick /nonexistent"),
])
def test_option_validation(capsys, argv, message):
    with pytest.raises(SystemExit) as e:
        main(argv)
        raise SystemExit(2)  # a refusal raised as an error (not by argparse) also lands here
    assert e.value.code == 2 and message in capsys.readouterr().err


def test_claim_errors_are_located_on_the_command_line(capsys):
    code, _, err = _run(capsys, "check", "triangular", "--bound", "2", "--claim", "grundy == q")
    assert code == 2 and err.startswith("cgs-bridge check: error: --claim:1:11: unknown name 'q'")
    assert "triangular.game" not in err


def test_parser_says_double_equals_not_equals(capsys):
    code, _, err = _run(capsys, "check", "triangular", "--bound", "2", "--claim", "grundy = 0")
    assert code == 2 and "expected `==`, not `=`" in err and "anon" not in err.lower()


def test_parser_never_shows_internal_token_names(tmp_path, capsys):
    f = _spec(tmp_path, "  require max m in 0 to 3 with m < x\n")
    code, _, err = _run(capsys, "solve", f, "--bound", "1")
    assert code == 2 and "'..'" in err and "anon" not in err.lower()


def test_duplicate_coordinate_points_at_the_duplicate(tmp_path, capsys):
    f = tmp_path / "d.game"
    f.write_text("game g\n  coordinates x, y, x\n  cut x to t\n")
    code, _, err = _run(capsys, "solve", f, "--bound", "1")
    assert code == 2 and f"{f}:2:21: coordinate 'x' is named twice (first at column 15)" in err


def test_rows_of_different_lengths_name_the_line(tmp_path, capsys):
    t = tmp_path / "t.out"
    t.write_text("[0,0,0,0]\n[0,0,1,1]\n[0,1,1,0,1]\n")
    code, _, err = _run(capsys, "compare", "triangular", "--bound", "1", "--cgsuite", t)
    assert code == 2 and f"{t}:3: a row of 5 values, but the first row (line 1) has 4" in err


def test_unbounded_search_is_refused_by_the_default_solver_too(tmp_path):
    """No value satisfies the condition, so an unguarded search would try 10^18 values."""
    import subprocess
    import sys
    f = _spec(tmp_path, "  def h(n) = max m in 0..10^18 with m + n < 0 - 1\n  require y <= x\n"
                        "  cut x to t: y = min(y, t, h(t))\n  cut y to t\n")
    root = paths.ROOT
    r = subprocess.run([sys.executable, "-m", "cgs_bridge.cli.main", "solve", str(f), "--bound", "2"],
                       capture_output=True, text=True, timeout=120,
                       env={**os.environ, "PYTHONPATH": str(root)})
    assert r.returncode == 2 and "a bounded search may try at most 10,000,000" in r.stderr


def test_a_solver_warning_is_one_line_without_python_source(capsys, tmp_path):
    # x * 4e9 * 4e9 reaches about 2^65 on this box, beyond the kernel's 64-bit integers, so the
    # solver warns and uses the reference solver (solvers/kernel.py, _fallback). (A parameter beyond
    # 64 bits, k = 10^23, used to be the trigger; such parameters are now refused up front.) The box
    # (576 positions) is above solvers.box.SMALL_BOX, so "auto" tries the kernel first.
    f = tmp_path / "g.game"
    f.write_text("game g\n  coordinates x, y\n  require x * 4000000000 * 4000000000 >= 0\n"
                 "  cut x to t\n  cut y to t\n")
    code, out, err = _run(capsys, "solve", str(f), "--bound", "23")
    assert code == 0 and out.startswith("x,y,grundy")
    rows = [tuple(map(int, ln.split(","))) for ln in out.splitlines()[1:]]
    assert rows and all(g == x ^ y for x, y, g in rows)  # the require always holds: Nim, x xor y
    lines = [ln for ln in err.splitlines() if "reference solver" in ln]
    assert lines and all(ln.startswith("cgs-bridge solve: warning: ") for ln in lines), err
    assert ".py:" not in err and "RuntimeWarning" not in err
