"""Importers and the diff, on real CGSuite 2.2 transcripts (tests/data/cgsuite, copied from
shared/fixtures/cgsuite) and on mutations of them: every mutation is caught and named."""


import pytest

from cgs_bridge.cli.main import main
from cgs_bridge.foundation.errors import InputError
from cgs_bridge.jobs.compare import compare_table
from cgs_bridge.model import catalog
from cgs_bridge.model.game import Ruleset
from cgs_bridge.systems.cgsuite.reader import CGSuiteRunError, parse_table, parse_transcript
from cgs_bridge.systems.mathematica.reader import read_csv_text, read_list_text
from solvers import parse_bound, solve

import paths
from transcript_boxes import TABLES

CG = paths.DATA / "cgsuite"


def solution(game, params, bound, misere=False):
    r = Ruleset(catalog.load(game), params)
    return solve(r, parse_bound(bound, r.coords), misere=misere, method="reference")


@pytest.mark.parametrize("name", sorted(TABLES))
def test_real_transcripts_agree_with_python(name):
    game, params, bound, misere = TABLES[name]
    sol = solution(game, params, bound, misere)
    t = parse_transcript((CG / name).read_text(), sol.ruleset.n, name)
    res = compare_table(sol, t, "cgsuite", name)
    assert res.differences == [] and res.compared == len(sol) > 0


def test_scalars_are_kept_apart_and_are_right():
    hexa = parse_transcript((CG / "hex.out").read_text(), 6, "hex.out")
    assert hexa.scalars == [(1, 2)]
    assert solution("hexagon", {}, "2").value((2, 1, 2, 1, 2, 1)) == 2
    repl = parse_transcript((CG / "repl_session.out").read_text(), 3, "repl")
    assert repl.scalars == [(6, 1)]  # R(5,3,7).NimValue
    assert solution("triangular", {"k": "3"}, "x=5,y=4,z=7").value((5, 3, 7)) == 1
    assert repl.others == [(4, "TriChoc(3)")]


def test_table_grid_with_named_axes():
    sol = solution("triangular", {"k": "3"}, "x=6,y=0,z=6")
    t = parse_table((CG / "tri_table.out").read_text(), ("x", "y", "z"), "x", "z", {"y": 0}, "tri_table.out")
    res = compare_table(sol, t, "cgsuite", "tri_table.out")
    assert res.differences == [] and res.compared == 49
    with pytest.raises(InputError, match="exactly once"):
        parse_table("0 | 1", ("x", "y", "z"), "x", "z", {}, "t")


@pytest.mark.parametrize("name", ["err_member.out", "err_syntax.out"])
def test_error_transcripts_are_cgsuite_run_errors(name):
    with pytest.raises(CGSuiteRunError) as e:
        parse_transcript((CG / name).read_text(), 3, name)
    assert "^" in str(e.value) and "at worksheet input" in str(e.value)


def _mutated(lines, kind):
    rows = [i for i, ln in enumerate(lines) if ln.startswith("[")]
    i, j = rows[5], rows[9]
    out = list(lines)
    if kind == "changed value":
        vals = out[i].strip("[]").split(",")
        vals[-1] = str(int(vals[-1]) + 1)
        out[i] = "[" + ",".join(vals) + "]"
    elif kind == "dropped row":
        del out[i]
    elif kind == "extra row":
        out.insert(i, "[9,9,9,0]")
    elif kind == "invalid row":
        out.insert(i, "[0,3,0,0]")
    elif kind == "swapped values":
        a, b = out[i].strip("[]").split(","), out[j].strip("[]").split(",")
        a[-1], b[-1] = b[-1], a[-1]
        out[i], out[j] = "[" + ",".join(a) + "]", "[" + ",".join(b) + "]"
    elif kind == "truncated at a line end":
        out = out[: rows[40]]
    return out, tuple(int(v) for v in lines[i].strip("[]").split(",")[:3]), \
        tuple(int(v) for v in lines[j].strip("[]").split(",")[:3])


@pytest.mark.parametrize("kind, expect", [
    ("changed value", {"value"}), ("dropped row", {"missing"}), ("extra row", {"outside box"}),
    ("invalid row", {"invalid"}), ("swapped values", {"value"}), ("truncated at a line end", {"missing"}),
])
def test_mutations_of_a_real_transcript_are_caught(kind, expect):
    lines = (CG / "tri_list.out").read_text().splitlines()
    sol = solution("triangular", {"k": "3"}, "x=6,y=4,z=6")
    mutated, p, q = _mutated(lines, kind)
    res = compare_table(sol, parse_transcript("\n".join(mutated), 3, "m.out"), "cgsuite", "m.out")
    assert {d.kind for d in res.differences} == expect
    text = "\n".join(d.describe() for d in res.differences)
    if kind in ("changed value", "dropped row", "swapped values"):
        assert "(" + ", ".join(map(str, p)) + ")" in text
    if kind == "swapped values":
        assert "(" + ", ".join(map(str, q)) + ")" in text and len(res.differences) == 2
    if kind == "extra row":
        assert "(9, 9, 9): cgsuite 0, but the position is outside box" in text


def test_truncated_mid_line_names_the_line():
    text = (CG / "tri_list.out").read_text()
    cut = text[: text.index("[3,1,2,0]") + 5]
    with pytest.raises(InputError, match=r"m.out:\d+: .*truncated"):
        parse_transcript(cut, 3, "m.out")


def test_transcript_of_another_game_is_refused_by_arity():
    with pytest.raises(InputError, match="a row of 7 values; expected 3 coordinates"):
        parse_transcript((CG / "hex.out").read_text(), 3, "hex.out")


def test_csv_and_list_importers():
    t = read_csv_text("x,y,z,grundy\n0,0,0,0\n0,0,1,1\n", ("x", "y", "z"), "a.csv")
    assert t.frame.values.tolist() == [[0, 0, 0, 0], [0, 0, 1, 1]] and t.lines == [2, 3]
    with pytest.raises(InputError, match="missing column"):
        read_csv_text("x,y,grundy\n", ("x", "y", "z"), "a.csv")
    with pytest.raises(InputError, match=r"a.csv:3: 3 fields"):
        read_csv_text("x,y,z,grundy\n0,0,0,0\n0,0,1\n", ("x", "y", "z"), "a.csv")
    with pytest.raises(InputError, match=r"a.csv:2: not an integer"):
        read_csv_text("x,y,z,grundy\n0,0,a,0\n", ("x", "y", "z"), "a.csv")
    t = read_list_text("{{0,0,0,0},\n {0,0,1,1}}", 3, "o")
    assert t.frame.values.tolist() == [[0, 0, 0, 0], [0, 0, 1, 1]] and t.lines == [1, 2]
    with pytest.raises(InputError, match="truncated"):
        read_list_text("{{0,0,0,0},{0,0,1", 3, "o")


def test_compare_cli_exit_codes_and_report(tmp_path, capsys):
    assert main(["compare", "triangular", "-p", "k=3", "--bound", "x=6,y=4,z=6",
                 "--cgsuite", str(CG / "tri_list.out"), "-o", str(tmp_path)]) == 0
    assert "agrees with python on every position" in capsys.readouterr().out
    assert {p.name for p in tmp_path.iterdir()} == {"comparison.txt", "comparison.csv", "comparison.json"}
    bad = tmp_path / "bad.out"
    bad.write_text((CG / "tri_list.out").read_text().replace("[3,1,2,0]", "[3,1,2,5]"))
    assert main(["compare", "triangular", "--bound", "x=6,y=4,z=6", "--cgsuite", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "(3, 1, 2): python 0, cgsuite 5" in out and "DIFFERENCES FOUND" in out
    assert main(["compare", "triangular", "--bound", "3", "--cgsuite", str(CG / "err_syntax.out")]) == 2
    assert "Syntax error" in capsys.readouterr().err


def test_typed_claims(capsys):
    data = paths.DATA
    assert main(["compare", "triangular", "-p", "k=3", "--bound", "20",
                 "--claims", str(data / "claims_seed003_ex83.yaml")]) == 0
    assert "977 positions" in capsys.readouterr().out
    assert main(["compare", "hexagon", "--bound", "2", "--claims", str(data / "claims_seed002.yaml")]) == 0
    assert main(["compare", "triangular", "-p", "k=5", "--bound", "20",
                 "--claims", str(data / "claims_seed003_ex83.yaml")]) == 1
