"""Errors raised by cgs_bridge. Every user-facing failure is one of these; the CLI prints the
message and exits 2 (input/usage/engine errors) without a traceback."""

from __future__ import annotations


class CgsBridgeError(Exception):
    """Base class of every error cgs_bridge reports to a user (CLI exit code 2)."""

    exit_code = 2


class SpecError(CgsBridgeError):
    """A specification that cannot be parsed or is semantically wrong.

    ``file``, ``line`` and ``column`` (1-based) locate the problem; ``line``/``column`` are ``None``
    for errors that concern the whole game (e.g. a missing ``coordinates`` statement).
    """

    def __init__(self, message: str, file: str | None = None, line: int | None = None,
                 column: int | None = None, context: str | None = None):
        self.message, self.file, self.line, self.column, self.context = message, file, line, column, context
        where = file or "<spec>"
        if line is not None:
            where += f":{line}:{column}"
        text = f"{where}: {message}"
        if context:
            text += "\n" + context
        super().__init__(text)


class ParameterError(CgsBridgeError):
    """A game parameter that is missing, of the wrong type, out of range, or (for a function
    parameter declared ``nondecreasing``/``nonnegative``) violates its declaration on the box."""


class BoxError(CgsBridgeError):
    """A box of positions that is malformed or too large for memory (estimated before allocation)."""


class RuleError(CgsBridgeError):
    """A move rule that leaves the valid set, leaves the box, reaches a position not below the
    old one in lexicographic order (a coordinate raised while no earlier one falls, issue 47), or
    (derived moves) has no well-defined largest valid position. The message names an example
    position."""


class BoxOptionError(RuleError, BoxError):
    """A box that does not hold an option of one of its positions (a move raising a coordinate,
    issue 47): the rules are not at fault, the box is, so it is an input error (exit 2) wherever
    it is reported, ``check`` included; a :class:`RuleError` for callers that catch those."""


class EvaluationError(CgsBridgeError):
    """An expression that cannot be evaluated at some position (division by zero, an empty bounded
    search, ``log2`` of a non-positive number, a negative exponent)."""


class InputError(CgsBridgeError):
    """A malformed input file (transcript, CSV, claims file); the message names file and line."""


class EngineError(CgsBridgeError):
    """An external engine (Mathics3, wolframscript, CGSuite) that is missing, fails, or times out;
    the message carries the engine's own output."""


class AutomatonLimitError(CgsBridgeError):
    """The embedded automata prover (``solvers.automata``) would exceed ``--memory`` or
    ``--timeout``; the message names the automaton's size. Never a verdict."""
