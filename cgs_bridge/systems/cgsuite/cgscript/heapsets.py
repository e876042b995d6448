"""CGSuite 2.2's subtraction rulesets for :mod:`.heaprules` (issue 47): ``game.heap.Subtraction``,
``Splittles``, ``TakeAndBreak.FromSubtractionSet`` (Java inside CGSuite, computed here as it gives
them) and the partizan schemas ``PartizanSubtraction``, ``PartizanSplittles``,
``PartizanTakeAndBreak`` of ``game/heap/constants.cgs``, which build the jar's
``game.heap.PartizanHeapRuleset`` (read from the class path at run time) from two heap rulesets.

``FromSubtractionSet(S, digit, allbut)`` is the take-and-break code ``0.d1 d2 ... dm`` with
``m = max S`` and ``dk = digit`` when ``k`` is in ``S`` (with ``allbut``: when it is not, and the
digit repeated for ever after, ``[digit]``), so ``Subtraction(S)`` (digit 3: take ``k``, leave one
heap) is the subtraction game of ``S`` (Winning Ways ch. 4) and ``Splittles(S)`` (digit 7: the
rest may also be split in two). Checked on the real CGSuite 2.2
(``tests/systems/cgsuite/test_cgscript_variants_real.py``): ``Subtraction([1,3,4])`` is
``TakeAndBreak("0.3033")``, ``Subtraction([1,3], true)`` is ``TakeAndBreak("0.030[3]")``. CGSuite
writes a set holding 0 or a negative number into the code's integer part (``[0,2]`` gives
``"3.03"``): refused here, as is the empty set (CGSuite: "empty.min").
"""

from __future__ import annotations

from fractions import Fraction

from .values import CGList, CGSet

#: ``game.heap`` schema -> its code digit; the partizan schemas -> their one-sided schema (constants.cgs).
SCHEMAS = {"Subtraction": "3", "Splittles": "7"}
PARTIZAN = {"PartizanSubtraction": "Subtraction", "PartizanSplittles": "Splittles",
            "PartizanTakeAndBreak": "TakeAndBreak"}


def _split(args) -> tuple:
    """``args`` as (positional list, named dict) (``allbut => true``)."""
    if args and isinstance(args[-1], dict):   # library.Named
        return list(args[:-1]), dict(args[-1])
    return list(args), {}


def _allbut(interp, value, node) -> bool:
    if not isinstance(value, bool):
        interp.fail(f"`allbut` is true or false, got {interp.builtins.show(interp, value)}", node)
    return value


def from_subtraction_set(interp, values, digit, allbut: bool, node):
    """``TakeAndBreak.FromSubtractionSet(values, digit, allbut)``: a HeapRuleset. Raises the
    interpreter's error for a set that is empty, not of integers, or not of positive integers."""
    B = interp.builtins
    if not isinstance(values, (CGList, CGSet)):
        interp.fail(f"a subtraction set is a collection of integers, got {B.show(interp, values)[:60]}", node)
    items = B.elements(interp, values, node)
    if any(isinstance(v, (bool, Fraction)) or not isinstance(v, int) for v in items):
        interp.fail("a subtraction set must be a set of `Integer`s (CGSuite 2.2)", node)
    if not items:
        interp.fail("an empty subtraction set (CGSuite 2.2 stops with \"empty.min\")", node)
    if min(items) < 1:
        interp.fail(f"a subtraction set holding {min(items)}: CGSuite 2.2 writes 0 and negative numbers into "
                    "the code's integer part (not interpreted; a subtraction set of positive integers is)", node)
    if not isinstance(digit, str) or not digit:
        interp.fail(f"the code digit is a string such as \"3\", got {B.show(interp, digit)}", node)
    top = max(items)
    interp.check_count(top, node)
    chosen = set(items)
    text = "0." + "".join(digit if (k in chosen) != allbut else "0" for k in range(1, top + 1))
    return interp.heaprules.ruleset(interp, text + (f"[{digit}]" if allbut else ""), node)


def schema(interp, name: str, args, node):
    """``game.heap.Subtraction(S, allbut)``, ``Splittles(S, allbut)`` or
    ``TakeAndBreak.FromSubtractionSet(S, digit, allbut)`` (defaults: digit "3", allbut false)."""
    pos, named = _split(args or [])
    params = ("subtset", "codeDigit", "allbut") if name.endswith("FromSubtractionSet") else ("subtset", "allbut")
    given = dict(zip(params, pos))
    if len(pos) > len(params) or set(named) - set(params) or set(named) & set(given) or "subtset" not in {**given, **named}:
        interp.fail(f"game.heap.{name} takes ({', '.join(params)}), as `game.heap.{name}([1, 3, 4])`", node)
    given.update(named)
    digit = given.get("codeDigit", SCHEMAS.get(name, "3"))
    return from_subtraction_set(interp, given["subtset"], digit, _allbut(interp, given.get("allbut", False), node), node)


def partizan(interp, name: str, args, node):
    """``game.heap.PartizanSubtraction(L, R, allbut)`` (and Splittles; ``PartizanTakeAndBreak(lc,
    rc)``): the jar's ``PartizanHeapRuleset`` of the two heap rulesets (constants.cgs)."""
    qual = "game.heap.PartizanHeapRuleset"
    if qual not in interp.classes:
        interp.fail(f"`game.heap.{name}` runs CGSuite's game/heap/PartizanHeapRuleset.cgs, which is not on the "
                    "class path (give CGSuite's game library with --class-path)", node)
    pos, named = _split(args or [])
    base = PARTIZAN[name]
    if base == "TakeAndBreak":
        if named or len(pos) != 2 or not all(isinstance(c, str) for c in pos):
            interp.fail("game.heap.PartizanTakeAndBreak takes two code strings (leftCode, rightCode)", node)
        sides = [interp.heaprules.ruleset(interp, c, node) for c in pos]
    else:
        params = ("leftSet", "rightSet", "allbut")
        given = {**dict(zip(params, pos)), **named}
        if len(pos) > 3 or set(named) - set(params) or not {"leftSet", "rightSet"} <= set(given):
            interp.fail(f"game.heap.{name} takes (leftSet, rightSet, allbut)", node)
        allbut = _allbut(interp, given.get("allbut", False), node)
        sides = [from_subtraction_set(interp, given[k], SCHEMAS[base], allbut, node) for k in params[:2]]
    return interp.games.construct(interp, qual, sides, node, None)
