"""Guard rails (issue 36): integer parameters beyond 64 bits are refused as the README says ("values
beyond 64-bit integers ... are refused"), and a huge memory need prints in readable units."""

from __future__ import annotations

import re

import pytest

from cgs_bridge.cli.main import main
from solvers.box import gib_text


@pytest.mark.parametrize("k,code", [(2**63, 2), (-(2**63) - 1, 2), (99999999999999999999999, 2), (2**63 - 1, 0)])
def test_integer_parameters_beyond_64_bits_are_refused(k, code, capsys):
    assert main(["solve", "triangular", "-p", f"k={k}", "--bound", "2"]) == code
    err = capsys.readouterr().err
    assert ("beyond the 64-bit integers" in err) == (code == 2), err


def test_memory_needs_print_in_readable_units(capsys):
    assert gib_text(3 * 2**30) == "about 3.0 GiB" and gib_text(5 * 2**40) == "about 5,120 GiB"
    # 7.8 * 10^42 GiB: more than 10^42, never a 40-digit float
    assert gib_text(7799826562404632515483950402381489335435264 * 2**30) == "more than 10^42 GiB"
    assert main(["solve", "triangular", "--bound", "99999999999999999"]) == 2
    err = capsys.readouterr().err
    assert re.search(r"needs more than 10\^\d+ GiB", err) and not re.search(r"\d{15,}\.\d GiB", err), err
