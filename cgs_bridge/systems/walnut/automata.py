"""Walnut's automaton files: the xor automaton the project writes, and the reader of the automata
Walnut saves (``Result/NAME.txt``, ``Automata Library/NAME.txt``) into the embedded prover's
automaton model (:class:`solvers.automata.dfa.Dfa`, issue 45 item 3), whose one witness search
(:func:`solvers.automata.decide.shortest_word`) gives Walnut's smallest counterexample too.

File format (``../shared/engines/walnut/README.md``): the first line names each input's number
system (``msd_2 msd_2 msd_2``), then for each state a line ``STATE OUTPUT`` (1 = accepting)
followed by its transitions ``d1 d2 ... -> NEXT``, most significant digit first; state 0 is
initial; a missing transition rejects. An automaton without inputs is the single word ``true``
or ``false``.
"""

from __future__ import annotations

import numpy as np

from cgs_bridge.foundation.errors import EngineError
from solvers.automata import decide
from solvers.automata.dfa import Dfa, constant, relabel

#: The number systems of the inputs of an automaton this reader accepts (the project writes and
#: reads base 2 and Fibonacci numeration, most significant digit first; every input of one file in
#: the same system) and their digits.
SYSTEMS, DIGITS = ("msd_2", "msd_fib"), (0, 1)
#: Most binary digits of a witness coordinate: positions are 64-bit integers (README, "Inputs"), so
#: a counterexample automaton whose shortest word is longer names no position the solver can
#: confirm; it is an engine error, never a refutation (issue 46).
MAX_WITNESS_DIGITS = 64


def xor_automaton() -> str:
    """The ``msd_2`` automaton of ``a xor b = c`` (inputs a, b, c): one accepting state reading
    the digit triples with an even number of ones (bitwise: c's digit is a's xor b's)."""
    rows = [f"{a} {b} {a ^ b} -> 0" for a in (0, 1) for b in (0, 1)]
    return "msd_2 msd_2 msd_2\n\n0 1\n" + "\n".join(rows) + "\n"


def input_track(i: int) -> str:
    """The track of a read automaton's input ``i`` (file order): ``#in0``, ``#in1``, ... (no
    variable of the proof language starts with ``#``)."""
    return f"#in{i}"


def parse(text: str, where: str) -> Dfa:
    """Read a Walnut automaton file into a :class:`~solvers.automata.dfa.Dfa` over the tracks
    ``#in0, #in1, ...`` (:func:`input_track`, the inputs in file order); Walnut's state 0 is the
    start, the other states are numbered in the order of their lines, and a transition to a state
    without a line rejects. ``true``/``false`` is the automaton without tracks.

    Raises:
        EngineError: malformed file (``where`` and the line named): Walnut wrote something this
            reader does not know, so no witness is read from it: an input not in ``msd_2`` or
            ``msd_fib`` (or inputs in both), a digit other than 0 and 1, a state or a transition
            given twice, no state 0.
    """
    lines = [ln.strip() for ln in text.splitlines()]
    body = [(i + 1, ln) for i, ln in enumerate(lines) if ln]
    if not body:
        raise EngineError(f"{where}: empty automaton file")
    if body[0][1] in ("true", "false") and len(body) == 1:
        return constant(body[0][1] == "true")
    systems = body[0][1].split()
    if any(system not in SYSTEMS for system in systems) or len(set(systems)) > 1:
        raise EngineError(f"{where}:{body[0][0]}: inputs in {' '.join(systems)[:80]!r}; this reader "
                          f"reads {' or '.join(SYSTEMS)} (every input in one, most significant digit first)")
    accepting, delta, state = set(), {}, None
    for no, ln in body[1:]:
        state = _line(ln, len(systems), state, delta, accepting, f"{where}:{no}")
    if 0 not in delta:
        raise EngineError(f"{where}: no state 0 (the initial state)")
    return _dfa(len(systems), delta, accepting)


def _dfa(arity: int, delta: dict, accepting: set) -> Dfa:
    """The dense table of ``delta`` (``{state: {letter: next}}``), state 0 first."""
    number = {0: 0}
    for s in delta:
        number.setdefault(s, len(number))
    table = np.full((len(number), 1 << arity), -1, dtype=np.int64)
    for s, moves in delta.items():
        for letter, t in moves.items():
            table[number[s], letter] = number.get(t, -1)
    accept = np.zeros(len(number), dtype=bool)
    accept[[number[s] for s in accepting]] = True
    return Dfa(tuple(input_track(i) for i in range(arity)), table, accept)


def _line(ln: str, arity: int, state, delta: dict, accepting: set, where: str):
    """Read one line (a state ``STATE OUTPUT`` or a transition ``d1 ... -> NEXT``) into ``delta``
    (``{state: {letter: next}}``, the letter's first digit most significant) and ``accepting``;
    returns the current state. Raises EngineError naming ``where``."""
    head, arrow, tail = ln.partition("->")
    try:
        if arrow:
            digits = tuple(int(d) for d in head.split())
            targets = [int(t) for t in tail.split()]
            if state is None or len(digits) != arity or len(targets) != 1:
                raise ValueError
        else:
            new, out = (int(v) for v in ln.split())
    except ValueError:
        raise EngineError(f"{where}: cannot read {ln[:80]!r} as a state or a transition of a "
                          "deterministic automaton") from None
    if not arrow:
        if new in delta:
            raise EngineError(f"{where}: state {new} given twice")
        delta[new] = {}
        if out:
            accepting.add(new)
        return new
    if any(d not in DIGITS for d in digits):
        raise EngineError(f"{where}: the digit {next(d for d in digits if d not in DIGITS)} in "
                          f"{ln[:80]!r} is not a digit of {' or '.join(SYSTEMS)} (0 and 1)")
    letter = int("".join(map(str, digits)), 2)
    if letter in delta[state]:
        raise EngineError(f"{where}: two transitions of state {state} on {' '.join(map(str, digits))} "
                          "(not deterministic)")
    delta[state][letter] = targets[0]
    return state


def witness(aut: Dfa, inputs: tuple, free: tuple, numeration: str = "msd_2") -> tuple | None:
    """The smallest tuple of ``free`` values ``aut`` (read by :func:`parse`) accepts, or None: the
    embedded prover's witness (:func:`solvers.automata.decide.shortest_word`: the shortest word,
    ties broken by the least sequence of letters) over the tracks ``free``, so digit tuples are
    compared in the obligation's order as for its own counterexamples.

    Args:
        inputs: the names of ``aut``'s inputs in file order (a ``def``'s free variables in
            lexicographic order); ``free``: the obligation's variables, in its order; a variable
            of ``free`` that is not an input is unconstrained and takes its least value, 0.
    Raises:
        EngineError: ``inputs`` not as many as the automaton's; its shortest word longer than
            :data:`MAX_WITNESS_DIGITS` (no 64-bit position).
    """
    if aut.tracks and len(inputs) != len(aut.tracks):
        raise EngineError(f"the automaton has {len(aut.tracks)} inputs, expected {len(inputs)} "
                          f"({', '.join(inputs)})")
    source = {input_track(i): name for i, name in enumerate(inputs)} if aut.tracks else {}
    tracks = tuple(free) + tuple(name for name in inputs if name not in free and aut.tracks)
    try:
        word = decide.shortest_word(relabel(aut, tracks, source), longest=MAX_WITNESS_DIGITS)
    except decide.WordTooLong as e:
        raise EngineError(f"the counterexample automaton accepts no word shorter than {e.length:,} "
                          f"digits: its smallest witness is beyond 2^{MAX_WITNESS_DIGITS} (positions are "
                          f"{MAX_WITNESS_DIGITS}-bit integers), so no position can confirm it; no verdict") from None
    if word is None:
        return None
    return decide.word_values(word, len(tracks), numeration)[:len(free)]
