"""``prove`` of take-and-break games (issue 49): the periodicity row and the claims decided from it,
with a planted wrong twin for every PROVED (a refuted claim at the smallest heap the OEIS table
gives, a preperiod too long for the heaps allowed: undecided, never PROVED)."""

from __future__ import annotations

import pytest

from cgs_bridge.api import prove
from cgs_bridge.cli.main import main
from cgs_bridge.jobs.prove_octal import prove_periodic
from cgs_bridge.model import catalog
from cgs_bridge.model.game import Ruleset

from takebreak_data import DAWSONS_KAYLES, KAYLES


def rows(result):
    return {r.name: r for r in result.rows}


def test_kayles_and_its_claim_are_proved():
    result = prove("kayles", claims=["P iff n == 0", "grundy <= 8", "n % 12 != 3 or grundy == 8 or n < 71"])
    by = rows(result)
    assert by["periodicity"].verdict == "PROVED" and "period 12, preperiod 71" in by["periodicity"].reason
    assert "2e + p + t = 156" in by["periodicity"].reason
    assert all(r.verdict == "PROVED" for r in result.rows) and result.exit_code == 0


def test_a_wrong_claim_is_refuted_at_the_smallest_heap_of_the_table():
    claim = "P iff n % 5 == 0"
    result = prove("dawsons_kayles", claims=[claim])
    row = rows(result)[claim]
    first = next(n for n, g in enumerate(DAWSONS_KAYLES) if (g == 0) != (n % 5 == 0))
    assert row.verdict == "REFUTED" and row.position == (first,) and result.exit_code == 1
    # a wrong claim about the far periodic part: read from the proved period beyond the solved heaps
    wrong = "n < 1000000 or grundy != 8"
    far = prove("kayles", claims=[wrong]).rows[-1]     # after the periodicity and the game's claim
    n = far.position[0]
    assert far.verdict == "REFUTED" and n >= 1000000 and KAYLES[71 + (n - 71) % 12] == 8


def test_what_is_not_decided():
    result = prove("kayles", claims=["grundy < n or n < 5", "misere >= 0", "grundy >= 0"])
    by = result.rows
    # the periodicity, the game's own claim (P iff n == 0), then the three given
    assert [r.verdict for r in by] == ["PROVED", "PROVED", "NOT EXPRESSIBLE", "NOT EXPRESSIBLE", "PROVED"]
    assert "compared with a value that depends on it" in by[2].reason and "misère" in by[3].reason
    grundy = prove("grundys_game")
    assert grundy.rows[0].verdict == "NOT EXPRESSIBLE" and "not octal" in grundy.rows[0].reason
    assert grundy.exit_code == 2


def test_a_preperiod_beyond_the_heaps_allowed_is_undecided_not_proved():
    r = Ruleset(catalog.load("octal_127"))        # periodic only after heap 46577
    row = prove_periodic(r, [], max_heap=8192)[0]
    assert row["verdict"] == "NOT EXPRESSIBLE"
    assert row["reason"].startswith("undecided: not yet periodic up to heap 8192")


def test_the_cli_prints_the_bound(capsys):
    assert main(["prove", "dawsons_kayles"]) == 0
    out = capsys.readouterr().out
    assert "period 34, preperiod 53" in out and "octal periodicity theorem" in out


@pytest.mark.parametrize("name", ["double_kayles"])
def test_double_kayles_last_exception_141(name):
    row = prove(name).rows[0]
    assert "period 24, preperiod 142" in row.reason


def test_discover_reports_the_period_and_proves_it():
    from cgs_bridge.jobs.discover import discover
    rep = discover("dawsons_kayles", bound=200, families=("periodic", "misere"), prove=True)
    text = rep.to_text()
    assert "periodic from n = 53, period 34" in text                   # the periodic family's line
    assert any("the misere family was not searched" in n for n in rep.notes)
    assert any("2e + p + t = 142" in n and "hold for every n" in n for n in rep.notes)
    first = rep.proofs[0]
    assert first["verdict"] == "PROVED" and first["condition"] == "g(n + 34) = g(n) for every n >= 53"
    short = discover("kayles", bound=120, families=("periodic",))     # 120 < 2e + 2p + t = 168
    assert any("needs heaps up to 2e + 2p + t = 168" in n for n in short.notes)


def _random_claims(rng, count):
    """``count`` random claims over the heap ``n`` and ``grundy``, each as ``(text, truth)`` where
    ``truth(n, g)`` is the same claim written in Python by this test (the meaning of the spec's
    operators: ``%`` of naturals, ``==``, ``and``/``or``/``not``, ``if``)."""
    def cond(depth):
        k = rng.randrange(5 if depth else 3)
        if k == 0:
            m, r = rng.randint(2, 7), rng.randint(0, 6)
            return f"n % {m} == {r}", lambda n, g, m=m, r=r: n % m == r
        if k == 1:
            c = rng.choice([5, 40, 83, 100, 150, 300])
            return (f"n > {c}", lambda n, g, c=c: n > c) if rng.random() < .5 else (f"n < {c}", lambda n, g, c=c: n < c)
        if k == 2:
            (a, fa), (b, fb) = value(), value()
            return f"{a} == {b}", lambda n, g, fa=fa, fb=fb: fa(n, g) == fb(n, g)
        (a, fa), (b, fb) = cond(depth - 1), cond(depth - 1)
        if k == 3:
            return f"({a} and {b})", lambda n, g, fa=fa, fb=fb: fa(n, g) and fb(n, g)
        return f"({a} or not ({b}))", lambda n, g, fa=fa, fb=fb: fa(n, g) or not fb(n, g)

    def value():
        k = rng.randrange(4)
        if k == 0:
            return "grundy", lambda n, g: g
        if k == 1:
            c = rng.randint(0, 8)
            return str(c), lambda n, g, c=c: c
        if k == 2:
            m = rng.randint(2, 9)
            return f"n % {m}", lambda n, g, m=m: n % m
        (c, fc) = cond(0)
        d = rng.randint(1, 3)
        return f"grundy + (if {c} then {d} else 0)", lambda n, g, fc=fc, d=d: g + (d if fc(n, g) else 0)

    out = []
    for _ in range(count):
        text, truth = cond(2)
        if rng.random() < .5:   # "grundy == V" claims as well as conditions
            v, fv = value()
            text, truth = f"grundy == {v}", lambda n, g, fv=fv: g == fv(n, g)
        out.append((text, truth))
    return out


def test_random_claims_against_the_sequence_by_the_literature():
    """Random claims about Kayles (the visitor that finds from which heap and with which modulus a
    claim repeats, issue 49) against the sequence of OEIS A002186, extended by its period 12 from
    71 to heap 3000: every PROVED holds at every heap, every REFUTED fails at its heap and at no
    smaller one. A comparison that kept one side's modulus proved false claims here."""
    import random
    rng = random.Random(49)
    claims = _random_claims(rng, 120)
    g = [KAYLES[n] if n < 71 else KAYLES[71 + (n - 71) % 12] for n in range(3001)]
    result = prove("kayles", claims=[c for c, _ in claims])
    decided = 0
    for (text, truth), row in zip(claims, result.rows[2:]):
        fails = [n for n in range(3001) if not truth(n, g[n])]
        if row.verdict == "PROVED":
            assert not fails, f"PROVED but false at heap {fails[0]}: {text}"
        elif row.verdict == "REFUTED":
            assert fails and row.position == (fails[0],), (text, row.position, fails[:3])
        decided += row.verdict in ("PROVED", "REFUTED")
    assert decided >= 60       # the test decides claims, not only refusals


def test_the_proof_folder_of_a_take_and_break_game(tmp_path):
    """``prove kayles -o DIR``: the folder is written (it was an internal error: the HTML and TeX
    pages read sentences a periodicity proof does not have), proof.tex compiles, and each page says
    the period and the theorem that proves it; a false claim is a remark, not a theorem."""
    import shutil
    import subprocess
    out = tmp_path / "proof"
    assert main(["prove", "kayles", "--claim", "grundy <= 8", "--claim", "grundy == 9", "-o", str(out)]) == 1
    html = (out / "proof.html").read_text()
    assert "g(n + 12) = g(n) for every n &gt;= 71" in html and "octal periodicity theorem" in html
    tex = (out / "proof.tex").read_text()
    assert "\\begin{theorem}[{periodicity}]" in tex and "\\begin{remark}[{grundy == 9}]" in tex
    assert "Appendix" not in tex          # no sentences to list
    if shutil.which("pdflatex") is None or shutil.which("pdftotext") is None:
        pytest.skip("pdflatex or pdftotext is not installed")
    subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "proof.tex"], cwd=out,
                   capture_output=True, check=True, timeout=120)
    text = subprocess.run(["pdftotext", str(out / "proof.pdf"), "-"], capture_output=True, text=True).stdout
    assert "the octal code 0.77" in text and "fails at heap 0" in text
