"""``verify`` through the CGSuite REPL (a stand-in command that prints a real recorded REPL
transcript), and partial results: an engine run that fails or times out is compared on the rows
it delivered (verdict ``INCOMPLETE: ...``, comparison files written, exit 2).

Expected values: the recorded transcripts of real CGSuite 2.2 (``../shared/fixtures/cgsuite/
emitted``) and, for the partial rows, the Python solution of the same box; the counts of rows a
cut-off run delivers are fixed by the stand-in (it prints exactly 180 rows), or, for the real
Mathics3 run, by the lexicographic order of the rows (the positions before the one where the run
is made to fail)."""

from __future__ import annotations

import csv
import json

import pytest

from cgs_bridge.cli.main import main
from cgs_bridge.jobs import generate
from cgs_bridge.jobs.compare import compare_table
from cgs_bridge.model import catalog
from cgs_bridge.model.game import Ruleset
from cgs_bridge.systems.mathematica import runner as engines
from cgs_bridge.systems.mathematica.files import mathematica_csv_name, mathematica_program_name
from cgs_bridge.systems.mathematica.reader import read_output
from solvers import parse_bound, solve

EOF_TRACE = ('Exception in thread "main" org.jline.reader.EndOfFileException\n'
             "\tat org.jline.reader.impl.LineReaderImpl.readLine(LineReaderImpl.java:639)\n")


def _standin(tmp_path, body: str):
    """A command standing in for ``java ... org.cgsuite.lang.Repl``: it is called with the run
    folder as its last argument and the script on stdin; saves what it was given."""
    exe = tmp_path / "repl.sh"
    exe.write_text("#!/bin/sh\ncat > \"$1/stdin.seen\"\necho \"$1\" > \"$1/arg.seen\"\n" + body)
    exe.chmod(0o755)
    return str(exe)


def _tri(bound):
    r = Ruleset(catalog.load("triangular"), {"k": "3"})
    return solve(r, parse_bound(bound, r.coords), method="reference")


def test_verify_through_the_recorded_repl_transcript_agrees(shared, tmp_path, capsys):
    rec = shared / "fixtures" / "cgsuite" / "emitted" / "triangular_k3"
    assert (rec / "ARGS").read_text().split() == ["triangular", "-p", "k=3", "--bound", "5"]
    cmd = _standin(tmp_path, f"cat '{rec / 'repl.out'}'\n")
    run = tmp_path / "run"
    code = main(["verify", "triangular", "-p", "k=3", "--bound", "5", "--mathematica-engine", "none",
                 "--cgsuite-cmd", cmd, "--run-dir", str(run)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert f"{len(_tri('5'))} positions compared" in out and "agrees with python on every position" in out
    seen = (run / "stdin.seen").read_text()
    assert seen.startswith("// triangular_k3_x5_y5_z5_table.cgs") and seen.rstrip().endswith(":quit")
    assert (run / "arg.seen").read_text().strip() == str(run.resolve())


def test_repl_input_ending_without_quit_is_not_a_failure(shared, tmp_path, capsys):
    rec = shared / "fixtures" / "cgsuite" / "emitted" / "triangular_k3"
    cmd = _standin(tmp_path, f"cat '{rec / 'repl.out'}'\nprintf '{EOF_TRACE}' >&2\nexit 1\n")
    code = main(["verify", "triangular", "-p", "k=3", "--bound", "5", "--mathematica-engine", "none",
                 "--cgsuite-cmd", cmd, "--run-dir", str(tmp_path / "run")])
    assert code == 0, capsys.readouterr()


def test_repl_error_on_stderr_is_an_engine_error(tmp_path, capsys):
    cmd = _standin(tmp_path, "printf '> > > \\n' ; printf 'org.cgsuite.exception.EvalException: "
                             "Not a method or member variable: `IsValid`\\n\\tat org.cgsuite.X(X.scala:1)\\n' >&2\n")
    code = main(["verify", "triangular", "-p", "k=3", "--bound", "2", "--mathematica-engine", "none",
                 "--cgsuite-cmd", cmd, "--run-dir", str(tmp_path / "run")])
    assert code == 2 and "EvalException" in capsys.readouterr().err


def test_cut_off_repl_is_compared_on_the_rows_received(shared, tmp_path, capsys):
    rec = (shared / "fixtures" / "cgsuite" / "emitted" / "triangular_k3" / "repl.out").read_text()
    lines = rec.splitlines(keepends=True)
    first = [i for i, ln in enumerate(lines) if "[" in ln][0]
    part = tmp_path / "part.out"
    part.write_text("".join(lines[: first + 30]) + "[5,1,")  # 30 rows, then a line cut mid-way
    cmd = _standin(tmp_path, f"cat '{part}'\nsleep 60\n")
    run = tmp_path / "run"
    code = main(["verify", "triangular", "-p", "k=3", "--bound", "5", "--mathematica-engine", "none",
                 "--cgsuite-cmd", cmd, "--run-dir", str(run), "--timeout", "3"])
    cap = capsys.readouterr()
    n = len(_tri("5"))
    assert code == 2 and "time limit" in cap.err
    assert f"INCOMPLETE: 30 of {n} positions compared, no difference among them" in cap.out + cap.err
    summary = json.loads((run / "comparison.json").read_text())
    assert summary["complete"] is False and summary["sides"][0]["compared"] == 30


def _fake_mathics(tmp_path, monkeypatch, rows_file, nrows, then):
    fake = tmp_path / "mathics"
    fake.write_text("#!/bin/sh\nout=$(basename \"$1\" .wl).csv\n"
                    f"head -n {nrows + 1} '{rows_file}' > \"$out\"\n{then}\n")
    fake.chmod(0o755)
    monkeypatch.setattr(engines, "mathics_command", lambda: [str(fake)])
    monkeypatch.setattr(engines, "wolframscript_command", lambda: None)


@pytest.mark.parametrize("then, said", [("sleep 60", "time limit"), ("echo 'General::boom'; exit 3", "failed (exit 3)")])
def test_cut_off_mathematica_run_gives_incomplete(tmp_path, capsys, monkeypatch, then, said):
    sol = _tri("12")
    assert len(sol) > 180
    rows = tmp_path / "rows.csv"
    rows.write_text(sol.to_csv_text())
    _fake_mathics(tmp_path, monkeypatch, rows, 180, then)
    run = tmp_path / "run"
    code = main(["verify", "triangular", "-p", "k=3", "--bound", "12", "--run-dir", str(run), "--timeout", "3"])
    cap = capsys.readouterr()
    assert code == 2 and said in cap.err
    assert f"INCOMPLETE: 180 of {len(sol)} positions compared, no difference among them" in cap.out
    assert {"comparison.txt", "comparison.csv", "comparison.json"} <= {p.name for p in run.iterdir()}


def test_incomplete_with_a_difference_names_it_and_csv_keeps_integers(tmp_path, capsys, monkeypatch):
    sol = _tri("6")
    text = sol.to_csv_text().splitlines()
    x, y, z, g = text[10].split(",")
    text[10] = f"{x},{y},{z},{int(g) + 5}"
    rows = tmp_path / "rows.csv"
    rows.write_text("\n".join(text) + "\n")
    _fake_mathics(tmp_path, monkeypatch, rows, 40, "exit 3")
    run = tmp_path / "run"
    assert main(["verify", "triangular", "-p", "k=3", "--bound", "6", "--run-dir", str(run)]) == 2
    out = capsys.readouterr().out
    assert f"INCOMPLETE: 40 of {len(sol)} positions compared, 1 difference among them" in out
    assert f"({x}, {y}, {z}): python {g}, mathematica {int(g) + 5}" in out
    with open(run / "comparison.csv") as f:
        (row,) = list(csv.DictReader(f))
    assert row["python"] == g and row["other"] == str(int(g) + 5) and row["line"] == "11"
    assert row["python_misere"] == "" and row["other_misere"] == ""


@pytest.mark.mathics
@pytest.mark.skipif(engines.mathics_command() is None, reason="Mathics3 is not installed")
def test_emitted_wl_in_mathics_leaves_every_row_before_a_failure(tmp_path):
    """The real engine: the emitted program, made to stop at position (2, 0, 0) (a definition of
    computeValue there that exits), has written every row before it, in lexicographic order."""
    r = Ruleset(catalog.load("triangular"), {"k": "3"})
    box = parse_bound("x=3,y=1,z=3", r.coords)
    generate.generate_files(r, box, ("mathematica",), tmp_path)
    wl = tmp_path / mathematica_program_name(r, box)
    text = wl.read_text()
    assert "\ncomputeValue[{x_, y_, z_}] := " in text
    stop = text.index("\npositions = ")
    wl.write_text(text[:stop] + "\ncomputeValue[{2, 0, 0}] := Exit[3];" + text[stop:])
    res = engines.run_mathematica_file(wl, tmp_path, "mathics", timeout=300)
    assert res.returncode == 3
    sol = solve(r, box, method="reference")
    t = read_output(tmp_path / mathematica_csv_name(r, box), r.coords, partial=True)
    before = [p for p in sol.positions() if tuple(p) < (2, 0, 0)]
    res_cmp = compare_table(sol, t, "mathematica", "partial", complete=False)
    assert res_cmp.differences == [] and res_cmp.compared == len(before) == len(t.frame) > 0


def test_verdict_says_what_happened_to_each_source(tmp_path, capsys, monkeypatch):
    """issue 23: a failing CGSuite command beside a Mathematica run that agreed everywhere is not
    'INCOMPLETE: 0 of N positions compared' alone: each source is named with what it did."""
    sol = _tri("4")
    rows = tmp_path / "rows.csv"
    rows.write_text(sol.to_csv_text())
    _fake_mathics(tmp_path, monkeypatch, rows, len(sol), "true")
    code = main(["verify", "triangular", "-p", "k=3", "--bound", "4", "--run-dir", str(tmp_path / "run"),
                 "--cgsuite-cmd", "false"])
    out = capsys.readouterr().out
    assert code == 2
    assert (f"INCOMPLETE: cgsuite: 0 of {len(sol)} positions compared, no difference among them; "
            f"mathematica: agrees on all {len(sol)} positions") in out
