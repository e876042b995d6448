"""Semantic checks of a parsed game and flattening of disjunctive sums.

The checker is the only gate between source text and everything downstream (solvers, printers):
every later stage may assume names resolve, types agree (integer vs boolean), each coordinate has
at most one move rule, and ``/`` appears only as exact ``floor(a/b)`` or ``ceil(a/b)``. The
analysis derived moves need (the valid set as :class:`Atom` inequalities, monotonicity) is
:mod:`cgs_bridge.language.constraints`; a game with a derived rule must pass it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from cgs_bridge.foundation.errors import SpecError

from . import ast as A
from .boxes import check_boxes
from .constraints import Atom, constraint_atoms, monotonicity  # noqa: F401  (Atom, monotonicity: public here too)
from .expansion import check_expansion
from .moves import add_pass_flag, check_move, split_rules
from .operators import BUILTINS, arity_problem, row, sugar_inner
from .spec_printer import expr_text
from .splits import check_takebreak, is_takebreak
from .sums import _err, flatten  # noqa: F401  (flatten: public here too)
from .visitor import ExprVisitor, register_visitor

MAX_COORDS = 10


@dataclass(frozen=True)
class CheckedGame:
    """A flat (sum-free) game that passed every check, with the analysis of its constraints."""

    game: A.Game
    atoms: tuple
    warnings: tuple


# ------------------------------------------------------------------ names and types
class _Scope:
    def __init__(self, game: A.Game, claim: bool = False):
        self.game = game
        self.coords = set(game.coords)
        self.ints = {p.name for p in game.params if p.kind == "int"}
        self.funcs = {p.name for p in game.params if p.kind == "function"}
        self.defs: dict = {}
        self.claim = claim
        self.when = False  # a claim's ``when``: parameters only


def _did_you_mean(name: str, known) -> str:
    """`` (did you mean 'x'?)`` for the closest of ``known`` names (difflib), else ``""``."""
    import difflib
    close = difflib.get_close_matches(name, sorted(set(known)), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _kind(want: str) -> str:
    return "an integer" if want == "int" else "a condition"


@register_visitor
class _TypeChecker(ExprVisitor):
    """``visit(node)`` returns 'int' or 'bool' for ``node``; raises SpecError (with the node's
    line and column) on unknown names, wrong arity or type errors. ``local`` names bound search,
    cut or function variables."""

    def __init__(self, scope: _Scope, local: frozenset, game: A.Game):
        self.scope, self.local, self.game = scope, local, game

    def need(self, n, want: str) -> None:
        got = self.visit(n)
        if got != want:
            raise _err(self.game, f"expected {_kind(want)} here, found {_kind(got)}", n.pos)

    def visit_Num(self, node):
        return "int"

    def visit_Name(self, node):
        scope, game = self.scope, self.game
        if node.id in self.local or node.id in scope.coords or node.id in scope.ints:
            return "int"
        if scope.claim and node.id in ("grundy", "misere"):
            return "int"
        if scope.claim and node.id in ("P", "N"):
            return "bool"
        if node.id in scope.funcs or node.id in scope.defs:
            raise _err(game, f"{node.id} is a function; call it with an argument", node.pos)
        hint = " (grundy, misere, P and N exist only in claims)" if node.id in A.CLAIM_NAMES else ""
        if scope.when and (node.id in game.coords or node.id in A.CLAIM_NAMES):
            hint = (f": a claim's 'when' takes parameters only ({node.id} is not one; 'when' says for which "
                    f"parameter values the claim is stated). State a region in the claim itself, e.g. "
                    f"claim \"name\": not ({node.id} == 0) or (P iff ...)")
        elif not hint:
            hint = _did_you_mean(node.id, [*scope.coords, *scope.ints, *self.local,
                                           *(A.CLAIM_NAMES if scope.claim else ())])
        raise _err(game, f"unknown name {node.id!r}{hint}", node.pos)

    def visit_Neg(self, node):
        self.need(node.operand, row("neg").operand)
        return row("neg").result

    def visit_Not(self, node):
        self.need(node.operand, row("not").operand)
        return row("not").result

    def visit_BinOp(self, node):
        op = row(node.op)  # the operator table's typing
        self.need(node.left, op.operand)
        self.need(node.right, op.operand)
        return op.result

    def visit_Compare(self, node):
        for o in node.operands:
            self.need(o, "int")
        return "bool"

    def visit_FloorDiv(self, node):
        self.need(node.num, "int")
        self.need(node.den, "int")
        return "int"

    visit_CeilDiv = visit_FloorDiv

    def visit_If(self, node):
        self.need(node.cond, "bool")
        t = self.visit(node.then)
        self.need(node.orelse, t)
        return t

    def visit_Search(self, node):
        self.need(node.lo, "int")
        self.need(node.hi, "int")
        if node.var in self.scope.coords or node.var in self.scope.ints:
            raise _err(self.game, f"search variable {node.var!r} hides a coordinate or parameter", node.pos)
        _type_in(node.cond, self.scope, self.local | {node.var}, self.game, "bool")
        return "int"

    def visit_Accepts(self, node):
        for a in node.args:
            self.need(a, "int")
        return "bool"

    def visit_Call(self, node):
        self._check_call(node)
        op = row(node.func) if node.func in BUILTINS else None
        for a in node.args:
            self.need(a, op.operand if op else "int")
        return op.result if op else "int"

    def _check_call(self, node) -> None:
        """The function exists and takes this many arguments."""
        f, n, game, scope = node.func, len(node.args), self.game, self.scope
        special = f == "/" or sugar_inner(f) is not None
        if special or f in BUILTINS or (f not in scope.funcs and f not in scope.defs):
            problem = call_problem(f, n)
            if problem:
                raise _err(game, problem, node.pos)
        elif f in scope.funcs:
            if n != 1:
                raise _err(game, f"function parameter {f} takes one argument; {n} given", node.pos)
        elif n != len(scope.defs[f]):
            raise _err(game, f"{f} takes {len(scope.defs[f])} arguments; {n} given", node.pos)


def call_problem(f: str, n: int, example: str = "floor((x + z) / k)") -> str | None:
    """What is wrong with a call of ``f`` with ``n`` arguments, outside a game's definitions and
    function parameters (a bare ``/`` or sugar's inner function, an unknown function, a builtin's
    arity: :mod:`~cgs_bridge.language.operators`), else None. ``example`` shows exact division."""
    if f == "/":
        return (f"'/' is exact division and must be the whole argument of floor(...) or "
                f"ceil(...), e.g. {example}")
    sugar = sugar_inner(f)
    if sugar is not None:
        outer, inner = sugar.sugar
        return f"{inner} exists only as {outer}({inner}(n)), an exact integer"
    if f not in BUILTINS:
        return f"unknown function {f!r}"
    return arity_problem(f, n)


def _type(node, scope: _Scope, local: frozenset, game: A.Game) -> str:
    """Return 'int' or 'bool' for ``node``; raise SpecError on unknown names or type errors."""
    return _TypeChecker(scope, local, game).visit(node)


def _type_in(node, scope, local, game, want):
    """Check that ``node`` has type ``want`` ('int' or 'bool'); SpecError otherwise."""
    if _type(node, scope, local, game) != want:
        raise _err(game, f"expected {_kind(want)} here", node.pos)


# ------------------------------------------------------------------ the check
def check_game(game: A.Game, resolve: Callable[[str], A.Game] | None = None) -> CheckedGame:
    """Check ``game`` (flattening a sum first) and analyse its constraints.

    Args:
        game: a parsed game.
        resolve: maps a game name to a parsed game (for the components of a sum).
    Returns:
        a :class:`CheckedGame`.
    Raises:
        SpecError: with file, line and column, for the first problem found.
    """
    if game.sum:
        game = flatten(game, resolve or (lambda name: (_ for _ in ()).throw(KeyError(name))))
    if is_takebreak(game):  # issue 49: one heap, splits and removals (cgs_bridge.language.splits)
        game = check_takebreak(game, lambda e, want, local=(): _type_in(e, _Scope(game), frozenset(local), game, want),
                               lambda msg, pos: _err(game, msg, pos))
    if not game.coords:
        raise _err(game, f"game {game.name} has no 'coordinates' statement")
    if game.pass_once is not None and not game.pass_once.added and game.pass_once.flag in game.coords:
        raise _err(game, f"the pass flag {game.pass_once.flag!r} has the name of a coordinate; "
                         "name it with 'pass once as NAME'", game.pass_once.pos)
    game = add_pass_flag(split_rules(game))
    if len(game.coords) > MAX_COORDS:
        raise _err(game, f"at most {MAX_COORDS} coordinates are supported; {len(game.coords)} given")
    seen = _check_names(game)
    scope = _Scope(game)
    _check_params_and_defs(game, scope)
    for r in game.requires:
        _type_in(r.expr, scope, frozenset(), game, "bool")
    _check_moves(game, scope, seen)
    _check_claims(game, scope)
    check_expansion(game)
    check_boxes(game, lambda p, v: _type_in(v, _bare_scope(game), frozenset({"t"}), game, "int"))
    atoms = tuple(constraint_atoms(game))
    return CheckedGame(game, atoms, tuple(_derived_warnings(game, atoms)))


def _bare_scope(game: A.Game) -> _Scope:
    """A scope with no coordinates, parameters or definitions (parameter defaults, box values)."""
    return _Scope(A.Game(name=game.name, file=game.file))


def _check_names(game: A.Game) -> dict:
    """Coordinates, parameters and definitions have distinct, unreserved names; returns
    name -> what it is."""
    seen: dict = {}
    reserved = set(BUILTINS) | set(A.CLAIM_NAMES) | {"t_"}
    for name, what in ([(c, "coordinate") for c in game.coords] + [(p.name, "parameter") for p in game.params]
                       + [(d.name, "definition") for d in game.defs]):
        if name in seen:
            raise _err(game, f"{what} {name!r} has the name of a {seen[name]}")
        if name in reserved:
            raise _err(game, f"{what} {name!r} uses a reserved name")
        seen[name] = what
    return seen


def _check_params_and_defs(game: A.Game, scope: _Scope) -> None:
    """Parameter defaults (a function default is an expression in ``t``) and definition bodies
    are integers; fills ``scope.defs`` (a definition sees earlier definitions only)."""
    for p in game.params:
        if p.default is not None:
            local = frozenset({"t"}) if p.kind == "function" else frozenset()
            _type_in(p.default, _bare_scope(game), local, game, "int")
    for d in game.defs:
        if len(set(d.params)) != len(d.params):
            raise _err(game, f"repeated parameter in definition of {d.name}", d.pos)
        inner = _Scope(game)
        inner.defs = dict(scope.defs)
        inner.coords = set()  # a definition sees only its own parameters and the game's parameters
        _type_in(d.body, inner, frozenset(d.params), game, "int")
        scope.defs[d.name] = d.params


def _check_moves(game: A.Game, scope: _Scope, seen: dict) -> None:
    """At most one rule per coordinate; cut variables hide nothing; assignments and the clamp
    assign coordinates, each at most once per rule, with integers."""
    cut_coords: dict = {}
    for c in game.cuts:
        if c.coord not in scope.coords:
            raise _err(game, f"cut of unknown coordinate {c.coord!r}", c.pos)
        if c.coord in cut_coords:  # split_rules left only derived rules here
            raise _err(game, f"coordinate {c.coord} has two move rules and one is derived; a derived "
                             "rule must be the only rule of its coordinate", c.pos)
        if game.pass_once is not None and c.coord == game.pass_once.flag:
            raise _err(game, f"{c.coord} is the pass flag; only the pass changes it", c.pos)
        cut_coords[c.coord] = c
        if isinstance(c, A.Cut):
            if c.var in seen and c.var != c.coord:
                raise _err(game, f"cut variable {c.var!r} hides a {seen[c.var]}", c.pos)
            targets: set = set()
            for a in c.assigns:
                _check_assign(game, scope, a, targets, frozenset({c.var}))
                if a.target == c.coord:
                    raise _err(game, f"the cut of {c.coord} cannot also assign {c.coord}", a.pos)
    if game.clamp is not None:
        targets = set()
        for a in game.clamp.assigns:
            _check_assign(game, scope, a, targets, frozenset())
    for m in game.moves:
        check_move(game, m, seen, scope.coords, lambda e, local, want: _type_in(e, scope, local, game, want),
                   lambda a, targets, local: _check_assign(game, scope, a, targets, local),
                   lambda msg, pos: _err(game, msg, pos))


def _check_claims(game: A.Game, scope: _Scope) -> None:
    """Claims are conditions (with grundy, misere, P, N); ``when`` uses parameters only."""
    for cl in game.claims:
        cs = _Scope(game, claim=True)
        cs.defs = scope.defs
        for name, prop in cl.hypotheses:
            p = game.param(name)
            if p is None or p.kind != "function":
                raise SpecError(f"claim {cl.name!r}: 'when {name} satisfies {prop}' needs a function "
                                f"parameter {name}", getattr(game, "file", None), cl.pos.line, cl.pos.column)
        if cl.when is not None:
            ws = _Scope(game)
            ws.defs, ws.coords, ws.when = scope.defs, set(), True
            _type_in(cl.when, ws, frozenset(), game, "bool")
        _type_in(cl.expr, cs, frozenset(), game, "bool")


def _derived_warnings(game: A.Game, atoms: tuple) -> list:
    """With a derived rule every constraint must bound a coordinate and be proved monotone
    (SpecError at the constraint otherwise); no warnings remain.

    A derived move is "the greatest valid q <= the lowered point with q[x] = t"
    (docs/ARCHITECTURE.md, Semantics). When every constraint ``L <= R`` has ``L`` nondecreasing
    in its one coordinate and ``R`` nondecreasing in the others, valid positions are closed under
    componentwise max, so that position exists wherever any valid one below does, and the clamping
    fixpoint (:mod:`.derive`) reaches it in any order. Without that proof the greatest position
    need not exist and the fixpoint may stop below it (issue 50: ``y <= (if x > w then 0 else
    1000000)`` clamped y to 0 before x was lowered), so solver and prover would read the rule
    differently: the rule is refused."""
    derived = [c for c in game.cuts if isinstance(c, A.DerivedCut)]
    if derived:
        for a in atoms:
            if a.coord is None:
                raise _err(game, f"derived moves need every constraint in the form "
                                 f"'coordinate-expression <= expression' ({a.why})", a.pos)
            if not a.monotone:
                raise _err(game, f"derived moves ('cut {derived[0].coord} derived', line "
                                 f"{derived[0].pos.line}) need every constraint proved monotone: "
                                 f"{_not_monotone(game, a)}, so the greatest valid position below "
                                 f"a lowered point need not exist; write the moves explicitly "
                                 f"('cut {derived[0].coord} to t: ...')", a.pos)
    return []


def _not_monotone(game: A.Game, a) -> str:
    """Which side of the constraint ``a`` the monotonicity analysis could not prove."""
    from .constraints import names_deep
    nonneg = set(game.coords) | {p.name for p in game.params
                                 if p.kind == "int" and p.lower is not None and p.lower >= 0}
    if monotonicity(a.left, a.coord, game, nonneg) != "+":
        return f"'{expr_text(a.left)}' is not proved nondecreasing in {a.coord}"
    for d in game.coords:
        if d in names_deep(a.right, game) and monotonicity(a.right, d, game, nonneg) not in ("+", "0"):
            return f"'{expr_text(a.right)}' is not proved nondecreasing in {d}"
    return "the constraint is not proved monotone"


def _check_assign(game, scope, a: A.Assign, targets: set, local):
    if a.target not in scope.coords:
        raise _err(game, f"assignment to {a.target!r}, which is not a coordinate", a.pos)
    if a.target in targets:
        raise _err(game, f"{a.target} assigned twice in one rule", a.pos)
    targets.add(a.target)
    _type_in(a.value, scope, local, game, "int")
