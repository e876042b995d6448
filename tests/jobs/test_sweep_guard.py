"""A sweep of more than 1,000 cells asks for ``--yes`` and says how long it would take (issue 36:
a slip ``-p k=1..100000`` ran 100,000 cells for 196 s); at or below the limit it runs."""

from __future__ import annotations

import re

from cgs_bridge.cli import sweep as sweep_cli
from cgs_bridge.cli.main import main


def test_more_cells_than_the_limit_need_yes(capsys, monkeypatch):
    monkeypatch.setattr(sweep_cli, "MAX_CELLS", 3)
    assert main(["sweep", "nim", "--bound", "1..4", "--workers", "0"]) == 2
    err = capsys.readouterr().err
    assert "this sweep has 4 cells (more than 3)" in err and "--yes" in err and "about" in err
    assert main(["sweep", "nim", "--bound", "1..4", "--workers", "0", "--yes"]) == 0
    assert main(["sweep", "nim", "--bound", "1..3", "--workers", "0"]) == 0  # at the limit: runs
    capsys.readouterr()


def test_the_issue_slip_is_refused_at_once_with_its_time(capsys):
    assert main(["sweep", "triangular", "-p", "k=1..100000", "--bound", "12"]) == 2
    err = capsys.readouterr().err
    assert "100,000 cells (more than 1,000)" in err
    # the issue measured 196 s for these cells: the estimate is within a factor of 3
    minutes = int(re.search(r"would take about (\d+) minutes", err).group(1))
    assert 196 / 3 <= minutes * 60 <= 196 * 3
