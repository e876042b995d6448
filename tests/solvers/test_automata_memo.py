"""The numbering of sets and rows behind the subset construction and minimisation (issue 45,
k near 1000): exact set codes, the one-key-at-a-time tail of the hash table's probing, and the
column-wise hashing of Moore's rounds. Each fast path is checked against an independent
dictionary or a brute force, including with every hash made to collide."""

import numpy as np
import pytest

from solvers.automata import diagram, memo, minimize as mini
from solvers.automata.dfa import Dfa


def _sets(rng, n, universe, most):
    return rng.integers(-1, universe, size=(n, most))


@pytest.mark.parametrize("switch", [0, 50, 4096])
@pytest.mark.parametrize("universe", [None, 5, 1 << 30])
def test_set_ids_are_a_function_of_the_set_only(monkeypatch, universe, switch):
    """Ids from many batches agree with a dict of frozensets: equal sets, equal ids; different
    sets, different ids (sets of 1..7 members: through the dict, then coded exactly or hashed;
    a switch of 50 moves the dict's sets to the codes and hashes midway)."""
    monkeypatch.setattr(memo.SetMemo, "SWITCH", switch)
    rng = np.random.default_rng(7)
    m = memo.SetMemo(universe)
    want: dict = {}
    for _ in range(30):
        rows = _sets(rng, int(rng.integers(1, 200)), 5, int(rng.integers(1, 8)))
        ids = m.lookup(memo.canonical_sets(rows))
        for row, i in zip(rows.tolist(), ids.tolist()):
            key = frozenset(v for v in row if v >= 0)
            if not key:
                assert i == -1
                continue
            assert want.setdefault(key, i) == i
            assert sorted(m.block([i])[0][m.block([i])[0] >= 0].tolist()) == sorted(key)
    assert len(set(want.values())) == len(want) == len(m)


def test_exact_codes_cover_the_sets_of_few_members(monkeypatch):
    monkeypatch.setattr(memo.SetMemo, "SWITCH", 0)
    m = memo.SetMemo(1 << 30)                       # 31 bits a member: two members in 62 bits
    assert m.few == 2
    ids = m.lookup(memo.canonical_sets(np.array([[5, 1], [1, 5], [7, -1], [1, 5]])))
    assert ids[0] == ids[1] == ids[3] != ids[2]
    assert m.index.size == 0 and m.coded.size == 2  # no set went through the hashes


def test_a_member_outside_the_universe_is_refused(monkeypatch):
    monkeypatch.setattr(memo.SetMemo, "SWITCH", 0)
    m = memo.SetMemo(10)
    with pytest.raises(ValueError, match="universe"):
        m.lookup(memo.canonical_sets(np.array([[3, 10]])))


@pytest.mark.parametrize("few", [0, 1 << 30])
def test_hash_index_probes_alike_one_by_one_and_vectorized(monkeypatch, few):
    """find_or_add with every probe vectorized (FEW 0) and every probe one by one: the same ids
    as a dict numbering new keys in the order given."""
    monkeypatch.setattr(memo.HashIndex, "FEW", few)
    rng = np.random.default_rng(45)
    index, want = memo.HashIndex(capacity=16), {}
    for _ in range(40):
        keys = np.unique(rng.integers(1, 3000, size=int(rng.integers(1, 300))).astype(np.uint64))
        rng.shuffle(keys)
        got = index.find_or_add(keys, len(want))
        for k, g in zip(keys.tolist(), got.tolist()):
            assert want.setdefault(k, len(want)) == g
        probe = rng.integers(1, 4000, size=50).astype(np.uint64)
        assert index.find(probe).tolist() == [want.get(k, -1) for k in probe.tolist()]


def _brute_classes(table, accept, depth=12):
    """States equivalent iff they agree on acceptance of every word up to ``depth`` letters
    (enough for these small tables: Moore's bound, states - 1)."""
    n, letters = table.shape
    sig, words = [tuple(accept)], [np.arange(n)]
    for _ in range(depth):
        words = [table[w, a] for w in words for a in range(letters)]
        sig.extend(tuple(accept[w]) for w in words)
    return list(zip(*sig))


@pytest.mark.parametrize("collide", [False, True])
def test_moore_rounds_split_like_the_definition(monkeypatch, collide):
    """_flat_minimize's classes against the definition (two states are equivalent iff every word
    leads both to acceptance or both not), with the row hashes made to collide (every multiplier
    1: rows with equal sums hash alike) so the exact fallback must separate them."""
    monkeypatch.setattr(mini, "COLUMNS_FROM", 0)       # the column-wise rounds on small tables
    if collide:
        monkeypatch.setattr(diagram, "ROW_MULT", np.ones_like(diagram.ROW_MULT))
    rng = np.random.default_rng(3)
    for _ in range(25):
        n = int(rng.integers(2, 9))
        table = rng.integers(0, n, size=(n, 2))
        accept = rng.random(n) < 0.5
        d = Dfa(("x",), table, accept)
        m = mini.minimize(d)
        # the minimal automaton's size is the number of distinct futures among reachable states
        reach, frontier = {0}, [0]
        while frontier:
            frontier = [int(t) for s in frontier for t in table[s] if int(t) not in reach]
            reach.update(frontier)
        futures = _brute_classes(table, accept.astype(int), depth=n)
        live = {futures[s] for s in reach if any(futures[s])}
        assert (m.states if m.accept.any() else 0) == len(live)
