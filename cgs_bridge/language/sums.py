"""Disjunctive sums in the specification language: ``sum G1(args)[c...] + G2(...)[...]``
flattened into one game (:func:`flatten`), for the checker."""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from cgs_bridge.foundation.errors import SpecError

from . import ast as A



from . import traversal as Tr
def _err(game: A.Game, msg: str, pos: A.Pos | None = None) -> SpecError:
    pos = pos or game.pos
    return SpecError(msg, game.file, pos.line or None, pos.column or None)


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
    coords, defs, requires, cuts, moves = [], [], [], [], []
    for term in game.sum:
        try:
            comp = flatten(resolve(term.game), resolve)
        except KeyError:
            raise _err(game, f"unknown game {term.game!r} in sum", term.pos) from None
        if comp.clamp is not None or comp.splits or comp.octal is not None:
            why = "a global clamp" if comp.clamp is not None else "moves that leave sums of heaps (take-and-break)"
            raise _err(game, f"component {term.game} has {why}; it cannot be summed", term.pos)
        if comp.pass_once is not None:
            raise _err(game, f"component {term.game} has a pass (one flag of a whole game); it cannot "
                             "be summed; write 'pass once' in the sum game instead", term.pos)
        if len(term.coords) != len(comp.coords):
            raise _err(game, f"{term.game} has {len(comp.coords)} coordinates "
                             f"({', '.join(comp.coords)}); {len(term.coords)} names given", term.pos)
        mapping = _term_mapping(game, term, comp)
        prefix = "_".join(term.coords) + "_"
        for d in comp.defs:
            mapping[d.name] = prefix + d.name
        for d in comp.defs:
            inner = {k: v for k, v in mapping.items() if k not in d.params}
            defs.append(A.Def(prefix + d.name, d.params, Tr.substitute(d.body, inner), d.pos))
        coords.extend(term.coords)
        requires.extend(A.Require(Tr.substitute(r.expr, mapping), r.pos) for r in comp.requires)
        cuts.extend(_renamed_cut(c, mapping) for c in comp.cuts)
        moves.extend(_renamed_move(m, mapping) for m in comp.moves)
    return replace(game, coords=tuple(coords), defs=tuple(defs), requires=tuple(requires),
                   cuts=tuple(cuts), moves=tuple(moves), sum=())


def _term_mapping(game: A.Game, term: A.SumTerm, comp: A.Game) -> dict:
    """Substitution for one component of a sum: its coordinates -> the term's names, integer
    parameters -> argument expressions (or defaults), function parameters -> the outer function
    parameter's name."""
    params = list(comp.params)
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
    return mapping


def _renamed_cut(c, mapping: dict):
    """A component's move rule in the sum's names (the cut variable stays bound)."""
    new = mapping[c.coord].id
    if isinstance(c, A.DerivedCut):
        return A.DerivedCut(new, c.pos)
    inner = {k: v for k, v in mapping.items() if k != c.var}
    inner[c.var] = A.Name(c.var, c.pos)
    return A.Cut(new, c.var, tuple(A.Assign(mapping[a.target].id, Tr.substitute(a.value, inner), a.pos)
                                   for a in c.assigns), c.pos)


def _renamed_move(m: A.Move, mapping: dict) -> A.Move:
    """A component's general move rule in the sum's names (its variable stays bound)."""
    inner = {k: v for k, v in mapping.items() if k != m.var}
    sub = lambda e: None if e is None else Tr.substitute(e, inner)  # noqa: E731
    return replace(m, lo=sub(m.lo), hi=sub(m.hi), where=sub(m.where),
                   values=None if m.values is None else tuple(sub(v) for v in m.values),
                   assigns=tuple(A.Assign(mapping[a.target].id, sub(a.value), a.pos) for a in m.assigns))
