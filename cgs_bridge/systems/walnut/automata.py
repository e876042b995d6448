"""Walnut's automaton files: the xor automaton the project writes, and the automata Walnut saves
(``Result/NAME.txt``, ``Automata Library/NAME.txt``) read by the one reader of the format
(:func:`cgs_bridge.language.automaton_file.parse_automaton`, which reads ``accepts "FILE"``
claims too) into the embedded prover's automaton (:func:`solvers.automata.dfa.of_file`, issue 45
item 3), whose one witness search (:func:`solvers.automata.decide.shortest_word`) gives Walnut's
smallest counterexample too.

File format (``../shared/engines/walnut/README.md``): the first line names each input's number
system (``msd_2 msd_2 msd_2``), then for each state a line ``STATE OUTPUT`` (1 = accepting)
followed by its transitions ``d1 d2 ... -> NEXT``, most significant digit first; state 0 is
initial; a missing transition rejects. An automaton without inputs is the single word ``true``
or ``false``.
"""

from __future__ import annotations

from cgs_bridge.foundation.errors import EngineError, InputError
from cgs_bridge.language.automaton_file import parse_automaton
from solvers.automata import decide
from solvers.automata.dfa import Dfa, file_track, of_file, relabel

#: Most binary digits of a witness coordinate: positions are 64-bit integers (README, "Inputs"), so
#: a counterexample automaton whose shortest word is longer names no position the solver can
#: confirm; it is an engine error, never a refutation (issue 46).
MAX_WITNESS_DIGITS = 64
#: Most inputs of an automaton Walnut saves (an obligation's free variables; the reader's table
#: limit, :data:`cgs_bridge.language.automaton_file.MAX_ENTRIES`, bounds its size as well).
MAX_INPUTS = 20


def xor_automaton() -> str:
    """The ``msd_2`` automaton of ``a xor b = c`` (inputs a, b, c): one accepting state reading
    the digit triples with an even number of ones (bitwise: c's digit is a's xor b's)."""
    rows = [f"{a} {b} {a ^ b} -> 0" for a in (0, 1) for b in (0, 1)]
    return "msd_2 msd_2 msd_2\n\n0 1\n" + "\n".join(rows) + "\n"


def read(text: str, where: str) -> Dfa:
    """Walnut's saved automaton ``text`` as a :class:`~solvers.automata.dfa.Dfa` over the tracks
    ``#in0, #in1, ...`` (:func:`~solvers.automata.dfa.file_track`, the inputs in file order),
    read by the one reader of the format; its words as Walnut wrote them (not padded: a
    shortest word it accepts is a smallest witness, README of ``../shared/engines/walnut``).

    Raises:
        EngineError: malformed (``where:line`` and what was expected): Walnut wrote something
            the reader does not know, so no witness is read from it.
    """
    try:
        return of_file(parse_automaton(text, where, max_inputs=MAX_INPUTS), pad=False)
    except InputError as e:
        raise EngineError(f"{e}; no verdict") from None


def witness(aut: Dfa, inputs: tuple, free: tuple, numeration: str = "msd_2") -> tuple | None:
    """The smallest tuple of ``free`` values ``aut`` (read by :func:`read`) accepts, or None: the
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
    source = {file_track(i): name for i, name in enumerate(inputs)} if aut.tracks else {}
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
