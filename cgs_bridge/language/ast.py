"""The abstract syntax tree of a game specification: small frozen dataclasses.

Every node carries ``pos`` (line, column; excluded from equality) so that semantic errors can name
the place in the source. Expressions are integer-valued or boolean; ``/`` exists only as the exact
``FloorDiv`` / ``CeilDiv`` nodes (``floor(a / b)``, ``ceil(a / b)``), so every value is an exact
integer in every target.

Node overview (expressions)::

    Num(value)                 integer literal
    Name(id)                   coordinate, parameter, bound variable, or a claim keyword
                               (grundy, misere, P, N)
    Neg(operand)               unary minus
    Not(operand)               boolean negation
    BinOp(op, left, right)     op in  + - * % ^ (power) xor (nim-sum) and or iff
    Compare(ops, operands)     chained comparison a <= b < c ...; ops in <= < >= > == !=
    FloorDiv(num, den)         exact floor(num / den)
    CeilDiv(num, den)          exact ceil(num / den)
    Call(func, args)           builtin (the rows of :mod:`~cgs_bridge.language.operators`), a ``def`` or a
                               function parameter
    If(cond, then, orelse)     if-then-else
    Search(kind, var, lo, hi, cond)  largest (kind='max') or smallest ('min') var in lo..hi
                               with cond
    Accepts(path, args, automaton)  the tuple of args is accepted by the automaton read from the
                               file ``path`` (issue 44; :mod:`.automaton_file`)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Tuple, Union


@dataclass(frozen=True)
class Pos:
    """A place in a specification source: 1-based line and column."""

    line: int = 0
    column: int = 0


_NOPOS = Pos()


def _pos():
    return field(default=_NOPOS, compare=False, repr=False)


# ---------------------------------------------------------------- expressions
@dataclass(frozen=True)
class Num:
    value: int
    pos: Pos = _pos()


@dataclass(frozen=True)
class Name:
    id: str
    pos: Pos = _pos()


@dataclass(frozen=True)
class Neg:
    operand: "Expr"
    pos: Pos = _pos()


@dataclass(frozen=True)
class Not:
    operand: "Expr"
    pos: Pos = _pos()


@dataclass(frozen=True)
class BinOp:
    op: str
    left: "Expr"
    right: "Expr"
    pos: Pos = _pos()


@dataclass(frozen=True)
class Compare:
    ops: Tuple[str, ...]
    operands: Tuple["Expr", ...]
    pos: Pos = _pos()


@dataclass(frozen=True)
class FloorDiv:
    num: "Expr"
    den: "Expr"
    pos: Pos = _pos()


@dataclass(frozen=True)
class CeilDiv:
    num: "Expr"
    den: "Expr"
    pos: Pos = _pos()


@dataclass(frozen=True)
class Call:
    func: str
    args: Tuple["Expr", ...]
    pos: Pos = _pos()


@dataclass(frozen=True)
class If:
    cond: "Expr"
    then: "Expr"
    orelse: "Expr"
    pos: Pos = _pos()


@dataclass(frozen=True)
class Search:
    kind: str  # 'max' or 'min'
    var: str
    lo: "Expr"
    hi: "Expr"
    cond: "Expr"
    pos: Pos = _pos()


@dataclass(frozen=True)
class Accepts:
    """``accepts "FILE"(a, b, ...)``: true when the automaton of ``FILE`` (Walnut's format, read
    when the claim is parsed: ``automaton`` is a
    :class:`~cgs_bridge.language.automaton_file.AutomatonFile`) accepts the digits of the
    naturals ``a, b, ...`` (issue 44)."""

    path: str
    args: Tuple["Expr", ...]
    automaton: object = field(default=None, compare=False, repr=False)
    pos: Pos = _pos()


Expr = Union[Num, Name, Neg, Not, BinOp, Compare, FloorDiv, CeilDiv, Call, If, Search, Accepts]
EXPR_TYPES = (Num, Name, Neg, Not, BinOp, Compare, FloorDiv, CeilDiv, Call, If, Search, Accepts)


#: Names with a meaning inside claims only.
CLAIM_NAMES = ("grundy", "misere", "P", "N")


# ---------------------------------------------------------------- statements
@dataclass(frozen=True)
class Param:
    """A game parameter: ``kind`` is 'int' or 'function' (a function of one variable ``t``).

    ``lower`` is the declared lower bound of an int parameter (``k: int >= 1``); ``default`` is an
    expression (for a function parameter: an expression in ``t``); ``qualifiers`` of a function
    parameter are among 'nondecreasing', 'nonnegative'.
    """

    name: str
    kind: str
    lower: Optional[int] = None
    default: Optional[Expr] = None
    qualifiers: Tuple[str, ...] = ()
    pos: Pos = _pos()


@dataclass(frozen=True)
class Def:
    name: str
    params: Tuple[str, ...]
    body: Expr
    pos: Pos = _pos()


@dataclass(frozen=True)
class Assign:
    target: str
    value: Expr
    pos: Pos = _pos()


@dataclass(frozen=True)
class Cut:
    """Explicit move rule: lower ``coord`` to any ``var`` < its value, then apply ``assigns``
    simultaneously. Inside the assignments every coordinate name denotes the *lowered* position
    (so ``coord`` and ``var`` are the same value)."""

    coord: str
    var: str
    assigns: Tuple[Assign, ...] = ()
    pos: Pos = _pos()


@dataclass(frozen=True)
class DerivedCut:
    """Derived move rule: lower ``coord``, then shrink the other coordinates to the largest valid
    position below (see :mod:`cgs_bridge.model.game`)."""

    coord: str
    pos: Pos = _pos()


@dataclass(frozen=True)
class Move:
    """General move rule (issue 22): for each value of ``var`` in the inclusive interval
    ``lo..hi`` (or, when ``values`` is given, in that finite set, in order) for which ``where``
    holds, the option is the position with ``assigns`` applied simultaneously; coordinates not
    assigned keep their value. Every expression here (bounds, set, condition, assignments) reads
    the position *before* the move and ``var``; the game's ``clamp`` follows, as after a cut.

    The sugar forms of the language become a ``Move`` (``kind`` says which; see
    :mod:`cgs_bridge.language.moves`): ``cut x to t where C: ...`` (``t`` in ``0..x - 1``), ``cut x, y by s in {1, 2}`` / ``in a..b`` / bare (``s`` in ``1..min(x, y)``: Wythoff's
    diagonal move), ``move s in a..b where C: x = E, ...`` and a second plain rule of a
    coordinate that already has one."""

    var: str
    lo: Optional["Expr"]
    hi: Optional["Expr"]
    values: Optional[Tuple["Expr", ...]]
    where: Optional["Expr"]
    assigns: Tuple[Assign, ...]
    kind: str = "move"    # cut (a second plain cut), cut_where, cut_by or move
    pos: Pos = _pos()

    @property
    def lowers(self) -> Tuple[str, ...]:
        """The coordinates this rule assigns."""
        return tuple(a.target for a in self.assigns)


@dataclass(frozen=True)
class Split:
    """A take-and-break move (issue 49): ``split coord [by var in ...] into a, b [where C]``
    removes ``var`` tokens (each value of the interval ``lo..hi`` or the finite set ``values``;
    none when ``var`` is None) from the heap ``coord`` and leaves the rest as two parts ``a + b``,
    each ``>= 0`` (an empty part is no heap): the option is the disjunctive sum of the nonempty
    parts. ``where`` says which parts are nonempty, empty, unequal or equal
    (:mod:`cgs_bridge.language.splits`). With ``spawn`` (``spawn coord into a, b [where C]``, issue
    47) the heap ``n >= 1`` becomes ``a + b`` for every pair ``0 <= a, b <= n - 1`` meeting ``C``, any
    condition on ``a``, ``b``, the heap and the parameters (:mod:`cgs_bridge.language.spawns`)."""

    coord: str
    var: Optional[str]
    lo: Optional["Expr"]
    hi: Optional["Expr"]
    values: Optional[Tuple["Expr", ...]]
    parts: Tuple[str, str]
    where: Optional["Expr"]
    pos: Pos = _pos()
    spawn: bool = False


@dataclass(frozen=True)
class PassOnce:
    """``pass once [as NAME]``: one pass move in the whole game, for either player, allowed from
    every position that has another option, never from a terminal position (M. Inoue, M. Fukui, R. Miyadera, "Impartial chocolate bar
    games with a pass", Integers 16 (2016) G5, cited as [4] in seed 003; "Chocolate games with a
    pass"). The state carries the flag coordinate ``flag`` (1 while the pass is unused, 0 after
    it): the checker appends it to the coordinates, last, with ``require flag <= 1``."""

    flag: str = "passes"
    added: bool = False   # set by the checker once the flag coordinate is appended
    pos: Pos = _pos()


@dataclass(frozen=True)
class Clamp:
    """A one-pass simultaneous clamp applied after every explicit cut (the hexagon's ``pos``)."""

    assigns: Tuple[Assign, ...]
    pos: Pos = _pos()


@dataclass(frozen=True)
class Claim:
    name: str
    expr: Expr
    when: Optional[Expr] = None
    pos: Pos = _pos()
    #: ``when f satisfies halving``: ``(("f", "halving"),)``, properties of function parameters
    #: checked on the box (a claim whose hypothesis fails there is not applicable).
    hypotheses: Tuple[Tuple[str, str], ...] = ()
    #: where a claim given apart from its game was read: ``(file, line)`` with ``file`` the
    #: claims file or ``--claim``, ``line`` the line its text starts on (positions in the claim
    #: count from there); None for a claim of the spec (located in the game's file).
    origin: Optional[Tuple[str, int]] = field(default=None, compare=False)

    def where(self, pos, game_file: str) -> str:
        """``file:line:col`` of position ``pos`` of this claim ("" when ``pos`` is unknown)."""
        if pos is None or not pos.line:
            return ""
        if self.origin is None:
            return f"{game_file}:{pos.line}:{pos.column}"
        return f"{self.origin[0]}:{self.origin[1] + pos.line - 1}:{pos.column}"


@dataclass(frozen=True)
class BoxDecl:
    """``box PURPOSE (p = v, ...) [bound] ...``: boxes a tool uses for this game (not a rule).

    ``purpose`` is ``generated`` (the box of ``generated/``, at most one, default parameters),
    ``engine`` (small box for running emitted programs in tests, at most one, default parameters)
    or ``kernel`` (solver test cases, any number); ``params`` are parameter values;
    ``bounds`` holds per box an int (every coordinate) or ``((coord, upper, pos), ...)``.
    """

    purpose: str
    params: Tuple[Assign, ...]
    bounds: Tuple
    pos: Pos = _pos()

    def bound_texts(self) -> tuple:
        """The boxes as ``--bound`` texts (``"4"``, ``"y=4,z=13"``)."""
        return tuple(str(b) if isinstance(b, int) else ",".join(f"{c}={u}" for c, u, _ in b)
                     for b in self.bounds)


@dataclass(frozen=True)
class Require:
    expr: Expr
    pos: Pos = _pos()


@dataclass(frozen=True)
class SumTerm:
    """One component of a disjunctive sum: game ``game`` with arguments ``args`` whose coordinates
    are renamed, in order, to ``coords``."""

    game: str
    args: Tuple[Expr, ...]
    coords: Tuple[str, ...]
    pos: Pos = _pos()


@dataclass(frozen=True)
class Game:
    name: str
    params: Tuple[Param, ...] = ()
    title: str = ""
    source: str = ""
    coords: Tuple[str, ...] = ()
    defs: Tuple[Def, ...] = ()
    requires: Tuple[Require, ...] = ()
    cuts: Tuple[Union[Cut, DerivedCut], ...] = ()
    moves: Tuple[Move, ...] = ()                # general rules (issue 22), after ``cuts``
    pass_once: Optional[PassOnce] = None        # ``pass once``: the flag coordinate (issue 22)
    clamp: Optional[Clamp] = None
    claims: Tuple[Claim, ...] = ()
    sum: Tuple[SumTerm, ...] = ()
    catalog: Optional[Tuple[int, Pos]] = None   # ``catalog N``: position in the catalog order
    boxes: Tuple[BoxDecl, ...] = ()
    splits: Tuple[Split, ...] = ()              # take-and-break moves (issue 49)
    octal: Optional[Tuple[str, Pos]] = None     # ``octal "0.77"``: the game's take-and-break code
    file: Optional[str] = field(default=None, compare=False)
    pos: Pos = _pos()

    def param(self, name: str) -> Optional[Param]:
        return next((p for p in self.params if p.name == name), None)

    def cut_for(self, coord: str):
        return next((c for c in self.cuts if c.coord == coord), None)

