"""The nodes of the proof language (:mod:`solvers.logic.formula` describes the language and
re-exports them): terms, formulas, and the comparisons on naturals. Kept apart so that the passes
over them (:mod:`solvers.logic.visitor`, :mod:`solvers.logic.walks`) import no module that
imports them back."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Tuple, Union

CMP_OPS = ("=", "!=", "<", "<=", ">", ">=")


# ---------------------------------------------------------------- terms
@dataclass(frozen=True)
class Var:
    name: str


@dataclass(frozen=True)
class Const:
    value: int

    def __post_init__(self):
        if not isinstance(self.value, int) or self.value < 0:
            raise ValueError(f"Const needs a natural number, got {self.value!r}")


@dataclass(frozen=True)
class Add:
    terms: Tuple["Term", ...]


@dataclass(frozen=True)
class Scale:
    coef: int
    term: "Term"

    def __post_init__(self):
        if not isinstance(self.coef, int) or self.coef < 1:
            raise ValueError(f"Scale needs a coefficient >= 1, got {self.coef!r}")


@dataclass(frozen=True)
class Div:
    """floor(term / den)."""

    term: "Term"
    den: int

    def __post_init__(self):
        if not isinstance(self.den, int) or self.den < 1:
            raise ValueError(f"Div needs a divisor >= 1, got {self.den!r}")


Term = Union[Var, Const, Add, Scale, Div]
TERM_TYPES = (Var, Const, Add, Scale, Div)


# ---------------------------------------------------------------- formulas
@dataclass(frozen=True)
class Cmp:
    op: str
    left: Term
    right: Term

    def __post_init__(self):
        if self.op not in CMP_OPS:
            raise ValueError(f"unknown comparison {self.op!r}")


@dataclass(frozen=True)
class Xor:
    """a xor b = c, bitwise, on three variables."""

    a: Var
    b: Var
    c: Var


@dataclass(frozen=True)
class Pred:
    name: str
    args: Tuple[Var, ...]


@dataclass(frozen=True)
class Accepts:
    """The automaton ``automaton`` (a :class:`cgs_bridge.language.automaton_file.AutomatonFile`,
    its digits in the problem's numeration) accepts the tuple of ``args`` (issue 44). ``name``
    is the printers' automaton name (two different automata of one name are renamed apart)."""

    name: str
    automaton: object = field(repr=False)
    args: Tuple[Var, ...] = ()


@dataclass(frozen=True)
class Bool:
    value: bool


TRUE = Bool(True)
FALSE = Bool(False)


@dataclass(frozen=True)
class Not:
    body: "Formula"


@dataclass(frozen=True)
class And:
    parts: Tuple["Formula", ...]


@dataclass(frozen=True)
class Or:
    parts: Tuple["Formula", ...]


@dataclass(frozen=True)
class Implies:
    a: "Formula"
    b: "Formula"


@dataclass(frozen=True)
class Iff:
    a: "Formula"
    b: "Formula"


@dataclass(frozen=True)
class Exists:
    vars: Tuple[str, ...]
    body: "Formula"


@dataclass(frozen=True)
class Forall:
    vars: Tuple[str, ...]
    body: "Formula"


Formula = Union[Cmp, Xor, Pred, Accepts, Bool, Not, And, Or, Implies, Iff, Exists, Forall]
FORMULA_TYPES = (Cmp, Xor, Pred, Accepts, Bool, Not, And, Or, Implies, Iff, Exists, Forall)

#: The comparisons of :class:`Cmp` on naturals.
_CMP = {"=": int.__eq__, "!=": int.__ne__, "<": int.__lt__, "<=": int.__le__,
        ">": int.__gt__, ">=": int.__ge__}
