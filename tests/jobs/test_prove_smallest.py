"""The smallest counterexample of a refuted claim (issue 50, items 2 and 3; issue 48, item 5):
the least failing position by coordinate sum, then lexicographically, decided by the provers (the
sentence ``smallest``) or found by the solver on a small box, and confirmed by what it needs, never
by the box it spans. Expected positions come from brute force written here: ``still`` has no move
(every position is a P-position), ``nim2`` is two-heap Nim (P iff x == y: Bouton's theorem).
The embedded prover runs in this process; the Walnut twins are in test_prove_smallest_walnut.py."""

from __future__ import annotations

import itertools

import pytest

import cgs_bridge as cb
from cgs_bridge.jobs import prove as P
from cgs_bridge.jobs import prove_box

STILL = "game still\n  coordinates x, y\n"
NIM2 = "game nim2\n  coordinates x, y\n  cut x to t\n  cut y to t\n"

#: (game, claim, the claim's set S as a Python test of (x, y)): the issue's table
TABLE = [
    (NIM2, "P iff x == y or (x == 3 and y == 2) or (x == 4 and y == 0)",
     lambda x, y: x == y or (x, y) in ((3, 2), (4, 0))),
    (STILL, "P iff x + y != 1000", lambda x, y: x + y != 1000),
    (STILL, "P iff ((x - 9) xor (y - 9)) != 0 - 1", lambda x, y: ((x - 9) ^ (y - 9)) != -1),
    (STILL, "P iff abs(x - 50) + abs(y - 50) >= 3", lambda x, y: abs(x - 50) + abs(y - 50) >= 3),
]


def least_failure(game: str, in_s, top: int = 1100):
    """Brute force: the first position by (coordinate sum, lexicographic) where S differs from the
    P-positions (every position for ``still``, x == y for ``nim2``)."""
    is_p = (lambda x, y: True) if game == STILL else (lambda x, y: x == y)
    for s in range(top + 1):
        for x in range(s + 1):
            if in_s(x, s - x) != is_p(x, s - x):
                return (x, s - x)
    return None


def _spec(tmp_path, text: str) -> str:
    path = tmp_path / (text.split()[1] + ".game")
    path.write_text(text)
    return str(path)


#: How the least failing position is found: the solver's box before any automaton, the box of
#: side the coordinate sum of the provers' witness, or the provers' sentence ``smallest``.
ROUTES = {"box-check": {}, "witness-box": {"POSITIONS": 0}, "sentence": {"POSITIONS": 0, "WITNESS_BOX": 0}}


@pytest.mark.parametrize("route", list(ROUTES))
@pytest.mark.parametrize("case", TABLE, ids=["nim2", "sum", "xor", "abs"])
def test_the_issues_table_names_the_least_failing_position(tmp_path, monkeypatch, case, route):
    from cgs_bridge.jobs import prove_refute
    game, claim, in_s = case
    for name, value in ROUTES[route].items():
        monkeypatch.setattr(prove_box if name == "POSITIONS" else prove_refute, name, value)
    r = cb.prove(_spec(tmp_path, game), claims=[claim], prover="embedded", timeout=120)
    row = r.rows[0]
    want = least_failure(game, in_s)
    assert want == {0: (4, 0), 1: (0, 1000), 2: (0, 17), 3: (48, 50)}[TABLE.index(case)]
    assert row.verdict == "REFUTED" and row.position == want and row.least, (row.reason, row.position)
    before = "before any automaton" in row.confirmation
    assert before == (route == "box-check" and sum(want) <= 20), row.confirmation
    if route == "sentence":       # the provers named it; the solver confirmed it
        assert row.witness == want and row.confirmation.startswith("confirmed by the solver"), row.confirmation


def _no_big_solve(monkeypatch):
    """Fail if anything solves a box of more than 10^5 positions (the confirmation must not)."""
    import solvers
    real = solvers.solve

    def solve(ruleset, box, *a, **k):
        assert box.size <= 10 ** 5, f"a box of {box.size} positions was solved"
        return real(ruleset, box, *a, **k)
    monkeypatch.setattr(solvers, "solve", solve)


@pytest.mark.parametrize("game, claim, want", [
    (STILL, "P iff x != 1099511627776", (1 << 40, 0)),
    (NIM2, "P iff x xor y == 0 and x != 6000", (6000, 6000)),
    (NIM2, "P iff x xor y == 0 and x != 1000000", (10 ** 6, 10 ** 6)),
])
def test_a_far_refutation_is_confirmed_by_what_it_needs(tmp_path, monkeypatch, game, claim, want):
    # issue 50 item 3 and issue 46 item 2: before, the solver solved the box 0..witness (10^12
    # points: ENGINE ERROR; 36 million: 1.3 GiB, over a minute)
    _no_big_solve(monkeypatch)
    r = cb.prove(_spec(tmp_path, game), claims=[claim], prover="embedded", timeout=5)
    row = r.rows[0]
    assert row.verdict == "REFUTED" and r.exit_code == 1 and row.position == want, row.reason
    # the claim calls `want` an N-position; it is a P-position (no move, or x == y in Nim)
    assert row.claim_value == "N-position" and row.obligation.startswith("reach")
    assert row.confirmation.startswith({(1 << 40, 0): "confirmed by the solver: (1099511627776, 0) has no option",
                                        (6000, 6000): "confirmed by the solver from the options",
                                        (10 ** 6, 10 ** 6): "not confirmed by the solver"}[want]), row.confirmation


def test_a_false_claim_of_issue_48_is_refuted_on_the_box_before_any_automaton(monkeypatch):
    # issue 48 item 5: at k = 8 the shifted formula ran out of time building automata; the box of
    # side 11 holds every position of coordinate sum <= 11, so its least failure is the least
    import logic_problems as lp

    def no_prover(name, home):
        raise AssertionError(f"the {name} prover ran")
    monkeypatch.setattr(P, "_decider", no_prover)
    r = cb.prove("triangular", {"k": 8}, claims=["P iff (x - 1) xor y xor (z - 1) == 0"],
                 prover="embedded", timeout=20)
    row = r.rows[-1]   # the added claim is the last row (issue 48.6)
    want = lp.smallest_failure(8, shifted=True)          # a plain recursion of seed 003's rules
    assert want == (4, 1, 5) and row.verdict == "REFUTED" and row.position == want and row.provers == ()
    assert row.obligation.startswith("reach") and "box 0..11" in row.confirmation


def test_a_box_failure_beyond_the_side_is_kept_when_the_provers_fail(tmp_path, monkeypatch):
    """The box (side 20) finds x + y != 30 false at (10, 20), of sum 30 > 20: not shown to be the
    least. When no prover answers, that counterexample stands (REFUTED, never exit 2 for a claim
    the solver shows false); a planted prover that PROVES it is caught (exit 2)."""
    from cgs_bridge.foundation.errors import AutomatonLimitError
    from solvers.logic.formula import Decision

    def failing(name, home):
        def decide(*a):
            raise AutomatonLimitError("planted: out of time")
        return decide
    monkeypatch.setattr(P, "_decider", failing)
    spec = _spec(tmp_path, STILL)
    r = cb.prove(spec, claims=["P iff x + y != 30"], prover="embedded")
    row = r.rows[0]
    assert row.verdict == "REFUTED" and row.position == (10, 20) and not row.least and r.exit_code == 1
    assert "not shown to be the smallest" in row.confirmation and "planted" in row.confirmation

    def proving(name, home):
        return lambda pb, *a: [Decision(o.name, True) for o in pb.obligations]
    monkeypatch.setattr(P, "_decider", proving)
    r = cb.prove(spec, claims=["P iff x + y != 30"], prover="embedded")
    assert r.rows[0].verdict == "ENGINE ERROR" and "(10, 20)" in r.rows[0].reason and r.exit_code == 2


def test_a_prover_whose_smallest_counterexample_the_solver_contradicts_is_an_engine_error(tmp_path, monkeypatch):
    """Planted: a prover names (0, 999), where x + y != 1000 holds, as the least failing position:
    the solver finds the claim true there; exit 2, never REFUTED."""
    from solvers.logic.formula import Decision
    monkeypatch.setattr(prove_box, "POSITIONS", 0)
    real = P._decider

    def planted(name, home):
        decide = real(name, home)

        def wrong(pb, *a):
            got = decide(pb, *a)
            return [Decision(d.obligation, False, (0, 999)) if d.obligation == "smallest" else d for d in got]
        return wrong
    monkeypatch.setattr(P, "_decider", planted)
    r = cb.prove(_spec(tmp_path, STILL), claims=["P iff x + y != 1000"], prover="embedded")
    assert r.rows[0].verdict == "ENGINE ERROR" and "(0, 999)" in r.rows[0].reason


def test_least_failure_brute_force_itself():
    """The brute force above, on a claim whose least failure is known by hand."""
    assert least_failure(STILL, lambda x, y: (x, y) != (1, 1)) == (1, 1)
    assert least_failure(NIM2, lambda x, y: x == y) is None
    assert [p for p in itertools.islice(((x, 2 - x) for x in range(3)), 3)] == [(0, 2), (1, 1), (2, 0)]


def test_triangular_k4_is_refuted_at_the_least_failure_below_the_provers_witness():
    """The provers' witness (9, 6, 15) fails closed, so the claim fails at coordinate sum <= 30:
    the box of side 30 holds every such position (the sentence smallest ran past 300 s there)."""
    import logic_problems as lp
    r = cb.prove("triangular", {"k": 4}, claims=["P iff x xor y xor z == 0"], prover="embedded", timeout=300)
    row = r.rows[-1]   # the added claim is the last row (issue 48.6)
    want = lp.smallest_failure(4, shifted=False)           # a plain recursion of seed 003's rules
    assert want == (5, 3, 8) and row.verdict == "REFUTED" and row.position == want and row.least
    assert "the provers' witness" in row.confirmation, row.confirmation


def test_when_smallest_cannot_be_decided_a_reached_counterexample_stands(tmp_path, monkeypatch):
    from cgs_bridge.foundation.errors import AutomatonLimitError
    from cgs_bridge.jobs import prove_refute
    monkeypatch.setattr(prove_box, "POSITIONS", 0)
    monkeypatch.setattr(prove_refute, "WITNESS_BOX", 0)
    real = P._decider

    def no_smallest(name, home):
        decide = real(name, home)

        def run(pb, *a):
            if pb.obligations[0].name == "smallest":
                raise AutomatonLimitError("planted: smallest out of time")
            return decide(pb, *a)
        return run
    monkeypatch.setattr(P, "_decider", no_smallest)
    game, claim, in_s = TABLE[0]
    r = cb.prove(_spec(tmp_path, game), claims=[claim], prover="embedded")
    row = r.rows[0]
    assert row.verdict == "REFUTED" and not row.least and "planted" in row.confirmation, row.reason
    x, y = row.position
    assert in_s(x, y) != (x == y)                            # the claim really fails there (Bouton)
