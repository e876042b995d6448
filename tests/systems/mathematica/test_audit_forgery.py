"""An audited program cannot forge or dodge the audit's verdict (issue 25.1, 25.2).

Each hostile program is a small triangular (k = 3) program whose Grundy function is wrong
(``Gr[pos_] := 0``), followed by an attempt to make the audit say "agree": printing lines that
imitate the audit's result lines (the old fixed marker, a guessed key), ending the engine before
the checks (``Quit``/``Exit`` in several spellings), aborting or throwing out of a statement,
redefining the audit's former output functions or the builtins it could use (``Print``, ``Map``,
``ToString``), ``$Pre``/``$Post``/``$PrePrint`` hooks, a Grundy function that quits when the audit
calls it. None may exit 0; those that stop the audit get "the program stopped the audit before its
checks" (exit 2), the others are judged on what they compute (exit 1: the values are wrong). The
same program with the correct Grundy function agrees (exit 0), so the suite can fail.

Expected verdicts come from the spec solver on the box (an independent implementation) and from
the definition of the rules (docs/audit.md, "Verdict rules"). The launcher runs in-process
(tests/audit_inprocess.py); one end-to-end CLI run covers the real transport.
"""

from __future__ import annotations

import pytest

from cgs_bridge.systems.mathematica.audit.core import audit_program
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_game
from cgs_bridge.systems.auditing.verdict import STOPPED
from cgs_bridge.systems.mathematica.runner import mathics_command

from audit_inprocess import inprocess

pytestmark = [pytest.mark.mathics,
              pytest.mark.skipif(mathics_command() is None, reason="Mathics3 is not installed")]

#: A triangular k = 3 program in the seeds' style, ss = 1 (box x, y, z <= 1: 4 valid positions).
PROGRAM = """k = 3; ss = 1; al = Flatten[Table[{a, b, c}, {a, 0, ss}, {b, 0, ss}, {c, 0, ss}], 2];
allcases = Select[al, (1/k) (#[[1]] + #[[3]]) >= #[[2]] &];
move[z_] := Block[{p}, p = z; Union[Table[{t1, Min[Floor[(1/k) (t1 + p[[3]])], p[[2]]], p[[3]]}, {t1, 0, p[[1]] - 1}], Table[{p[[1]], t2, p[[3]]}, {t2, 0, p[[2]] - 1}], Table[{p[[1]], Min[Floor[(1/k) (t3 + p[[1]])], p[[2]]], t3}, {t3, 0, p[[3]] - 1}]]];
Mex[L_] := Min[Complement[Range[0, Length[L]], L]];
"""
RIGHT = "Gr[pos_] := Gr[pos] = Mex[Map[Gr, move[pos]]];\n"
WRONG = "Gr[pos_] := 0;\n"

#: What a forger would print: every line the old audit read, for the box of this program.
FAKE = ('@@CGSB@@ positions {{0, 0, 0}, {0, 0, 1}, {1, 0, 0}, {1, 0, 1}} @@END@@',
        '@@CGSB@@ values {0, 1, 1, 0} @@END@@', '@@CGSB@@ undefined {} @@END@@',
        '@@CGSB-00000000000000000000000000000000@@ done 1 @@END-00000000000000000000000000000000@@')


def fake_prints() -> str:
    return "".join(f'Print["{line}"];\n' for line in FAKE)


#: name -> (text appended to the wrong program, expected exit code, text the report must hold)
HOSTILE = {
    "fake-lines-then-quit": (fake_prints() + "Quit[]\n", 2, STOPPED),
    "fake-lines-then-exit-0": (fake_prints() + "Exit[0]\n", 2, STOPPED),
    "fake-lines-only": (fake_prints(), 1, "Grundy values of Gr differ"),
    "quit-in-a-function": ("stop[] := Quit[];\nIf[True, stop[]]\n", 2, "statement 9 ended the engine"),
    "quit-1": ("Quit[1];\n", 2, STOPPED),
    "abort": ("Abort[];\n", 2, "ended with $Aborted"),
    "throw": ("Throw[0];\n", 2, "ended with Hold[Throw[0]]"),
    "throw-tagged": ('Throw[0, "audit"];\n', 2, "ended with Hold[Throw[0"),
    "redefine-emit": ('CGSBemit[t_, v_] := Print["@@CGSB@@ ", t, " {0, 1, 1, 0} @@END@@"];\n'
                      'CGSBshow[___] := Null;\nCGSBemit["values", 0]\n', 1, "Grundy values of Gr differ"),
    "unprotect-print": ("Unprotect[Print]; Print[___] := Null; Protect[Print];\n", 1, "values of Gr differ"),
    "unprotect-map-tostring": ("Unprotect[Map, ToString, InputForm]; Map[f_, l_List] := {0, 1, 1, 0};"
                               ' ToString[___] := "{0, 1, 1, 0}";\n', 1, "values of Gr differ"),
    "pre-quits-the-rest": ("$Pre = Function[e, Quit[], HoldAll];\nx = 1;\n", 2, STOPPED),
    "pre-and-post-hooks": ('$Pre = Function[e, (Print["' + FAKE[1] + '"]; e), HoldAll]; '
                           '$Post = (0 &); $PrePrint = (0 &);\n', 1, "values of Gr differ"),
    "grundy-quits-when-checked": ("Gr[pos_] := Quit[];\n", 2, "during the checks"),
    "grundy-aborts-when-checked": ("Gr[pos_] := Abort[];\n", 2, "symbolic entries"),
}


def ruleset():
    return Ruleset(load_game("triangular"), {"k": "3"})


def audit(text, **kw):
    return audit_program(text, ruleset(), engine="mathics", sandboxed=False, **kw)


def report_text(rep) -> str:
    return "\n".join(f"{c.name}: {c.verdict}: {c.summary}" for _, c in rep.checks)


def test_correct_program_agrees_and_wrong_one_differs(monkeypatch):
    inprocess(monkeypatch)
    good = audit(PROGRAM + RIGHT)
    assert good.exit_code == 0, report_text(good)
    bad = audit(PROGRAM + WRONG)
    assert bad.exit_code == 1 and "2 of 4 Grundy values of Gr differ" in report_text(bad)


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_program_cannot_get_agree(monkeypatch, name):
    inprocess(monkeypatch)
    extra, code, needle = HOSTILE[name]
    rep = audit(PROGRAM + WRONG + extra)
    text = report_text(rep)
    assert rep.exit_code == code, text
    assert needle in text, text
    # the forged lines are the program's own output, never the audit's data
    assert all(line not in rep.runs[0].outcome.extracted.data.values() for line in FAKE)


def test_forged_lines_with_a_right_program_are_only_output(monkeypatch):
    """A correct program printing forged lines still agrees, on what it computes; its lines
    are reported as its own output."""
    inprocess(monkeypatch)
    rep = audit(PROGRAM + RIGHT + fake_prints())
    assert rep.exit_code == 0, report_text(rep)
    assert any("@@CGSB@@ values" in ln for ln in rep.runs[0].outcome.extracted.other)


def test_position_list_leaving_out_positions_is_a_difference(monkeypatch):
    """issue 25.2: the box comes from the size (ss = 3), not from the program's list; the valid
    positions with y > 0 that the list leaves out are missing, and their values are checked all
    the same (the Grundy function is right: only the list differs)."""
    inprocess(monkeypatch)
    text = (PROGRAM.replace("ss = 1", "ss = 3").replace(">= #[[2]] &", ">= #[[2]] && #[[2]] == 0 &")
            + RIGHT)
    rep = audit(text)
    checks = {c.name: c for c in rep.runs[0].checks}
    assert rep.exit_code == 1, report_text(rep)
    pos = checks["positions"]
    assert pos.verdict == "differ" and "box x=3,y=3,z=3 (the program's size ss = 3)" in pos.summary
    missing = {r["position"] for r in pos.rows if r["detail"] == "missing"}
    # triangular k=3, y <= floor((x + z) / 3) with x, z <= 3: y = 1 when x + z >= 3 (10 positions),
    # y = 2 when x + z = 6 (1 position)
    assert missing == {"(0,1,3)", "(1,1,2)", "(1,1,3)", "(2,1,1)", "(2,1,2)", "(2,1,3)", "(3,1,0)",
                       "(3,1,1)", "(3,1,2)", "(3,1,3)", "(3,2,3)"}
    assert checks["values"].verdict == "agree" and "at 27 valid positions" in checks["values"].summary


def test_cli_end_to_end_forged_lines_and_quit(tmp_path, capsys):
    """The real transport: the plan on standard input of a subprocess (in the sandbox where
    bubblewrap is available), the keyed lines on its output."""
    from cgs_bridge.cli.main import main
    from cgs_bridge.systems import sandbox
    prog = tmp_path / "hostile.wl"
    prog.write_text(PROGRAM + WRONG + HOSTILE["fake-lines-then-quit"][0], encoding="utf-8")
    extra = [] if sandbox.unavailable_reason() is None else ["--no-sandbox"]
    code = main(["audit", str(prog), "--game", "triangular", "-p", "k=3", *extra])
    out = capsys.readouterr().out
    assert code == 2  # statements 1-7 are the program, 8-11 the forged lines, 12 the Quit
    assert STOPPED + ": statement 12 ended the engine (Quit or Exit)" in out
    assert "program and spec agree" not in out and "@@CGSB@@ values {0, 1, 1, 0} @@END@@" in out
