"""What every game of CGSuite 2.2 has from ``game/Game.cgs`` (issue 47), for :mod:`.evaluator`:
``LeftOptions``, ``RightOptions``, ``Options`` (both players' options, Left's first),
``Options(player)``, ``Decomposition`` (``[this]``) and the variants ``ImpartialVariant``,
``TwistedVariant``, ``DicoticVariant`` of a game or a ruleset (``Ruleset.cgs``), for a program's
classes, the library's classes, take-and-break heaps, disjunctive sums, numbers and nimbers.

The variants are not computed here: ``G.ImpartialVariant`` constructs
``game.variant.ImpartialVariantGame(G)``, the jar's own class read from the class path at run time
(``game/variant/*.cgs``: its ``Options`` are ``base.LeftOptions Concat base.RightOptions``, its
``Decomposition`` the variants of the base's parts), as ``Game.cgs`` defines it; a ruleset's
``ImpartialVariantRuleset(R)(n)`` is ``R(n).ImpartialVariant``. A variant that is partizan
(``TwistedVariantGame``, ``DicoticVariantGame`` of a partizan game) is refused as partizan by
:func:`.games.options`, like any ``Options(player)`` game.

Options of a disjunctive sum ``G + H`` (CGSuite's ``CompoundGame``, checked on the real engine):
``G' + H`` for each option ``G'`` of ``G``, then ``G + H'``, with a part that becomes ``0`` kept
(CGSuite prints ``0 + P(3)``); a sum's ``Decomposition`` is ``[the sum]``. ``-G`` is the negative
(``NegativeGame``: Left's options are the negatives of ``G``'s Right options; Winning Ways ch. 1).
"""

from __future__ import annotations

from dataclasses import dataclass

from .values import CGList, GameObject, NimberValue

VARIANTS = ("ImpartialVariant", "TwistedVariant", "DicoticVariant")
MEMBERS = frozenset(("LeftOptions", "RightOptions", "Options", "Decomposition") + VARIANTS)
#: Names a program may use whose class-path files it needs though it does not name them
#: (``audit.core.class_path_sources``): a variant's game and ruleset classes.
IMPLIED = {v: (f"{v}Game", f"{v}Ruleset") for v in VARIANTS}
#: CGSuite's system classes whose definitions this module and :mod:`.games` give (their files hold
#: ``external`` Java methods, so they are never loaded from the class path).
MIRRORED = frozenset(("Game", "ImpartialGame"))
PLAYERS = ("Player.Left", "Player.Right")


@dataclass(frozen=True)
class NegativeGame:
    """``-G`` of a game ``base`` (CGSuite's ``NegativeGame``)."""

    base: object


def is_game(interp, v) -> bool:
    """A game value whose options this module gives (not a number)."""
    H = interp.heaprules
    return isinstance(v, (GameObject, H.HeapPosition, H.GameSum, NegativeGame))


def negate(interp, v, node):
    """``-v`` of a game (``-(-G)`` is ``G``), or None when ``v`` is not one."""
    if isinstance(v, NegativeGame):
        return v.base
    if is_game(interp, v) and impartial(interp, v):   # CGSuite 2.2: -K(2) is K(2)
        return v
    return NegativeGame(v) if is_game(interp, v) else None


def own_method(interp, cls, name: str, nargs: int):
    """The method ``name`` of ``cls`` (or a superclass) that takes ``nargs`` arguments, else None."""
    m = interp.library.method(interp, cls, name, nargs)
    if m is None:
        return None
    params = m.params or ()
    return m if sum(p.default is None for p in params) <= nargs <= len(params) else None


def member(interp, obj, name: str, args, node):
    """``obj.name`` / ``obj.name(args)`` for a name of :data:`MEMBERS` that ``obj``'s class does
    not define. Raises the interpreter's error when ``obj`` is not a game (or ruleset)."""
    if isinstance(obj, NegativeGame) and name != "Decomposition" and name not in VARIANTS:
        interp.fail("subclasses of `Game` must implement the `Options` method (CGSuite 2.2: the negative "
                    f"{interp.builtins.show(interp, obj)[:60]} has no `{name}` in CGScript)", node)
    if name in VARIANTS:   # R.ImpartialVariant(5) is (R.ImpartialVariant)(5), as in CGSuite
        v = variant(interp, obj, name, node)
        return interp.games.apply(interp, v, list(args), node, None) if args else v
    if name == "Decomposition" and not args:
        return CGList([obj])
    if name == "Options" and args:
        if len(args) != 1 or args[0] not in PLAYERS:
            interp.fail("`Options(player)` takes one player, Left or Right", node)
        return CGList(player_options(interp, obj, args[0], node))
    if args:
        interp.fail(f"`{name}` takes no arguments", node)
    if name == "LeftOptions":
        return CGList(player_options(interp, obj, PLAYERS[0], node))
    if name == "RightOptions":
        return CGList(player_options(interp, obj, PLAYERS[1], node))
    left = player_options(interp, obj, PLAYERS[0], node)
    if impartial(interp, obj):   # ImpartialGame.Options; CompoundImpartialGame: one list of options
        return CGList(left)
    return CGList(left + player_options(interp, obj, PLAYERS[1], node))   # Game.Options: Left Concat Right


def impartial(interp, v) -> bool:
    """Is ``v`` an ImpartialGame by its class (a heap, a class extending ImpartialGame, a nimber,
    0 (CGSuite's Zero extends Nimber), a sum or negative of such)? Then ``Options`` is one list."""
    H = interp.heaprules
    if isinstance(v, H.GameSum):
        return all(impartial(interp, p) for p in v.parts)
    if isinstance(v, NegativeGame):
        return impartial(interp, v.base)
    if isinstance(v, GameObject):
        return interp.library.extends(interp, interp.classes[v.cls], "ImpartialGame")
    return isinstance(v, (H.HeapPosition, NimberValue)) or interp.builtins.equal(v, 0)


def variant(interp, obj, name: str, node):
    """``game.variant.<name>Game(obj)`` of a game, ``<name>Ruleset(obj)`` of a ruleset (Game.cgs,
    Ruleset.cgs), constructed from the class path."""
    kind = "Ruleset" if _is_ruleset(interp, obj) else "Game"
    qual = f"game.variant.{name}{kind}"
    if qual not in interp.classes:
        interp.fail(f"`{name}` runs CGSuite's game/variant/{name}{kind}.cgs, which is not on the class path "
                    "(give CGSuite's game library with --class-path)", node)
    return interp.games.construct(interp, qual, [obj], node, None)


def _is_ruleset(interp, obj) -> bool:
    if isinstance(obj, interp.heaprules.HeapRuleset):
        return True
    if isinstance(obj, GameObject):
        cls = interp.classes[obj.cls]
        return interp.library.extends(interp, cls, "Ruleset") and interp.library.method(interp, cls, "Options") is None
    return False


def player_options(interp, g, player: str, node) -> list:
    """The options of the game ``g`` for ``player`` ("Player.Left" or "Player.Right"), in CGSuite's
    order. Raises the interpreter's error for a value that is not a game this module knows."""
    H = interp.heaprules
    B = interp.builtins
    if isinstance(g, GameObject):
        return _object_options(interp, g, player, node)
    if isinstance(g, H.HeapPosition):
        return B.elements(interp, H.position_member(interp, g, "Options", None, node), node)
    if isinstance(g, H.GameSum):
        return sum_options(interp, g, player, node)
    if isinstance(g, NegativeGame):
        other = PLAYERS[1 - PLAYERS.index(player)]
        return [negate(interp, o, node) if is_game(interp, o) else _negate_value(interp, o, node)
                for o in player_options(interp, g.base, other, node)]
    if isinstance(g, NimberValue):
        return [NimberValue(k) if k else 0 for k in range(g.value)]
    if isinstance(g, int) and not isinstance(g, bool):  # the integer n: {n - 1 | } (n > 0), { | n + 1} (n < 0)
        if g > 0 and player == PLAYERS[0]:
            return [g - 1]
        if g < 0 and player == PLAYERS[1]:
            return [g + 1]
        return []
    interp.fail(f"the options of {B.show(interp, g)[:60]} are not interpreted (not a game here)", node)


def _negate_value(interp, v, node):
    if isinstance(v, NimberValue):
        return v
    if isinstance(v, int) and not isinstance(v, bool):
        return -v
    interp.fail(f"the negative of {interp.builtins.show(interp, v)[:60]} is not interpreted", node)


def _object_options(interp, g: GameObject, player: str, node) -> list:
    """A program or library class's options for ``player``: its ``Options(player)``, or its
    ``Options`` (an ImpartialGame: ``Options(player) := Options``, ImpartialGame.cgs)."""
    cls = interp.classes[g.cls]
    games, B = interp.games, interp.builtins
    m = own_method(interp, cls, "Options", 1)
    if m is not None:
        return B.elements(interp, games.call_method(interp, g, m, [player], node), node)
    m = own_method(interp, cls, "Options", 0)
    if m is None:
        interp.fail(f"{g.cls} has no Options method", node)
    return B.elements(interp, games.call_method(interp, g, m, [], node), node)


def sum_options(interp, s, player: str, node) -> list:
    """The options of a disjunctive sum for ``player``: each part in turn replaced by each of its
    options (an option that is a sum spliced in; a part that becomes 0 kept, as CGSuite prints it)."""
    H = interp.heaprules
    out = []
    for i, part in enumerate(s.parts):
        if interp.builtins.equal(part, 0):
            continue
        for o in player_options(interp, part, player, node):
            interp.tick(node)
            middle = o.parts if isinstance(o, H.GameSum) else (o,)
            out.append(H.GameSum(s.parts[:i] + tuple(middle) + s.parts[i + 1:]))
    interp.check_count(len(out), node)
    return out


def sum_parts(interp, g):
    """For the value only: the impartial variant of a sum ``G + H + ...`` as the variants of its
    parts, or None. CGSuite's ``Decomposition`` of it is ``[itself]`` (what a program that asks is
    given), but its options are those of ``i(G) + i(H)`` (each part's variant's options, the others
    unchanged), so its nim value is the nim-sum of the parts' (Sprague-Grundy), computed without
    exploring the sums."""
    if not isinstance(g, GameObject) or len(g.fields) != 1 or not isinstance(g.fields[0][1], interp.heaprules.GameSum) \
            or interp.canon.get(id(interp.classes[g.cls])) != "game.variant.ImpartialVariantGame":
        return None
    return [GameObject(g.cls, ((g.fields[0][0], p),), g.outer) for p in g.fields[0][1].parts]


def heap_of(interp, g):
    """``(name, n)`` when ``g`` is the impartial variant of a heap ``n`` (a take-and-break heap, or a
    position of one integer of a ruleset: PartizanHeapRuleset.Position(n), the example class
    PartizanSubtraction's), ``name`` naming the ruleset; else None."""
    if not isinstance(g, GameObject) or interp.canon.get(id(interp.classes[g.cls])) != "game.variant.ImpartialVariantGame":
        return None
    base = g.fields[0][1] if len(g.fields) == 1 else None
    if isinstance(base, interp.heaprules.HeapPosition):
        return f"ImpartialVariant of {base.rules}", base.n
    if isinstance(base, GameObject) and isinstance(base.outer, GameObject) and len(base.fields) == 1:
        n = base.fields[0][1]
        if isinstance(n, int) and not isinstance(n, bool) and n >= 0:
            return f"ImpartialVariant of {interp.builtins.show(interp, base.outer)}", n
    return None

