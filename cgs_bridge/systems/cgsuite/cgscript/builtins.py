"""Operators and built-in members for :mod:`.evaluator` (CGSuite library semantics); classes and
games (methods, constructors, Options, nim values) are in :mod:`.games`, reached as ``interp.games``.

Sources: CGSuite 2.x library (github aaron-siegel/cgsuite, lib/core/src/main/resources: Integer,
Rational ``Min``/``Max``/``Floor``, Collection, List, Set, MutableList, ImpartialGame) and the 1.x
library in the same repository's history (desktop-app/release/lib: Number ``Min``/``Max``/
``Floor``, List/Set ``Add``/``Remove``, ``Worksheet.Print``). Nim values: mex of the options'
values (Sprague-Grundy; CGSuite ImpartialGame.NimValue); ``CanonicalForm`` = ``*NimValue``.
"""

from __future__ import annotations

import math
from fractions import Fraction

from .enums import LEFT, RIGHT
from .values import (
    CGList,
    CGMutableList,
    CGMutableSet,
    CGRange,
    CGSet,
    ClassRef,
    EnumValue,
    GameObject,
    NimberValue,
    sort_key,
    to_text,
)

STATICS = {"Worksheet", "System", "Player", "Graph", "Integer", "Strip", "Grid", "Symmetry", "Coordinates"}
#: Names every CGScript 2.x program sees: ``Left`` and ``Right`` are the players (``player == Left``
#: in ``Options(player as Player)``, CGSuite 2.2's examples/PartizanSubtraction.cgs), as ``Player.Left``.
GLOBAL_NAMES = {"Nothing": None, "Left": LEFT, "Right": RIGHT}
#: CGSuite 2.2 classes a program may name that the interpreter refuses by name (Java in CGSuite).
NOT_INTERPRETED = {"DirectedGraph": "`DirectedGraph` (cgsuite.util.DirectedGraph) is not interpreted: only "
                                    "undirected graphs (`Graph`) are"}


def is_static(interp, name: str) -> bool:
    """A class with static members (``Worksheet``) or a package prefix (``examples``)."""
    return name in STATICS or name in interp.heaprules.PACKAGES or any(k.startswith(name + ".") for k in interp.classes)


def show(interp, v) -> str:
    return to_text(v, lambda g: game_text(interp, g), interp.dialect)


def game_text(interp, g: GameObject) -> str:
    cls = interp.classes[g.cls]
    m = cls.method("ToString")
    if m is not None:
        return to_text(interp.games.call_method(interp, g, m, [], m))
    if isinstance(g.outer, GameObject):  # CGSuite 2.2 names a nested class by its instance's class:
        args = ",".join(show(interp, v) for _, v in g.fields)  # GenWythoff.Position((1,3))
        graphs = [v for _, v in g.fields if isinstance(v, interp.graphs.Graph)]
        if len(graphs) == 1 and interp.library.extends(interp, cls, "GraphGame"):  # GraphGame.ToOutput
            args = '"' + interp.graphs.position_text(interp, g, graphs[0]) + '"'  # GenHackenbush.Position("ee")
        strips = [v for _, v in g.fields if isinstance(v, interp.strips.Strip)]
        if len(strips) == 1 and interp.library.extends(interp, cls, "StripGame"):  # StripGame.ToOutput
            char_map = invoke(interp, g.outer, "CharMap", None, None)
            args = '"' + interp.strips.to_string(interp, strips[0], char_map, None) + '"'  # Turning.Position("htth")
        grids = [v for _, v in g.fields if isinstance(v, interp.grids.Grid)]
        if len(grids) == 1 and interp.library.extends(interp, cls, "GridGame"):  # GridGame.ToOutput
            charmap = interp.games.game_member(interp, g.outer, "CharMap", None, None)
            args = show(interp, interp.grids.to_string(interp, grids[0], charmap, None))
        return f"{interp.classes[g.outer.cls].name}.{cls.name}({args})"
    if "singleton" in cls.modifiers:  # CGSuite prints a singleton ruleset by its name: Domineering
        return cls.name
    if interp.dialect == "2.x" and "." in g.cls and cls.params is not None:  # a class of a package, as
        defaults = {p.name for p in cls.params if p.default is not None}   # CGSuite 2.2 prints it:
        return f"{cls.name}(" + ", ".join(   # ImpartialVariantGame(P(5)), GenArcKayles(weighted => false)
            f"{k} => {show(interp, v)}" if k in defaults else show(interp, v) for k, v in g.fields) + ")"
    return to_text(g)


def number(v) -> bool:
    return isinstance(v, (int, Fraction)) and not isinstance(v, bool)


def norm(v):
    return int(v) if isinstance(v, Fraction) and v.denominator == 1 else v


def equal(a, b) -> bool:
    if isinstance(a, NimberValue) or isinstance(b, NimberValue):
        na = a.value if isinstance(a, NimberValue) else (0 if a == 0 and number(a) else None)
        nb = b.value if isinstance(b, NimberValue) else (0 if b == 0 and number(b) else None)
        return na is not None and na == nb
    if isinstance(a, bool) != isinstance(b, bool):
        return False
    return a == b


def xor(interp, a, b, node) -> int:
    if interp.dialect == "2.x" and (a < 0 or b < 0):
        interp.fail("NimSum applies only to nonnegative integers (CGSuite 2.x)", node)
    return a ^ b  # Python ints: two's complement for negatives, as CGSuite 1.x (Java ^, BigInteger.xor)


def binary(interp, op, a, b, node):
    if op in ("==", "!="):
        interp.heaprules.check_equality(interp, op, a, b, node)  # CGSuite 2.2 has no == on these positions
        return equal(a, b) == (op == "==")
    if op in ("<", "<=", ">", ">="):
        if not (number(a) and number(b)):
            interp.fail(f"cannot compare {show(interp, a)} {op} {show(interp, b)}", node)
        return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[op]
    if op == "+" and (isinstance(a, str) or isinstance(b, str)):
        if interp.dialect == "2.x":  # CGSuite 2.2: "No operation `+` for ... String, Integer"
            if not (isinstance(a, str) and isinstance(b, str)):
                interp.fail(f"no operation `+` for {show(interp, a)} and {show(interp, b)} (CGSuite 2.x joins "
                            "only two strings)", node)
            return interp.check_size(a + b, node)
        return interp.check_size(show(interp, a) + show(interp, b), node)
    if op == "+" and (interp.heaprules.is_game(a) or interp.heaprules.is_game(b)):
        return interp.heaprules.add(interp, a, b, node)  # a disjunctive sum of impartial games
    if op == "+" and (isinstance(a, NimberValue) or isinstance(b, NimberValue)):
        na = a.value if isinstance(a, NimberValue) else (0 if equal(a, 0) else None)
        nb = b.value if isinstance(b, NimberValue) else (0 if equal(b, 0) else None)
        if na is None or nb is None:
            interp.fail(f"{show(interp, a)} + {show(interp, b)} is not a nimber (unsupported game sum)", node)
        return NimberValue(na ^ nb)  # *a + *b = *(a xor b)
    if op == "..":
        if not (isinstance(a, int) and isinstance(b, int)) or isinstance(a, bool) or isinstance(b, bool):
            interp.fail(f"a range needs integers, got {show(interp, a)}..{show(interp, b)}", node)
        interp.check_count(b - a + 1, node)
        return CGRange(a, b) if interp.dialect == "2.x" else CGList(range(a, b + 1))
    if op[:1].isalpha():
        return invoke(interp, a, op, [b], node)
    coords = interp.library.coordinates_binary(interp, op, a, b, node)  # 2.x `coord - (a, 0)`
    if coords is not None:
        return coords
    if not (number(a) and number(b)):
        interp.fail(f"unsupported operands for {op}: {show(interp, a)}, {show(interp, b)}", node)
    if op == "+":
        return interp.check_int(norm(a + b), node)
    if op == "-":
        return interp.check_int(norm(a - b), node)
    if op == "*":
        return interp.check_int(norm(a * b), node)
    if op == "/":
        if b == 0:  # CGSuite 2.2 gives `inf` (a documented limit: docs/cgscript.md)
            interp.fail("division by zero", node)
        return interp.check_int(norm(Fraction(a) / Fraction(b)), node)
    if op == "%":
        if b == 0:
            interp.fail("division by zero", node)
        return interp.check_int(norm(a - b * int(Fraction(a) / Fraction(b))), node)  # truncating, as CGSuite 2.x
    if op == "^":
        if not isinstance(b, int) or isinstance(b, bool):
            interp.fail("^ needs an integer exponent", node)
        fa = Fraction(a)
        if fa == 0 and b < 0:
            interp.fail("division by zero", node)
        bits = max(abs(fa.numerator).bit_length(), fa.denominator.bit_length())
        if abs(fa) != 1 and fa != 0 and abs(b) * (bits - 1) > interp.limits.int_bits:
            interp.fail(f"stopped: a power with more than {interp.limits.int_bits} bits", node)
        return interp.check_int(norm(fa ** b), node)
    interp.fail(f"unsupported operator {op}", node)


def elements(interp, coll, node) -> list:
    if isinstance(coll, CGList):
        return list(coll.items)
    if isinstance(coll, CGSet):
        return list(coll.items.values())
    interp.fail(f"cannot loop over {show(interp, coll)}", node)


def _need(interp, args, n, name, node):
    if args is None or len(args) != n:
        interp.fail(f"`{name}` takes {n} argument{'s' if n != 1 else ''}", node)
    return args


def class_member(interp, obj: ClassRef, name, args, node):
    """``C.name`` or ``C.name(args)`` of a class or package reference: an enum's value, a
    singleton's member, a library heap ruleset, a nested class, a package's constant or function."""
    if args is None and interp.enums.is_enum(interp, obj.name):  # Color.Green
        return interp.enums.value(interp, obj.name, name, node)
    qual = f"{obj.name}.{name}"
    one = interp.games.singleton(interp, obj)  # Domineering.CharMap: a member of the singleton
    if one is not None and qual not in interp.classes:
        return interp.games.game_member(interp, one, name, args, node)
    heap = interp.heaprules.library_member(interp, qual, args, node)  # game.heap.TakeAndBreak(code)
    if heap is not None:
        return heap
    if qual in interp.classes:
        if args is None:  # a singleton ruleset is its one instance (game.grid.Domineering)
            return interp.games.singleton(interp, ClassRef(qual)) or ClassRef(qual)
        return interp.games.apply(interp, ClassRef(qual), args, node, None)
    if args is None and is_static(interp, qual):  # a package inside a package: game.heap
        return ClassRef(qual)
    const = interp.library.package_constant(interp, obj.name, name, node)  # game.graph.ArcKayles
    if const is not None:
        return const if args is None else interp.games.apply(interp, const, args, node, None)
    found, value = interp.library.package_function(interp, obj.name, name, args, node)  # game.heap.TakeAway(2)
    if found:
        return value
    if name in interp.classes:
        interp.notes.append(f"`{qual}` resolved to class {name} (no package {obj.name} on the class path)")
        return ClassRef(name) if args is None else interp.games.construct(interp, name, args, node, None)
    interp.fail(f"no class `{qual}`", node)


def invoke(interp, obj, name, args, node):
    """``obj.name`` (``args`` None) or ``obj.name(args)``."""
    if isinstance(obj, GameObject):
        return interp.games.game_member(interp, obj, name, args, node)
    if isinstance(obj, EnumValue):
        return interp.enums.member(interp, obj, name, args, node)
    if isinstance(obj, ClassRef):
        return class_member(interp, obj, name, args, node)
    Gr = interp.graphs  # cgsuite.util.Graph, Vertex, Edge and maps
    if isinstance(obj, Gr.Graph):
        return Gr.graph_member(interp, obj, name, args, node)
    if isinstance(obj, interp.strips.Strip):  # cgsuite.util.Strip
        return interp.strips.member(interp, obj, name, args, node)
    if isinstance(obj, interp.grids.Grid):  # cgsuite.util.Grid
        return interp.grids.grid_member(interp, obj, name, args, node)
    if isinstance(obj, (Gr.Vertex, Gr.Edge, Gr.CGMap)):
        return Gr.element_member(interp, obj, name, args, node)
    H = interp.heaprules
    if name in interp.variants.MEMBERS and (isinstance(obj, (H.HeapPosition, H.GameSum, interp.variants.NegativeGame))
                                            or name in interp.variants.VARIANTS and isinstance(obj, H.HeapRuleset)):
        return interp.variants.member(interp, obj, name, args, node)   # Game.cgs, Ruleset.cgs
    member = {H.HeapRuleset: H.ruleset_member, H.HeapPosition: H.position_member, H.GameSum: H.sum_member}.get(type(obj))
    if member is not None:
        return member(interp, obj, name, args, node)
    if name == "ToString" and not args:
        return show(interp, obj)
    if name in interp.variants.MEMBERS and (number(obj) or isinstance(obj, NimberValue)):
        return interp.variants.member(interp, obj, name, args, node)   # 0.Decomposition, *2.Options
    if number(obj):
        return number_member(interp, obj, name, args, node)
    if isinstance(obj, NimberValue):
        if name == "NimValue":
            return obj.value
        if name == "CanonicalForm":
            return obj
    if isinstance(obj, (CGList, CGSet)):
        extra = interp.library.collection_extra(interp, obj, name, args, node)  # Apply, Flattened
        return extra if extra is not None else collection_member(interp, obj, name, args, node)
    if isinstance(obj, interp.library.Coordinates):
        return interp.library.coordinates_member(interp, obj, name, args, node)
    if isinstance(obj, str) and name in ("Length", "Size"):
        return len(obj)
    interp.fail(f"unknown member `{name}` of {show(interp, obj)[:60]}", node)


def number_member(interp, v, name, args, node):
    if name in ("Min", "Max"):
        (other,) = _need(interp, args, 1, name, node)
        if not number(other):
            interp.fail(f"`{name}` needs a number, got {show(interp, other)}", node)
        return min(v, other) if name == "Min" else max(v, other)
    if name == "NimSum":
        (other,) = _need(interp, args, 1, name, node)
        if not (isinstance(v, int) and isinstance(other, int)):
            interp.fail("NimSum needs integers", node)
        return interp.check_int(xor(interp, v, other, node), node)
    simple = {"Floor": math.floor, "Ceiling": math.ceil, "Abs": abs}
    if name in simple and not args:
        return int(simple[name](v)) if name != "Abs" else abs(v)
    if name == "Div":
        (other,) = _need(interp, args, 1, name, node)
        if other == 0:
            interp.fail("division by zero", node)
        return int(Fraction(v) / Fraction(other))
    if name == "Lb" and not args and isinstance(v, int):  # CGSuite 2.x Integer.Lb: floor(log2 v)
        if v <= 0:
            interp.fail(f"argument to Lb is not strictly positive: {v}", node)
        return v.bit_length() - 1
    if name in ("IsEven", "IsOdd") and isinstance(v, int):
        return (v % 2 == 0) == (name == "IsEven")
    if name == "CanonicalForm":
        return v
    interp.fail(f"unknown member `{name}` of the number {show(interp, v)}", node)


def collection_member(interp, c, name, args, node):
    items = c.items
    if interp.dialect == "2.x" and (name == "Length" and isinstance(c, (CGSet, CGMutableList))
                                    or name in ("Add", "Remove") and not isinstance(c, (CGMutableList, CGMutableSet))):
        interp.fail(f"not a method or member variable: `{name}` of {show(interp, c)[:60]} (CGSuite 2.x: "
                    "literal lists and sets are immutable, use MutableList()/MutableSet(); only a list literal has Length, use Size)", node)
    if name in ("Length", "Size") and not args:
        return len(items)
    if name == "Sorted" and not args:
        return CGList(sorted(elements(interp, c, node), key=sort_key))
    if name == "IsEmpty" and not args:
        return not items
    if name == "Add":
        (x,) = _need(interp, args, 1, name, node)
        if isinstance(c, CGList):
            interp.check_count(len(items) + 1, node)
            items.append(x)
        else:
            from .values import freeze
            items.setdefault(freeze(x), x)
        return None
    if name == "Remove":
        (x,) = _need(interp, args, 1, name, node)
        if isinstance(c, CGList):
            for k, y in enumerate(items):
                if equal(x, y):
                    del items[k]
                    break
        else:
            from .values import freeze
            items.pop(freeze(x), None)
        return None
    if name == "Contains":
        (x,) = _need(interp, args, 1, name, node)
        return any(equal(x, y) for y in elements(interp, c, node))
    if name == "ToList" and not args:
        return CGList(elements(interp, c, node))
    if name == "ToSet" and not args:
        return CGSet(elements(interp, c, node))
    if name == "Concat":
        (x,) = _need(interp, args, 1, name, node)
        interp.check_count(len(items) + len(elements(interp, x, node)), node)
        return (CGList if isinstance(c, CGList) else CGSet)(elements(interp, c, node) + elements(interp, x, node))
    interp.fail(f"unknown member `{name}` of a {'list' if isinstance(c, CGList) else 'set'}", node)


def static_member(interp, owner, name, args, node):
    if owner in ("Worksheet", "System") and name == "Print":
        (x,) = _need(interp, args, 1, f"{owner}.Print", node)
        interp.printed.append(show(interp, x))
        return None
    if owner == "System" and name == "Error":  # CGSuite 2.x System.Error(message): the run stops
        (msg,) = _need(interp, args, 1, "System.Error", node)
        interp.fail(f"the program raised System.Error({show(interp, msg)})", node)
    if owner == "Player" and name in ("Left", "Right") and args is None:
        return LEFT if name == "Left" else RIGHT
    if owner == "Graph":
        return interp.graphs.static(interp, name, args, node)
    if owner == "Strip":
        return interp.strips.static(interp, name, args, node)
    if owner in ("Grid", "Symmetry", "Coordinates"):
        return interp.grids.static(interp, owner, name, args, node)
    if owner == "Integer" and name == "Parse":
        return interp.graphs.parse_integer(interp, args, node)
    return invoke(interp, ClassRef(owner), name, args, node)


def min_max(name):
    def f(interp, args, node):
        (coll,) = _need(interp, args, 1, name, node)
        values = elements(interp, coll, node)
        if not values:
            interp.fail(f"{name} of an empty collection", node)
        if not all(number(v) for v in values):
            interp.fail(f"{name} needs a list of numbers", node)
        return (min if name == "Min" else max)(values)
    return f


def _error(interp, args, node):
    (msg,) = _need(interp, args, 1, "error", node)
    interp.fail(f"the program raised error({show(interp, msg)})", node)


def _sum(interp, args, node):
    """``Sum(list)``: the elements added in order with ``+`` (games: their disjunctive sum; CGSuite
    2.2 prints ``Sum([K(1), K(2)])`` as ``K(1) + K(2)`` and ``Sum([K(1)])`` as ``K(1)``)."""
    (coll,) = _need(interp, args, 1, "Sum", node)
    values = elements(interp, coll, node)
    total = values[0] if values else 0
    for v in values[1:]:
        total = binary(interp, "+", total, v, node)
    return total


GLOBAL_FUNCTIONS = {"Min": min_max("Min"), "Max": min_max("Max"), "error": _error, "Sum": _sum,
                    "MutableList": lambda interp, args, node: CGMutableList(),
                    "MutableSet": lambda interp, args, node: CGMutableSet()}
