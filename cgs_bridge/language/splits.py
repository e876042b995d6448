"""Take-and-break games in the specification language (issue 49): ``split`` rules, ``octal`` codes,
their checks, and the one description every part uses, a CGSuite take-and-break code
(:class:`~cgs_bridge.language.takebreak.Code`).

A take-and-break game has one coordinate, the heap. Its positions are single heaps ``n``; a move
removes some tokens and leaves the rest as a *sum* of heaps, and the option's Grundy value is the
nim-sum of the parts' values (Sprague-Grundy; Winning Ways ch. 4). The rules:

- ``octal "0.77"``: a code as CGSuite's ``TakeAndBreak`` reads it (:mod:`.takebreak`); the game's
  coordinate is ``n`` unless ``coordinates`` names it;
- ``split n [by s in {1, 2} | in a..b] into a, b [where C]``: remove ``s`` (each value; without
  ``by``: none) and leave the rest as ``a + b`` with ``a, b >= 0`` (an empty part is no heap), so 0,
  1 or 2 heaps. ``C`` joins with ``and`` the atoms ``a >= 1`` (``a > 0``, ``a != 0``: nonempty),
  ``a == 0`` (empty), ``a != b`` (unequal, as in Grundy's game) and ``a == b`` (equal); a move
  exists when some order of the parts satisfies ``C``. Removing nothing must leave two nonempty
  parts (else the heap would move to itself);
- alongside splits, ``cut n by s in {..} | in a..b`` (remove ``s``, leave one heap or none) and
  ``cut n to t`` (remove any number);
- amounts are integers from the parameters (``by s in 1..k``); ``1..n`` means "any number".

Anything else in a take-and-break game (a condition the atoms above cannot state, ``require``,
``clamp``, ``pass``, a second coordinate, a general ``move``) is refused with its line: it is not a
take-and-break rule.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Optional

from . import ast as A

from . import traversal as Tr
from .takebreak import EQUAL, FREE, UNEQUAL, Code, CodeError, Digit, _normal, parse_code

#: The default coordinate of a game given by ``octal`` alone.
HEAP = "n"


def split_node(coord, amount, parts, where, pos, spawn: bool = False) -> A.Split:
    """The parser's :class:`~cgs_bridge.language.ast.Split` (``amount``: None or ``(var, range)``
    with the range as the parser's ``("set", exprs)`` / ``("interval", lo, hi)``; ``spawn`` for a
    ``spawn`` rule, :mod:`.spawns`)."""
    var = lo = hi = values = None
    if amount is not None:
        var, rng = amount
        if rng[0] == "set":
            values = tuple(rng[1])
        else:
            lo, hi = rng[1], rng[2]
    return A.Split(coord, var, lo, hi, values, tuple(parts), where, pos, spawn)


def is_takebreak(game: A.Game) -> bool:
    return bool(game.splits) or game.octal is not None


# ------------------------------------------------------------------ the check
def check_takebreak(game: A.Game, type_in: Callable, err: Callable) -> A.Game:
    """Check a take-and-break game; return it with its coordinate set (``n`` for a bare
    ``octal``). ``type_in(expr, want)`` type-checks with the game's scope, ``err(msg, pos)``
    makes the SpecError.

    Raises:
        SpecError: file, line and column of the statement that is not a take-and-break rule.
    """
    if game.sum:
        raise err("a take-and-break game cannot be a sum; its moves already leave sums of heaps", game.pos)
    if game.octal is not None:
        code, pos = game.octal
        if game.splits or game.cuts or game.moves:
            what = game.splits[0] if game.splits else (game.cuts or game.moves)[0]
            raise err("a game given by an octal code takes its moves from the code alone; "
                      "remove this rule or the code", what.pos)
        try:
            parse_code(code)
        except CodeError as e:  # the column of the character inside the quoted code
            at = A.Pos(pos.line, pos.column + e.column) if e.column else pos
            raise err(f"octal code {code!r}: {e}", at) from None
        if not game.coords:
            game = replace(game, coords=(HEAP,))
    if len(game.coords) != 1:
        raise err(f"a take-and-break game has one coordinate, the heap; {len(game.coords)} given", game.pos)
    for what, items in (("require", game.requires), ("clamp", [game.clamp] if game.clamp else []),
                        ("pass once", [game.pass_once] if game.pass_once else [])):
        if items:
            raise err(f"'{what}' is not a take-and-break rule (positions are all heap sizes)", items[0].pos)
    heap = game.coords[0]
    if any(s.spawn for s in game.splits):   # issue 47: coin-turning games (.spawns)
        from .spawns import check_spawns
        check_spawns(game, heap, type_in, err)
        return game
    for s in game.splits:
        _check_split(game, s, heap, type_in, err)
    for c in game.cuts:
        if not isinstance(c, A.Cut) or c.assigns or c.coord != heap:
            raise err("in a take-and-break game a cut removes tokens from the heap: 'cut n to t' "
                      "or 'cut n by s in ...' (no assignments, no derived rule)", c.pos)
    for m in game.moves:
        if m.kind != "cut_by" or m.lowers != (heap,):
            raise err("this rule cannot be stated as a take-and-break move: a take-and-break game "
                      "has splits, 'cut n by s in ...' and 'cut n to t'", m.pos)
        _check_amounts(m, heap, type_in, err)
    return game


def _check_split(game, s: A.Split, heap, type_in, err) -> None:
    if s.coord != heap:
        raise err(f"split of {s.coord!r}, which is not the heap coordinate {heap!r}", s.pos)
    taken = set(game.coords) | {p.name for p in game.params} | {d.name for d in game.defs}
    names = [n for n in (s.var, *s.parts) if n is not None]
    for n in names:
        if n in taken:
            raise err(f"split variable {n!r} hides a coordinate, parameter or definition", s.pos)
    if len(set(names)) != len(names):
        raise err("a split names its amount and its two parts differently", s.pos)
    _check_amounts(s, heap, type_in, err)
    counts, why = split_counts(s.where, s.parts)
    if why is not None:
        raise err(why[0], why[1] or s.pos)
    if not any(c is not None for c in counts):
        raise err("this condition allows no move at all", (s.where or s).pos)
    if s.var is None and (counts[0] is not None or counts[1] is not None):
        raise err("removing nothing must leave two nonempty parts (otherwise the heap moves to "
                  "itself): add 'where a >= 1 and b >= 1', or remove tokens with 'by s in ...'", s.pos)


def _check_amounts(rule, heap, type_in, err) -> None:
    """Amounts are integers from the parameters; an interval may end at the heap itself."""
    exprs = list(rule.values) if rule.values is not None else [rule.lo, rule.hi]
    for k, e in enumerate(exprs):
        if e is None:
            continue
        open_end = rule.values is None and k == 1 and e == A.Name(heap)
        if not open_end and heap in Tr.free_names(e):
            raise err(f"an amount reads the heap {heap!r}; amounts come from the parameters "
                      f"(or run to the heap: 'in 1..{heap}')", e.pos)
        if not open_end:
            type_in(e, "int")


# ------------------------------------------------------------------ conditions on the parts
def _atoms(e, parts):
    """The conjuncts of ``e`` as ``(kind, names, node)``; kind None for one the language cannot
    state as a take-and-break rule."""
    if e is None:
        return []
    if isinstance(e, A.BinOp) and e.op == "and":
        return _atoms(e.left, parts) + _atoms(e.right, parts)
    if isinstance(e, A.Compare) and len(e.ops) == 1:
        (op,), (left, right) = e.ops, e.operands
        flip = {"<=": ">=", ">=": "<=", "<": ">", ">": "<", "==": "==", "!=": "!="}
        if isinstance(left, A.Num) and isinstance(right, A.Name):
            left, right, op = right, left, flip[op]
        if isinstance(left, A.Name) and left.id in parts:
            if isinstance(right, A.Name) and right.id in parts and right.id != left.id and op in ("==", "!="):
                return [("equal" if op == "==" else "unequal", (left.id, right.id), e)]
            if isinstance(right, A.Num):
                v = right.value
                if (op, v) in ((">=", 1), (">", 0), ("!=", 0)):
                    return [("nonempty", (left.id,), e)]
                if (op, v) in (("==", 0), ("<=", 0), ("<", 1)):
                    return [("empty", (left.id,), e)]
    return [(None, (), e)]


def split_counts(where, parts) -> tuple:
    """``(counts, problem)``: ``counts[h]`` is the mark of leaving ``h`` nonempty heaps (h = 0, 1,
    2; None: not allowed) under the condition ``where`` on the parts; ``problem`` is None or
    ``(message, pos)`` for a conjunct that is not one of the atoms of this module."""
    atoms = _atoms(where, parts)
    for kind, _, node in atoms:
        if kind is None:
            return (None, None, None), (
                "a split's condition says only which parts are nonempty (a >= 1), empty (a == 0), "
                "unequal (a != b) or equal (a == b), joined by 'and'; this cannot be stated as a "
                "take-and-break rule", node.pos)
    a, b = parts

    def holds(sizes: dict, pair_mark=None) -> bool:
        for kind, names, _ in atoms:
            if kind == "nonempty" and sizes[names[0]] == 0:
                return False
            if kind == "empty" and sizes[names[0]] != 0:
                return False
            if kind in ("equal", "unequal") and pair_mark is None:
                same = sizes[names[0]] == sizes[names[1]]
                if same != (kind == "equal"):
                    return False
        return True
    zero = FREE if holds({a: 0, b: 0}) else None
    one = FREE if holds({a: 1, b: 0}) or holds({a: 0, b: 1}) else None
    kinds = {k for k, _, _ in atoms}
    two = None
    if holds({a: 1, b: 1}, pair_mark=True) and not {"equal", "unequal"} <= kinds:
        two = EQUAL if "equal" in kinds else UNEQUAL if "unequal" in kinds else FREE
    return (zero, one, two), None


def merge(d: Digit, counts) -> Digit:
    """``d`` with the heap counts ``counts`` (marks; None: not added) allowed too: a move allowed by
    either rule. For two heaps, unequal or equal together make every pair."""
    size = max(len(d.counts), len(counts))
    out = []
    for h in range(size):
        old = d.counts[h] if h < len(d.counts) else None
        new = counts[h] if h < len(counts) else None
        out.append(old if new is None else new if old is None or old == new else FREE)
    return _normal(out, None)


# ------------------------------------------------------------------ the bound code
def game_code(game: A.Game, value: Callable) -> Code:
    """The take-and-break code of a checked take-and-break game with its parameters bound
    (``value(expr) -> int`` evaluates an amount).

    Raises:
        CodeError: an amount below 0, or an amount of 0 where the rule would leave the heap as it is.
    """
    if game.octal is not None:
        return parse_code(game.octal[0])
    heap = game.coords[0]
    finite: dict = {}
    tails: list = []   # (from, counts): every amount from `from` on

    def add(rule, counts):
        if rule.values is not None:
            amounts = [value(v) for v in rule.values]
        elif rule.var is None:
            amounts = [0]
        elif rule.hi == A.Name(heap):
            tails.append((value(rule.lo), counts))
            amounts = []
        else:
            amounts = list(range(value(rule.lo), value(rule.hi) + 1))
        for j in amounts:
            if j < 0 or (j == 0 and (counts[0] is not None or counts[1] is not None)):
                raise CodeError(f"line {rule.pos.line}: amount {j} would leave the heap as it is or "
                                "add tokens; amounts must be >= 1 (or 0 with two nonempty parts)")
            finite[j] = merge(finite.get(j, Digit()), counts)
    for s in game.splits:
        add(s, split_counts(s.where, s.parts)[0])
    for c in game.cuts:     # cut n to t: remove any number >= 1, leave one heap or none
        tails.append((1, (FREE, FREE)))
    for m in game.moves:    # cut n by s in ...: remove s, leave one heap or none
        add(A.Split(heap, m.var, m.lo, m.hi, m.values, ("", ""), None, m.pos), (FREE, FREE))
    return _assemble(finite, tails)


def _assemble(finite: dict, tails: list) -> Code:
    """The code with ``finite[j]`` at each amount ``j`` and each tail's counts at every amount from
    its start on (a repeating last digit)."""
    for start, _ in tails:
        if start < 1:
            raise CodeError("an open amount range must start at 1 or above")
    top = max([0, *finite] + [start for start, _ in tails])
    digits = []
    for j in range(top + 1):
        d = finite.get(j, Digit())
        for start, counts in tails:
            if j >= start:
                d = merge(d, counts)
        digits.append(d)
    if not tails:
        return Code(tuple(digits), 0, "")
    last = Digit()
    for _, counts in tails:
        last = merge(last, counts)
    start = min(start for start, _ in tails)
    while len(digits) > 1 and len(digits) - 1 >= start and digits[-1] == last:
        digits.pop()   # the repeating digit gives the same move there
    code = Code(tuple(digits) + (last,), 1, "")
    return replace(code, text=code.canonical())


def code_of(game: A.Game, value: Callable) -> Optional[Code]:
    """:func:`game_code` with its text set, or None for a game that is not take-and-break."""
    if not is_takebreak(game):
        return None
    if any(s.spawn for s in game.splits):
        return None   # a spawn rule has no take-and-break code (.spawns.SpawnCode, bound by the model)
    code = game_code(game, value)
    return code if code.text else replace(code, text=code.canonical())
