"""``prove`` against brute force and ``check`` on random games and claims (issue 50, items 1 and
2): a PROVED claim holds at every position a plain recursion reaches and passes ``check``; a
REFUTED claim names the least failing position by (coordinate sum, lexicographic) that the brute
force finds, with and without the box check (so both the solver's box and the provers' sentence
``smallest`` are exercised); a game the definition leaves undefined is never PROVED or REFUTED.
Games have derived moves (the greatest valid position below the lowered point) or plain cuts;
the brute force (tests/prove_brute.py) reads them from their definition, apart from the solver."""

from __future__ import annotations

import os
from random import Random

from hypothesis import HealthCheck, assume, given, note, settings
from hypothesis import strategies as st
from prove_brute import CLAIMS, random_game

import cgs_bridge as cb
from cgs_bridge.foundation.errors import SpecError
from cgs_bridge.jobs import prove_box
from cgs_bridge.model.loading import load_text

#: Every position of coordinate sum up to this is checked by the brute force (2 or 3 coordinates).
TOP = {2: 9, 3: 6}


@settings(max_examples=int(os.environ.get("CGS_BRIDGE_PROVE_EXAMPLES", "12")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2 ** 32), box=st.booleans())
def test_prove_agrees_with_brute_force_and_check(tmp_path_factory, monkeypatch, seed, box):
    rng = Random(seed)
    g = random_game(rng, derived=rng.random() < 0.7)
    text, test = rng.choice(CLAIMS)
    note(g.text + f"claim: {text}; box check: {box}")
    try:
        load_text(g.text, "random.game")
    except SpecError:
        assume(False)                          # refused (tests/language/test_derived_semantics.py)
    path = tmp_path_factory.mktemp("g") / "random.game"
    path.write_text(g.text)
    monkeypatch.setattr(prove_box, "POSITIONS", prove_box.POSITIONS if box else 0)
    r = cb.prove(str(path), claims=[text], prover="embedded", timeout=60)
    row = r.rows[0]
    note(f"{row.verdict} {row.position} {row.reason}")
    top = TOP[len(g.coords)]
    try:
        least = g.least_failure(test, top)
    except ValueError:                         # an option the definition does not give
        assert row.verdict in ("NOT EXPRESSIBLE", "ENGINE ERROR"), row.verdict
        assert "disagree" not in row.reason
        return
    assert "disagree" not in row.reason and "no verdict" not in row.reason, row.reason
    if row.verdict == "ENGINE ERROR":
        assume(False)                          # a limit (time, memory) reached: nothing decided
    if row.verdict == "PROVED":
        assert least is None, least
        bound = {c: 3 for c in g.coords}
        assert cb.game(str(path)).solve(bound=bound).check(text).exit_code == 0
    elif row.verdict == "REFUTED":
        assert row.least
        if sum(row.position) <= top:
            assert row.position == least, (row.position, least)
        else:
            assert least is None, least
        assert not test(row.position, g.grundy(row.position))
    else:
        assert row.verdict == "NOT EXPRESSIBLE", row.verdict   # c * c in a constraint


def test_the_brute_force_finds_what_the_issue_reported():
    """The brute force itself on nim with two heaps (Bouton: P iff x == y)."""
    from prove_brute import RandomGame
    nim2 = RandomGame("", ("x", "y"), [], {0: "cut", 1: "cut"}, True)
    assert all(nim2.grundy((x, y)) == x ^ y for x in range(6) for y in range(6))
    claim = lambda p, g: (g == 0) == (p[0] == p[1] or p in ((3, 2), (4, 0)))  # noqa: E731
    assert nim2.least_failure(claim, 9) == (4, 0)
