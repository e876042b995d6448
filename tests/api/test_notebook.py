"""A notebook using only the documented API (README "Python API"), executed headless in a real
Jupyter kernel (nbclient + ipykernel of the test extras): every result renders as a table, a grid or
a figure, errors use the API's words, and progress is drawn in the notebook (issue 23).

Expected values written in the cells come from the papers: seed 003 Theorem 7.3 (k = 3: P iff
x xor y xor z = 0) and Conjecture 8.1 (k = 5), and seed 000 Example 7.2's game.
"""

from __future__ import annotations

import json
import os
import sys

import pytest
from conftest import ROOT

nbformat = pytest.importorskip("nbformat", reason="nbformat is in the test extras (pip install -e '.[test]')")
nbclient = pytest.importorskip("nbclient", reason="nbclient is in the test extras")
pytest.importorskip("ipykernel", reason="ipykernel is in the test extras")

#: (cell source, what its result must render as: "table", "grid", "figure", "rules" or None)
CELLS = [
    ("import cgs_bridge as cb", None),
    ('g = cb.game("triangular", k=3)\ng', "rules"),
    ("s = g.solve(bound=6)\ns", "grid"),
    ('r = s.check("P iff x xor y xor z == 0")\nassert r.holds\nr', "table"),
    ("s.check()", "table"),
    ('cb.game("two_inequalities").solve(bound=12)', "grid"),
    ('d = cb.discover("triangular", bound={"x": 12, "y": 6, "z": 12}, k=5, families=("p",))\n'
     'assert d.formulas[0].condition == "P iff (x - 1) xor y xor (z - 1) == 0"\nd', "table"),
    ('c = cb.compare("triangular", bound={"x": 6, "y": 4, "z": 6}, k=3,\n'
     '               sources={"cgsuite": "examples/tri_list_k3_x6_y4_z6.out",\n'
     '                        "mathematica": "examples/triangular_k3_x6_y4_z6.csv"})\nassert c.agree\nc', "table"),
    ('t = cb.sweep("triangular", {"k": "1..7:2"}, bound=6, workers=0)\nt', "table"),
    ('s.plot("grid", slice="x=3", mod=3)', "figure"),
    ('s.plot("p-positions")', "figure"),
    ('cb.game("triangular").solve(bound=40)', "grid"),  # progress drawn in the cell (stderr is no terminal)
    ('try:\n    s.plot("grid")\nexcept cb.errors.CgsBridgeError as e:\n    print(e)', None),
]


def _kernel_dir(tmp_path):
    """A kernelspec running this interpreter (the project's venv), found through JUPYTER_PATH."""
    spec = tmp_path / "jupyter" / "kernels" / "cgsb"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "cgs_bridge tests", "language": "python"}))
    return tmp_path / "jupyter"


def _kind(outputs) -> set:
    kinds = set()
    for out in outputs:
        data = out.get("data", {})
        text = data.get("text/html", "")
        if "image/png" in data or "image/svg+xml" in data or "<svg" in text:
            kinds.add("figure")
        if "<table" in text:
            kinds.add("table")
            if "<th>" in text and "class=\"p\"" in text:
                kinds.add("grid")
        if "<pre" in text and "require" in text:
            kinds.add("rules")
    return kinds


def test_notebook_renders_every_result(tmp_path, monkeypatch):
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    monkeypatch.setenv("JUPYTER_PATH", str(_kernel_dir(tmp_path)))
    monkeypatch.setenv("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src, _ in CELLS]
    client = nbclient.NotebookClient(nb, kernel_name="cgsb", timeout=600,
                                     resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    for cell, (src, want) in zip(nb.cells, CELLS):
        errors = [o for o in cell.outputs if o.output_type == "error"]
        assert not errors, f"{src}\n{errors[0].get('ename')}: {errors[0].get('evalue')}"
        if want:
            assert want in _kind(cell.outputs), f"{src!r} did not render as a {want}: {cell.outputs}"
    # the progress bar of the solve, drawn in the notebook as tqdm's widget (ipywidgets is in the
    # test extras); never a text bar, which reaches a notebook as blocks of standard error (48.10)
    shown = nb.cells[-2].outputs
    assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in shown), (
        f"no progress widget (ipywidgets is in the test extras: pip install -e '.[test]'): {shown}")
    assert not any(o.get("name") == "stderr" for o in shown), shown
    # an API error in the API's words (slice=..., not the command line's --slice)
    printed = "".join(o.get("text", "") for o in nb.cells[-1].outputs)
    assert "slice=\"z=0\"" in printed and "--slice" not in printed
    # the Discovery shows a table of findings with the claim line, not a dataclass dump
    html = nb.cells[6].outputs[-1]["data"]["text/html"]
    assert "P iff (x - 1) xor y xor (z - 1) == 0" in html and "Discovery(" in html
    assert len(nb.cells[6].outputs[-1]["data"]["text/plain"]) < 200
    # the 3-D box: one grid per value of x (slices x = 0..6)
    assert nb.cells[2].outputs[-1]["data"]["text/html"].count("<table") == 7
    assert os.environ.get("JUPYTER_PATH")
