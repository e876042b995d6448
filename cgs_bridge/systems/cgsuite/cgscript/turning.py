"""Turning codes (issue 47): the coin-turning games of CGSuite 2.2's ``game.strip.Turning(code)``
and their heap form ``game.heap.Spawning(code)``, read as ``Turning.cgs`` documents them.

A move turns a set of coins ``c_1 < ... < c_k`` of a strip, the rightmost ``c_k`` from heads to
tails; in the heap form the heap ``c_k`` (coins numbered from 1) moves to the sum of the heaps
``c_1, ..., c_(k-1)`` (Winning Ways ch. 14; Turning.cgs, "The Heap Representation"). A code is a
comma-separated list of elements, any of which may be used; an element is a number of coins
``k``, a range ``a-b`` or ``a+`` (a or more), then modifiers: ``C`` consecutive coins, ``E``
equally spaced, ``S`` symmetrically arranged (``c_i + c_(k+1-i)`` the same for every i), ``C(m)``
all within ``m`` adjacent coins; of ``C``, ``E`` and ``S`` the last one written counts.

Where CGSuite 2.2 does what its documentation does not say, the code is refused with the reason
(:class:`TurningError`), never played another way: ``F`` (its enumeration skips whole elements and
lets one coin be turned alone), ``E`` with one coin (CGSuite stops: "/ by zero"), and a code whose
every element needs more coins than its span allows (CGSuite stops: "empty.max"). What is read
is checked against the real CGSuite on many codes (``tests/systems/cgsuite/test_turning_real.py``):
the same heap options in the same order (by element, then number of coins, then lexicographic),
duplicates between elements kept.
"""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass
from typing import Iterator, Optional, Tuple

UNBOUNDED = None
_ELEMENT = re.compile(r"(\d+)(?:(\+)|-(\d+))?((?:[CSEF]|C\(\d+\))*)")


class TurningError(ValueError):
    """A turning code that is malformed or that this interpreter does not play (the message says why)."""


@dataclass(frozen=True)
class Element:
    """One element of a turning code: ``least..most`` coins (``most`` None: no bound), the spacing
    (``""``, ``"C"``, ``"E"``, ``"S"``) and the span ``C(m)`` (None: none)."""

    least: int
    most: Optional[int]
    spacing: str = ""
    span: Optional[int] = None

    def _counts(self, n: int) -> range:
        top = n if self.most is None else min(self.most, n)
        if self.span is not None:
            top = min(top, self.span)
        return range(max(self.least, 1), top + 1)

    def _low(self, n: int) -> int:
        return 1 if self.span is None else max(1, n - self.span + 1)

    def sets(self, n: int) -> Iterator[Tuple[int, ...]]:
        """The other coins ``c_1 < ... < c_(k-1)`` of each allowed set whose rightmost coin is ``n``,
        by number of coins, then in lexicographic order."""
        low = self._low(n)
        for k in self._counts(n):
            if self.spacing == "C":
                if n - k + 1 >= low:
                    yield tuple(range(n - k + 1, n))
            elif self.spacing == "E":      # spacing d, widest first (lexicographic order)
                for d in range((n - low) // (k - 1), 0, -1):
                    yield tuple(n - (k - 1 - i) * d for i in range(k - 1))
            elif self.spacing == "S":
                yield from sorted(_symmetric(n, k, low))
            else:
                yield from itertools.combinations(range(low, n), k - 1)

    def count(self, n: int) -> int:
        """An upper bound on the sets :meth:`sets` gives for heap ``n`` (exact without S), cheap."""
        low, total = self._low(n), 0
        for k in self._counts(n):
            if self.spacing == "C":
                total += 1
            elif self.spacing == "E":
                total += (n - low) // (k - 1)
            else:
                total += math.comb(n - low, k - 1)
        return total


def _symmetric(n: int, k: int, low: int) -> Iterator[Tuple[int, ...]]:
    """The sets of ``k`` coins ``c_1 < ... < c_k = n``, ``c_1 >= low``, with every ``c_i + c_(k+1-i)``
    equal (less the coin ``n``)."""
    if k == 1:
        yield ()
        return
    half = k // 2
    for first in range(low, n):
        total = first + n
        if k % 2 and total % 2:
            continue
        top = (total - 1) // 2          # the lower half lies strictly below the centre
        for inner in itertools.combinations(range(first + 1, top + 1), half - 1):
            lower = (first,) + inner
            middle = (total // 2,) if k % 2 else ()
            yield lower + middle + tuple(total - c for c in reversed(lower[1:]))


@dataclass(frozen=True)
class TurningCode:
    """A turning code: its ``elements`` and ``text``. Its :meth:`options` stand where a
    take-and-break code's do (:mod:`.heaprules`)."""

    text: str
    elements: Tuple[Element, ...]

    @property
    def max_heaps(self) -> Optional[int]:
        """The most heaps a move leaves (coins turned less one; None: no bound)."""
        tops = [e.most if e.span is None else min(e.span, e.most or e.span) for e in self.elements]
        return None if None in tops else max(tops) - 1

    max_removed = None

    def count(self, n: int) -> int:
        """An upper bound on the options of heap ``n`` (checked against the limits before the work)."""
        return sum(e.count(n) for e in self.elements)

    def options(self, n: int) -> Iterator[Tuple[int, Tuple[int, ...]]]:
        """``(0, heaps left)`` for every move from heap ``n``, in CGSuite's order (0 stands where a
        take-and-break code gives the tokens removed)."""
        for e in self.elements:
            for rest in e.sets(n):
                yield 0, rest


def parse_turning(text: str) -> TurningCode:
    """Read ``text`` as ``game.heap.Spawning`` reads a turning code (see the module).

    Raises:
        TurningError: malformed, or a code CGSuite 2.2 plays otherwise than documented.
    """
    elements = []
    for item in text.upper().split(","):
        m = _ELEMENT.fullmatch(item)
        if not m:
            raise TurningError(f"{item!r} is not an element of a turning code (a number of coins, a range "
                               "a-b or a+, then modifiers C, E, S, F or C(m))")
        least = int(m.group(1))
        most = UNBOUNDED if m.group(2) else int(m.group(3) or m.group(1))
        mods = re.findall(r"C\(\d+\)|[CSEF]", m.group(4))
        if "F" in mods:
            raise TurningError("the modifier F is not interpreted: CGSuite 2.2 plays it otherwise than its "
                               "documentation says (\"1F\" lets heap 3 move to no heap, \"1+FS\" gives heap 6 "
                               "no move)")
        spacing = next((x for x in reversed(mods) if x in "CES"), "")
        spans = [int(x[2:-1]) for x in mods if x.startswith("C(")]
        span = spans[-1] if spans else None
        if least == 0:
            raise TurningError(f"{item!r}: turning no coin is no move (CGSuite 2.2 lists the move to no heap twice)")
        if most is not None and most < least:
            raise TurningError(f"{item!r}: the range {least}-{most} runs backwards")
        if spacing == "E" and least <= 1:
            raise TurningError(f"{item!r}: E with one coin stops CGSuite 2.2 (\"/ by zero\")")
        if span is not None and span < least:
            continue   # no set of that many coins fits in the span: CGSuite drops the element
        elements.append(Element(least, most, spacing, span))
    if not elements:
        raise TurningError(f"no element of {text!r} fits its span C(m): CGSuite 2.2 stops (\"empty.max\")")
    return TurningCode(text, tuple(elements))
