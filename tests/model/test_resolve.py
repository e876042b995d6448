"""The one resolver of game + parameters + bound (cgs_bridge.model.resolve), as the CLI, the API,
discover and the sweep's cells use it."""

from __future__ import annotations

import pytest

from cgs_bridge.foundation.errors import BoxError, ParameterError, SpecError
from cgs_bridge.model.box import Box
from cgs_bridge.model.loading import load_game
from cgs_bridge.model.resolve import box_of, check_box_coords, resolve, ruleset_of


def test_every_spelling_of_a_bound_gives_the_same_box():
    ruleset = ruleset_of("triangular", {"k": 3})
    want = Box(("x", "y", "z"), (5, 5, 5))
    assert box_of(ruleset, 5) == box_of(ruleset, "5") == box_of(ruleset.coords, "x=5,y=5,z=5") == want
    assert box_of(ruleset, {"x": 5, "y": 5, "z": 5}) == want
    assert box_of(ruleset, want) is want
    assert str(box_of(ruleset, {"x": 2, "y": 0, "z": 7})) == "x=2,y=0,z=7"


@pytest.mark.parametrize("bad, match", [(2.5, "bound must be an int"), (True, "bound must be an int"),
                                        ([1, 2], "bound must be an int"), ("x=1", "no bound for y, z"),
                                        (-1, ">= 0"), ("q=1,x=1,y=1,z=1", "not a coordinate")])
def test_a_bad_bound_is_named(bad, match):
    with pytest.raises(BoxError, match=match):
        box_of(ruleset_of("triangular", {"k": 3}), bad)


def test_games_in_every_form_resolve_to_the_same_ruleset():
    checked = load_game("triangular")
    a = ruleset_of("triangular", {"k": 5})
    b = ruleset_of(checked, {"k": "5"})
    assert a.describe() == b.describe() == "triangular(k=5)"
    assert ruleset_of(a) is a                      # a Ruleset is returned as it is

    class Holder:                                   # the API's Game: an object with a ruleset
        ruleset = a
    assert ruleset_of(Holder()) is a
    ruleset, box = resolve("triangular", {"k": 5}, 4)
    assert ruleset.describe() == "triangular(k=5)" and box.upper == (4, 4, 4)


def test_errors_of_the_game_the_parameters_and_a_missing_bound():
    with pytest.raises(SpecError):
        ruleset_of("no-such-game-anywhere")
    with pytest.raises(ParameterError):
        ruleset_of("triangular", {"nope": 1})
    with pytest.raises(BoxError, match="a bound is needed"):
        resolve("triangular", {"k": 3}, None)


def test_a_box_over_other_coordinates_is_refused():
    check_box_coords(Box(("x", "y", "z"), (1, 1, 1)), ("x", "y", "z"))
    with pytest.raises(BoxError, match=r"box coordinates \('x', 'y'\) are not the game's \('x', 'y', 'z'\)"):
        check_box_coords(Box(("x", "y"), (1, 1)), ("x", "y", "z"))
