"""CGScript 2.x as CGSuite's own game library writes it (issue 47, item 6), for :mod:`.evaluator`
and :mod:`.games`: classes that extend other program classes (``GenWythoff extends
CoordinateRuleset``, whose nested ``Position`` and methods it inherits), methods chosen by their
number of arguments (``Eval(coord)`` and ``Eval(row, col)``), parameters with defaults
(``twisted as Boolean ? false``) and named arguments (``twisted => true``), ``Coordinates``
(``coord - (a, 0)``, ``.Row``, ``.Col``), ``value is Type``, and the collection members
``Apply`` and ``Flattened``.

Semantics as CGSuite 2.2 gives them (``lib/core`` of github aaron-siegel/cgsuite:
``game.heap.CoordinateRuleset``, ``Coordinates``, ``Collection.Apply``, ``List.Flattened``),
checked on the real engine by ``tests/systems/cgsuite/test_audit_library_examples.py``.
"""

from __future__ import annotations

from .values import CGList, CGSet, Coordinates, EnumValue, GameObject, NimberValue, Procedure


def ancestors(interp, cls) -> list:
    """``cls`` and the program classes it extends, nearest first (each once)."""
    out, todo = [], [cls]
    while todo:
        c = todo.pop(0)
        if c is None or any(c is o for o in out):
            continue
        out.append(c)
        todo += [interp.classes.get(name) or interp.classes.get(name.split(".")[-1])
                 for name in (c.extends or ())]
    return out


def extends(interp, cls, name: str) -> bool:
    """Does ``cls`` extend ``name`` (a library class such as ``ImpartialGame``, or a program
    class), directly or through its program superclasses?"""
    return any(name in (c.extends or ()) or c.name == name for c in ancestors(interp, cls))


def method(interp, cls, name: str, nargs: int | None = None, instance: bool = False, values=None):
    """The method ``name`` of ``cls`` or its superclasses; with ``nargs``, the one that takes that
    many arguments (parameters with defaults may be left out), else the first; ``instance``: not
    a ``static`` one (``W((3, 4))`` calls ``def Eval(coord)``, never ``static def Eval(fn)``);
    ``values``: the arguments, whose types choose among methods of one arity (GraphRuleset's
    ``Eval(graph as Graph)`` and ``Eval(str as String)``)."""
    first = None
    for c in ancestors(interp, cls):
        for m in c.methods:
            if m.name != name or instance and "static" in m.modifiers:
                continue
            if values is not None and not _accepts(interp, m, values):
                continue
            if nargs is None or m.params is None and nargs == 0 or m.params is not None and (
                    sum(p.default is None for p in m.params) <= nargs <= len(m.params)):
                return m
            first = first or m
    return first


def _accepts(interp, m, values) -> bool:
    """Do the typed parameters of ``m`` (types this interpreter knows) accept ``values``?"""
    for p, v in zip(m.params or (), values):
        short = (p.type or "").split(".")[-1]
        if short in TYPES and not TYPES[short](v):
            return False
    return True


def nested(interp, cls, name: str):
    """The qualified name of the class ``name`` nested in ``cls`` or a superclass, or None."""
    for c in ancestors(interp, cls):
        if any(inner.name == name for inner in c.classes):
            return f"{interp.canon.get(id(c), c.name)}.{name}"
    return None


class Named(dict):
    """The named arguments of one call (``twisted => true``), passed after the positional ones."""


def bind(interp, params, args, node, what: str) -> list:
    """``args`` (positional, then a :class:`Named` of named ones) matched to ``params``: the
    values in parameter order, defaults where left out. Raises the interpreter's error on a
    missing, unknown or repeated argument."""
    named = args[-1] if args and isinstance(args[-1], Named) else Named()
    positional = list(args[:-1] if args and isinstance(args[-1], Named) else args)
    params = tuple(params or ())
    if len(positional) > len(params):
        interp.fail(f"{what} takes {len(params)} arguments, got {len(positional)}", node)
    out = []
    for k, p in enumerate(params):
        if k < len(positional):
            if p.name in named:
                interp.fail(f"{what}: `{p.name}` given twice", node)
            out.append(positional[k])
        elif p.name in named:
            out.append(named[p.name])
        elif p.default is not None:
            out.append(interp.ev(p.default, interp_frame()))
        else:
            interp.fail(f"{what} takes {len(params)} arguments, got {len(positional) + len(named)}", node)
    unknown = set(named) - {p.name for p in params}
    if unknown:
        interp.fail(f"{what} has no parameter `{sorted(unknown)[0]}`", node)
    return out


def package_constant(interp, package: str, name: str, node):
    """``package.NAME`` defined as ``var NAME := e;`` in the package's singleton ``constants``
    (CGSuite's ``game/graph/constants.cgs``: ``var ArcKayles := GenArcKayles();``), evaluated once
    per run; None when there is no such constant."""
    cls = interp.classes.get(f"{package}.constants")
    init = next((e for n, e in (cls.inits if cls is not None else ()) if n == name), None)
    if init is None:
        return None
    key = f"{package}.{name}"  # a dotted key: never a program's variable
    if key not in interp.globals:   # its own defs in scope: `var FibonacciNim := TakeAway(2);`
        interp.globals[key] = interp.ev(init, interp_frame(_singleton(interp, cls)))
    return interp.globals[key]


def package_function(interp, package: str, name: str, args, node):
    """``(True, value)`` of ``package.NAME(args)`` for a ``def NAME(...)`` of the package's singleton
    ``constants`` (CGSuite's ``game/heap/constants.cgs``: ``def TakeAway(limit as DyadicRational) :=
    GenMem(...)``, the overload chosen by the arguments), else ``(False, None)``."""
    cls = interp.classes.get(f"{package}.constants")
    m = None if cls is None or args is None else method(interp, cls, name, len(args), values=list(args))
    if m is None:
        return False, None
    return True, interp.games.call_method(interp, _singleton(interp, cls), m, list(args), node)


def _singleton(interp, cls) -> GameObject:
    return GameObject(interp.canon.get(id(cls), cls.name), (), None)


def interp_frame(this=None):
    from .frames import Frame
    return Frame([{}], this)


#: ``value is Type`` for the library's value types (a program class is checked by inheritance).
TYPES = {"Coordinates": lambda v: isinstance(v, Coordinates),
         "Integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
         "DyadicRational": lambda v: isinstance(v, int) and not isinstance(v, bool),   # integers only here
         "Boolean": lambda v: isinstance(v, bool), "String": lambda v: isinstance(v, str),
         "List": lambda v: isinstance(v, CGList), "Set": lambda v: isinstance(v, CGSet),
         "Collection": lambda v: isinstance(v, (CGList, CGSet)),
         "Function": lambda v: isinstance(v, Procedure),
         "Nimber": lambda v: isinstance(v, NimberValue),
         "Graph": lambda v: type(v).__name__ == "Graph", "Strip": lambda v: type(v).__name__ == "Strip",
         "Grid": lambda v: type(v).__name__ == "Grid", "Symmetry": lambda v: type(v).__name__ == "Symmetry",
         "Map": lambda v: type(v).__name__ == "CGMap"}


def is_type(interp, v, name: str, node) -> bool:
    short = name.split(".")[-1]
    if short in TYPES:
        return TYPES[short](v)
    if isinstance(v, EnumValue):  # `Color.Green is Color`, `Left is Player`
        return short in (v.enum.split(".")[-1], "Enum", "Object")
    if isinstance(v, GameObject):
        return extends(interp, interp.classes[v.cls], short)
    if short in interp.classes or short in ("Game", "ImpartialGame"):
        return False
    interp.fail(f"unknown type `{name}` in `is`", node)


def coordinates(interp, a, b, node) -> Coordinates:
    for v in (a, b):
        if not isinstance(v, int) or isinstance(v, bool):
            interp.fail(f"coordinates are two integers, got ({interp.builtins.show(interp, a)}, "
                        f"{interp.builtins.show(interp, b)})", node)
    return Coordinates(a, b)


def coordinates_binary(interp, op, a, b, node):
    """``a + b``, ``a - b`` of two Coordinates (componentwise), or None when not that."""
    if isinstance(a, Coordinates) and isinstance(b, Coordinates) and op in ("+", "-"):
        sign = 1 if op == "+" else -1
        return Coordinates(interp.check_int(a.row + sign * b.row, node), interp.check_int(a.col + sign * b.col, node))
    if isinstance(a, Coordinates) or isinstance(b, Coordinates):
        if op in ("==", "!="):
            return None
        interp.fail(f"unsupported operands for {op}: {interp.builtins.show(interp, a)}, "
                    f"{interp.builtins.show(interp, b)}", node)
    return None


def coordinates_member(interp, c: Coordinates, name: str, args, node):
    if name in ("Row", "Col") and not args:
        return c.row if name == "Row" else c.col
    interp.fail(f"unknown member `{name}` of the coordinates {c}", node)


def collection_extra(interp, c, name: str, args, node):
    """``Apply`` (a procedure mapped over the elements) and ``Flattened`` (a list of lists made
    one list, one level), or None for another member."""
    from .builtins import _need, elements
    if name == "Apply":
        (fn,) = _need(interp, args, 1, name, node)
        out = [interp.games.apply(interp, fn, [x], node, None) for x in elements(interp, c, node)]
        return CGList(out) if isinstance(c, CGList) else CGSet(out)
    if name == "Flattened" and not args:
        out = []
        for x in elements(interp, c, node):
            out += elements(interp, x, node) if isinstance(x, (CGList, CGSet)) else [x]
        interp.check_count(len(out), node)
        return CGList(out)
    return None
