"""``proof.tex`` read back from the PDF pdflatex makes of it (issue 48.1): a proof of a game
written here compiles alone and as an ``\\input`` fragment of a paper with its own theorem
numbering, and its text states the game, the theorem in mathematics, one lemma per sentence with
the prover that decided it, the induction and the prover's remark.

The game: a step chocolate bar with width ``floor(z/2)``: ``y <= floor(z/2)``, lower y, or lower z
and clamp y. Its Grundy value ``y xor z`` is checked here by a plain mex recursion on a box (and
is seed 001's Theorem 3.2, f = floor(t/2) being halving); the planted twin ``grundy == y xor z xor
1`` is refuted at the recursion's smallest failure."""

from __future__ import annotations

import shutil
import subprocess
from functools import lru_cache

import pytest

import cgs_bridge as cb
from cgs_bridge.presentation.proof_tex import proof_latex

pytest.importorskip("solvers.automata", reason="the embedded prover is not installed")
PDFLATEX, PDFTOTEXT = shutil.which("pdflatex"), shutil.which("pdftotext")
pytestmark = pytest.mark.skipif(not (PDFLATEX and PDFTOTEXT), reason="pdflatex and pdftotext (texlive-latex-base, "
                                "poppler-utils; .ci/run installs them) are not installed")

GAME = """game ladder
  title "Ladder: y <= floor(z / 2)"
  coordinates y, z
  require y <= floor(z / 2)
  cut y to t
  cut z to t: y = min(y, floor(t / 2))
  claim "ladder value": grundy == y xor z
"""


@lru_cache(maxsize=None)
def grundy(y: int, z: int) -> int:
    opts = {grundy(t, z) for t in range(y)} | {grundy(min(y, t // 2), t) for t in range(z)}
    return next(m for m in range(len(opts) + 1) if m not in opts)


def _pdf_text(folder, name: str) -> str:
    for _ in range(2):   # twice: the references
        run = subprocess.run([PDFLATEX, "-interaction=nonstopmode", "-halt-on-error", f"{name}.tex"],
                             cwd=folder, capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, run.stdout[-3000:]
    log = (folder / f"{name}.log").read_text(errors="replace")
    assert "undefined" not in log.lower() or "Reference" not in log, log[-2000:]
    return subprocess.run([PDFTOTEXT, f"{name}.pdf", "-"], cwd=folder, capture_output=True, text=True,
                          timeout=60).stdout


@pytest.fixture(scope="module")
def proofs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("ladder")
    (folder / "ladder.game").write_text(GAME)
    assert all(grundy(y, z) == y ^ z for z in range(40) for y in range(z // 2 + 1))   # the recursion agrees
    proved = cb.prove(str(folder / "ladder.game"), prover="embedded")
    twin = cb.prove(str(folder / "ladder.game"), claims=["grundy == y xor z xor 1"], prover="embedded")
    return folder, proved, twin


def test_the_proof_compiles_alone_and_reads_as_a_proof(proofs):
    folder, proved, _ = proofs
    assert [r.verdict for r in proved.rows] == ["PROVED"]
    (folder / "alone.tex").write_text(proof_latex(proved))
    text = " ".join(_pdf_text(folder, "alone").split())
    # the game as a definition: positions and moves, in mathematics
    assert "A position is a tuple (y, z) of natural numbers with y ≤ ⌊z/2⌋" in text
    assert "(t, z) for every 0 ≤ t < y" in text and "(min(y, ⌊t/2⌋), t) for every 0 ≤ t < z" in text
    # the theorem in mathematics, no program text, no run time in it
    theorem = text[text.index("Theorem 2"):text.index("The proof states")]
    assert "has Grundy value y ⊕ z" in theorem
    assert not any(word in theorem for word in ("==", "xor", "%", " s.", "s)"))
    # one lemma per sentence, each decided by the prover named; the induction; the remark
    for i, name in enumerate(["nonnegative", "no equal", "smaller reached", "terminates"], 3):
        assert f"Lemma {i} ({name})" in text
    assert text.count("decided TRUE for all natural numbers by the embedded automata prover of cgs-bridge") == 4
    assert "Proof of Theorem 2. By Lemma 6" in text and "mex of the values of the options" in text
    remark = text[text.index("Remark 7"):]
    assert "largest automaton" in remark and "states" in remark and "run time" in remark
    assert "Appendix: the sentences as the provers read them" in text and "eval no_equal" in text.replace("no equal", "no_equal")
    assert "??" not in text


def test_the_proof_is_a_fragment_of_a_paper(proofs):
    folder, proved, twin = proofs
    (folder / "fragment.tex").write_text(proof_latex(proved))
    (folder / "twin.tex").write_text(proof_latex(twin))
    (folder / "paper.tex").write_text(
        "\\documentclass{article}\n\\usepackage{amsmath,amssymb,amsthm}\n"
        "\\newtheorem{theorem}{Theorem}[section]\n\\begin{document}\n\\section{Results}\n"
        "\\begin{theorem}Ours.\\end{theorem}\n\\section{Appendix}\n\\input{fragment.tex}\n"
        "\\input{twin.tex}\nAfter the fragments.\n\\end{document}\n")
    text = " ".join(_pdf_text(folder, "paper").split())
    assert "Theorem 1.1. Ours." in text and "After the fragments." in text
    assert "Definition 2.1 (Ladder" in text and "Theorem 2.2 (ladder value)" in text
    assert "Lemma 2.3 (nonnegative)" in text
    # the planted twin: refuted at the recursion's smallest failure, with its values
    smallest = min(((y, z) for z in range(20) for y in range(z // 2 + 1) if grundy(y, z) != y ^ z ^ 1),
                   key=lambda p: (sum(p), p))
    row = twin.rows[-1]
    assert row.verdict == "REFUTED" and row.position == smallest
    assert f"Its smallest counterexample (least coordinate sum, then lexicographic) is {smallest}" in text
