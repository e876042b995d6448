"""The HTML report, rendered in a real browser (headless Debian chromium): the verdict and a
differing position read back from the DOM, and a screenshot that is not blank. Expected values come
from a real CGSuite 2.2 transcript (tests/data/cgsuite/tri_list.out) and the mutation made here."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import pytest

from cgs_bridge.cli.main import main
from cgs_bridge.systems.mathematica.runner import mathics_command

import paths
from browser import browse, needs_chromium
from seed_programs import write

DATA = paths.DATA


class Dom(HTMLParser):
    """Text of the element with id ``verdict``, rows of the table with id ``differences``, and all
    text inside ``<svg>`` elements."""

    def __init__(self, text):
        super().__init__()
        self.stack, self.verdict, self.rows, self.svg_text = [], "", [], []
        self.in_diff = self.in_verdict = self.svg = 0
        self.feed(text)
        self.rows = [[c.strip() for c in r] for r in self.rows]

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id") == "differences":
            self.in_diff = 1
        if a.get("id") == "verdict":
            self.in_verdict = 1
        if tag == "svg":
            self.svg += 1
        if self.in_diff and tag == "tr":
            self.rows.append([])
        if self.in_diff and tag in ("td", "th"):
            self.rows[-1].append("")

    def handle_endtag(self, tag):
        if tag == "table":
            self.in_diff = 0
        if tag == "p":
            self.in_verdict = 0
        if tag == "svg":
            self.svg -= 1

    def handle_data(self, data):
        if self.in_verdict:
            self.verdict += data
        if self.in_diff and self.rows and self.rows[-1]:
            self.rows[-1][-1] += data
        if self.svg:
            self.svg_text.append(data.strip())


def mutate(tmp: Path):
    """tri_list.out with the value of one row raised by 7; returns the file, position, values."""
    lines = (DATA / "cgsuite" / "tri_list.out").read_text().splitlines()
    rows = [i for i, ln in enumerate(lines) if ln.startswith("[")]
    x, y, z, g = (int(v) for v in lines[rows[40]].strip("[]").split(","))
    lines[rows[40]] = f"[{x},{y},{z},{g + 7}]"
    out = tmp / "tri_mut.out"
    out.write_text("\n".join(lines) + "\n")
    published = {tuple(int(v) for v in ln.strip("[]").split(",")[:3]): int(ln.strip("[]").split(",")[3])
                 for ln in (DATA / "cgsuite" / "tri_list.out").read_text().splitlines() if ln.startswith("[")}
    return out, (x, y, z), g, g + 7, published


def assert_not_blank(shot: Path):
    from matplotlib.image import imread
    img = imread(str(shot))[..., :3]
    assert img.shape[0] > 100 and img.shape[1] > 100
    colours = np.unique((img.reshape(-1, 3) * 255).astype(int), axis=0)
    assert len(colours) > 20, "screenshot is (nearly) one colour"
    # the red verdict banner of a disagreement is on screen
    red = (img[..., 0] > 0.95) & (img[..., 1] < 0.93) & (img[..., 1] > 0.8) & (img[..., 2] < 0.93)
    return int(red.sum())


@needs_chromium
def test_compare_report_in_chromium(tmp_path):
    transcript, pos, g, bad, published = mutate(tmp_path)
    page = tmp_path / "report.html"
    code = main(["compare", "triangular", "-p", "k=3", "--bound", "x=6,y=4,z=6", "--cgsuite", str(transcript),
                 "--html", str(page)])
    assert code == 1
    text = page.read_text()
    assert "<script" not in text and "<link" not in text and " src=" not in text  # nothing fetched
    dom, shot = browse(page, tmp_path)
    d = Dom(dom)
    assert d.verdict.strip() == "VERDICT: DIFFERENCES FOUND"
    header, *rows = d.rows
    assert header[:5] == ["side", "kind", "position", "python", "other"]
    (row,) = [r for r in rows if r[2] == "(" + ", ".join(map(str, pos)) + ")"]
    assert row[:5] == ["cgsuite", "value", row[2], str(g), str(bad)]
    # options on the python side: lowering y gives (x, y', z) for every y' < y, with CGSuite's values
    for y2 in range(pos[1]):
        q = (pos[0], y2, pos[2])
        assert f"({q[0]}, {q[1]}, {q[2]})={published[q]}" in row[-1]
    assert f"{g}/{bad}" in d.svg_text  # the diff figure, inline SVG, text kept as text
    assert "cgs-bridge compare triangular" in dom
    assert assert_not_blank(shot) > 1000


@needs_chromium
def test_agreeing_report_in_chromium(tmp_path):
    page = tmp_path / "ok.html"
    assert main(["compare", "triangular", "-p", "k=3", "--bound", "x=6,y=4,z=6", "--cgsuite",
                 str(DATA / "cgsuite" / "tri_list.out"), "--html", str(page)]) == 0
    dom, shot = browse(page, tmp_path)
    d = Dom(dom)
    assert d.verdict.strip() == "VERDICT: all sources agree with python"
    assert d.rows == []
    assert assert_not_blank(shot) == 0  # no red banner


def test_html_path_is_checked_before_work(tmp_path, capsys):
    args = ["compare", "triangular", "-p", "k=3", "--bound", "x=6,y=4,z=6", "--cgsuite",
            str(DATA / "cgsuite" / "tri_list.out")]
    assert main(args + ["--html", str(tmp_path / "missing" / "r.html")]) == 2
    assert "does not exist" in capsys.readouterr().err
    (tmp_path / "r.html").write_text("mine")
    assert main(args + ["--html", str(tmp_path / "r.html")]) == 2
    assert (tmp_path / "r.html").read_text() == "mine"


def test_repr_html_of_a_comparison(tmp_path):
    from cgs_bridge.cli.compare import build
    from cgs_bridge.model import catalog
    from cgs_bridge.model.game import Ruleset
    from solvers import parse_bound, solve
    transcript, pos, g, bad, _ = mutate(tmp_path)
    r = Ruleset(catalog.load("triangular"), {"k": "3"})
    sol = solve(r, parse_bound("x=6,y=4,z=6", r.coords))

    class Args:
        table_axes = None
    html = build(r, sol, Args(), sources={"cgsuite": transcript})._repr_html_()
    assert "VERDICT: DIFFERENCES FOUND" in html and "DIFFERS: 1 value" in html and "<html" not in html


@pytest.mark.mathics
@pytest.mark.skipif(mathics_command() is None, reason="Mathics3 is not installed")
@needs_chromium
def test_audit_report_in_chromium(tmp_path):
    # seed 000 Example 7.1 as printed differs from the inequality reading at (1,1): the program
    # moves to (0,0) where the spec moves to (1,0) (README, audit verdicts).
    page = tmp_path / "audit.html"
    code = main(["audit", str(write("seed000_ex71.txt", tmp_path)), "--game", "two_inequalities_res",
                 "--scale", "ss=3", "--html", str(page)])
    assert code == 1
    dom, shot = browse(page, tmp_path)
    d = Dom(dom)
    assert d.verdict.strip() == "VERDICT: DIFFERENCES FOUND"
    assert ["ss=3", "moves", "(1,1)", "(0,0)", "", "program-only option"] in d.rows
    assert assert_not_blank(shot) > 1000


def test_verify_report_has_programs_command_versions_timings(tmp_path):
    transcript, pos, g, bad, _ = mutate(tmp_path)
    page = tmp_path / "v.html"
    run = tmp_path / "run"
    code = main(["verify", "triangular", "-p", "k=3", "--bound", "x=6,y=4,z=6", "--run-dir", str(run),
                 "--mathematica-engine", "none", "--cgsuite", str(transcript), "--html", str(page)])
    assert code == 1
    text = page.read_text()
    for name in ("Triangular.cgs", "triangular_k3_x6_y4_z6_table.cgs", "triangular_k3_x6_y4_z6.wl"):
        assert f"<summary>{name}</summary>" in text
    wl = (run / "triangular_k3_x6_y4_z6.wl").read_text()
    assert "Mex[s_List] := Min[Complement[Range[0, Length[s]], s]];" in wl
    assert "Mex[s_List] := Min[Complement[Range[0, Length[s]], s]];" in __import__("html").unescape(text)
    assert "cgs-bridge verify triangular -p k=3" in text and "python solve" in text
    assert "<th>matplotlib</th>" in text and "<th>cgs_bridge</th>" in text
    assert text.index("VERDICT: DIFFERENCES FOUND") < text.index("<h2>Differences</h2>")  # verdict first


def test_sweep_page_from_a_sweep_table(tmp_path):
    import pandas as pd

    from cgs_bridge.presentation import report_html
    # seed 003 Theorem 7.3: the nim-sum claim holds for k = 4m + 3 and is not applicable otherwise;
    # a forced claim fails for k = 5 (test_catalog_facts); one cell did not run.
    frame = pd.DataFrame({"k": [3, 5, 7, 9], "bound": "10", "status": ["ok", "ok", "ok", "failed"],
                          "claim1": "T", "claim1_status": ["holds", "fails", "holds", None],
                          "claim1_failures": [0, 12, 0, None]})
    page = report_html.sweep_page(frame, command="cgs-bridge sweep triangular -p k=3..9:2")
    assert page["verdict"] == "VERDICT: CELLS DID NOT RUN" and not page["ok"]
    assert page["summary"][0]["cells"] == ["T", 4, 2, 1, 0, 1, 12]
    assert [[c for _, c in r] for r in page["differences"]] == [["k=5", "T", "fails", 12], ["k=9", "T", "error", ""]]
    html = report_html.render(page)
    assert "<svg" in html and "cgs-bridge sweep triangular" in html


def test_report_figure_slices_where_the_positions_are():
    from cgs_bridge.model import catalog
    from cgs_bridge.model.game import Ruleset
    from cgs_bridge.presentation import report_html
    from solvers import parse_bound, solve
    r = Ruleset(catalog.load("triangular"), {"k": "3"})
    sol = solve(r, parse_bound("5", r.coords))
    # y = 0 keeps every (x, z) a position (y <= floor((x + z) / 3)); x = 0 or z = 0 keeps few
    assert report_html.best_slice(sol, (0, 0, 0)) == {1: 0}
    assert report_html.best_slice(solve(r, parse_bound("x=70,y=3,z=70", r.coords)), (0, 0, 0)) is None


@needs_chromium
def test_sweep_report_in_chromium(tmp_path):
    import pandas as pd
    page, table = tmp_path / "sweep.html", tmp_path / "sweep.csv"
    code = main(["sweep", "triangular", "-p", "k=1..9:2", "--bound", "10", "--claim",
                 "P iff x xor y xor z == 0", "--workers", "0", "-o", str(table), "--html", str(page)])
    frame = pd.read_csv(table)
    extra = [c for c in frame.columns if c.startswith("claim") and c[5:].isdigit()
             and frame[c].iloc[0].startswith("--claim")][0]
    failing = sorted(frame.loc[frame[f"{extra}_status"] == "fails", "k"])
    assert code == (1 if failing else 0)
    assert 3 not in failing and 7 not in failing  # seed 003 Theorem 7.3: k = 4m + 3
    dom, shot = browse(page, tmp_path)
    d = Dom(dom)
    assert d.verdict.strip() == ("VERDICT: CLAIM FAILURES FOUND" if failing else
                                 "VERDICT: every claim holds wherever it applies")
    rows = [r for r in d.rows[1:] if r[1].startswith("--claim")]
    assert [r[0] for r in rows] == [f"k={k}" for k in failing]
    assert all(r[2] == "fails" for r in rows)
    assert assert_not_blank(shot) > (1000 if failing else -1)
