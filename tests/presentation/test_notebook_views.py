"""Issue 36, item 9 and the desk's prove view: a Discovery shows its evidence as columns (never a
Python dict) with the claim line in its own column; ``cb.prove(...)`` shows a verdict table and a
short text form. The same views in a real Jupyter kernel (nbclient, ipykernel of the test extras).

Expected values: nim_pass after the pass is three-heap Nim (Bouton; seed 003 Theorem 3.1), so
``not (passes == 0) or grundy == x xor y xor z`` is found and the catalog claim is PROVED; the
planted false claim ``grundy == x xor y`` fails at (0, 0, 1, 0) (Nim: 1, not 0), so it is REFUTED.
"""

from __future__ import annotations

import json
import re
import sys
from html.parser import HTMLParser

import pytest

import cgs_bridge as cb


class Tables(HTMLParser):
    """Every ``<table>`` of a page as ``(header, rows)`` of cell texts; the bold title before it."""

    def __init__(self):
        super().__init__()
        self.tables, self.cell, self.row, self.title, self.bold = [], None, None, "", None

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append((self.title, [], []))
        elif tag == "tr":
            self.row = []
        elif tag in ("td", "th"):
            self.cell = []
        elif tag == "b":
            self.bold = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.row.append(("th" if tag == "th" else "td", "".join(self.cell)))
            self.cell = None
        elif tag == "tr" and self.row is not None:
            title, header, rows = self.tables[-1]
            if all(k == "th" for k, _ in self.row):
                header += [t for _, t in self.row]
            else:
                rows.append([t for _, t in self.row])
            self.row = None
        elif tag == "b" and self.bold is not None:
            self.title, self.bold = "".join(self.bold), None

    def handle_data(self, data):
        for buf in (self.cell, self.bold):
            if buf is not None:
                buf.append(data)


def tables(page: str) -> dict:
    p = Tables()
    p.feed(page)
    return {title: (header, rows) for title, header, rows in p.tables}


def raw_python(text: str) -> bool:
    """True when a cell shows Python's own syntax for a dict or a one-tuple."""
    return bool(re.search(r"\{'|\{\"|': |,\)", text))


def test_raw_python_detector():
    assert raw_python(str({"boxes": [{"box": "x=4", "positions": 10}]}))
    assert raw_python(str((2,)))
    assert not raw_python("x=4,y=4: 250 positions, 40 P")


@pytest.fixture(scope="module")
def nim_pass():
    return cb.discover("nim_pass", bound=4, families=("p", "grundy", "periodic"))


def test_discovery_evidence_as_columns_claim_in_its_own_column(nim_pass):
    t = tables(nim_pass._repr_html_())
    header, rows = t["formulas"]
    assert {"formula", "claim", "search box", "re-check box"} <= set(header)
    claims = [r[header.index("claim")] for r in rows]
    assert claims == [f.claim for f in nim_pass.formulas]
    assert any(c.endswith("not (passes == 0) or grundy == x xor y xor z") for c in claims)
    search = {r[header.index("search box")] for r in rows}
    assert search == {"x=4,y=4,z=4,passes=1: 250 positions, 40 P"}     # 5^3 * 2 positions
    assert all(not raw_python(c) for _, (_, rs) in t.items() for r in rs for c in r), t
    lh, lrows = t["rows and columns"]
    assert lh == ["row or column", "claim"] and all(r[1].startswith("claim ") for r in lrows)
    nh, nrows = t["near misses"]
    assert "first failing positions" in nh and "claim" in nh


def test_prove_result_shows_a_verdict_table():
    r = cb.prove("nim_pass", prover="embedded",
                 claims=["passes == 1 or grundy == x xor y", "passes == 1 or grundy == x xor y xor z"])
    assert len(repr(r)) < 200 and "ProveResult(" in repr(r)
    t = tables(r._repr_html_())
    ((header, rows),) = t.values()
    assert header[:2] == ["claim", "verdict"]
    verdicts = {row[0]: row[1] for row in rows}
    assert verdicts["passes == 1 or grundy == x xor y xor z"] == "PROVED"
    assert verdicts["passes == 1 or grundy == x xor y"] == "REFUTED"
    refuted = [row for row in rows if row[1] == "REFUTED"][0]
    assert "(0, 0, 1, 0)" in refuted[header.index("detail")]


# ------------------------------------------------------------------ in a real kernel
CELLS = [
    "import cgs_bridge as cb",
    'd = cb.discover("nim_pass", bound=4, families=("p", "grundy", "periodic"))\nd',
    'r = cb.prove("nim_pass", prover="embedded")\nr',
]


def test_views_render_in_a_kernel(tmp_path, monkeypatch):
    nbformat = pytest.importorskip("nbformat", reason="nbformat is in the test extras")
    nbclient = pytest.importorskip("nbclient", reason="nbclient is in the test extras")
    pytest.importorskip("ipykernel", reason="ipykernel is in the test extras")
    spec = tmp_path / "jupyter" / "kernels" / "cgsb"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "cgs_bridge tests", "language": "python"}))
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path / "jupyter"))
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src in CELLS]
    nbclient.NotebookClient(nb, kernel_name="cgsb", timeout=600,
                            resources={"metadata": {"path": str(tmp_path)}}).execute()
    for cell in nb.cells:
        errors = [o for o in cell.outputs if o.output_type == "error"]
        assert not errors, f"{cell.source}\n{errors[0].get('ename')}: {errors[0].get('evalue')}"
    d_out = nb.cells[1].outputs[-1]["data"]
    header, rows = tables(d_out["text/html"])["formulas"]
    assert "claim" in header and "re-check box" in header
    assert len(d_out["text/plain"]) < 300
    p_out = nb.cells[2].outputs[-1]["data"]
    ((ph, prows),) = tables(p_out["text/html"]).values()
    assert ph[:2] == ["claim", "verdict"] and prows[0][1] == "PROVED"
    assert len(p_out["text/plain"]) < 200
