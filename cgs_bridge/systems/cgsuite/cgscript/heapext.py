"""The ``external`` members of CGSuite 2.2's ``game.heap.HeapRuleset`` (issue 47) for a ruleset
written in CGScript: a class-path or program class that extends ``HeapRuleset`` and defines
``HeapOptions`` (``game.heap.FunctionalHeapRuleset(fn)``, ``game.heap.HeapRuleset(fn)`` by its
static ``Eval``, the result of ``R.Join(S)``).

- ``R.HeapNimValue(n)`` (and ``R(n).NimValue``, which ``HeapRuleset.Position`` defines by it): the
  Grundy value of heap ``n``, the mex over ``R.HeapOptions(n)`` of the nim-sum of the values of
  each option's heaps (Sprague-Grundy theorem, Winning Ways ch. 4); an empty option is the
  position 0 (value 0);
- ``R.NimValueSequence(m)``: the list of the values of heaps ``1..m`` (CGSuite starts at heap 1).

Values are memoised per ruleset object for the run; each option counts one evaluation step and
the heaps computed count against the collection limit. ``HeapOptions`` must give a collection of
lists of nonnegative integers (CGSuite HeapRuleset.cgs); anything else stops the run with the
reason, and so does an option that leads back to a heap being computed (CGSuite 2.2 stops there
with "Maximum recursive depth exceeded"). ``CheckPeriodicity`` is refused by name.
"""

from __future__ import annotations

from . import library as L
from .values import CGList, CGSet, GameObject, mex

QUALIFIED = "game.heap.HeapRuleset"
MEMBERS = ("HeapNimValue", "NimValueSequence")


def declared_here(interp, obj, m) -> bool:
    """Is ``m`` an ``external`` method of ``game.heap.HeapRuleset`` called on a ruleset ``obj``?"""
    if not isinstance(obj, GameObject):
        return False
    for c in L.ancestors(interp, interp.classes[obj.cls]):
        if any(x is m for x in c.methods):
            return c.name == "HeapRuleset" and interp.canon.get(id(c), QUALIFIED) == QUALIFIED
    return False


def external(interp, obj: GameObject, m, args: list, node):
    """The value of the external ``m`` (bound to ``args``) of the ruleset ``obj``.

    Raises the interpreter's error (file, line, column) for ``CheckPeriodicity``, a heap size that
    is not a nonnegative integer, malformed ``HeapOptions`` or a cycle of heaps.
    """
    if m.name not in MEMBERS:
        interp.fail(f"external method `{m.name}` of {QUALIFIED} is not interpreted (HeapNimValue and "
                    "NimValueSequence are)", node)
    n = interp.heaprules.heap_size(interp, args[0], node)
    if m.name == "HeapNimValue":
        return asked(interp, obj, n, value(interp, obj, n, node))
    interp.check_count(n, node)
    return CGList(asked(interp, obj, k, value(interp, obj, k, node)) for k in range(1, n + 1))


def name(interp, obj: GameObject) -> str:
    """How the audit names the ruleset ``obj``: its class and which one of the run it is."""
    memo = _memo(interp, obj)
    return f"{obj.cls.split('.')[-1]} #{memo[0]}"


def asked(interp, obj, n: int, v: int) -> int:
    """Record that the program asked for the value ``v`` of heap ``n`` (what the audit judges)."""
    interp.heap_values.setdefault((name(interp, obj), "normal"), {})[n] = v
    return v


def _memo(interp, obj) -> tuple:
    """``(number, obj, {heap: value})`` of the ruleset ``obj`` (kept alive with it)."""
    key = (QUALIFIED, id(obj))
    if key not in interp.heap_nim:
        count = sum(1 for k in interp.heap_nim if isinstance(k, tuple) and k[0] == QUALIFIED)
        interp.heap_nim[key] = (count + 1, obj, {})
    return interp.heap_nim[key]


def value(interp, obj: GameObject, n: int, node) -> int:
    """Grundy value of heap ``n`` of ``obj``, depth first over the heaps its options reach."""
    memo = _memo(interp, obj)[2]
    stack, on_stack, opts = [n], {n}, {}
    while stack:
        h = stack[-1]
        if h in memo:
            stack.pop()
            on_stack.discard(h)
            continue
        if h not in opts:
            opts[h] = options(interp, obj, h, node)
        todo = [a for option in opts[h] for a in option if a not in memo]
        if todo:
            back = next((a for a in todo if a in on_stack), None)
            if back is not None:
                interp.fail(f"HeapOptions of {name(interp, obj)} lead from heap {h} back to heap {back}: the "
                            "heap values are not defined (CGSuite 2.2 stops with \"Maximum recursive depth "
                            "exceeded\")", node)
            interp.check_count(len(memo) + len(stack) + 1, node)
            stack.append(todo[0])
            on_stack.add(todo[0])
            continue
        seen = set()
        for option in opts.pop(h):
            interp.tick(node)
            v = 0
            for a in option:
                v ^= memo[a]
            seen.add(v)
        memo[h] = mex(seen)
        stack.pop()
        on_stack.discard(h)
    return memo[n]


def options(interp, obj: GameObject, n: int, node) -> list:
    """``obj.HeapOptions(n)`` as a list of tuples of heap sizes, or a stop naming what is wrong."""
    found = interp.games.find_method(interp, obj, "HeapOptions", 1, values=[n])
    if found is None:
        interp.fail(f"{name(interp, obj)} has no HeapOptions(heapSize)", node)
    got = interp.games.call_method(interp, found[0], found[1], [n], node)
    show = interp.builtins.show
    if not isinstance(got, (CGList, CGSet)):
        interp.fail(f"HeapOptions({n}) of {name(interp, obj)} is {show(interp, got)[:60]}, not a collection of "
                    "lists of heap sizes", node)
    out = []
    for option in (got.items.values() if isinstance(got, CGSet) else got.items):
        if not isinstance(option, CGList):
            interp.fail(f"HeapOptions({n}) of {name(interp, obj)} includes {show(interp, option)[:60]}, which is "
                        "not a list of heap sizes", node)
        for a in option.items:
            if not isinstance(a, int) or isinstance(a, bool) or a < 0:
                interp.fail(f"HeapOptions({n}) of {name(interp, obj)} includes the option "
                            f"{show(interp, option)[:60]}, whose heap {show(interp, a)[:20]} is not a "
                            "nonnegative integer", node)
        out.append(tuple(option.items))
    return out


FUNCTIONAL = "game.heap.FunctionalHeapRuleset"
_JOIN = "n -> a.HeapOptions(n) Concat b.HeapOptions(n);"


def join(interp, r, that, node):
    """``R.Join(S)`` of a ruleset ``R`` the interpreter computes (``game.heap.Nim``): as
    HeapRuleset.cgs defines ``Join``, ``FunctionalHeapRuleset(n -> HeapOptions(n) Concat
    that.HeapOptions(n))``; needs ``FunctionalHeapRuleset`` from the class path."""
    from .frames import Frame
    from .parse import parse_program
    if FUNCTIONAL not in interp.classes:
        interp.fail(f"`Join` of {r} needs game.heap.FunctionalHeapRuleset: give the class path holding "
                    "CGSuite's game/ folder", node)
    if not (isinstance(that, interp.heaprules.HeapRuleset) or _is_heap_ruleset(interp, that)):
        interp.fail(f"`Join` takes a HeapRuleset, got {interp.builtins.show(interp, that)[:60]}", node)
    lam = parse_program(_JOIN, "HeapRuleset.Join", "2.x").statements[0].expr
    fn = interp.ev(lam, Frame([{"a": r, "b": that}], None))
    return interp.games.construct(interp, FUNCTIONAL, [fn], node, None)


def _is_heap_ruleset(interp, v) -> bool:
    return isinstance(v, GameObject) and any(
        c.name == "HeapRuleset" and interp.canon.get(id(c), QUALIFIED) == QUALIFIED
        for c in L.ancestors(interp, interp.classes[v.cls]))
