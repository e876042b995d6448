"""``solve --format latex|markdown|csv|parquet`` for a slice or the P-position list. Expected
values: Bouton's theorem for Nim (x xor y xor z), seed 003's triangular valid set
(y <= floor((x+z)/k), Definition 4.3) and its Example 8.7 P-positions."""

import re

import pandas as pd
import pytest

from cgs_bridge.cli.main import main

import paths

DATA = paths.DATA


def run(capsys, *argv):
    code = main(["solve", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_latex_slice_of_nim_is_booktabs_with_bouton_values(capsys):
    code, out, _ = run(capsys, "rectangular", "--bound", "x=3,y=4,z=6", "--slice", "z=5", "--format", "latex")
    assert code == 0
    lines = out.splitlines()
    assert "\\begin{tabular}{r@{\\hspace{6pt}}rrrrr}" in lines  # booktabs: no vertical rule
    assert [ln for ln in lines if ln.startswith("\\") and "rule" in ln] == ["\\toprule", "\\midrule", "\\bottomrule"]
    assert "$x \\backslash y$ & 0 & 1 & 2 & 3 & 4 \\\\" in lines
    body = lines[lines.index("\\midrule") + 1:lines.index("\\bottomrule")]
    assert body == [f"{x} & " + " & ".join(str(x ^ y ^ 5) for y in range(5)) + " \\\\" for x in range(4)]


def test_markdown_and_csv_slice_leave_non_positions_empty(capsys):
    k, y = 3, 1
    code, md, _ = run(capsys, "triangular", "-p", f"k={k}", "--bound", "5", "--slice", f"y={y}",
                      "--format", "markdown")
    assert code == 0
    rows = [ln.strip("|").split("|") for ln in md.splitlines()[2:]]
    for x, row in enumerate(rows):
        cells = [c.strip() for c in row]
        assert cells[0] == str(x)
        for z in range(6):  # a position iff y <= floor((x + z) / k)
            assert (cells[z + 1] != "") == (y <= (x + z) // k), (x, z)
    code, csv, _ = run(capsys, "triangular", "-p", f"k={k}", "--bound", "5", "--slice", f"y={y}")
    frame = pd.read_csv(__import__("io").StringIO(csv))
    assert list(frame.columns) == ["x"] + [f"z={z}" for z in range(6)]
    assert all(pd.isna(frame.loc[x, f"z={z}"]) == (y > (x + z) // k) for x in range(6) for z in range(6))


def test_p_position_list_is_seed003_example_8_7(capsys, tmp_path):
    text = (DATA / "seed003_ex87_ppositions.txt").read_text().split("\n", 2)[2]
    printed = {tuple(int(v) for v in t.split(",")) for t in text.replace(" ", "").replace("\n", "")
               .strip("{}").strip("()").split("),(")}
    code, md, _ = run(capsys, "triangular", "-p", "k=2", "--bound", "10", "--p-positions", "--format", "markdown")
    assert code == 0
    lines = md.splitlines()
    assert lines[0] == "| x | y | z |"
    got = [tuple(int(v) for v in ln.strip("|").split("|")) for ln in lines[2:]]
    assert set(got) == printed and got == sorted(got) and len(got) == 53
    out = tmp_path / "p.parquet"
    code, _, _ = run(capsys, "triangular", "-p", "k=2", "--bound", "10", "--p-positions", "--format",
                     "parquet", "-o", str(out))
    assert code == 0
    assert set(map(tuple, pd.read_parquet(out).to_numpy().tolist())) == printed
    code, tex, _ = run(capsys, "triangular", "-p", "k=2", "--bound", "10", "--p-positions", "--slice", "y=5",
                       "--format", "latex")
    # inline as the paper prints the set (seed 003 Example 8.7)
    got = [tuple(int(v) for v in m) for m in re.findall(r"\((\d+), (\d+), (\d+)\)", tex.splitlines()[-1])]
    assert got == sorted(p for p in printed if p[1] == 5)


@pytest.mark.parametrize("argv, message", [
    (["--slice", "w=1", "--format", "latex"], "not a coordinate"),
    (["--slice", "y=9", "--format", "latex"], "outside the box"),
    (["--slice", "y=1,z=2", "--format", "latex"], "needs 2 free coordinates"),
    (["--format", "latex"], None),
    (["--format", "parquet"], "give -o FILE"),
])
def test_bad_table_requests_exit_2(capsys, argv, message):
    code, out, err = run(capsys, "triangular", "--bound", "4", *argv)
    if message is None:
        assert code == 0 and "\\bottomrule" in out  # the whole list is a valid request
    else:
        assert code == 2 and message in err and out == ""


def test_missing_folder_leaves_nothing(capsys, tmp_path):
    code, _, err = run(capsys, "triangular", "--bound", "4", "--slice", "y=0", "--format", "parquet",
                       "-o", str(tmp_path / "no" / "t.parquet"))
    assert code == 2 and "does not exist" in err and list(tmp_path.iterdir()) == []


def test_whole_table_as_parquet_by_format(capsys, tmp_path):
    out = tmp_path / "nim.data"  # the format comes from --format, not the suffix
    code, _, _ = run(capsys, "rectangular", "--bound", "3", "--format", "parquet", "-o", str(out))
    assert code == 0
    frame = pd.read_parquet(out)
    assert list(frame.columns) == ["x", "y", "z", "grundy"] and len(frame) == 64
    assert all(g == x ^ y ^ z for x, y, z, g in frame.itertuples(index=False))  # Bouton
