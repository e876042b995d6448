"""A pass flag (``pass once``) is bounded by its own range 0..1 (issue 36): ``--bound N`` does not
raise it to N, and a per-coordinate bound need not name it. Expected: the rule of the flag (1 while
the pass is unused, 0 after: Inoue, Fukui, Miyadera, Integers 16 (2016) G5)."""

from __future__ import annotations

from cgs_bridge.cli.main import main
from cgs_bridge.model.resolve import box_of, ruleset_of


def test_one_number_does_not_raise_the_flag_and_named_bounds_need_not_give_it():
    r = ruleset_of("step_pass", {})
    assert str(box_of(r, "12")) == "y=12,z=12,passes=1"
    assert str(box_of(r, "y=6,z=14")) == "y=6,z=14,passes=1"
    assert str(box_of(r, "y=6,z=14,passes=0")) == "y=6,z=14,passes=0"  # given: kept
    assert str(box_of(r, 0)) == "y=0,z=0,passes=0"
    assert str(box_of(ruleset_of("nim", {}), 5)) == "x=5"  # twin: no flag, nothing changes


def test_the_issue_command_runs(capsys):
    assert main(["solve", "step_pass", "--bound", "y=3,z=6"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0] == "y,z,passes,grundy" and {r.split(",")[2] for r in rows[1:]} == {"0", "1"}
