"""Walnut's automaton files: the xor automaton the project writes, and the reader of the automata
Walnut saves (``Result/NAME.txt``, ``Automata Library/NAME.txt``) with the smallest witness.

File format (``../shared/engines/walnut/README.md``): the first line names each input's number
system (``msd_2 msd_2 msd_2``), then for each state a line ``STATE OUTPUT`` (1 = accepting)
followed by its transitions ``d1 d2 ... -> NEXT``, most significant digit first; state 0 is
initial; a missing transition rejects. An automaton without inputs is the single word ``true``
or ``false``.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from cgs_bridge.foundation.errors import EngineError
from cgs_bridge.language.automaton_file import word_value

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


@dataclass(frozen=True)
class Automaton:
    """``arity`` inputs; ``accepting``: set of states; ``delta``: ``{state: {digits: next}}``
    (``None`` arity 0: ``constant`` holds the truth value)."""

    arity: int
    accepting: frozenset
    delta: dict
    constant: bool | None = None


def parse(text: str, where: str) -> Automaton:
    """Read a Walnut automaton file.

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
        return Automaton(0, frozenset(), {}, body[0][1] == "true")
    systems = body[0][1].split()
    if any(system not in SYSTEMS for system in systems) or len(set(systems)) > 1:
        raise EngineError(f"{where}:{body[0][0]}: inputs in {' '.join(systems)[:80]!r}; this reader "
                          f"reads {' or '.join(SYSTEMS)} (every input in one, most significant digit first)")
    accepting, delta, state = set(), {}, None
    for no, ln in body[1:]:
        state = _line(ln, len(systems), state, delta, accepting, f"{where}:{no}")
    if 0 not in delta:
        raise EngineError(f"{where}: no state 0 (the initial state)")
    return Automaton(len(systems), frozenset(accepting), delta)


def _line(ln: str, arity: int, state, delta: dict, accepting: set, where: str):
    """Read one line (a state ``STATE OUTPUT`` or a transition ``d1 ... -> NEXT``) into ``delta``
    and ``accepting``; returns the current state. Raises EngineError naming ``where``."""
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
    if digits in delta[state]:
        raise EngineError(f"{where}: two transitions of state {state} on {' '.join(map(str, digits))} "
                          "(not deterministic)")
    delta[state][digits] = targets[0]
    return state


def shortest_accepted(aut: Automaton, order: tuple) -> list | None:
    """The shortest word ``aut`` accepts, ties broken by the least sequence of digit tuples with
    each tuple compared in ``order`` (indices of the inputs: the obligation's ``free`` order), as
    a list of digit tuples in the file's input order; None when it accepts nothing."""
    if aut.constant is not None:
        return [] if aut.constant else None
    back: dict = {}
    for s, moves in aut.delta.items():
        for digits, t in moves.items():
            back.setdefault(t, []).append(s)
    dist = {s: 0 for s in aut.accepting}
    queue = deque(aut.accepting)
    while queue:
        t = queue.popleft()
        for s in back.get(t, ()):
            if s not in dist:
                dist[s] = dist[t] + 1
                queue.append(s)
    if 0 not in dist:
        return None
    if dist[0] > MAX_WITNESS_DIGITS:
        raise EngineError(f"the counterexample automaton accepts no word shorter than {dist[0]:,} "
                          f"digits: its smallest witness is beyond 2^{MAX_WITNESS_DIGITS} (positions are "
                          f"{MAX_WITNESS_DIGITS}-bit integers), so no position can confirm it; no verdict")
    word, state = [], 0
    while dist[state]:
        step = min((tuple(d[i] for i in order), d, t) for d, t in aut.delta[state].items()
                   if dist.get(t) == dist[state] - 1)
        word.append(step[1])
        state = step[2]
    return word


def witness(aut: Automaton, inputs: tuple, free: tuple, numeration: str = "msd_2") -> tuple | None:
    """The smallest tuple of ``free`` values ``aut`` accepts (:func:`shortest_accepted`), or None.

    Args:
        inputs: the names of ``aut``'s inputs in file order (a ``def``'s free variables in
            lexicographic order); ``free``: the obligation's variables, in its order; a variable
            of ``free`` that is not an input is unconstrained and takes its least value, 0.
    """
    if len(inputs) != aut.arity and aut.constant is None:
        raise EngineError(f"the automaton has {aut.arity} inputs, expected {len(inputs)} "
                          f"({', '.join(inputs)})")
    order = tuple(inputs.index(v) for v in free if v in inputs)
    word = shortest_accepted(aut, order)
    if word is None:
        return None
    values = {name: 0 for name in free}
    for i, name in enumerate(inputs):
        values[name] = word_value([d[i] for d in word], numeration)
    return tuple(values[name] for name in free)
