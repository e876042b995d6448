"""The move rules of issue 22 as one general form, :class:`~cgs_bridge.language.ast.Move`, and the pass.

Every new spelling becomes a ``Move`` ("new position = expressions of the old position and ``v``,
``v`` ranging over a bounded interval or a finite set, where a condition holds"):

- ``cut x to t where C [: y = E, ...]``: ``t`` in ``0..x - 1`` with ``C`` (coordinate names in
  ``C`` denote the position *before* the move, so Maximum Nim's ``t >= x - f(x)`` reads the heap
  size); the assignments read the lowered point, as in every ``cut`` (``x`` there is ``t``);
- ``cut x, y by s in {1, 2, 3}``: every listed coordinate lowered by ``s``, for the ``s`` of the
  set with ``s <= x`` and ``s <= y`` (a subtraction game: seed-independent, Winning Ways ch. 4);
- ``cut x, y by s in a..b``: the same over ``a..min(b, x, y)``; bare ``cut x, y by s``: over
  ``1..min(x, y)`` (Wythoff's diagonal move);
- ``move s in a..b [where C]: x = E, ...`` (or ``in {...}``): the general form itself;
- a second plain ``cut x to t: ...`` of a coordinate that already has a rule (several rules for
  one coordinate): ``t`` in ``0..x - 1``.

``pass once [as NAME]`` adds the flag coordinate (1 while the pass is unused) last, with
``require NAME <= 1``: :func:`add_pass_flag`.
"""

from __future__ import annotations

from dataclasses import replace

from . import ast as A



from . import traversal as Tr
def _conj(conds):
    out = None
    for c in conds:
        out = c if out is None else A.BinOp("and", out, c, c.pos)
    return out


def _names(coords, pos):
    return [A.Name(c, pos) for c in coords]


def cut_where(coord: str, var: str, cond, assigns, pos) -> A.Move:
    """``cut coord to var where cond [: assigns]`` as a Move (assignments read the lowered point:
    ``coord`` there is replaced by ``var``)."""
    lowered = {coord: A.Name(var, pos)}
    new = (A.Assign(coord, A.Name(var, pos), pos),) + tuple(
        A.Assign(a.target, Tr.substitute(a.value, lowered), a.pos) for a in assigns)
    return A.Move(var, A.Num(0, pos), A.BinOp("-", A.Name(coord, pos), A.Num(1, pos), pos), None, cond,
                  new, "cut_where", pos)


def plain_cut(cut: A.Cut) -> A.Move:
    """A plain ``cut x to t: ...`` as a Move (used for the second rule of one coordinate)."""
    return replace(cut_where(cut.coord, cut.var, None, cut.assigns, cut.pos), kind="cut")


def cut_by(coords: tuple, var: str, rng, pos) -> A.Move:
    """``cut x, y by var [in {..} | in a..b]``: every coordinate of ``coords`` lowered by ``var``."""
    names = _names(coords, pos)
    assigns = tuple(A.Assign(c, A.BinOp("-", A.Name(c, pos), A.Name(var, pos), pos), pos) for c in coords)
    top = names[0] if len(names) == 1 else A.Call("min", tuple(names), pos)
    if rng is None:
        return A.Move(var, A.Num(1, pos), top, None, None, assigns, "cut_by", pos)
    if rng[0] == "set":
        fits = _conj([A.Compare(("<=",), (A.Name(var, pos), n), pos) for n in names])
        return A.Move(var, None, None, tuple(rng[1]), fits, assigns, "cut_by", pos)
    hi = A.Call("min", (rng[2],) + tuple(names), pos)
    return A.Move(var, rng[1], hi, None, None, assigns, "cut_by", pos)


def general(var: str, rng, cond, assigns, pos) -> A.Move:
    """``move var in {..} | a..b [where cond]: assigns``."""
    if rng[0] == "set":
        return A.Move(var, None, None, tuple(rng[1]), cond, tuple(assigns), "move", pos)
    return A.Move(var, rng[1], rng[2], None, cond, tuple(assigns), "move", pos)


def move_text(m: A.Move, expr_text) -> str:
    """The rule in the general form's spec syntax (``expr_text`` prints an expression)."""
    rng = ("{" + ", ".join(expr_text(v) for v in m.values) + "}" if m.values is not None
           else f"{expr_text(m.lo)}..{expr_text(m.hi)}")
    where = f" where {expr_text(m.where)}" if m.where is not None else ""
    return (f"move {m.var} in {rng}{where}: "
            + ", ".join(f"{a.target} = {expr_text(a.value)}" for a in m.assigns))


def split_rules(game: A.Game) -> A.Game:
    """Keep the first plain rule of each coordinate in ``cuts`` (the rules the fast kernel and the
    line recurrences of the emitted programs handle) and turn a later plain ``cut`` of the same
    coordinate into a Move. A second ``derived`` rule of one coordinate is left for the checker to
    reject."""
    first: dict = {}
    cuts, moves = [], []
    for c in game.cuts:
        if c.coord in first and isinstance(c, A.Cut):
            moves.append(plain_cut(c))
        else:
            first.setdefault(c.coord, c)
            cuts.append(c)
    if not moves:
        return game
    return replace(game, cuts=tuple(cuts), moves=tuple(moves) + game.moves)


def add_pass_flag(game: A.Game) -> A.Game:
    """Append the pass flag coordinate and ``require flag <= 1`` (once: the returned game's
    ``pass_once.added`` is set, so re-checking a checked game changes nothing)."""
    po = game.pass_once
    if po is None or po.added:
        return game
    req = A.Require(A.Compare(("<=",), (A.Name(po.flag, po.pos), A.Num(1, po.pos)), po.pos), po.pos)
    return replace(game, coords=tuple(game.coords) + (po.flag,), requires=tuple(game.requires) + (req,),
                   pass_once=replace(po, added=True))


def check_move(game: A.Game, m: A.Move, seen: dict, coords, type_in, check_assign, err) -> None:
    """A general rule (:class:`~cgs_bridge.language.ast.Move`): its variable hides nothing, its range
    and assignments are integers, its condition a condition; the amounts of ``cut .. by`` and any
    assignment visibly raising its coordinate are rejected here (the rest is checked on the box by
    every solve, naming the rule's line and column). ``type_in(e, local, want)``,
    ``check_assign(a, targets, local)`` and ``err(message, pos)`` are the checker's.

    Raises:
        SpecError: with the file, line and column of the problem."""
    if m.var in seen or m.var in coords:
        what = seen.get(m.var, "coordinate")
        if m.kind in ("cut_where", "cut"):
            raise err(f"cut variable {m.var!r} hides a {what}; in 'cut {m.var} to t where ...' "
                      "the condition reads the position before the move, so name the new value "
                      "differently", m.pos)
        raise err(f"move variable {m.var!r} hides a {what}", m.pos)
    local = frozenset({m.var})
    for e in ((m.lo, m.hi) if m.values is None else m.values):
        type_in(e, frozenset(), "int")
    amounts = (m.values or (m.lo,)) if m.kind == "cut_by" else ()
    for e in amounts:
        if isinstance(e, A.Num) and e.value <= 0:
            raise err(f"amount {e.value} would {'raise' if e.value < 0 else 'not lower'} "
                      f"{', '.join(m.lowers)}; amounts must be >= 1", e.pos)
    if m.where is not None:
        type_in(m.where, local, "bool")
    if not m.assigns:
        raise err("a move must assign at least one coordinate", m.pos)
    targets: set = set()
    for a in m.assigns:
        check_assign(a, targets, local)
        if game.pass_once is not None and a.target == game.pass_once.flag:
            raise err(f"{a.target} is the pass flag; only the pass changes it", a.pos)
        if _raises(a, m) and not _earlier_assigned(a.target, m, game.coords):
            raise err(f"this assignment could raise {a.target} and the move assigns no earlier "
                      f"coordinate (a move may raise a coordinate only when an earlier one, in the "
                      f"order {', '.join(game.coords)}, falls: positions must fall in lexicographic "
                      "order, or play need not end)", a.pos)


def _earlier_assigned(target: str, m: A.Move, coords) -> bool:
    """True when the move assigns a coordinate declared before ``target`` (issue 47: that one may
    fall, so ``target`` may rise; the solvers check every option is lexicographically smaller)."""
    order = list(coords)
    if target not in order:
        return False
    return any(b.target in order and order.index(b.target) < order.index(target) for b in m.assigns)


def _raises(a: A.Assign, m: A.Move) -> bool:
    """``c = c + k`` (k >= 0 a literal, or the move variable over a range starting at >= 0)."""
    v = a.value
    if not (isinstance(v, A.BinOp) and v.op == "+" and A.Name(a.target) in (v.left, v.right)):
        return False
    other = v.right if v.left == A.Name(a.target) else v.left
    if isinstance(other, A.Num):
        return other.value >= 0
    return (other == A.Name(m.var) and m.values is None and isinstance(m.lo, A.Num) and m.lo.value >= 0)
