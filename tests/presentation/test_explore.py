"""The explorer page (issue 23), driven in real headless Chromium: the page's own event handlers
move a slider (its ``input`` event) and click a position (a ``click`` event) from the URL fragment,
then the DOM Chromium built is read back.

Expected values: seed 003 Theorem 7.3 (k = 3: a position is a P-position iff x xor y xor z = 0),
so on a slice the dark cells are exactly those; options and winning moves are checked against the
rules applied by hand for one position (a cut lowers one coordinate; y is clamped to
floor((x + z) / 3)) and against Theorem 7.3 (a winning move leads to nim-sum 0).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

import cgs_bridge as cb
from cgs_bridge.cli.main import main
from cgs_bridge.foundation.errors import InputError

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed "
                                    "(apt-get install chromium; .ci/run installs it)")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]


def dom(page: Path, fragment: str, tmp: Path) -> str:
    uri = page.resolve().as_uri() + "#" + fragment
    return subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={tmp / 'profile'}", "--dump-dom", uri],
                          capture_output=True, text=True, timeout=120).stdout


def cells(text: str) -> dict:
    """{flat index: (text, style)} of the grid's position cells."""
    return {int(k): (v, style) for k, style, v in
            re.findall(r"<td data-k=\"(\d+)\" style=\"([^\"]*)\">(\d+)</td>", text)}


def by_id(text: str, ident: str) -> str:
    m = re.search(rf'id="{ident}"[^>]*>(.*?)</(p|h2|ul)>', text, re.S)
    return re.sub(r"<[^>]+>", " ", m.group(1)) if m else ""


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("explore")
    path = tmp / "tri.html"
    assert main(["explore", "triangular", "-p", "k=3", "--bound", "7", "-o", str(path), "--quiet",
                 "--claim", "P iff x xor y == z"]) == 0
    return path


def test_page_is_self_contained(page):
    text = page.read_text()
    assert not re.search(r"(src|href)\s*=\s*[\"']?(https?:|//)", text)
    assert "default-src 'none'" in text  # the page cannot fetch anything


@needs_chromium
def test_slider_and_click_in_chromium(page, tmp_path):
    # rows x, columns z, the y slider moved to 2, colour by P-positions, position (5, 2, 6) clicked
    text = dom(page, "rows=x&cols=z&y=2&colour=p&select=5,2,6", tmp_path)
    shown = cells(text)
    assert len(shown) > 20
    for k, (value, style) in shown.items():
        x, y, z = k // 64, (k // 8) % 8, k % 8
        assert y == 2  # every cell shown is on the slice the slider chose
        dark = "#333" in style
        assert dark == (x ^ y ^ z == 0), (x, y, z, value)  # Theorem 7.3
        assert dark == (value == "0")
    assert by_id(text, "info-pos").strip() == "(5, 2, 6)"
    assert "Grundy value" in by_id(text, "info-value") and "N-position" in by_id(text, "info-value")
    options = re.findall(r"\((\d+), (\d+), (\d+)\): (\d+)", by_id(text, "info-options"))
    got = {(int(a), int(b), int(c)) for a, b, c, _ in options}
    # by hand: cut x to t: y = min(2, (t + 6) // 3); cut y to t; cut z to t: y = min(2, (5 + t) // 3)
    want = ({(t, min(2, (t + 6) // 3), 6) for t in range(5)} | {(5, t, 6) for t in range(2)}
            | {(5, min(2, (5 + t) // 3), t) for t in range(6)})
    assert got == want
    wins = re.findall(r"\((\d+), (\d+), (\d+)\)", by_id(text, "info-wins"))
    assert wins and all(int(a) ^ int(b) ^ int(c) == 0 for a, b, c in wins)
    assert {tuple(map(int, w)) for w in wins} == {q for q in want if q[0] ^ q[1] ^ q[2] == 0}


@needs_chromium
def test_colour_by_a_claims_failures_and_mod(page, tmp_path):
    s = cb.game("triangular", k=3).solve(bound=7)
    text = dom(page, "rows=y&cols=z&x=6&colour=claim&claim=2", tmp_path)  # claim 2: the --claim
    for k, (value, style) in cells(text).items():
        x, y, z = k // 64, (k // 8) % 8, k % 8
        assert x == 6
        fails = (s.value((x, y, z)) == 0) != ((x ^ y) == z)
        assert ("#d55e00" in style) == fails
    text = dom(page, "rows=x&cols=z&y=0&colour=mod&m=3", tmp_path)
    colours = {"0": "#ffffff", "1": "#f4a6a6", "2": "#a6c8f4"}  # seed 000 Fig 7.10: 1 red, 2 blue
    for k, (value, style) in cells(text).items():
        assert colours[str(int(value) % 3)] in style


def test_explore_api_and_limits(tmp_path):
    s = cb.game("two_inequalities").solve(bound=10)
    ex = s.explore()
    assert "<iframe" in ex._repr_html_() and "Explorer(" in repr(ex)
    out = s.explore(tmp_path / "p.html")
    assert out.exists()
    with pytest.raises(InputError, match="exists"):
        s.explore(tmp_path / "p.html", mod=4)
    with pytest.raises(InputError, match=r"\.html"):
        s.explore(tmp_path / "p.txt")
    assert main(["explore", "two_inequalities", "--bound", "5", "-o", str(tmp_path / "p.html")]) == 2


def legend(text: str) -> list:
    """[(background, label)] of the colour legend's entries, in order."""
    block = re.search(r'<ul id="legend-colours">(.*?)</ul>', text, re.S)
    assert block, "no colour legend in the DOM"
    return [(bg, label.replace("&gt;", ">")) for bg, label in
            re.findall(r'<li><span class="key" style="background:([^;"]+)[^"]*"></span> (.*?)</li>', block.group(1))]


def plane_counts(s, upper=7) -> dict:
    """{(fixed coordinate, value): number of P-positions on that plane} by a plain loop over the
    solver's table (every 2-D slice of a 3-coordinate box fixes one coordinate)."""
    table = s.solution.grundy  # -1 where the point is not a position
    counts = {}
    for c in range(3):
        for v in range(upper + 1):
            counts[(c, v)] = sum(1 for a in range(upper + 1) for b in range(upper + 1)
                                 if table[tuple([a, b][:c]) + (v,) + tuple([a, b][c:])] == 0)
    return counts


@needs_chromium
def test_opens_on_the_slice_with_the_most_p_positions(page, tmp_path):
    s = cb.game("triangular", k=3).solve(bound=7)
    counts = plane_counts(s)
    best = max(counts.values())
    # the old first view (rows x, columns y, z = 0) holds a single P-position: (0, 0, 0)
    assert counts[(2, 0)] == 1 < best
    text = dom(page, "", tmp_path)  # no fragment: the page's own first view
    shown = cells(text)
    blank = [int(k) for k in re.findall(r'<td class="n" data-k="(\d+)"', text)]
    points = [(k // 64, (k // 8) % 8, k % 8) for k in list(shown) + blank]
    assert len(points) == 64
    fixed = [c for c in range(3) if len({p[c] for p in points}) == 1]
    assert len(fixed) == 1  # one plane: one coordinate is the same in every cell
    c, v = fixed[0], points[0][fixed[0]]
    assert counts[(c, v)] == best
    assert sum(1 for value, _ in shown.values() if value == "0") == best
    assert f"({best} P-positions, the most of any slice)" in text


@needs_chromium
def test_legend_names_every_colour_on_the_grid(page, tmp_path):
    text = dom(page, "", tmp_path)  # colour by Grundy value mod 3 (--mod's default)
    entries = legend(text)
    want = [("#ffffff", "0"), ("#f4a6a6", "1"), ("#a6c8f4", "2")]  # seed 000 Fig 7.10: 1 red, 2 blue
    assert [(bg, label.split(" mod ")[0].rsplit(" ", 1)[1]) for bg, label in entries[:3]] == want
    assert entries[0][1].startswith("Grundy value 0 mod 3: 0, 3, 6")
    grey = re.search(r"table\.g td\.n \{ background: (#[0-9a-f]+); \}", text).group(1)
    assert entries[3] == (grey, "not a position (a require fails)")
    shown_bg = {re.search(r"background:([^;]+)", style).group(1) for _, style in cells(text).values()}
    assert shown_bg <= {bg for bg, _ in entries}
    for value, style in cells(text).values():  # each cell has its own class's colour
        assert f"background:{want[int(value) % 3][0]}" in style
    entries = legend(dom(page, "colour=p", tmp_path))
    assert entries[:2] == [("#333", "P-position (Grundy value 0)"), ("#fff", "N-position (Grundy value > 0)")]
    entries = legend(dom(page, "colour=claim&claim=2", tmp_path))
    assert entries[0] == ("#d55e00", "the claim fails here")
    text = dom(page, "m=5", tmp_path)
    entries = legend(text)
    assert len(entries) == 6 and [label.split(":")[0] for _, label in entries[:5]] == [
        f"Grundy value {r} mod 5" for r in range(5)]
    shown_bg = {re.search(r"background:([^;]+)", style).group(1) for _, style in cells(text).values()}
    assert shown_bg <= {bg for bg, _ in entries}
    for value, style in cells(text).values():
        assert f"background:{entries[int(value) % 5][0]}" in style


def test_first_slice_in_the_page_data():
    from cgs_bridge.presentation.explore import page_data
    s = cb.game("triangular", k=3).solve(bound=7)
    counts = plane_counts(s)
    start = page_data(s.solution)["start"]
    (c,) = [i for i in range(3) if i not in (start["rows"], start["cols"])]
    assert start["p"] == max(counts.values()) == counts[(c, start["fixed"][c])]
    two = page_data(cb.game("two_inequalities").solve(bound=6).solution)["start"]
    assert (two["rows"], two["cols"], two["fixed"]) == (0, 1, [0, 0])  # the only slice
