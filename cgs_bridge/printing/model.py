"""A target-neutral description of a bound game for the emitters: coordinates, parameters,
definitions, the valid set, and per coordinate the option reached by each move, as spec AST.

Semantics are those of :class:`cgs_bridge.game.Ruleset`: a move lowers coordinate ``i`` to ``t``;
an explicit rule assigns simultaneously on the lowered point (every coordinate name denotes the
lowered point, so the cut coordinate is ``t`` itself), then the game's clamp (one simultaneous
pass); a derived rule is the greatest-fixpoint clamp of ``Ruleset._derived``, described once,
target-neutrally, by the step list of :class:`Derive` (every target prints that list).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..game import FunctionValue
from ..spec import ast as A
from .naming import spec_names
from .spec_printer import expr_text


# ------------------------------------------------------------------ the derived-move algorithm
@dataclass(frozen=True)
class Forbid:
    """Step: the constraint ``cond`` bounds the cut coordinate itself; if it fails, raise ``error``
    (lowering the cut coordinate again is not a move of this rule)."""

    cond: A.Compare     # ``left <= right`` over the coordinate names (the current point q)
    line: int           # spec line of the ``require`` it comes from
    error: str


@dataclass(frozen=True)
class ClampTo:
    """Step: ``coord`` is the bare left side of ``cond``; if ``cond`` fails, ``v = value`` (the
    right side, evaluated on q); if ``v < 0`` raise ``error``; if ``v < q[coord]`` set
    ``q[coord] = v`` and record a change."""

    coord: str
    cond: A.Compare
    value: A.Expr
    line: int
    error: str


@dataclass(frozen=True)
class SearchDown:
    """Step: if ``cond`` fails, ``v`` = the largest value ``< q[coord]`` such that ``cond`` holds
    with ``coord`` replaced by ``v`` (everything else from q); none (``v < 0``) raises ``error``;
    if ``v < q[coord]`` set ``q[coord] = v`` and record a change. ``monotone``: both sides were
    proved nondecreasing (checker), so a binary search over ``0 .. q[coord] - 1`` finds the same
    ``v`` as the linear search downwards; a target may print either."""

    coord: str
    cond: A.Compare
    monotone: bool
    line: int
    error: str


@dataclass(frozen=True)
class Derive:
    """The derived move ``cut <cut> derived`` (``Ruleset._derived``) as a target-neutral program.

    Input: the lowered point q (every coordinate name denotes q). Algorithm::

        repeat
            changed := false
            for step in steps (in order): run step (Forbid / ClampTo / SearchDown)
        until not changed
        result: q

    One step per constraint ``left <= right`` of the valid set that bounds a coordinate (the
    checker's ``Atom`` with a ``coord``), in spec order. Errors are raised with the step's
    message (``EvaluationError``/``RuleError`` in Python, ``error(...)`` in CGScript,
    ``cgsError`` in Mathematica). Printers: ``CGSuitePrinter`` / ``MathematicaPrinter`` contexts
    (``derive_method``); a new target prints these three step kinds and the loop.
    """

    cut: str
    steps: tuple


def _le(left, right) -> A.Compare:
    return A.Compare(("<=",), (left, right))


def derive_steps(game_name: str, cut: str, atoms) -> Derive:
    """The :class:`Derive` program of ``cut <cut> derived`` from the checker's atoms (those with
    a ``coord``; order kept)."""
    steps = []
    for a in atoms:
        where = (f"derived move of {game_name} not well defined: lowering {cut} reaches a point "
                 f"where the constraint at line {a.pos.line} fails and ")
        cond = _le(a.left, a.right)
        if a.coord == cut:
            steps.append(Forbid(cond, a.pos.line, where + f"would have to lower the cut coordinate {cut} itself"))
            continue
        error = where + f"no value of {a.coord} >= 0 fits"
        if isinstance(a.left, A.Name):
            steps.append(ClampTo(a.coord, cond, a.right, a.pos.line, error))
        else:
            steps.append(SearchDown(a.coord, cond, a.monotone, a.pos.line, error))
    return Derive(cut, tuple(steps))


def derive_program(ruleset, cut: str) -> Derive:
    """The :class:`Derive` program of ``cut <cut> derived`` for a bound
    :class:`~cgs_bridge.game.Ruleset` (the entry point for every printer, solvers' codegen included)."""
    return derive_steps(ruleset.game.name, cut, [a for a in ruleset.checked.atoms if a.coord])


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
class GameModel:
    """Everything an emitter needs about ``ruleset`` (a bound :class:`~cgs_bridge.game.Ruleset`)."""

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
        assigned = {a.target: A.substitute(a.value, mapping) for a in cut.assigns}
        result = tuple(A.Name(var) if j == i else assigned.get(d, A.Name(d)) for j, d in enumerate(g.coords))
        text = f"cut {c} to {cut.var}"
        if cut.assigns:
            text += ": " + ", ".join(f"{a.target} = {expr_text(a.value)}" for a in cut.assigns)
        moves.append(Move(c, i, "explicit", var, result, text))
    names += [m.var for m in moves if m.var not in names]
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
                     moves, clamp, claims, names)
