"""One-coordinate positions print as numbers (``4``, never Python's ``(4,)``) and a formula found by
two families is listed once (issue 36). The game is the subtraction game {1, 2, 3}, whose Grundy
value is x mod 4 (Winning Ways ch. 4): its near misses and misère differences are one-coordinate."""

from __future__ import annotations

import re

from cgs_bridge.cli.main import main
from cgs_bridge.foundation.results import position_text


def test_position_text():
    assert position_text((2,)) == "2" and position_text([3, 1, 2]) == "(3, 1, 2)"


def test_discover_on_a_one_coordinate_game_prints_numbers_and_no_duplicate(capsys):
    assert main(["discover", "subtraction", "--bound", "30"]) == 0
    out = capsys.readouterr().out
    assert not re.search(r"\(\d+,\)", out), out
    near = out.split("Near misses")[1].split("\n\n")[0].splitlines()[1:]
    assert len(near) == len(set(near)) >= 1, near
    # P iff x == 0 fails first at x = 4 (x mod 4 == 0): printed as the number 4
    assert "P iff x == 0: fails at 7 of 31; first: 4 g=0, 8 g=0" in out
