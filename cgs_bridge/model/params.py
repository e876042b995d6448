"""Parameter values of a game: integers and function parameters (expressions in ``t``) parsed,
checked and defaulted (:func:`bind_params`, used by :class:`cgs_bridge.model.game.Ruleset`)."""

from __future__ import annotations

from cgs_bridge.foundation.errors import ParameterError, SpecError
from cgs_bridge.language import ast as A
from cgs_bridge.language import traversal as Tr
from cgs_bridge.language.checker import call_problem
from cgs_bridge.language.evaluate import FunctionValue
from cgs_bridge.language.parser import parse_expr
from cgs_bridge.language.spec_printer import expr_text


def _check_function_body(body, name: str) -> None:
    """Reject in a function parameter what the spec checker rejects in a call
    (:func:`cgs_bridge.language.checker.call_problem`: a bare ``/``, a bare ``log2``, an unknown
    function, a builtin's arity; spec language, README "Expressions").

    Raises:
        ParameterError: naming the parameter and what was expected.
    """
    for node in Tr.walk(body):
        if isinstance(node, A.Call):
            problem = call_problem(node.func, len(node.args), example="floor(t / 2)")
            if problem:
                raise ParameterError(f"-p {name}: {problem}")


def bind_params(game: A.Game, given: dict) -> dict:
    """Resolve parameter values for ``game`` from ``given`` (name -> int, str, or FunctionValue).

    Strings are parsed: an integer for ``int`` parameters, an expression in ``t`` for function
    parameters (``"floor(t/4)"``). Missing parameters take their defaults.

    Raises:
        ParameterError: unknown name, missing value without default, not an integer, beyond 64-bit
        integers, below the declared lower bound, or a function expression that uses names other than ``t``.
    """
    out: dict = {}
    known = {p.name: p for p in game.params}
    for name in given:
        if name not in known:
            have = ", ".join(known) or "none"
            raise ParameterError(f"game {game.name} has no parameter {name!r} (parameters: {have})")
    for p in game.params:
        raw = given.get(p.name)
        if raw is None:
            if p.default is None:
                raise ParameterError(f"game {game.name} needs parameter {p.name} "
                                     f"({'an integer' if p.kind == 'int' else 'a function of t'}); "
                                     f"pass -p {p.name}=...")
            raw = p.default
        if p.kind == "int":
            if isinstance(raw, A.Num):
                value = raw.value
            elif isinstance(raw, A.Neg) and isinstance(raw.operand, A.Num):
                value = -raw.operand.value
            else:
                try:
                    value = int(str(raw).strip())
                except ValueError:
                    raise ParameterError(f"parameter {p.name} of {game.name} must be an integer, "
                                         f"got {raw!r}") from None
            if not -(1 << 63) <= value < (1 << 63):  # README "Inputs": beyond 64-bit integers refused
                raise ParameterError(f"parameter {p.name} of {game.name}: {value} is beyond the 64-bit "
                                     f"integers cgs-bridge accepts (|value| < 2^63)")
            if p.lower is not None and value < p.lower:
                raise ParameterError(f"parameter {p.name} of {game.name} must be >= {p.lower}, got {value}")
            out[p.name] = value
        else:
            if isinstance(raw, FunctionValue):
                out[p.name] = raw
                continue
            if isinstance(raw, str):
                try:
                    body = parse_expr(raw, what=f"-p {p.name}")
                except SpecError as e:
                    raise ParameterError(str(e)) from None
                text = raw.strip()
            else:
                body, text = raw, expr_text(raw)
            _check_function_body(body, p.name)
            extra = Tr.free_names(body) - {"t"}
            if extra:
                raise ParameterError(f"function parameter {p.name} must be an expression in t; "
                                     f"unknown name(s): {', '.join(sorted(extra))}")
            out[p.name] = FunctionValue("t", body, text)
    return out


def parse_params(items) -> dict:
    """``-p NAME=VALUE`` texts as ``{name: value text}``. Raises ParameterError when one is
    malformed or a name is given twice."""
    out = {}
    for item in items:
        name, eq, value = item.partition("=")
        if not eq or not name.strip():
            raise ParameterError(f"-p expects NAME=VALUE, got {item!r}")
        if name.strip() in out:
            raise ParameterError(f"parameter {name.strip()} given twice")
        out[name.strip()] = value
    return out
