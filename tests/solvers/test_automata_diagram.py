"""The transition diagrams of issue 45 against dense tables and against definitions computed here
by running words: random automata (hypothesis) built in every layout (dense rows, one track per
level, levels of two or three tracks) give the same dense table back; relabel agrees with a
column-indexing relabel written here; product, complement and projection accept exactly the
words their definitions say (words enumerated, the projection's hidden track and leading zeros
tried exhaustively); minimisation gives one table in every layout, accepting the same words; and
the hash tables that number sets and rows stay exact when every hash collides."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solvers.automata import diagram, memo
from solvers.automata.dfa import Dfa, complement, product, relabel
from solvers.automata.minimize import minimize
from solvers.automata.project import project

LAYOUTS = [(30, 1), (0, 1), (0, 2), (1, 3), (2, 2)]   # (dense_below, chunk)
NAMES = "abcde"


@pytest.fixture(autouse=True)
def _restore_layout():
    old = dict(diagram.SETTINGS)
    yield
    diagram.set_layout(old["dense_below"], old["chunk"])


@st.composite
def tables(draw, max_tracks=4, max_states=5):
    n = draw(st.integers(0, max_tracks))
    states = draw(st.integers(1, max_states))
    tracks = tuple(sorted(draw(st.permutations(NAMES))[:n]))
    delta = np.array(draw(st.lists(st.lists(st.integers(-1, states - 1), min_size=1 << n,
                                            max_size=1 << n), min_size=states, max_size=states)))
    accept = np.array(draw(st.lists(st.booleans(), min_size=states, max_size=states)))
    return tracks, delta.reshape(states, 1 << n), accept


def accepts(tracks, delta, accept, word) -> bool:
    """Run ``word`` (a list of letter indices) on a dense table."""
    state = 0
    for a in word:
        state = int(delta[state, a])
        if state < 0:
            return False
    return bool(accept[state])


def words(n_tracks: int, length: int):
    for m in range(length + 1):
        yield from itertools.product(range(1 << n_tracks), repeat=m)


def letter(values: dict, tracks) -> int:
    """The letter index of bits ``values`` (track -> bit) over ``tracks``."""
    a = 0
    for t in tracks:
        a = 2 * a + values[t]
    return a


def bits(a: int, tracks) -> dict:
    n = len(tracks)
    return {t: (a >> (n - 1 - i)) & 1 for i, t in enumerate(tracks)}


SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@SETTINGS
@given(tables(), st.sampled_from(LAYOUTS))
def test_a_dense_table_comes_back_in_every_layout(t, lay):
    diagram.set_layout(*lay)
    tracks, delta, accept = t
    d = Dfa(tracks, delta, accept)
    assert d.widths == diagram.layout(len(tracks))
    assert (d.delta == delta).all() and (d.accept == accept).all()


def dense_relabel(tracks, delta, new, source):
    """Column indexing (the dense relabel of issue 33, written again here)."""
    cols = [new.index(source.get(o, o)) for o in tracks]
    out = np.empty((delta.shape[0], 1 << len(new)), dtype=np.int64)
    for a in range(1 << len(new)):
        b = bits(a, new)
        out[:, a] = delta[:, letter({o: b[new[c]] for o, c in zip(tracks, cols)}, tracks)]
    return out


@SETTINGS
@given(tables(), st.sampled_from(LAYOUTS), st.data())
def test_relabel_agrees_with_column_indexing(t, lay, data):
    diagram.set_layout(*lay)
    tracks, delta, accept = t
    pool = list("vwxyz")
    source = {o: data.draw(st.sampled_from(pool[:3])) for o in tracks}     # identify some
    extra = data.draw(st.lists(st.sampled_from(pool), max_size=2))         # add some
    new = tuple(data.draw(st.permutations(sorted(set(source.values()) | set(extra)))))
    got = relabel(Dfa(tracks, delta, accept), new, source)
    assert got.tracks == new
    assert (got.delta == dense_relabel(tracks, delta, new, source)).all()


@SETTINGS
@given(tables(3, 4), tables(3, 4), st.sampled_from(["and", "or", "iff"]),
       st.sampled_from(LAYOUTS))
def test_product_and_complement_accept_what_they_say(ta, tb, op, lay):
    diagram.set_layout(*lay)
    a, b = Dfa(*ta), Dfa(*tb)
    p = product(a, b, op)
    c = complement(a)
    both = p.tracks
    f = {"and": lambda u, v: u and v, "or": lambda u, v: u or v, "iff": lambda u, v: u == v}[op]
    for w in words(len(both), 3 if len(both) <= 4 else 2):
        vals = [bits(x, both) for x in w]
        ua = accepts(a.tracks, ta[1], ta[2], [letter(v, a.tracks) for v in vals])
        ub = accepts(b.tracks, tb[1], tb[2], [letter(v, b.tracks) for v in vals])
        assert accepts(both, p.delta, p.accept, list(w)) == f(ua, ub)
    for w in words(len(a.tracks), 3):
        assert accepts(a.tracks, c.delta, c.accept, list(w)) != accepts(a.tracks, ta[1], ta[2], w)


@SETTINGS
@given(tables(3, 4), st.sampled_from(LAYOUTS), st.data())
def test_projection_accepts_some_hidden_track_after_some_zeros(t, lay, data):
    """``E v. d`` accepts ``w`` iff some ``n`` zero letters and some bits of ``v`` (as long as
    ``0^n w``) make ``d`` accept; ``n`` up to the number of states suffices (the zero closure
    is reached by then)."""
    tracks, delta, accept = t
    if not tracks:
        return
    diagram.set_layout(*lay)
    var = data.draw(st.sampled_from(tracks))
    rest = tuple(x for x in tracks if x != var)
    got = project(Dfa(tracks, delta, accept), var)
    assert got.tracks == rest
    for w in words(len(rest), 2):
        want = False
        for n in range(delta.shape[0] + 1):
            padded = [0] * n + list(w)
            for hidden in itertools.product((0, 1), repeat=len(padded)):
                word = [letter({**bits(x, rest), var: h}, tracks) for x, h in zip(padded, hidden)]
                want = want or accepts(tracks, delta, accept, word)
        assert accepts(rest, got.delta, got.accept, list(w)) == want


@SETTINGS
@given(tables(), st.data())
def test_minimisation_gives_one_table_in_every_layout(t, data):
    tracks, delta, accept = t
    tables_seen = []
    for lay in LAYOUTS:
        diagram.set_layout(*lay)
        m = minimize(Dfa(tracks, delta, accept))
        tables_seen.append((m.delta.tolist(), m.accept.tolist()))
        for w in words(len(tracks), 3 if len(tracks) <= 3 else 2):
            assert accepts(tracks, m.delta, m.accept, w) == accepts(tracks, delta, accept, w)
    assert all(x == tables_seen[0] for x in tables_seen)


@pytest.mark.parametrize("switch", [0, 2, 4096])
def test_sets_keep_apart_when_every_hash_collides(monkeypatch, switch):
    """With every multiplier 1, {0, 3} and {1, 2} hash alike (1 + 4 = 2 + 3): their ids must
    still differ, and each must be found again (numbered by hashes from the start, after the
    first sets, or through the dict of small memos)."""
    monkeypatch.setattr(memo, "_MULT", np.ones_like(memo._MULT))
    monkeypatch.setattr(memo.SetMemo, "SWITCH", switch)
    m = memo.SetMemo()
    rows = memo.canonical_sets(np.array([[0, 3], [1, 2], [3, 0], [-1, -1], [2, 1]]))
    ids = m.lookup(rows)
    assert ids[0] == ids[2] != ids[1] == ids[4] and ids[3] == -1
    again = m.lookup(memo.canonical_sets(np.array([[2, 1], [3, 0], [1, 1]])))
    assert again[0] == ids[1] and again[1] == ids[0] and again[2] not in (ids[0], ids[1])
    assert [m.block([i])[0].tolist() for i in (ids[0], ids[1])] == [[0, 3], [1, 2]]


def test_rows_keep_apart_when_every_hash_collides(monkeypatch):
    monkeypatch.setattr(diagram, "_ROW_MULT", np.ones_like(diagram._ROW_MULT))
    big = 1 << 40                                   # too wide for the exact integer code
    rows = np.array([[0, 3, big], [1, 2, big], [0, 3, big], [3, 0, big]])
    uniq, inv = diagram.unique_rows(rows)
    assert (uniq[inv] == rows).all() and len(uniq) == 3


def test_a_table_of_the_wrong_shape_is_refused():
    with pytest.raises(ValueError, match="shape"):
        Dfa(("x",), np.zeros((1, 4), dtype=int), [True])
    with pytest.raises(ValueError, match="no state"):
        Dfa(("x",), np.array([[0, 5]]), [True])
