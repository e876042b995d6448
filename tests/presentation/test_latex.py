"""LaTeX output ready for a paper (issue 23): booktabs without vertical rules, grids coloured by
value mod m (xcolor), wide grids kept within the line, P-position sets inline as seed 003 prints
them and long lists in a longtable; every output compiles with pdflatex without an overfull or
underfull box (where pdflatex is installed; .ci/run installs it).

Expected values: the 53 P-positions of seed 003 Example 8.7 (k = 2, x, y, z <= 10) as printed in the
paper (tests/data/seed003_ex87_ppositions.txt); seed 000 Fig 7.10's colours (1 red, 2 blue, 0
white); Theorem 7.3 (k = 3) for the cells coloured as P-positions.
"""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from conftest import ROOT

from cgs_bridge.cli.main import main

PDFLATEX = shutil.which("pdflatex")
PREAMBLE = ("\\documentclass{article}\n\\usepackage{booktabs,longtable,graphicx}\n"
            "\\usepackage[table]{xcolor}\n\\begin{document}\n")


def solve_tex(tmp_path, name, *args) -> str:
    out = tmp_path / f"{name}.tex"
    assert main(["solve", *args, "--format", "latex", "-o", str(out), "--quiet"]) == 0
    return out.read_text()


@pytest.fixture(scope="module")
def outputs(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("latex")
    return tmp, {
        "wide": solve_tex(tmp, "wide", "triangular", "--bound", "30", "--slice", "y=1", "--mod", "3"),
        "narrow": solve_tex(tmp, "narrow", "triangular", "--bound", "8", "--slice", "y=0"),
        "set": solve_tex(tmp, "set", "triangular", "-p", "k=2", "--bound", "10", "--p-positions"),
        "long": solve_tex(tmp, "long", "triangular", "-p", "k=3", "--bound", "16", "--p-positions"),
    }


def test_booktabs_without_vertical_rules(outputs):
    _, tex = outputs
    for name in ("wide", "narrow"):
        spec = re.search(r"\\begin\{tabular\}\{([^}]*(\{[^}]*\}[^}]*)*)\}", tex[name]).group(1)
        assert "|" not in spec and "\\toprule" in tex[name] and "\\bottomrule" in tex[name]
    assert "\\resizebox{\\linewidth}" in tex["wide"] and "\\resizebox" not in tex["narrow"]


def test_cells_coloured_mod_3_as_seed_000(outputs):
    _, tex = outputs
    rows = [ln for ln in tex["wide"].splitlines() if re.match(r"^\d+ & ", ln)]
    assert len(rows) == 31
    for ln in rows:
        for cell in ln.rstrip(" \\").split(" & ")[1:]:
            m = re.match(r"(\\cellcolor\{([^}]*)\})?(\d*)$", cell)
            assert m, cell
            colour, value = m.group(2), m.group(3)
            if value == "":
                assert colour == "black!10"  # not a position
            else:
                assert colour == {0: None, 1: "red!35", 2: "blue!25"}[int(value) % 3]


def test_p_positions_inline_as_the_paper_prints_them(outputs):
    _, tex = outputs
    printed = (ROOT / "tests" / "data" / "seed003_ex87_ppositions.txt").read_text().split("\n", 2)[2]
    want = re.findall(r"\((\d+),(\d+),(\d+)\)", printed)
    body = tex["set"].splitlines()[-1]
    assert body.startswith("\\(\\{(0, 0, 0)\\), \\(") and body.endswith("\\}\\)")
    got = re.findall(r"\((\d+), (\d+), (\d+)\)", body)
    assert got == want and len(got) == 53
    assert "\\begin{longtable}" in tex["long"] and "\\endhead" in tex["long"]
    for x, y, z in re.findall(r"\((\d+), (\d+), (\d+)\)", tex["long"]):
        assert int(x) ^ int(y) ^ int(z) == 0  # seed 003 Theorem 7.3, k = 3


@pytest.mark.skipif(PDFLATEX is None, reason="pdflatex is not installed (apt-get install "
                    "texlive-latex-recommended; .ci/run installs it)")
def test_outputs_compile_without_bad_boxes(outputs):
    tmp, tex = outputs
    body = "\n\n".join(f"\\section*{{{n}}}\n\\input{{{n}.tex}}" for n in tex)
    (tmp / "doc.tex").write_text(PREAMBLE + body + "\n\\end{document}\n")
    p = subprocess.run([PDFLATEX, "-interaction=nonstopmode", "-halt-on-error", "doc.tex"], cwd=tmp,
                       capture_output=True, text=True, timeout=300)
    log = (tmp / "doc.log").read_text(errors="replace")
    assert p.returncode == 0, log[-3000:]
    bad = [ln for ln in log.splitlines() if ln.startswith(("Overfull", "Underfull"))]
    assert not bad, bad
    assert (tmp / "doc.pdf").stat().st_size > 1000
