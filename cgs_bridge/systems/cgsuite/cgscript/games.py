"""Classes and games for :mod:`.evaluator` (CGSuite library semantics): methods, constructors,
``Options`` and nim values (mex of the options' values; CGSuite ImpartialGame.NimValue).

The interpreter reaches them as ``interp.games`` (so :mod:`.builtins`, which they use, needs no
import of this module).
"""

from __future__ import annotations

from . import ast as A
from . import builtins as B
from . import library as L
from .asked import asked, strip_asked
from .enums import LEFT, RIGHT
from .frames import Frame, _Return
from .values import ClassRef, GameObject, NimberValue, Procedure, mex


def find_method(interp, this, name, nargs=None, values=None):
    """``(obj, method)`` for a method ``name`` of ``this`` or an enclosing instance (or of their
    superclasses; with ``nargs``, the one taking that many arguments), or None. A class nested in
    a subclass hides a method of its superclass (GenArcKayles' ``class Position`` and
    GraphRuleset's ``def Position(graph)``): then None, and the name is the class."""
    obj = this
    while isinstance(obj, GameObject):
        cls = interp.classes[obj.cls]
        m = L.method(interp, cls, name, nargs, values=values)
        if m is not None and L.nested(interp, cls, name) is not None and _nearer_class(interp, cls, name, m):
            return None
        if m is not None and not (m.kind == "method" and m.name == cls.name):
            return obj, m
        obj = obj.outer
    return None


def _nearer_class(interp, cls, name, m) -> bool:
    """Is a class ``name`` nested in ``cls`` or a superclass nearer than the method ``m``?"""
    for c in L.ancestors(interp, cls):
        if any(inner.name == name for inner in c.classes):
            return True
        if any(x is m for x in c.methods):
            return False
    return False


def call_method(interp, obj, m: A.Method, args, node):
    """Run method ``m`` of ``obj`` (None for a static method); an error in it names its file."""
    params = m.params or ()
    if args and (m.kind == "property" or m.params is None):
        interp.fail(f"`{m.name}` takes no arguments", node)
    args = L.bind(interp, params, args, node, f"`{m.name}`")
    if m.expr is None and m.body is None:
        from . import heapext
        if heapext.declared_here(interp, obj, m):  # game.heap.HeapRuleset's HeapNimValue, NimValueSequence
            return heapext.external(interp, obj, m, args, node)
        interp.fail(f"external method `{m.name}` cannot be evaluated", node)
    interp.depth += 1
    interp.files.append(interp.method_files.get(id(m)))
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
        interp.files.pop()


def construct(interp, qual, args, node, this):
    cls = interp.classes[qual]
    if "singleton" in cls.modifiers and cls.params is None:  # examples.TopplingDominoes("lre"): its Eval
        instance = GameObject(interp.canon.get(id(cls), qual), (), None)
        return apply(interp, instance, args, node, this) if args else instance
    static = _own_static_eval(interp, cls, args)
    if static is not None:  # Turning.cgs: `static def Eval(code as String) := Turning(game.heap.Spawning(code))`
        return call_method(interp, None, static, list(args), node)
    if cls.body:
        interp.fail(f"{cls.name} has statements in its class body (line {cls.body[0].pos[0]}): "
                    "read but not run here", node)
    if cls.params is not None:  # 2.x class(params)
        names = [p.name for p in cls.params]
        fields = tuple(zip(names, L.bind(interp, cls.params, args, node, cls.name)))
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
        if any(c is parent for c in L.ancestors(interp, interp.classes[obj.cls])):  # or a subclass's
            outer = obj
            break
        obj = obj.outer
    return GameObject(interp.canon.get(id(cls), qual), fields, outer)


def _own_static_eval(interp, cls, args):
    """The ``static def Eval`` declared in ``cls`` itself whose typed parameters accept ``args``
    (CGSuite 2.2: ``game.strip.Turning("1-3")`` calls it, ``Turning(game.heap.Spawning("1-2"))``
    the class's constructor), or None."""
    if any(isinstance(a, L.Named) for a in args):
        return None
    for m in cls.methods:
        if m.name == "Eval" and "static" in m.modifiers and m.params is not None and \
                len(m.params) == len(args) and all(p.type for p in m.params) and L._accepts(interp, m, args):
            return m
    return None
def singleton(interp, ref: ClassRef):
    """The one instance of a ``singleton class`` (``game.grid.Domineering``), or None for another
    class; made once per run."""
    cls = interp.classes.get(ref.name)
    if cls is None or "singleton" not in cls.modifiers:
        return None
    key = f"singleton {interp.canon.get(id(cls), ref.name)}"  # never a program's variable
    if key not in interp.globals:
        interp.globals[key] = GameObject(interp.canon.get(id(cls), ref.name), (), None)
    return interp.globals[key]


def apply(interp, target, args, node, this):
    if isinstance(target, ClassRef):
        if target.name not in interp.classes:   # R := game.heap.TakeAndBreak; R("0.77")
            made = interp.heaprules.library_member(interp, target.name, list(args), node)
            if made is None:
                interp.fail(f"{target.name} cannot be called", node)
            return made
        one = singleton(interp, target)  # Domineering("..|.."): the singleton's Eval
        if one is None:
            return construct(interp, target.name, args, node, this)
        target = one
    if isinstance(target, Procedure):
        names = target.names
        B._need(interp, args, len(names), "the procedure", node)
        interp.files.append(target.file)
        try:
            return interp.ev(target.body, Frame(list(target.scopes) + [dict(zip(names, args))], target.this))
        finally:
            interp.files.pop()
    if isinstance(target, interp.heaprules.HeapRuleset):  # R(n): a heap of a TakeAndBreak ruleset
        B._need(interp, args, 1, str(target), node)
        return interp.heaprules.HeapPosition(target, interp.heaprules.heap_size(interp, args[0], node))
    if isinstance(target, GameObject):
        m = L.method(interp, interp.classes[target.cls], "Eval", len(args), instance=True, values=args)
        if m is not None:
            return call_method(interp, target, m, list(args), node)
    interp.fail(f"{B.show(interp, target)[:60]} cannot be called", node)


def options(interp, g: GameObject, node=None) -> list:
    """The options of ``g``: its ``Options`` method (1.x ``Options(Player player)`` is called with
    Player.Left; an impartial game has the same options for both players)."""
    cls = interp.classes[g.cls]
    m = L.method(interp, cls, "Options")
    if m is None:
        interp.fail(f"{g.cls} has no Options method", node)
    if interp.dialect == "2.x":
        check_options_2x(interp, cls, m, node)
    if not m.params:
        return B.elements(interp, call_method(interp, g, m, [], node), node)
    left = B.elements(interp, call_method(interp, g, m, [LEFT], node), node)
    right = B.elements(interp, call_method(interp, g, m, [RIGHT], node), node)
    if set(left) != set(right):  # a partizan game: the audit judges impartial games only
        interp.fail(f"partizan: {B.show(interp, g)[:60]} has Left options {B.show(interp, B.CGSet(left))[:80]} "
                    f"and Right options {B.show(interp, B.CGSet(right))[:80]} (Options({m.params[0].name}) "
                    f"at line {m.pos[0]}{_player_line(interp, m)}{_file_of(interp, m)}); only impartial games "
                    "are judged", node)
    return left


def _file_of(interp, m) -> str:
    """`` of FILE`` for a method of a class file other than the program's, else empty."""
    file = interp.method_files.get(id(m))
    return f" of {file}" if file else ""


def _player_line(interp, m) -> str:
    """Where the Options method reads its player (the first name of its parameter in its body),
    as ``, the player read at line L``; empty when not found."""
    import dataclasses
    target, stack = m.params[0].name, [m.body if m.body is not None else m.expr]
    while stack:
        n = stack.pop()
        if isinstance(n, A.Name) and n.id == target:
            return f", the player read at line {n.pos[0]}"
        if dataclasses.is_dataclass(n):
            stack += [getattr(n, f.name) for f in dataclasses.fields(n)][::-1]
        elif isinstance(n, (list, tuple)):
            stack += list(n)[::-1]
    return ""


def check_options_2x(interp, cls, m, node) -> None:
    """CGSuite 2.2's rules for ``Options`` (checked on the real engine): an ImpartialGame defines
    ``Options`` without a player; ``override def Options(player)`` needs ``player as Player``."""
    impartial = L.extends(interp, cls, "ImpartialGame")
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
    """Nim value of ``g``: the nim-sum of the values of its :func:`components`, each the mex of
    its options' nim values (CGSuite 2.2's NimValueReducer; Sprague-Grundy), memoised in
    ``interp.nim_cache``; an explicit stack, so deep games do not recurse in Python; a loop is an
    error."""
    if isinstance(g, NimberValue):
        return g.value
    v = 0
    for c in components(interp, g, node):
        v ^= _component_value(interp, c, node)
    return v


def components(interp, g, node=None) -> list:
    """The games whose values add up to ``g``'s: what its class's ``Decomposition`` gives
    (GenArcKayles: a position per connected component of its graph), else ``[g]`` (CGSuite's
    Game.Decomposition), memoised per game."""
    memo = interp.decompositions
    if g not in memo:
        m = L.method(interp, interp.classes[g.cls], "Decomposition", 0)
        parts = interp.variants.sum_parts(interp, g) or [g]
        if parts == [g] and m is not None and (m.expr is not None or m.body is not None):
            parts = B.elements(interp, call_method(interp, g, m, [], node), node)
            bad = next((p for p in parts if not isinstance(p, GameObject)), None)
            if bad is not None:
                interp.fail(f"Decomposition of {B.show(interp, g)[:60]} holds {B.show(interp, bad)[:40]}, "
                            "not a game of the program", node)
        memo[g] = parts
    return memo[g]


def _component_value(interp, g, node) -> int:
    """The mex of the options' nim values of ``g`` (one component)."""
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
        pending = None
        while top[2] < len(opts):
            pending = next((x for x in _objects(interp, opts[top[2]]) if x not in cache), None)
            if pending is not None:
                if pending in on_stack:
                    interp.fail(f"{B.show(interp, pending)} is its own follower (a loopy game): no nim value", node)
                break
            top[2] += 1
        if pending is not None:
            on_stack.add(pending)
            stack.append([pending, None, 0])
            continue
        seen = {_option_value(interp, o, top[0], node) for o in opts}
        v = 0
        while v in seen:
            v += 1
        cache[top[0]] = v
        on_stack.discard(top[0])
        stack.pop()
    return cache[g]


def _objects(interp, o) -> list:
    """The program-class games whose nim values the option ``o`` needs (itself, or a sum's parts)."""
    if isinstance(o, GameObject):
        return components(interp, o)
    if isinstance(o, interp.heaprules.GameSum):
        return [c for p in o.parts if isinstance(p, GameObject) for c in components(interp, p)]
    if isinstance(o, interp.variants.NegativeGame):   # -G of an impartial G is G
        return _objects(interp, o.base)
    return []


def _option_value(interp, o, g, node) -> int:
    """The nim value of the option ``o`` of ``g`` (its program-class parts already valued)."""
    H = interp.heaprules
    if isinstance(o, GameObject):
        v = 0
        for c in components(interp, o, node):
            v ^= interp.nim_cache[c]
        return v
    if isinstance(o, NimberValue):
        return o.value
    if isinstance(o, interp.variants.NegativeGame):   # -G = G for an impartial G (Winning Ways ch. 1)
        return _option_value(interp, o.base, g, node)
    if isinstance(o, H.HeapPosition):
        return H.nim(interp, o.rules, o.n, node)
    if isinstance(o, H.GameSum):
        return H.sum_member(interp, o, "NimValue", None, node)
    if B.equal(o, 0):
        return 0
    interp.fail(f"option {B.show(interp, o)} of {B.show(interp, g)} is not an impartial game", node)


def game_member(interp, g, name, args, node):
    if name == "MisereNimValue" and not args and any(isinstance(x, interp.strips.Strip) for _, x in g.fields):
        interp.fail(f"`MisereNimValue` of {B.show(interp, g)[:60]} is not interpreted: a coin-turning game's "
                    "misère play is not its heap form's (Turning.cgs, \"The Heap Representation\"; Winning Ways "
                    "ch. 14), and the misère values of strips are not computed here", node)
    V = interp.variants
    if name in V.MEMBERS and V.own_method(interp, interp.classes[g.cls], name, len(args or ())) is None:
        return V.member(interp, g, name, args, node)   # Game.cgs: LeftOptions, ImpartialVariant, ...
    m = L.method(interp, interp.classes[g.cls], name, None if args is None else len(args))
    if m is not None and not (m.kind == "method" and m.name == interp.classes[g.cls].name):
        v = call_method(interp, g, m, list(args or []), node)
        return strip_asked(interp, g, v) if name in ("NimValue", "CanonicalForm") and not args else v
    if name == "CanonicalForm" and not args:
        return strip_asked(interp, g, NimberValue(asked(interp, g, nim_value(interp, g, node))))
    if name == "NimValue" and not args:
        cls = interp.classes[g.cls]
        if interp.dialect == "2.x" and not L.extends(interp, cls, "ImpartialGame"):
            interp.fail(f"not a method or member variable: `NimValue` (in an object of class `{cls.name}`, "
                        f"which extends {', '.join(cls.extends) or 'nothing'}: CGSuite 2.x has NimValue for "
                        "ImpartialGame only; use CanonicalForm)", node)
        return strip_asked(interp, g, asked(interp, g, nim_value(interp, g, node)))
    if name == "MisereNimValue" and not args:
        cls = interp.classes[g.cls]
        if interp.dialect == "2.x" and not L.extends(interp, cls, "ImpartialGame"):
            interp.fail(f"not a method or member variable: `MisereNimValue` (in an object of class `{cls.name}`: "
                        "CGSuite 2.x has it for ImpartialGame only)", node)
        return asked(interp, g, misere_value(interp, g, node), "misere")
    if name == "ToString" and not args:
        return B.game_text(interp, g)
    if g.has(name) and args is None:
        return g.get(name)
    interp.fail(f"unknown member `{name}` of {g.cls}", node)


def misere_value(interp, g, node=None) -> int:
    """The misère nim value of the whole game ``g`` (never split by ``Decomposition``: misère
    values do not add): 1 for a game without options, else the mex of its options' misère values
    (Winning Ways ch. 13; CGSuite 2.2 gives ``PartizanSubtraction([1,3],[2,3])(n).ImpartialVariant``
    these values, checked on the engine). Options must be games of the program (or 0)."""
    memo = interp.misere_cache
    stack = [g]
    while stack:
        top = stack[-1]
        if top in memo:
            stack.pop()
            continue
        opts = options(interp, top, node)
        bad = next((o for o in opts if not isinstance(o, GameObject) and not B.equal(o, 0)), None)
        if bad is not None:
            interp.fail(f"`MisereNimValue` of {B.show(interp, top)[:60]}: its option {B.show(interp, bad)[:60]} is not "
                        "a position of the program's classes (misère values of such options are not interpreted)", node)
        todo = [o for o in opts if isinstance(o, GameObject) and o not in memo]
        interp.tick(node)   # a loopy game grows the stack until the step limit stops it
        if todo:
            interp.check_count(len(memo) + len(todo), node)
            stack += todo
            continue
        memo[top] = mex({memo[o] if isinstance(o, GameObject) else 1 for o in opts}) if opts else 1
        stack.pop()
    return memo[g]
