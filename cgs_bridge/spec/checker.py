"""Semantic checks of a parsed game, flattening of disjunctive sums, and the analysis that derived
moves need.

The checker is the only gate between source text and everything downstream (solvers, printers):
every later stage may assume names resolve, types agree (integer vs boolean), each coordinate has
at most one move rule, and ``/`` appears only as exact ``floor(a/b)`` or ``ceil(a/b)``.

Derived moves (``cut x derived``) rely on constraints of the form ``L <= R`` where ``L`` mentions
exactly one coordinate ``c`` and is nondecreasing in it, and ``R`` is nondecreasing in the other
coordinates and does not mention ``c``. Then valid positions are closed under componentwise max,
so the largest valid position below a lowered point exists when any does and repeated clamping
reaches it (the greatest fixpoint; ``shared/design-notes.md``). A lower bound such as
``b >= res2(a)`` is read as the upper bound ``res2(a) <= b`` on ``a`` (seed 000, Example 7.1).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Optional

from ..errors import SpecError
from . import ast as A
from .boxes import check_boxes

MAX_COORDS = 10

_BOOL_OPS = {"and", "or", "iff"}
_INT_OPS = {"+", "-", "*", "%", "^", "xor"}


@dataclass(frozen=True)
class Atom:
    """One inequality ``left <= right`` of the valid set, bounding coordinate ``coord`` from above
    (``coord`` is ``None`` when the inequality cannot drive derived moves; ``why`` says why).
    ``monotone`` records whether nondecreasing-ness of both sides was proved statically."""

    left: A.Expr
    right: A.Expr
    coord: Optional[str]
    monotone: bool
    why: str
    pos: A.Pos


@dataclass(frozen=True)
class CheckedGame:
    """A flat (sum-free) game that passed every check, with the analysis of its constraints."""

    game: A.Game
    atoms: tuple
    warnings: tuple


def _err(game: A.Game, msg: str, pos: A.Pos | None = None) -> SpecError:
    pos = pos or game.pos
    return SpecError(msg, game.file, pos.line or None, pos.column or None)


# ------------------------------------------------------------------ disjunctive sums
def flatten(game: A.Game, resolve: Callable[[str], A.Game]) -> A.Game:
    """Expand ``sum G1(args)[c...] + G2(...)[...]`` into one flat game whose positions are the
    tuples of component positions (Definition of disjunctive sum: seed 001 Def 1.3, seed 003
    Def 2.2): the valid set is the product, and each coordinate keeps its component's move rule.

    Component definitions are prefixed with the component's renamed coordinates to stay distinct;
    integer parameters are replaced by the argument expressions; function parameters by the name
    of the outer function parameter passed in.

    Raises:
        SpecError: unknown component game, wrong number of coordinates or arguments, a component
        with a clamp (a global clamp of one component cannot act on the sum).
    """
    if not game.sum:
        return game
    if game.coords or game.requires or game.cuts or game.clamp or game.defs:
        raise _err(game, f"game {game.name}: a 'sum' game takes its coordinates, constraints and "
                         "moves from its components; remove the other statements", game.pos)
    coords, defs, requires, cuts = [], [], [], []
    for i, term in enumerate(game.sum):
        try:
            comp = flatten(resolve(term.game), resolve)
        except KeyError:
            raise _err(game, f"unknown game {term.game!r} in sum", term.pos) from None
        if comp.clamp is not None:
            raise _err(game, f"component {term.game} has a global clamp; it cannot be summed", term.pos)
        if len(term.coords) != len(comp.coords):
            raise _err(game, f"{term.game} has {len(comp.coords)} coordinates "
                             f"({', '.join(comp.coords)}); {len(term.coords)} names given", term.pos)
        params = [p for p in comp.params]
        args = list(term.args)
        if len(args) > len(params):
            raise _err(game, f"{term.game} takes {len(params)} parameters; {len(args)} given", term.pos)
        mapping: dict = dict(zip(comp.coords, (A.Name(c, term.pos) for c in term.coords)))
        for p, a in zip(params, args):
            if p.kind == "function":
                if not isinstance(a, A.Name):
                    raise _err(game, f"function parameter {p.name} of {term.game} must be passed the "
                                     "name of a function parameter", term.pos)
                mapping[p.name] = a.id
            else:
                mapping[p.name] = a
        for p in params[len(args):]:
            if p.default is None:
                raise _err(game, f"parameter {p.name} of {term.game} has no default; pass it", term.pos)
            if p.kind == "function":
                raise _err(game, f"pass function parameter {p.name} of {term.game} explicitly", term.pos)
            mapping[p.name] = p.default
        prefix = "_".join(term.coords) + "_"
        for d in comp.defs:
            mapping[d.name] = prefix + d.name
        for d in comp.defs:
            inner = {k: v for k, v in mapping.items() if k not in d.params}
            defs.append(A.Def(prefix + d.name, d.params, A.substitute(d.body, inner), d.pos))
        coords.extend(term.coords)
        requires.extend(A.Require(A.substitute(r.expr, mapping), r.pos) for r in comp.requires)
        for c in comp.cuts:
            new = mapping[c.coord].id
            if isinstance(c, A.DerivedCut):
                cuts.append(A.DerivedCut(new, c.pos))
            else:
                inner = {k: v for k, v in mapping.items() if k != c.var}
                inner[c.var] = A.Name(c.var, c.pos)
                cuts.append(A.Cut(new, c.var, tuple(A.Assign(mapping[a.target].id,
                                                              A.substitute(a.value, inner), a.pos)
                                                     for a in c.assigns), c.pos))
    return replace(game, coords=tuple(coords), defs=tuple(defs), requires=tuple(requires),
                   cuts=tuple(cuts), sum=())


# ------------------------------------------------------------------ names and types
class _Scope:
    def __init__(self, game: A.Game, claim: bool = False):
        self.game = game
        self.coords = set(game.coords)
        self.ints = {p.name for p in game.params if p.kind == "int"}
        self.funcs = {p.name for p in game.params if p.kind == "function"}
        self.defs: dict = {}
        self.claim = claim


def _type(node, scope: _Scope, local: frozenset, game: A.Game) -> str:
    """Return 'int' or 'bool' for ``node``; raise SpecError on unknown names or type errors."""
    def need(n, want):
        got = _type(n, scope, local, game)
        if got != want:
            raise _err(game, f"expected {'an integer' if want == 'int' else 'a condition'} here, "
                             f"found {'a condition' if got == 'bool' else 'an integer'}", n.pos)

    if isinstance(node, A.Num):
        return "int"
    if isinstance(node, A.Name):
        if node.id in local or node.id in scope.coords or node.id in scope.ints:
            return "int"
        if scope.claim and node.id in ("grundy", "misere"):
            return "int"
        if scope.claim and node.id in ("P", "N"):
            return "bool"
        if node.id in scope.funcs or node.id in scope.defs:
            raise _err(game, f"{node.id} is a function; call it with an argument", node.pos)
        hint = " (grundy, misere, P and N exist only in claims)" if node.id in A.CLAIM_NAMES else ""
        raise _err(game, f"unknown name {node.id!r}{hint}", node.pos)
    if isinstance(node, A.Neg):
        need(node.operand, "int")
        return "int"
    if isinstance(node, A.Not):
        need(node.operand, "bool")
        return "bool"
    if isinstance(node, A.BinOp):
        want = "bool" if node.op in _BOOL_OPS else "int"
        need(node.left, want)
        need(node.right, want)
        return want
    if isinstance(node, A.Compare):
        for o in node.operands:
            need(o, "int")
        return "bool"
    if isinstance(node, (A.FloorDiv, A.CeilDiv)):
        need(node.num, "int")
        need(node.den, "int")
        return "int"
    if isinstance(node, A.If):
        need(node.cond, "bool")
        t = _type(node.then, scope, local, game)
        need(node.orelse, t)
        return t
    if isinstance(node, A.Search):
        need(node.lo, "int")
        need(node.hi, "int")
        if node.var in scope.coords or node.var in scope.ints:
            raise _err(game, f"search variable {node.var!r} hides a coordinate or parameter", node.pos)
        _type_in(node.cond, scope, local | {node.var}, game, "bool")
        return "int"
    if isinstance(node, A.Call):
        f = node.func
        if f == "/":
            raise _err(game, "'/' is exact division and must be the whole argument of floor(...) or "
                             "ceil(...), e.g. floor((x + z) / k)", node.pos)
        if f == "log2":
            raise _err(game, "log2 exists only as floor(log2(n)), an exact integer", node.pos)
        n = len(node.args)
        if f in A.BUILTINS:
            lo, hi = A.BUILTINS[f]
            if n < lo or (hi is not None and n > hi):
                raise _err(game, f"{f} takes {lo if hi == lo else f'at least {lo}'} argument"
                                 f"{'s' if (hi or 2) > 1 else ''}; {n} given", node.pos)
        elif f in scope.funcs:
            if n != 1:
                raise _err(game, f"function parameter {f} takes one argument; {n} given", node.pos)
        elif f in scope.defs:
            if n != len(scope.defs[f]):
                raise _err(game, f"{f} takes {len(scope.defs[f])} arguments; {n} given", node.pos)
        else:
            raise _err(game, f"unknown function {f!r}", node.pos)
        for a in node.args:
            need(a, "int")
        return "int"
    raise TypeError(node)


def _type_in(node, scope, local, game, want):
    got = _type(node, scope, local, game)
    if got != want:
        raise _err(game, f"expected {'an integer' if want == 'int' else 'a condition'} here", node.pos)


# ------------------------------------------------------------------ monotonicity
def monotonicity(expr, var: str, game: A.Game, nonneg: set) -> str:
    """Direction of ``expr`` in ``var``: '0' (does not depend), '+' (nondecreasing), '-'
    (nonincreasing) or '?' (not proved). ``nonneg`` names known nonnegative quantities (coordinates,
    parameters with a lower bound >= 0). Definitions and nondecreasing function parameters are
    followed."""
    defs = {d.name: d for d in game.defs}
    fn_mono = {p.name for p in game.params if p.kind == "function" and "nondecreasing" in p.qualifiers}

    def sign_nonneg(e):
        return (isinstance(e, A.Num) and e.value >= 0) or (isinstance(e, A.Name) and e.id in nonneg)

    def comb(*ds):
        ds = [d for d in ds if d != "0"]
        if not ds:
            return "0"
        if "?" in ds or len(set(ds)) > 1:
            return "?"
        return ds[0]

    def neg(d):
        return {"+": "-", "-": "+"}.get(d, d)

    def m(e):
        if var not in A.free_names(e) and not (isinstance(e, A.Call) and e.func in defs
                                               and any(var in A.free_names(a) for a in e.args)):
            return "0"
        if isinstance(e, A.Name):
            return "+" if e.id == var else "0"
        if isinstance(e, A.Neg):
            return neg(m(e.operand))
        if isinstance(e, A.BinOp):
            if e.op == "+":
                return comb(m(e.left), m(e.right))
            if e.op == "-":
                return comb(m(e.left), neg(m(e.right)))
            if e.op == "*":
                dl, dr = m(e.left), m(e.right)
                if dl == "0" and sign_nonneg(e.left):
                    return dr
                if dr == "0" and sign_nonneg(e.right):
                    return dl
                return "?"
            if e.op == "^":
                if m(e.right) == "0" and sign_nonneg(e.right) and sign_nonneg(e.left):
                    return m(e.left)
                if m(e.left) == "0" and isinstance(e.left, A.Num) and e.left.value >= 1:
                    return m(e.right)
            return "?"
        if isinstance(e, A.FloorDiv) or isinstance(e, A.CeilDiv):
            if m(e.den) == "0" and (isinstance(e.den, A.Num) and e.den.value > 0
                                   or isinstance(e.den, A.Name) and e.den.id in positive):
                return m(e.num)
            return "?"
        if isinstance(e, A.Call):
            if e.func in ("min", "max"):
                return comb(*(m(a) for a in e.args))
            if e.func == "ilog2":
                return m(e.args[0])
            if e.func in fn_mono:
                return m(e.args[0])
            if e.func in defs:
                d = defs[e.func]
                body = A.substitute(d.body, dict(zip(d.params, e.args)))
                return m(body)
            return "?"
        return "?"

    positive = {p.name for p in game.params if p.kind == "int" and p.lower is not None and p.lower >= 1}
    return m(expr)


# ------------------------------------------------------------------ constraints -> atoms
def _atoms(game: A.Game) -> list:
    nonneg = set(game.coords) | {p.name for p in game.params
                                 if p.kind == "int" and p.lower is not None and p.lower >= 0}
    out = []

    def add(left, op, right, pos):
        if op in (">=", ">"):
            left, right, op = right, left, {">=": "<=", ">": "<"}[op]
        if op == "<":
            right = A.BinOp("-", right, A.Num(1), pos)
        if op not in ("<=", "<"):
            out.append(Atom(left, right, None, False, f"'{op}' cannot bound a coordinate", pos))
            return
        lc = [c for c in game.coords if c in _names_deep(left, game)]
        rc = [c for c in game.coords if c in _names_deep(right, game)]
        if len(lc) != 1:
            why = ("no coordinate on the smaller side" if not lc else
                   f"coordinates {', '.join(lc)} all on the smaller side")
            out.append(Atom(left, right, None, False, why, pos))
            return
        c = lc[0]
        if c in rc:
            out.append(Atom(left, right, None, False, f"{c} on both sides", pos))
            return
        mono = monotonicity(left, c, game, nonneg) == "+" and all(
            monotonicity(right, d, game, nonneg) in ("+", "0") for d in rc)
        out.append(Atom(left, right, c, mono, "", pos))

    def split(e, pos):
        if isinstance(e, A.BinOp) and e.op == "and":
            split(e.left, pos)
            split(e.right, pos)
        elif isinstance(e, A.Compare):
            for a, op, b in zip(e.operands, e.ops, e.operands[1:]):
                add(a, op, b, e.pos or pos)
        else:
            out.append(Atom(e, e, None, False, "not a conjunction of inequalities", pos))

    for r in game.requires:
        split(r.expr, r.pos)
    return out


def _names_deep(e, game: A.Game) -> set:
    """Free names of ``e`` with calls to definitions expanded."""
    defs = {d.name: d for d in game.defs}
    names = A.free_names(e)
    for node in A.walk(e):
        if isinstance(node, A.Call) and node.func in defs:
            d = defs[node.func]
            names |= _names_deep(A.substitute(d.body, dict(zip(d.params, node.args))), game)
    return names


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
    if not game.coords:
        raise _err(game, f"game {game.name} has no 'coordinates' statement")
    if len(game.coords) > MAX_COORDS:
        raise _err(game, f"at most {MAX_COORDS} coordinates are supported; {len(game.coords)} given")
    seen: dict = {}
    reserved = set(A.BUILTINS) | set(A.CLAIM_NAMES) | {"t_"}
    for name, what in ([(c, "coordinate") for c in game.coords] + [(p.name, "parameter") for p in game.params]
                       + [(d.name, "definition") for d in game.defs]):
        if name in seen:
            raise _err(game, f"{what} {name!r} has the name of a {seen[name]}")
        if name in reserved:
            raise _err(game, f"{what} {name!r} uses a reserved name")
        seen[name] = what
    scope = _Scope(game)
    for p in game.params:
        if p.default is not None:
            if p.kind == "function":
                s = _Scope(A.Game(name=game.name, file=game.file))
                _type_in(p.default, s, frozenset({"t"}), game, "int")
            else:
                _type_in(p.default, _Scope(A.Game(name=game.name, file=game.file)), frozenset(), game, "int")
    for d in game.defs:
        if len(set(d.params)) != len(d.params):
            raise _err(game, f"repeated parameter in definition of {d.name}", d.pos)
        inner = _Scope(game)
        inner.defs = dict(scope.defs)
        inner.coords = set()  # a definition sees only its own parameters and the game's parameters
        _type_in(d.body, inner, frozenset(d.params), game, "int")
        scope.defs[d.name] = d.params
    for r in game.requires:
        _type_in(r.expr, scope, frozenset(), game, "bool")
    cut_coords: dict = {}
    for c in game.cuts:
        if c.coord not in scope.coords:
            raise _err(game, f"cut of unknown coordinate {c.coord!r}", c.pos)
        if c.coord in cut_coords:
            raise _err(game, f"coordinate {c.coord} has two move rules", c.pos)
        cut_coords[c.coord] = c
        if isinstance(c, A.Cut):
            if c.var in seen and c.var != c.coord:
                raise _err(game, f"cut variable {c.var!r} hides a {seen[c.var]}", c.pos)
            targets = set()
            for a in c.assigns:
                _check_assign(game, scope, a, targets, frozenset({c.var}))
                if a.target == c.coord:
                    raise _err(game, f"the cut of {c.coord} cannot also assign {c.coord}", a.pos)
    if game.clamp is not None:
        targets: set = set()
        for a in game.clamp.assigns:
            _check_assign(game, scope, a, targets, frozenset())
    for cl in game.claims:
        cs = _Scope(game, claim=True)
        cs.defs = scope.defs
        if cl.when is not None:
            ws = _Scope(game)
            ws.defs, ws.coords = scope.defs, set()
            _type_in(cl.when, ws, frozenset(), game, "bool")
        _type_in(cl.expr, cs, frozenset(), game, "bool")
    check_boxes(game, lambda p, v: _type_in(v, _Scope(A.Game(name=game.name, file=game.file)),
                                            frozenset({"t"}), game, "int"))
    atoms = tuple(_atoms(game))
    warnings = []
    if any(isinstance(c, A.DerivedCut) for c in game.cuts):
        for a in atoms:
            if a.coord is None:
                raise _err(game, f"derived moves need every constraint in the form "
                                 f"'coordinate-expression <= expression' ({a.why})", a.pos)
            if not a.monotone:
                warnings.append(f"{game.file or game.name}:{a.pos.line}:{a.pos.column}: could not prove "
                                f"this constraint monotone; derived moves use a linear search and the "
                                f"rule check on the box")
    return CheckedGame(game, atoms, tuple(warnings))


def _check_assign(game, scope, a: A.Assign, targets: set, local):
    if a.target not in scope.coords:
        raise _err(game, f"assignment to {a.target!r}, which is not a coordinate", a.pos)
    if a.target in targets:
        raise _err(game, f"{a.target} assigned twice in one rule", a.pos)
    targets.add(a.target)
    _type_in(a.value, scope, local, game, "int")
