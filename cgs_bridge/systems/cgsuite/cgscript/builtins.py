"""Operators, built-in members and games for :mod:`.evaluator` (CGSuite library semantics).

Sources: CGSuite 2.x library (github aaron-siegel/cgsuite, lib/core/src/main/resources: Integer,
Rational ``Min``/``Max``/``Floor``, Collection, List, Set, MutableList, ImpartialGame) and the 1.x
library in the same repository's history (desktop-app/release/lib: Number ``Min``/``Max``/
``Floor``, List/Set ``Add``/``Remove``, ``Worksheet.Print``). Nim values: mex of the options'
values (Sprague-Grundy; CGSuite ImpartialGame.NimValue); ``CanonicalForm`` = ``*NimValue``.
"""

from __future__ import annotations

import math
from fractions import Fraction

from . import ast as A
from .values import (
    CGList,
    CGMutableList,
    CGMutableSet,
    CGRange,
    CGSet,
    ClassRef,
    GameObject,
    NimberValue,
    Procedure,
    sort_key,
    to_text,
)

STATICS = {"Worksheet", "System", "Player"}
GLOBAL_NAMES = {"Nothing": None}


def is_static(interp, name: str) -> bool:
    """A class with static members (``Worksheet``) or a package prefix (``examples``)."""
    return name in STATICS or any(k.startswith(name + ".") for k in interp.classes)


def show(interp, v) -> str:
    return to_text(v, lambda g: game_text(interp, g), interp.dialect)


def game_text(interp, g: GameObject) -> str:
    cls = interp.classes[g.cls]
    m = cls.method("ToString")
    if m is not None:
        return to_text(call_method(interp, g, m, [], m))
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


def invoke(interp, obj, name, args, node):
    """``obj.name`` (``args`` None) or ``obj.name(args)``."""
    if isinstance(obj, GameObject):
        return game_member(interp, obj, name, args, node)
    if isinstance(obj, ClassRef):
        qual = f"{obj.name}.{name}"
        if qual in interp.classes:
            return ClassRef(qual) if args is None else construct(interp, qual, args, node, None)
        if name in interp.classes:
            interp.notes.append(f"`{qual}` resolved to class {name} (no package {obj.name} on the class path)")
            return ClassRef(name) if args is None else construct(interp, name, args, node, None)
        interp.fail(f"no class `{qual}`", node)
    if name == "ToString" and not args:
        return show(interp, obj)
    if number(obj):
        return number_member(interp, obj, name, args, node)
    if isinstance(obj, NimberValue):
        if name == "NimValue":
            return obj.value
        if name == "CanonicalForm":
            return obj
    if isinstance(obj, (CGList, CGSet)):
        return collection_member(interp, obj, name, args, node)
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
    if owner == "Player" and name in ("Left", "Right") and args is None:
        return f"Player.{name}"
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


GLOBAL_FUNCTIONS = {"Min": min_max("Min"), "Max": min_max("Max"), "error": _error,
                    "MutableList": lambda interp, args, node: CGMutableList(),
                    "MutableSet": lambda interp, args, node: CGMutableSet()}


# ---------------------------------------------------------------------- classes and games
def find_method(interp, this, name):
    """``(obj, method)`` for a method ``name`` of ``this`` or an enclosing instance, or None."""
    obj = this
    while isinstance(obj, GameObject):
        cls = interp.classes[obj.cls]
        m = cls.method(name)
        if m is not None and not (m.kind == "method" and m.name == cls.name):
            return obj, m
        obj = obj.outer
    return None


def call_method(interp, obj, m: A.Method, args, node):
    from .evaluator import Frame, _Return
    params = m.params or ()
    if m.kind == "property" or (m.params is None and args):
        if args:
            interp.fail(f"`{m.name}` takes no arguments", node)
    if len(args) != len(params):
        interp.fail(f"`{m.name}` takes {len(params)} arguments, got {len(args)}", node)
    if m.expr is None and m.body is None:
        interp.fail(f"external method `{m.name}` cannot be evaluated", node)
    interp.depth += 1
    try:
        if interp.depth > interp.limits.depth:
            interp.fail(f"stopped: recursion deeper than {interp.limits.depth} nested method calls", node)
        frame = Frame([{p.name: a for p, a in zip(params, args)}], obj)
        if m.expr is not None:
            return interp.ev(m.expr, frame)
        try:
            value = interp.block(m.body, frame)
        except _Return as r:
            return r.value
        return value if m.kind == "def" else None
    finally:
        interp.depth -= 1


def construct(interp, qual, args, node, this):
    cls = interp.classes[qual]
    if cls.params is not None:  # 2.x class(params)
        names = [p.name for p in cls.params]
        if len(args) != len(names):
            interp.fail(f"{cls.name} takes {len(names)} arguments, got {len(args)}", node)
        fields = tuple(zip(names, args))
    else:  # 1.x: var fields set by the constructor's same-named parameters
        ctor = cls.method(cls.name, "method")
        names = [p.name for p in ctor.params] if ctor else []
        if ctor is not None and ctor.body:
            interp.fail(f"unsupported CGScript 1.x construct: a constructor of {cls.name} with a body", ctor)
        if len(args) != len(names):
            interp.fail(f"{cls.name} takes {len(names)} arguments, got {len(args)}", node)
        given = dict(zip(names, args))
        fields = tuple((v, given.get(v)) for v in cls.vars)
    outer = None
    parent = interp.class_of.get(id(cls))
    obj = this
    while parent is not None and isinstance(obj, GameObject):
        if interp.classes[obj.cls] is parent:
            outer = obj
            break
        obj = obj.outer
    return GameObject(interp.canon.get(id(cls), qual), fields, outer)


def apply(interp, target, args, node, this):
    if isinstance(target, ClassRef):
        return construct(interp, target.name, args, node, this)
    if isinstance(target, Procedure):
        from .evaluator import Frame
        names = target.names
        _need(interp, args, len(names), "the procedure", node)
        return interp.ev(target.body, Frame(list(target.scopes) + [dict(zip(names, args))], target.this))
    if isinstance(target, GameObject):
        m = interp.classes[target.cls].method("Eval")
        if m is not None:
            return call_method(interp, target, m, list(args), node)
    interp.fail(f"{show(interp, target)[:60]} cannot be called", node)


def options(interp, g: GameObject, node=None) -> list:
    """The options of ``g``: its ``Options`` method (1.x ``Options(Player player)`` is called with
    Player.Left; an impartial game has the same options for both players)."""
    cls = interp.classes[g.cls]
    m = cls.method("Options")
    if m is None:
        interp.fail(f"{g.cls} has no Options method", node)
    if interp.dialect == "2.x":
        check_options_2x(interp, cls, m, node)
    args = ["Player.Left"] if m.params else []
    return elements(interp, call_method(interp, g, m, args, node), node)


def check_options_2x(interp, cls, m, node) -> None:
    """CGSuite 2.2's rules for ``Options`` (checked on the real engine): an ImpartialGame defines
    ``Options`` without a player; ``override def Options(player)`` needs ``player as Player``."""
    impartial = "ImpartialGame" in (cls.extends or ())
    if impartial and m.params:
        interp.fail(f"subclasses of `ImpartialGame` must implement the `Options` method (CGSuite 2.x: "
                    f"`def Options` without a player; `{cls.name}` has Options({', '.join(p.name for p in m.params)}))", node)
    typed = bool(m.params) and all(p.type is not None for p in m.params)
    if m.params and "override" in m.modifiers and not typed:
        interp.fail(f"method `{cls.name}.Options` overrides nothing (CGSuite 2.x: write "
                    "`override def Options(player as Player)` or leave out `override`)", node)
    if typed and "override" not in m.modifiers:
        interp.fail(f"method `{cls.name}.Options` must be declared with `override`, since it overrides "
                    "Game.Options (CGSuite 2.x)", node)


def nim_value(interp, g, node=None) -> int:
    """Nim value of ``g`` (mex of the options' nim values), memoised in ``interp.nim_cache``;
    an explicit stack, so deep games do not recurse in Python; a loop is an error."""
    if isinstance(g, NimberValue):
        return g.value
    cache = interp.nim_cache
    if g in cache:
        return cache[g]
    stack = [[g, None, 0]]
    on_stack = {g}
    while stack:
        top = stack[-1]
        if top[1] is None:
            top[1] = options(interp, top[0], node)
        opts = top[1]
        while top[2] < len(opts):
            o = opts[top[2]]
            if isinstance(o, GameObject) and o not in cache:
                if o in on_stack:
                    interp.fail(f"{show(interp, o)} is its own follower (a loopy game): no nim value", node)
                break
            top[2] += 1
        if top[2] < len(opts):
            o = opts[top[2]]
            on_stack.add(o)
            stack.append([o, None, 0])
            continue
        seen = set()
        for o in opts:
            if isinstance(o, GameObject):
                seen.add(cache[o])
            elif isinstance(o, NimberValue):
                seen.add(o.value)
            elif equal(o, 0):
                seen.add(0)
            else:
                interp.fail(f"option {show(interp, o)} of {show(interp, top[0])} is not an impartial game", node)
        v = 0
        while v in seen:
            v += 1
        cache[top[0]] = v
        on_stack.discard(top[0])
        stack.pop()
    return cache[g]


def game_member(interp, g, name, args, node):
    m = interp.classes[g.cls].method(name)
    if m is not None and not (m.kind == "method" and m.name == interp.classes[g.cls].name):
        return call_method(interp, g, m, list(args or []), node)
    if name == "CanonicalForm" and not args:
        return NimberValue(nim_value(interp, g, node))
    if name == "NimValue" and not args:
        cls = interp.classes[g.cls]
        if interp.dialect == "2.x" and "ImpartialGame" not in (cls.extends or ()):
            interp.fail(f"not a method or member variable: `NimValue` (in an object of class `{cls.name}`, "
                        f"which extends {', '.join(cls.extends) or 'nothing'}: CGSuite 2.x has NimValue for "
                        "ImpartialGame only; use CanonicalForm)", node)
        return nim_value(interp, g, node)
    if name == "ToString" and not args:
        return game_text(interp, g)
    if g.has(name) and args is None:
        return g.get(name)
    interp.fail(f"unknown member `{name}` of {g.cls}", node)
