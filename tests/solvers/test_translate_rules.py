"""The rules of every catalog game in the proof language (issue 32, item 2): on a small box,
``valid`` equals the ruleset's validity and ``option`` relates each valid position to exactly the
ruleset's options (the solver is the definition of the game). Evaluated by the bounded evaluator
of tests/logic_brute.py; option coordinates range one above the position, so an option that raises a
coordinate would be seen."""

from __future__ import annotations

import itertools
import os
from random import Random

import pytest
from hypothesis import HealthCheck, assume, given, note, settings
from hypothesis import strategies as st
from logic_brute import Brute

from cgs_bridge.foundation.errors import RuleError, SpecError
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_text
from cgs_bridge.model.resolve import ruleset_of
from solvers import parse_bound, solve
from solvers.logic.translate import game_problem

CASES = [
    ("triangular", {"k": 1}, (3, 3, 3)), ("triangular", {"k": 3}, (4, 2, 4)),
    ("triangular", {"k": 5}, (5, 2, 5)), ("rectangular", {}, (2, 3, 2)), ("nim", {}, (6,)),
    ("subtraction", {}, (8,)), ("floor_ratio", {"k": 2}, (2, 2, 5)), ("floor_ratio", {"k": 3}, (1, 2, 7)),
    ("step", {}, (3, 7)), ("step", {"f": "t"}, (4, 4)), ("step", {"f": "floor(t/4) + 1"}, (3, 9)),
    ("strip_step", {}, (2, 2, 6)), ("nim_pass", {}, (2, 2, 2, 1)), ("step_pass", {}, (2, 6, 1)),
    ("hexagon", {}, (1, 1, 1, 1, 1, 1)), ("two_inequalities", {"k": 1, "h": 3}, (6, 3)),
    ("two_inequalities", {"k": 2, "h": 1}, (7, 3)), ("two_inequalities_res", {}, (6, 5)),
    ("wythoff", {}, (4, 4)), ("maximum_nim", {}, (10,)),
]


def _ids(case):
    g, p, _ = case
    return g + "".join(f"-{k}={v}" for k, v in p.items())


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_valid_and_options_equal_the_ruleset(case):
    game, params, upper = case
    r = ruleset_of(game, params)
    problem = game_problem(r)
    brute = Brute(problem, max(upper) + 5)
    n = len(upper)
    checked = 0
    for p in itertools.product(*(range(u + 1) for u in upper)):
        assert brute.call("valid", p) == r.is_valid(p), p
        if not r.is_valid(p):
            continue
        got = {q for q in itertools.product(*(range(v + 2) for v in p))
               if brute.call("option", p + q)}
        assert got == set(r.option_set(p)), (p, sorted(got ^ set(r.option_set(p))))
        checked += 1
    assert checked > 0 and n == len(problem.define("valid").params)


@pytest.mark.parametrize("case", [c for c in CASES if len(c[2]) <= 3 and c[0] != "hexagon"], ids=_ids)
def test_terminates_holds_on_the_box(case):
    """The closed ``terminates`` sentence, bounded by the box: true for every catalog game."""
    game, params, upper = case
    problem = game_problem(ruleset_of(game, params))
    ob = problem.obligations[0]
    assert ob.name == "terminates" and ob.free == ()
    assert Brute(problem, 4).holds(ob.body, {})


def _planted(text: str):
    return Ruleset(load_text(text))


def test_terminates_fails_for_a_move_below_zero_and_for_a_raising_move():
    """Planted twins: the solver rejects these rules (RuleError); ``terminates`` must fail."""
    for text in ("game g\n  coordinates x\n  move s in 1..1: x = x - 3\n",
                 "game g\n  coordinates x, y\n  require y <= 3\n  cut x to t: y = y + 1\n"):
        r = _planted(text)
        with pytest.raises(RuleError):
            solve(r, parse_bound("4", r.coords), method="reference")
        problem = game_problem(r)
        assert not Brute(problem, 7).holds(problem.obligations[0].body, {})
    ok = _planted("game g\n  coordinates x\n  move s in 1..1 where x >= 3: x = x - 3\n")
    assert Brute(game_problem(ok), 7).holds(game_problem(ok).obligations[0].body, {})


def test_terminates_fails_where_a_derived_move_is_not_defined():
    """Planted twin: lowering b to 0 leaves no a >= 0 with a + 1 <= b, so the solver raises
    RuleError there; without the derived rule's totality in ``terminates`` the relation just has
    no option at that point and a claim could be PROVED for a game the solver rejects."""
    bad = _planted("game g\n  coordinates a, b\n  require a + 1 <= b\n  cut a, b derived\n")
    with pytest.raises(RuleError):
        solve(bad, parse_bound("3", bad.coords), method="reference")
    problem = game_problem(bad)
    assert not Brute(problem, 7).holds(problem.obligations[0].body, {})
    good = ruleset_of("two_inequalities_res", {})   # seed 000 Example 7.1: defined everywhere
    assert Brute(game_problem(good), 7).holds(game_problem(good).obligations[0].body, {})


COORDS = ("a", "b", "c")


def _random_rule(rng: Random, n: int) -> str:
    i = rng.randrange(n)
    c, d, e = COORDS[i], COORDS[(i + 1) % n], COORDS[(i + 2) % n]
    k = rng.randint(1, 3)
    return rng.choice([
        f"cut {c} to t",
        f"cut {c} to t: {d} = min({d}, t + {k})",
        f"cut {c} to t where t + {k} >= {c}",
        f"cut {c}, {d} by s in {{1, {k + 1}}}" if c != d else f"cut {c} by s in {{1, {k + 1}}}",
        f"cut {c} by s in 1..{k}",
        f"move s in 1..{k} where s <= {c}: {c} = {c} - s, {d} = min({d}, s)" if c != d else f"cut {c} to t",
        f"cut {c} to t: {d} = min({d}, floor((t + {e}) / {k}))",
        f"cut {c} to t: {d} = max(0, min({d}, t - {k}))",
        f"move s in 0..1 where s < {c}: {c} = {c} - 1 - s",
        f"cut {c} to t: {d} = min({d}, (t - {k}) xor {e})" if c != d else f"cut {c} to t",
    ])


def _random_game(seed: int) -> str:
    rng = Random(seed)
    n = rng.randint(1, 3)
    lines = ["game g", "  coordinates " + ", ".join(COORDS[:n])]
    if n >= 2 and rng.random() < 0.3:
        lines.append(f"  require b <= floor(({' + '.join(COORDS[:n])}) / 2) + 1")
    lines += ["  " + _random_rule(rng, n) for _ in range(rng.randint(1, 3))]
    if rng.random() < 0.3:
        lines.append("  pass once")
    if n >= 2 and rng.random() < 0.2:
        lines.append("  clamp b = min(b, a + 1)")
    return "\n".join(lines) + "\n"


@settings(max_examples=int(os.environ.get("CGS_BRIDGE_TRANSLATE_EXAMPLES", "15")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 32))
def test_random_specs_options_equal_the_ruleset(seed):
    text = _random_game(seed)
    note(text)
    try:
        r = Ruleset(load_text(text))
    except SpecError:
        assume(False)
    upper = tuple(1 if c == "passes" else 2 for c in r.coords)
    problem = game_problem(r)
    brute = Brute(problem, 7)
    for p in itertools.product(*(range(u + 1) for u in upper)):
        assert brute.call("valid", p) == r.is_valid(p), p
        want = set(r.option_set(p))
        if r.is_valid(p) and all(min(q) >= 0 for q in want):  # else the solver rejects the rules
            got = {q for q in itertools.product(*(range(v + 2) for v in p)) if brute.call("option", p + q)}
            assert got == want, (p, sorted(got ^ want))
