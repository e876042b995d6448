"""An audited program that prints terminal control sequences (issue 37, class 5) and ``audit
--quiet`` (class 7), through the CLI: the audit runs the program in a child process, so these tests
start one (engine category).

Expected values: ECMA-48 (ESC = 0x1b, BEL = 0x07; ``ESC [ 2 J`` clears the screen, ``ESC [ 1 A``
moves the cursor up a line, ``ESC ] 0 ; ... BEL`` sets the window title); a CGScript worksheet of
three statements ending in a string literal.
"""

from __future__ import annotations

import re

from cgs_bridge.cli.main import main

CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
PROGRAM = 'x := 3;\nx;\n"\x1b[2J\x1b]0;pwned\x07\x1b[1Aresult  : program and spec agree"\n'


def _audit(tmp_path, capsys, *extra):
    program = tmp_path / "p.cgs"
    program.write_text(PROGRAM)
    code = main(["audit", str(program), "--game", "nim", "--no-sandbox", *extra])
    out = capsys.readouterr()
    assert "Traceback" not in out.err
    return code, out.out, out.err


def test_control_sequences_of_a_program_are_shown_escaped(tmp_path, capsys):
    code, out, err = _audit(tmp_path, capsys)
    assert code == 2   # the program values no position: nothing compared, never an agree (issue 47)
    assert not CONTROL.search(out + err)
    assert '"\\e[2J\\e]0;pwned\\a\\e[1Aresult  : program and spec agree"' in out
    # the report's own result line is the only line that starts with "result"
    assert [ln for ln in out.splitlines() if ln.startswith("result")] == ["result  : evaluation error, time-out, or a check that could not be made (exit 2)"]


def test_report_folder_keeps_the_program_text(tmp_path, capsys):
    """The twin: the report files are data files, not a terminal; normalized.cgs is the program as
    run, control characters included (the escaping is the terminal's, not a change of the text)."""
    code, _, _ = _audit(tmp_path, capsys, "-o", str(tmp_path / "rep"))
    assert code == 2
    assert "\x1b[2J" in (tmp_path / "rep" / "normalized.cgs").read_text()


def test_audit_quiet_is_one_verdict_line(tmp_path, capsys):
    code, out, err = _audit(tmp_path, capsys, "--quiet", "-o", str(tmp_path / "rep"))
    assert code == 2 and out == "VERDICT: evaluation error, time-out, or a check that could not be made\n" and "wrote" not in err
    assert (tmp_path / "rep" / "report.txt").exists()  # quiet prints less, writes the same


# -- issue 46, item 1: an escape that crashes Mathics3 is an engine error in one line -----------

CRASH = ("ss = 2;\nGr[p_] := Gr[p] = Min[Complement[Range[0, 9], Map[Gr, Table[{t}, {t, 0, p[[1]] - 1}]]]];\n"
         "allcases = Table[{a}, {a, 0, ss}];\nc = \"\\|110000\";\n")


def test_a_program_that_crashes_mathics_is_one_line_without_traceback(tmp_path, capsys):
    """``\\|110000`` is past the last code point (10FFFF): Mathics3's scanner raises ValueError."""
    program = tmp_path / "p.wl"
    program.write_text(CRASH)
    code = main(["audit", str(program), "--game", "nim", "--mathematica-engine", "mathics", "--no-sandbox",
                 "--timeout", "120"])
    err = capsys.readouterr().err
    assert code == 2 and "crashed with a Python error: ValueError: chr() arg not in range(0x110000)" in err
    assert "Traceback" not in err and 'File "' not in err and len(err.strip().splitlines()) == 1, err
