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
    far = prove("kayles", claims=[wrong]).rows[1]
    n = far.position[0]
    assert far.verdict == "REFUTED" and n >= 1000000 and KAYLES[71 + (n - 71) % 12] == 8


def test_what_is_not_decided():
    result = prove("kayles", claims=["grundy < n or n < 5", "misere != 2", "grundy >= 0"])
    by = result.rows
    assert [r.verdict for r in by] == ["PROVED", "NOT EXPRESSIBLE", "NOT EXPRESSIBLE", "PROVED"]
    assert "compared with a value that depends on it" in by[1].reason and "misère" in by[2].reason
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
