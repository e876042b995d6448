"""CGScript rulesets with a parameter the spec does not have (issue 34): ``--map NAME=VALUE`` takes
a constant (a set, a list or a number), and the instantiated ruleset is judged against the spec.
Expected values from an independent recursion (the subtraction game's mex written here)."""

from __future__ import annotations

import pytest

from cgs_bridge.cli.main import main
from cgs_bridge.foundation.errors import InputError
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_game
from cgs_bridge.systems.cgsuite.audit.core import audit_cgscript
from cgs_bridge.systems.cgsuite.audit.judge import map_constant
from solvers import Box

import paths

CLASS = paths.DATA / "audit" / "evidence" / "SubtractSet.cgs"
SPEC = Ruleset(load_game("subtraction"), {})  # S = {1, 2, 3}


def options(x, takes):
    return {x - s for s in takes if s <= x}


def differing(n, takes):
    """Heaps up to n whose option set under ``takes`` differs from S = {1, 2, 3}'s."""
    return {x for x in range(n + 1) if options(x, takes) != options(x, {1, 2, 3})}


@pytest.mark.parametrize("value, takes", [("{1,2,3}", {1, 2, 3}), ("[3,2,1]", {1, 2, 3}),
                                          ("{1,3,4}", {1, 3, 4}), ("{1,2}", {1, 2})])
def test_a_set_parameter_given_as_a_constant_is_judged(value, takes):
    rep = audit_cgscript(str(CLASS), SPEC, box=Box(("x",), (12,)), mapping={"sset": value, "heap": "x"})
    bad = differing(12, takes)
    assert rep.exit_code == (1 if bad else 0), rep.text()
    moves = next(c for _, c in rep.checks if c.name == "moves")
    if bad:  # every heap where the option sets differ is named, the first in the summary
        assert moves.verdict == "differ" and f"({min(bad)})" in moves.summary
        assert {r["position"] for r in moves.rows} == {f"({x})" for x in bad}
    else:
        assert moves.verdict == "agree"


def test_constants_are_read_as_data_and_bad_ones_refused(capsys):
    assert map_constant("x") is None and map_constant("-3") == -3
    with pytest.raises(InputError, match="neither a spec coordinate"):
        map_constant("{1, Exit[]}")
    args = ["audit", str(CLASS), "--game", "subtraction", "--map", "sset={1,2", "--map", "heap=x",
            "--bound", "5", "--no-sandbox"]
    assert main(args) == 2
    assert "neither a spec coordinate" in capsys.readouterr().err
