"""Automaton files: the sets a claim ``P iff accepts "ppos.txt"(x, y, z)`` names (issue 44).

The format is Walnut's (``../shared/engines/walnut/README.md``), which both provers read: the
first line names each input's number system (``msd_2`` binary or ``msd_fib`` Zeckendorf, most
significant digit first, the same for every input), a blank line, then each state as
``STATE OUTPUT`` (1 = accepting, 0 = rejecting) followed by its transitions ``d1 d2 ... -> NEXT``
(one digit per input); state 0 is the initial state; a missing transition rejects. States are
numbered 0, 1, 2, ... in order of their first line.

A word is read with any number of leading zero letters (Walnut's padding convention): the tuple of
numbers ``(n1, ..., nk)`` is accepted iff the automaton accepts its digits written with the length
of the longest and zeros in front. In ``msd_fib`` a number's digits are its Zeckendorf
representation (weights 1, 2, 3, 5, 8, ..., no two adjacent 1s; Zeckendorf 1972): a word with two
adjacent 1s on some input spells no number and is never a position's word.

An automaton without inputs (a sentence's) is the single word ``true`` or ``false``.

The file is untrusted input: its size, its number of states and of inputs, and its dense table
(states times letters) are limited before they are read or allocated, every line is checked, and an
error names ``file:line``. This is the one reader of the format (issue 45, item 3): ``accepts
"FILE"`` claims and the automata Walnut saves (``cgs_bridge.systems.walnut.automata.read``) both
come through :func:`parse_automaton`; where an automaton is computed with, the record becomes the
embedded prover's automaton (:func:`solvers.automata.dfa.of_file`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Tuple

from cgs_bridge.foundation.errors import InputError

NUMERATIONS = ("msd_2", "msd_fib")
#: Largest automaton file read (bytes), number of states, number of inputs.
MAX_FILE_BYTES = 16 << 20
MAX_STATES = 200_000
MAX_INPUTS = 8
#: Largest dense table read (states times letters, ``2 ** inputs`` letters a state): checked as
#: each state line is read, before its row is allocated.
MAX_ENTRIES = 1 << 23


@dataclass(frozen=True)
class AutomatonFile:
    """A deterministic automaton over tuples of digits {0, 1}.

    ``numeration``: ``msd_2`` or ``msd_fib``; ``arity``: number of inputs; ``delta``: per state a
    tuple of next states indexed by the letter ``sum d_i 2^(arity-1-i)`` (first input most
    significant), -1 = reject; ``accept``: per state, accepting or not; ``source``: where it was
    read (for messages). State 0 is the start."""

    numeration: str
    arity: int
    delta: Tuple[Tuple[int, ...], ...]
    accept: Tuple[bool, ...]
    source: str = ""

    @property
    def states(self) -> int:
        return len(self.delta)

    def accepts(self, values) -> bool:
        """True when the tuple of naturals ``values`` is accepted (False for a negative value,
        which has no digits). Raises ValueError on a wrong number of values."""
        values = [int(v) for v in values]
        if len(values) != self.arity:
            raise ValueError(f"the automaton {self.source} takes {self.arity} numbers, got {len(values)}")
        if any(v < 0 for v in values):
            return False
        words = [digits(v, self.numeration) for v in values]
        n = max((len(w) for w in words), default=0)
        words = [(0,) * (n - len(w)) + w for w in words]
        state = 0
        for j in range(n):
            letter = 0
            for w in words:
                letter = 2 * letter + w[j]
            state = self.delta[state][letter]
            if state < 0:
                return False
        return self.accept[state]


def fib_weights(n: int) -> list:
    """The Zeckendorf weights of ``n`` digits, most significant first: ..., 8, 5, 3, 2, 1."""
    w = [1, 2]
    while len(w) < n:
        w.append(w[-1] + w[-2])
    return list(reversed(w[:n]))


def digits(value: int, numeration: str) -> tuple:
    """The digits of ``value >= 0`` most significant first, without leading zeros (``()`` for 0):
    binary, or Zeckendorf (the greedy representation: no two adjacent 1s)."""
    if value < 0:
        raise ValueError(f"{value} has no digits (a natural number is needed)")
    if numeration == "msd_2":
        return tuple(int(b) for b in bin(value)[2:]) if value else ()
    w = [1, 2]
    while w[-1] <= value:
        w.append(w[-1] + w[-2])
    out, rest = [], value
    for weight in reversed(w[:-1]):
        bit = 1 if weight <= rest else 0
        rest -= bit * weight
        out.append(bit)
    while out and out[0] == 0:
        out.pop(0)
    return tuple(out)


def word_value(word, numeration: str) -> int:
    """The number a digit word spells (most significant first), binary or Zeckendorf weights."""
    word = list(word)
    if numeration == "msd_2":
        return int("".join(map(str, word)) or "0", 2)
    return sum(d * w for d, w in zip(word, fib_weights(len(word))))


def read_automaton(path, where: str = "") -> AutomatonFile:
    """Read the automaton file ``path`` (relative paths as given: the caller resolves them).

    Raises:
        InputError: unreadable, too large, or malformed (``file:line: what was expected``);
            ``where`` (``spec:line:col`` of the claim) is put in front.
    """
    p = Path(path)
    lead = f"{where}: " if where else ""
    try:
        size = p.stat().st_size
        if size > MAX_FILE_BYTES:
            raise InputError(f"{lead}{path}: automaton file of {size:,} bytes; at most "
                             f"{MAX_FILE_BYTES:,} are read")
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(f"{lead}cannot read the automaton file {path}: "
                         f"{getattr(e, 'strerror', None) or e}") from None
    return parse_automaton(text, str(path), lead)


def parse_automaton(text: str, name: str, lead: str = "", *,
                    max_inputs: int = MAX_INPUTS) -> AutomatonFile:
    """Parse automaton-file ``text`` (see the module); ``name`` is the file in messages;
    ``max_inputs`` the most inputs read (:data:`MAX_INPUTS` for ``accepts`` files; a caller
    reading an engine's output may allow more, within :data:`MAX_ENTRIES`). ``true``/``false``
    is the automaton without inputs (one state, accepting or not).

    Raises:
        InputError: ``name:line: ...`` for a malformed line, an unknown number system, a digit
            other than 0/1, a state or a transition given twice, a target state that has no
            line, too many states, inputs or table entries.
    """
    body = [(i + 1, ln.strip()) for i, ln in enumerate(text.splitlines()) if ln.strip()]

    def bad(no, msg):
        return InputError(f"{lead}{name}:{no}: {msg}")

    if not body:
        raise bad(1, "empty automaton file; expected a first line such as 'msd_2 msd_2'")
    if len(body) == 1 and body[0][1] in ("true", "false"):
        return AutomatonFile("msd_2", 0, ((0,),), (body[0][1] == "true",), name)
    systems = _systems(body[0], bad, max_inputs)
    arity = len(systems)
    rows, accept, lines_of, state = [], [], [], None
    for no, ln in body[1:]:
        head, arrow, tail = ln.partition("->")
        if arrow:
            if state is None:
                raise bad(no, "a transition before any state line 'STATE OUTPUT'")
            parts = head.split()
            if len(parts) != arity or any(d not in ("0", "1") for d in parts):
                raise bad(no, f"expected {arity} digit(s) 0 or 1 before '->', found {head.strip()!r}")
            if not tail.strip().isdigit():
                raise bad(no, f"expected one state number after '->', found {tail.strip()!r}")
            letter = int("".join(parts), 2)
            if rows[state][letter] != -1:
                raise bad(no, f"a second transition of state {state} on {head.strip()!r} "
                              "(the automaton must be deterministic)")
            rows[state][letter] = int(tail)
            lines_of[state][letter] = no
            continue
        parts = ln.split()
        if len(parts) != 2 or not all(x.isdigit() for x in parts) or parts[1] not in ("0", "1"):
            raise bad(no, f"expected 'STATE OUTPUT' (OUTPUT 0 or 1) or 'digits -> STATE', found {ln!r}")
        state = int(parts[0])
        if state != len(rows):
            raise bad(no, f"state {state} where state {len(rows)} was expected (states are "
                          "numbered 0, 1, 2, ... in order)")
        if len(rows) >= MAX_STATES:
            raise bad(no, f"more than {MAX_STATES:,} states")
        if (len(rows) + 1) << arity > MAX_ENTRIES:
            raise bad(no, f"more than {MAX_ENTRIES:,} table entries ({len(rows) + 1:,} states of "
                          f"{1 << arity:,} letters)")
        rows.append([-1] * (1 << arity))
        lines_of.append([0] * (1 << arity))
        accept.append(parts[1] == "1")
    if not rows:
        raise bad(body[-1][0], "no state lines: expected 'STATE OUTPUT' lines after the first line")
    _targets(rows, lines_of, bad)
    return AutomatonFile(systems[0], arity, tuple(tuple(r) for r in rows), tuple(accept), name)


def _targets(rows, lines_of, bad) -> None:
    """Every transition's target has a state line (else ``bad`` at the transition's line)."""
    for s, row in enumerate(rows):
        for a, t in enumerate(row):
            if t >= len(rows):
                raise bad(lines_of[s][a], f"state {t} has no line (the file has {len(rows)} states)")


def _systems(first, bad, max_inputs: int = MAX_INPUTS) -> list:
    """The number systems of the first line ``(line number, text)``, checked."""
    no, head = first
    systems = head.replace("?", "").split()
    if not systems or any(s not in NUMERATIONS for s in systems):
        raise bad(no, f"expected the number system of each input ({' or '.join(NUMERATIONS)}), "
                      f"found {head!r}")
    if len(set(systems)) != 1:
        raise bad(no, "every input must use the same number system")
    if len(systems) > max_inputs:
        raise bad(no, f"{len(systems)} inputs; at most {max_inputs} are read")
    return systems


def automaton_text(aut: AutomatonFile) -> str:
    """``aut`` in the file format (Walnut's), states in order, transitions by letter; an
    automaton without inputs is ``true`` or ``false`` (its one state accepting or not)."""
    if aut.arity == 0:
        return ("true" if aut.accept[0] else "false") + "\n"
    out = [" ".join([aut.numeration] * aut.arity), ""]
    for s, (row, acc) in enumerate(zip(aut.delta, aut.accept)):
        out.append(f"{s} {1 if acc else 0}")
        for a, t in enumerate(row):
            if t >= 0:
                bits = " ".join(str((a >> (aut.arity - 1 - i)) & 1) for i in range(aut.arity))
                out.append(f"{bits} -> {t}")
        out.append("")
    return "\n".join(out)


def padded(aut: AutomatonFile) -> AutomatonFile:
    """An automaton of the same tuples that accepts each one's word with any number of leading
    zero letters (Walnut's padding convention): a new start state loops on the zero letter and
    otherwise moves as state 0, so ``0^n w`` is read as ``w``. Returns ``aut`` itself when state
    0 already loops on the zero letter (then ``0^n w`` and ``w`` end in the same state)."""
    if aut.delta[0][0] == 0:
        return aut
    shift = tuple(tuple(t + 1 if t >= 0 else -1 for t in row) for row in aut.delta)
    start = (0,) + shift[0][1:]
    return AutomatonFile(aut.numeration, aut.arity, (start,) + shift, (aut.accept[0],) + aut.accept,
                         aut.source)


#: The folders relative ``accepts "FILE"`` paths are read from (the innermost parse last).
_BASES = [Path(".")]


class reading_beside:
    """While parsing ``file``: relative automaton paths are read beside it (the working folder
    when ``file`` is not a file on disk: ``--claim``, claims files, expressions)."""

    def __init__(self, file):
        self.base = Path(file).parent if file and Path(file).is_file() else Path(".")

    def __enter__(self):
        _BASES.append(self.base)

    def __exit__(self, *exc):
        _BASES.pop()


def accepts_node(path: str, args: tuple, pos, semantic):
    """The AST node of ``accepts "path"(args)`` with its automaton read; errors (unreadable or
    malformed file, wrong number of arguments) raised as ``semantic(message, pos)``."""
    from .ast import Accepts
    full = Path(path) if Path(path).is_absolute() else _BASES[-1] / path
    try:
        aut = read_automaton(full)
    except InputError as e:
        raise semantic(str(e), pos) from None
    if aut.arity != len(args):
        raise semantic(f"the automaton {path} reads {aut.arity} number(s), accepts gives it "
                       f"{len(args)}", pos)
    return Accepts(path, args, aut, pos)
