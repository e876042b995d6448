"""``spawn n into a, b [where C]`` (issue 47): the heap form of coin-turning games. The values are
checked against theorems (Mock Turtles: odious(n - 1), Winning Ways ch. 14 and OEIS A000069;
Twins: n - 1) and against a brute force written here on the coin strips themselves (every set of
coins a rule turns, the rightmost from heads to tails; the mex over whole strips, no heaps), which
is independent of the heap representation under test. What the language cannot state is refused
with its line and column; the compiled kernels and the octal periodicity theorem refuse the rule
by name, never with a verdict."""

from __future__ import annotations

import itertools
from functools import lru_cache

import pytest

from cgs_bridge.foundation.errors import CgsBridgeError, SpecError
from cgs_bridge.jobs.prove_octal import prove_periodic
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_game, load_text
from solvers import parse_bound, solve

MOCK = "spawn n into a, b where a != b or a == 0"
TWINS = "spawn n into a, b where a >= 1 and b == 0"
TURNIPS = "spawn n into a, b where a >= 1 and a < b and b - a == n - b"


def game(body: str) -> Ruleset:
    return Ruleset(load_text(f"game t\n  coordinates n\n{body}\n", "t.game"))


def values(r: Ruleset, N: int) -> list:
    return solve(r, parse_bound(str(N), r.coords)).grundy.tolist()


def odious(k: int) -> int:
    """The k-th (from 0) number with an odd number of 1 bits (OEIS A000069), by counting."""
    found = [m for m in range(4 * k + 4) if bin(m).count("1") % 2 == 1]
    return found[k]


# ------------------------------------------------------------------ the brute force on strips
def turned_sets(coins: int, allowed) -> list:
    """Every set of coin positions (1..coins, as a sorted tuple) ``allowed(set)`` accepts."""
    out = []
    for k in range(1, coins + 1):
        out += [s for s in itertools.combinations(range(1, coins + 1), k) if allowed(s)]
    return out


def strip_value(coins: int, allowed) -> list:
    """g of the strip with one head at coin n, n = 1..coins, by the mex over strips (bit i-1 of a
    strip: coin i is heads); a move turns a set whose rightmost coin is heads."""
    moves = turned_sets(coins, allowed)

    @lru_cache(maxsize=None)
    def g(strip: int) -> int:
        seen = set()
        for s in moves:
            if strip >> (s[-1] - 1) & 1:
                flip = sum(1 << (c - 1) for c in s)
                seen.add(g(strip ^ flip))
        return next(m for m in itertools.count() if m not in seen)
    return [0] + [g(1 << (n - 1)) for n in range(1, coins + 1)]


RULES = {   # the turning codes of Winning Ways ch. 14 as sets of coins, from their definitions
    "mock turtles": (MOCK, lambda s: len(s) <= 3),
    "twins": (TWINS, lambda s: len(s) == 2),
    "turnips": (TURNIPS, lambda s: len(s) == 3 and s[1] - s[0] == s[2] - s[1]),
    "turning turtles": ("spawn n into a, b where b == 0", lambda s: len(s) <= 2),
}


@pytest.mark.parametrize("name", sorted(RULES))
def test_the_heap_form_has_the_values_of_the_coin_strips(name):
    rule, allowed = RULES[name]
    assert values(game("  " + rule), 10) == strip_value(10, allowed)


def test_the_catalog_games_have_the_values_the_theorems_give():
    mock, twins = Ruleset(load_game("mock_turtles")), Ruleset(load_game("twins"))
    assert values(mock, 60) == [0] + [odious(n - 1) for n in range(1, 61)]
    assert values(twins, 60) == [0] + [n - 1 for n in range(1, 61)]
    assert values(Ruleset(load_game("turnips")), 10) == strip_value(10, RULES["turnips"][1])


def test_a_planted_wrong_twin_has_other_values():
    """Mock Turtles without the move that turns one coin only (a == b == 0): heap 1 becomes 0."""
    wrong = values(game("  spawn n into a, b where a != b"), 20)
    assert wrong != values(game("  " + MOCK), 20) and wrong[1] == 0


def test_options_are_sums_of_at_most_two_smaller_heaps_each_once():
    r = game("  " + MOCK)
    opts = [str(q) for q in r.option_set((4,))]
    assert sorted(opts) == sorted(["0", "1", "2", "3", "1 + 2", "1 + 3", "2 + 3"])
    assert r.option_set((0,)) == []


def test_several_spawn_rules_allow_the_union_of_their_pairs():
    both = game("  spawn n into a, b where a == 0 and b == 0\n  spawn n into a, b where a >= 1 and b == 0")
    assert values(both, 12) == strip_value(12, lambda s: len(s) <= 2)


def test_misere_values_come_from_the_sums():
    """Twins is Nim with heaps one smaller: misère Nim (Bouton) has g- = g except on sums of heaps
    of at most 1, where it is 1 - g; a heap n of Twins is a Nim heap n - 1."""
    m = solve(game("  " + TWINS), parse_bound("9", ("n",)), misere=True).misere.tolist()
    assert m == [1, 1, 0] + [n - 1 for n in range(3, 10)]


@pytest.mark.parametrize("text, line, col, words", [
    ("  spawn n by s in {1} into a, b", 3, 3, "removes no tokens"),
    ("  spawn n into a, a", 3, 3, "differently"),
    ("  spawn m into a, b", 3, 3, "not the heap coordinate"),
    ("  spawn n into n, b", 3, 3, "hides a coordinate"),
    ("  spawn n into a, b where a + b", 3, 29, "expected a condition"),
    ("  spawn n into a, b where c > 0", 3, 27, "unknown name 'c'"),
    ("  spawn n into a, b\n  split n by s in {1} into a, b", 4, 3, "spawn rules only"),
    ("  spawn n into a, b\n  cut n to t", 4, 7, "spawn rules only"),
    ("  spawn n into a, b\n  require n <= 9", 4, 3, "'require' is not a take-and-break rule"),
    ("  spawn into a, b", 3, 9, "expected a name"),
])
def test_what_the_language_cannot_state_is_refused_with_its_line(text, line, col, words):
    with pytest.raises(SpecError, match=words) as e:
        game(text)
    assert (e.value.line, e.value.column) == (line, col), str(e.value)


@pytest.mark.parametrize("method", ["direct", "sparse"])
def test_the_compiled_kernels_refuse_it_by_name(method):
    r = game("  " + MOCK)
    with pytest.raises(CgsBridgeError, match="spawn rule has no take-and-break code"):
        solve(r, parse_bound("10", r.coords), method=method)
    assert values(r, 10) == solve(r, parse_bound("10", r.coords), method="fast").grundy.tolist()


def test_the_periodicity_theorem_is_not_applied():
    r = Ruleset(load_game("mock_turtles"))
    rows = prove_periodic(r, list(r.game.claims), max_heap=64)
    assert rows[0]["verdict"] != "PROVED" and "spawn rule" in rows[0]["reason"]
    assert all(row["verdict"] != "PROVED" for row in rows)


def test_the_proof_language_says_the_periodicity_theorem_does_not_cover_it():
    from solvers.logic.translate import translate_claims
    spawn = translate_claims(Ruleset(load_game("mock_turtles")))[0]
    octal = translate_claims(Ruleset(load_game("kayles")))[0]
    assert spawn.status == octal.status == "not_expressible"
    assert "does not cover" in spawn.reason and "prove uses the octal periodicity theorem" not in spawn.reason
    assert "prove uses the octal periodicity theorem instead" in octal.reason


def test_misere_sums_of_a_spawn_rule_are_refused_early_by_their_growth():
    """Mock Turtles' misère exploration visits 659, 4416, 41343 sums to heaps 7, 8, 9 (counted by
    the exploration); at 9.4 times a heap, heap 11 would pass the limit of 600,000, so the bound 11
    is refused right after heap 9 (not at the limit, which heap 11 alone reaches), naming the bound
    that fits; below 64 sums the growth is not trusted and the limit itself stops the work."""
    from cgs_bridge.foundation.errors import BoxError
    from solvers import heaps as H
    code = Ruleset(load_game("mock_turtles")).takebreak
    with pytest.raises(BoxError, match=r"41,343 of them to heap 9, growing 9\.4 .*heaps up to about 10 fit"):
        H.misere_values(code, 11)
    with pytest.raises(BoxError, match=r"more than 200 of them by heap 7, above the limit"):
        H.misere_values(code, 9, limit=200)
