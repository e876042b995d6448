"""One automaton model and one witness search (issue 45, item 3): Walnut's counterexample automata
are read into the embedded prover's :class:`~solvers.automata.dfa.Dfa` and their smallest witness
is the embedded prover's own search (:func:`solvers.automata.decide.shortest_word`).

Expected values: a brute force written here (every word of length 0, 1, 2, ... in the order of
its digit tuples read in the obligation's variable order, run on the file's transitions as text),
the rule the provers' counterexamples follow (issue 50: the shortest word, then the least one)."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from cgs_bridge.systems.walnut import automata
from solvers.automata import decide
from solvers.automata.dfa import Dfa


def _random_file(rng: random.Random, arity: int, states: int) -> tuple:
    """A random Walnut automaton file and its transitions ``{state: {digits: next}}``."""
    moves, accepting, lines = {}, set(), [" ".join(["msd_2"] * arity), ""]
    for s in range(states):
        out = rng.random() < 0.25
        accepting |= {s} if out else set()
        lines.append(f"{s} {int(out)}")
        moves[s] = {}
        for digits in itertools.product((0, 1), repeat=arity):
            if rng.random() < 0.6:
                # a target without a line is an engine error of the one reader (issue 45.3;
                # tests/systems/walnut/test_walnut_automata.py), not a rejecting move
                moves[s][digits] = rng.randrange(states)
                lines.append(f"{' '.join(map(str, digits))} -> {moves[s][digits]}")
        lines.append("")
    return "\n".join(lines), moves, accepting


def _brute_witness(moves, accepting, inputs, free, longest=4):
    order = [inputs.index(v) for v in free]
    letters = sorted(itertools.product((0, 1), repeat=len(inputs)), key=lambda d: tuple(d[i] for i in order))
    for n in range(longest + 1):
        for word in itertools.product(letters, repeat=n):
            state = 0
            for d in word:
                state = moves.get(state, {}).get(d)
                if state is None:
                    break
            if state in accepting:
                return tuple(int("".join(str(d[inputs.index(v)]) for d in word) or "0", 2) for v in free)
    return None


@pytest.mark.parametrize("seed", range(40))
def test_walnuts_witness_is_the_smallest_by_brute_force(seed):
    rng = random.Random(seed)
    arity = rng.choice((1, 2, 3))
    text, moves, accepting = _random_file(rng, arity, rng.randrange(1, 5))
    inputs = ("x", "y", "z")[:arity]
    free = tuple(rng.sample(inputs, arity))       # the obligation's order, any permutation
    want = _brute_witness(moves, accepting, inputs, free)
    got = automata.witness(automata.read(text, "t.txt"), inputs, free)
    assert got == want      # at most 4 states: a shortest word has at most 3 letters, so 4 decide "none"


def test_walnuts_witness_is_the_embedded_search(monkeypatch):
    calls = []
    real = decide.shortest_word
    monkeypatch.setattr(decide, "shortest_word", lambda d, **k: calls.append(d) or real(d, **k))
    aut = automata.read("msd_2 msd_2\n\n0 0\n1 0 -> 1\n0 0 -> 2\n\n1 0\n0 1 -> 3\n\n2 0\n0 0 -> 1\n\n3 1\n", "t")
    assert isinstance(aut, Dfa) and aut.tracks == ("#in0", "#in1")
    assert automata.witness(aut, ("x", "y"), ("y", "x")) == (1, 2)      # x = 0b10, y = 0b01, as (y, x)
    assert len(calls) == 1 and calls[0].tracks == ("y", "x")              # searched over the obligation's order
    assert not hasattr(automata, "shortest_accepted") and not hasattr(automata, "Automaton")


def _bfs(delta, accept) -> list:
    """Distances to acceptance by a plain breadth-first search over reversed transitions."""
    back = {}
    for s, row in enumerate(delta):
        for t in row:
            if t >= 0:
                back.setdefault(int(t), set()).add(s)
    dist = [0 if a else -1 for a in accept]
    queue = [s for s, a in enumerate(accept) if a]
    for t in queue:
        for s in sorted(back.get(t, ())):
            if dist[s] < 0:
                dist[s] = dist[t] + 1
                queue.append(s)
    return dist


@pytest.mark.parametrize("seed", range(30))
def test_distances_against_a_plain_search(seed):
    rng = np.random.default_rng(seed)
    n, tracks = int(rng.integers(1, 30)), int(rng.integers(0, 3))
    delta = rng.integers(-1, n, size=(n, 1 << tracks))
    accept = rng.random(n) < 0.15
    d = Dfa(tuple("abc"[:tracks]), delta, accept)
    assert decide.distances(d).tolist() == _bfs(delta.tolist(), accept.tolist())


def test_a_long_chain_is_searched_in_linear_time_and_refused_past_the_limit():
    n = 20_001    # the search before visited every transition at every level: n^2 steps
    delta = np.full((n, 2), -1)
    delta[np.arange(n - 1), 1] = np.arange(1, n)
    d = Dfa(("x",), delta, np.arange(n) == n - 1)
    with pytest.raises(decide.WordTooLong) as e:
        decide.shortest_word(d, longest=64)
    assert e.value.length == 20_000
    assert decide.shortest_word(d) == [1] * 20_000
