"""CGSuite 2.2's ``cgsuite.util.Strip`` for :mod:`.evaluator` (issue 47): the positions of
``game.strip.Turning(code)`` and of the strip rulesets (``StripRuleset.cgs``, read from CGSuite's
own library at run time), and of a program's classes that hold one strip of coins.

``Strip.cgs`` declares every member ``external`` (Java), so the interpreter computes it, as
CGSuite 2.2 gives it (each behaviour checked on the real engine,
``tests/systems/cgsuite/test_cgscript_strips.py``):

- a strip is a fixed-length row of integers ``-128..127`` (a value outside: "Value is out of
  range"); ``Strip.Empty(n)`` (zeros), ``Strip.Parse(str, charMap)`` (the character ``charMap[k]``
  is the value ``k``, 0-based; another character is an error naming ``charMap``);
- ``s[i]`` 1-based, ``Nothing`` out of range; ``Length``; ``Updated(i, v)``, ``Updated(map)``
  (also infix ``s Updated {2 => 1}``; an index out of range is "Index is out of bounds");
  ``UpdatedRange(a, b, v)`` (the part of ``a..b`` inside the strip; an error when ``a - 1`` passes
  its end, and ``v`` stored unchecked as a Java byte: 200 is -56); ``Substrip(a, b)``
  (``Strip([])`` when ``b = a - 1``); ``FindAll(v)``; ``Decomposition(b)`` (the maximal nonempty
  runs of entries other than ``b``, left to right); ``ToString(charMap)``;
- printing ``Strip([1,0,0,1])``; ``==`` by entries; sets order strips by length, then entries;
  ``<`` is an error, as in CGSuite.
"""

from __future__ import annotations

from dataclasses import dataclass

from .values import CGList, CGMap, freeze, need_int

LOW, HIGH = -128, 127


@dataclass(frozen=True)
class Strip:
    """A strip: ``entries`` (a tuple of ints), entry ``i`` (1-based) is ``entries[i - 1]``."""

    entries: tuple

    def __str__(self):
        return "Strip([" + ",".join(str(v) for v in self.entries) + "])"

    def sort_key(self) -> tuple:
        return (len(self.entries), self.entries)


def _value(interp, v, node) -> int:
    v = need_int(interp, v, "a strip entry", node)
    if not LOW <= v <= HIGH:
        interp.fail(f"Value is out of range (must satisfy -128 <= x <= 127): {v}", node)
    return v


def _index(interp, s: Strip, i, node) -> int:
    i = need_int(interp, i, "a strip index", node)
    if not 1 <= i <= len(s.entries):
        interp.fail(f"Index is out of bounds: {i}", node)
    return i


def _char_map(interp, m, node) -> str:
    if not isinstance(m, str):
        interp.fail(f"a charMap is a string, got {interp.builtins.show(interp, m)}", node)
    return m


def parse(interp, text, char_map, node) -> Strip:
    """``Strip.Parse(text, charMap)``."""
    if not isinstance(text, str):
        interp.fail(f"Strip.Parse reads a string, got {interp.builtins.show(interp, text)}", node)
    char_map = _char_map(interp, char_map, node)
    interp.check_count(len(text), node)
    if any(c not in char_map for c in text):
        interp.fail(f"The position may only contain the following characters: {char_map}", node)
    return Strip(tuple(char_map.index(c) for c in text))


def static(interp, name: str, args, node):
    """``Strip.NAME(args)``: ``Empty(n)`` and ``Parse(str, charMap)``."""
    args = list(args or [])
    if name == "Empty" and len(args) == 1:
        n = need_int(interp, args[0], "Strip.Empty's length", node)
        if n < 0:
            interp.fail(f"Strip.Empty({n}): a length is nonnegative", node)
        interp.check_count(n, node)
        return Strip((0,) * n)
    if name == "Parse" and len(args) == 2:
        return parse(interp, args[0], args[1], node)
    interp.fail(f"`Strip.{name}` is not interpreted with {len(args)} arguments (the interpreter gives "
                "Strip.Empty(n) and Strip.Parse(str, charMap))", node)


def index(interp, s: Strip, i, node):
    """``s[i]``: the entry, ``Nothing`` out of range (CGSuite's ``op[]``)."""
    i = need_int(interp, i, "a strip index", node)
    return s.entries[i - 1] if 1 <= i <= len(s.entries) else None


def _updated(interp, s: Strip, changes, node) -> Strip:
    out = list(s.entries)
    for i, v in changes:
        out[_index(interp, s, i, node) - 1] = _value(interp, v, node)
    return Strip(tuple(out))


def member(interp, s: Strip, name: str, args, node):
    """``s.NAME`` or ``s.NAME(args)`` (module docstring); anything else is refused by name."""
    n, args = len(s.entries), list(args or [])
    if name == "Length" and not args:
        return n
    if name == "Updated" and len(args) == 2:
        return _updated(interp, s, [args], node)
    if name == "Updated" and len(args) == 1:
        if not isinstance(args[0], CGMap):
            interp.fail("Strip.Updated takes an index and a value, or a map {index => value}", node)
        return _updated(interp, s, list(args[0].items.values()), node)
    if name == "UpdatedRange" and len(args) == 3:
        a, b, v = (need_int(interp, x, "an argument of UpdatedRange", node) for x in args)
        start, stop = max(a, 1) - 1, min(b, n)   # 0-based, stop exclusive: the part inside the strip
        if start > stop:
            interp.fail(f"Error in call to `cgsuite.util.Strip.UpdatedRange`: fromIndex({start}) > toIndex({stop})", node)
        v = (v + 128) % 256 - 128   # CGSuite 2.2 stores it unchecked as a byte: 200 is -56
        return Strip(s.entries[:start] + (v,) * (stop - start) + s.entries[stop:])
    if name == "Substrip" and len(args) == 2:
        a, b = (need_int(interp, x, "a strip index", node) for x in args)
        if a < 1 or b > n or b < a - 1:
            interp.fail(f"Error in call to `cgsuite.util.Strip.Substrip`: {a}..{b} is not within 1..{n}", node)
        return Strip(s.entries[a - 1:b])
    if name == "FindAll" and len(args) == 1:
        return CGList(k for k, x in enumerate(s.entries, 1) if x == args[0])
    if name == "Decomposition" and len(args) == 1:
        return CGList(decomposition(s, args[0]))
    if name == "ToString" and len(args) == 1:
        return to_string(interp, s, args[0], node)
    if name == "ToString" and not args:
        return str(s)
    interp.fail(f"`{name}` of a Strip is not interpreted with {len(args)} arguments (the interpreter gives "
                "Length, Updated, UpdatedRange, Substrip, FindAll, Decomposition and ToString)", node)


def decomposition(s: Strip, boundary) -> list:
    """The maximal nonempty runs of entries other than ``boundary``, left to right."""
    out, run = [], []
    for x in s.entries + (None,):
        if x is None or freeze(x) == freeze(boundary):
            if run:
                out.append(Strip(tuple(run)))
            run = []
        else:
            run.append(x)
    return out


def to_string(interp, s: Strip, char_map, node) -> str:
    """``s.ToString(charMap)``: entry ``k`` is ``charMap[k]``; another entry is CGSuite's error."""
    char_map = _char_map(interp, char_map, node)
    bad = next((x for x in s.entries if not 0 <= x < len(char_map)), None)
    if bad is not None:
        interp.fail(f"Error in call to `cgsuite.util.Strip.ToString`: String index out of range: {bad}", node)
    return "".join(char_map[x] for x in s.entries)


def heads(s: Strip) -> frozenset | None:
    """The coins showing heads (entries 1) of a strip of coins, or None when an entry is not 0 or 1."""
    if any(x not in (0, 1) for x in s.entries):
        return None
    return frozenset(k for k, x in enumerate(s.entries, 1) if x == 1)
