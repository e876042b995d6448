"""A target-neutral description of a bound game for the emitters: coordinates, parameters,
definitions, the valid set, and per coordinate the option reached by each move, as spec AST.

Semantics are those of :class:`cgs_bridge.model.game.Ruleset`: a move lowers coordinate ``i`` to ``t``;
an explicit rule assigns simultaneously on the lowered point (every coordinate name denotes the
lowered point, so the cut coordinate is ``t`` itself), then the game's clamp (one simultaneous
pass); a derived rule is the greatest-fixpoint clamp described once, target-neutrally, by the
step list :class:`~cgs_bridge.language.derive.Derive` (re-exported here with its steps and
``derive_program``; the Python reference runs it, every target prints it).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cgs_bridge.language import ast as A

from cgs_bridge.language import traversal as Tr
from cgs_bridge.language.derive import ClampTo, Derive, Forbid, SearchDown, derive_program, derive_steps  # noqa: F401
from cgs_bridge.language.evaluate import FunctionValue
from cgs_bridge.language.moves import move_text
from cgs_bridge.language.spec_printer import expr_text

from .naming import spec_names


@dataclass
class Move:
    """Moves along one coordinate: ``t`` runs over ``0 .. coord - 1``; ``result`` is the tuple of
    new coordinates (before the clamp) for an explicit rule, the lowered point for a derived one."""

    coord: str
    index: int
    kind: str          # 'explicit' or 'derived'
    var: str           # spec-level name of the loop variable
    result: tuple      # expressions, one per coordinate
    rule_text: str     # the rule in spec syntax, for comments
    derive: Derive | None = None   # the step list of a derived rule


@dataclass
class GeneralMove:
    """A general rule (:class:`~cgs_bridge.language.ast.Move`, issue 22): ``var`` runs over
    ``lo..hi`` (or the finite set ``values``, in order) where ``where`` holds; ``result`` is the
    tuple of new coordinates (before the clamp) as expressions of the *old* position and ``var``."""

    var: str
    lo: object
    hi: object
    values: tuple | None
    where: object
    result: tuple
    rule_text: str

    def exprs(self) -> list:
        out = [e for e in (self.lo, self.hi, self.where) if e is not None]
        return out + list(self.values or ()) + list(self.result)


@dataclass
class GameModel:
    """Everything an emitter needs about ``ruleset`` (a bound :class:`~cgs_bridge.model.game.Ruleset`)."""

    ruleset: object
    name: str
    title: str
    source: str
    coords: tuple
    int_params: list                # [(name, value)]
    fn_params: list                 # [(name, var, body expr, text)]
    defs: list                      # [(name, params, body)]
    requires: list                  # [expr]
    moves: list                     # [Move]
    clamp: tuple | None             # expressions per coordinate, or None
    claims: list                    # [(name, when text or None, expr text)]
    names: list = field(default_factory=list)   # every spec name, loop variables included
    general: list = field(default_factory=list)  # [GeneralMove] (issue 22)
    pass_index: int | None = None                # index of the pass flag coordinate (``pass once``)

    @property
    def valid_expr(self):
        """The conjunction of the ``require`` expressions, or None."""
        e = None
        for r in self.requires:
            e = r if e is None else A.BinOp("and", e, r)
        return e

    def all_exprs(self) -> list:
        out = list(self.requires) + [b for _, _, b in self.defs] + [b for _, _, b, _ in self.fn_params]
        for m in self.moves:
            out.extend(m.result)
        out.extend(self.clamp or ())
        for gm in self.general:
            out.extend(gm.exprs())
        for m in self.moves:
            for step in (m.derive.steps if m.derive else ()):
                out.extend(step.cond.operands)
        return out


def _fresh(base: str, used: set) -> str:
    cand, k = base, 1
    while cand in used:
        cand = f"{base}{k}"
        k += 1
    used.add(cand)
    return cand


def build_model(ruleset) -> GameModel:
    """Describe ``ruleset`` for the emitters (pure; no errors beyond those of the ruleset)."""
    g = ruleset.game
    names = spec_names(g)
    moves = []
    loop_var = _fresh("t", set(names))  # one loop name for rules that need one, unused by the spec
    for i, c in enumerate(g.coords):
        cut = g.cut_for(c)
        if cut is None:
            continue
        if isinstance(cut, A.DerivedCut):
            var = loop_var
            result = tuple(A.Name(var) if j == i else A.Name(d) for j, d in enumerate(g.coords))
            moves.append(Move(c, i, "derived", var, result, f"cut {c} derived", derive_program(ruleset, c)))
            continue
        var = cut.var if cut.var != c else loop_var
        mapping = {c: A.Name(var), cut.var: A.Name(var)}
        assigned = {a.target: Tr.substitute(a.value, mapping) for a in cut.assigns}
        result = tuple(A.Name(var) if j == i else assigned.get(d, A.Name(d)) for j, d in enumerate(g.coords))
        text = f"cut {c} to {cut.var}"
        if cut.assigns:
            text += ": " + ", ".join(f"{a.target} = {expr_text(a.value)}" for a in cut.assigns)
        moves.append(Move(c, i, "explicit", var, result, text))
    names += [m.var for m in moves if m.var not in names]
    general = [_general(g, m) for m in g.moves]
    names += [m.var for m in general if m.var not in names]
    clamp = None
    if g.clamp is not None:
        by = {a.target: a.value for a in g.clamp.assigns}
        clamp = tuple(by.get(c, A.Name(c)) for c in g.coords)
    fn_params, int_params = [], []
    for p in g.params:
        v = ruleset.params[p.name]
        if isinstance(v, FunctionValue):
            fn_params.append((p.name, v.var, v.body, v.text))
            if v.var not in names:
                names.append(v.var)
        else:
            int_params.append((p.name, v))
    claims = [(cl.name, expr_text(cl.when) if cl.when is not None else None, expr_text(cl.expr))
              for cl in g.claims]
    return GameModel(ruleset, g.name, g.title, g.source, tuple(g.coords), int_params, fn_params,
                     [(d.name, d.params, d.body) for d in g.defs], [r.expr for r in g.requires],
                     moves, clamp, claims, names, general,
                     g.coords.index(g.pass_once.flag) if g.pass_once is not None else None)


def _general(g, m: A.Move) -> GeneralMove:
    """The model of one general rule of the checked game ``g``."""
    by = {a.target: a.value for a in m.assigns}
    result = tuple(by.get(c, A.Name(c)) for c in g.coords)
    return GeneralMove(m.var, m.lo, m.hi, m.values, m.where, result, move_text(m, expr_text))


def pass_text(flag: str) -> str:
    """The pass rule as a comment line of the emitted programs."""
    return (f"pass once: from a non-terminal position with {flag} = 1, the same position with "
            f"{flag} = 0 (at most once in the game, never from a terminal position)")
