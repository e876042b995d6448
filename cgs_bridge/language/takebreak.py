"""Take-and-break codes as CGSuite 2.2 reads them (``game.heap.TakeAndBreak("0.77")``), and the
options they give a heap.

A code ``d0.d1d2...dk`` says, digit by digit, what a move removing ``j`` tokens from a heap may
leave: bit ``i`` of ``dj`` allows the remaining ``n - j`` tokens to be left as exactly ``i``
nonempty heaps (Winning Ways ch. 4, "octal games"; CGSuite's ``TakeAndBreak`` documentation).
So ``0.77`` is Kayles, ``0.07`` Dawson's Kayles, ``4.7`` (``d0 = 4``) may also split a heap into two
without removing anything, and a digit above 7 (hexadecimal, ``0.F``) allows three heaps.

The syntax read here is CGSuite's (its documentation of ``TakeAndBreak`` and the behaviour of its
``TBCode`` parser, checked against the real CGSuite 2.2 in the tests; no CGSuite code is used):

- a digit is one of ``0-9 A-V`` (values 0..31, case-insensitive), ``&N;`` (any value),
  ``{i,j,...}`` (the heap counts listed; ``{2+}``: 2 or more) or ``*`` (any number of heaps);
- a digit may be followed by one modifier for its splits into two or more heaps: ``!`` (pairwise
  unequal heaps), ``?`` (not all equal), ``=`` (all equal); inside braces each count may carry its
  own (``{1,2!}``);
- ``[...]`` at the end repeats its digits for ever (``0.[3]`` is Nim);
- digits before the point other than the last (``d0``) add tokens (CGSuite's "additive" digits).

Where CGSuite accepts a code this module cannot honour, it is refused with a reason
(:class:`CodeError`): additive digits (moves that add tokens, so play need not end), ``d0`` with
bit 1 (a heap moving to itself) and ``d0`` with bit 0 (the empty heap moving to nothing: CGSuite
lists that option but its ``NimValueSequence`` sets heap 0 to 0 whatever the options, so the code
has no single value to check there).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Optional, Tuple

#: The constraint marks of a digit's splits into two or more heaps (CGSuite's modifiers).
FREE, SOME_UNEQUAL, UNEQUAL, EQUAL = "", "?", "!", "="
MARKS = (SOME_UNEQUAL, UNEQUAL, EQUAL)
BASE32 = "0123456789ABCDEFGHIJKLMNOPQRSTUV"


class CodeError(ValueError):
    """A take-and-break code that is malformed, or that CGSuite reads but this toolkit cannot play
    (the message says which and why); ``column`` is the 1-based place in the code, when known."""

    def __init__(self, message: str, column: int | None = None):
        super().__init__(message)
        self.column = column


@dataclass(frozen=True)
class Digit:
    """One code digit: ``counts[i]`` is the constraint mark of leaving exactly ``i`` nonempty heaps
    (None: not allowed); ``more`` the mark of every count beyond ``len(counts)`` (None: none)."""

    counts: Tuple[Optional[str], ...] = ()
    more: Optional[str] = None

    def mark(self, heaps: int) -> Optional[str]:
        """The constraint of leaving ``heaps`` nonempty heaps, None when not allowed."""
        return self.counts[heaps] if heaps < len(self.counts) else self.more

    @property
    def zero(self) -> bool:
        return self.more is None and all(c is None for c in self.counts)

    @property
    def max_heaps(self) -> Optional[int]:
        """The largest number of heaps allowed (None: unbounded)."""
        if self.more is not None:
            return None
        allowed = [i for i, c in enumerate(self.counts) if c is not None]
        return allowed[-1] if allowed else -1

    @property
    def value(self) -> int:
        """The digit's number (bit i: i heaps allowed), ignoring marks and ``more``."""
        return sum(1 << i for i, c in enumerate(self.counts) if c is not None)

    def text(self) -> str:
        """The digit in CGSuite's syntax (``7``, ``4!``, ``{1,2!}``, ``{2+}``, ``&40;``)."""
        marks = {c for c in self.counts if c is not None} | ({self.more} if self.more is not None else set())
        if self.more is None and len(marks) <= 1:
            mark = marks.pop() if marks else FREE
            v = self.value
            return (BASE32[v] if v < 32 else f"&{v};") + mark
        items = [f"{i}{c}" for i, c in enumerate(self.counts) if c is not None]
        if self.more is not None:
            items.append(f"{len(self.counts)}{self.more}+")
        return "{" + ",".join(items) + "}"


def _normal(counts: list, more: Optional[str]) -> Digit:
    """A digit normalised as CGSuite normalises its digits: when every allowed count of two or more
    heaps has the same mark, the counts 0 and 1 take it too (it matters for ``?`` on one heap,
    which then needs at least two tokens); otherwise 0 and 1 are unconstrained. ``more`` (the mark
    of every count from ``len(counts)`` on, or None) is kept as the last of the vector."""
    vec = list(counts) + ([more] if more is not None else [])
    while more is None and vec and vec[-1] is None:
        vec.pop()
    if more is not None and len(vec) < 4:
        vec += [vec[-1]] * (4 - len(vec))
    upper = {c for c in vec[2:] if c is not None}
    vec = [None if c is None else next(iter(upper)) if len(upper) == 1 else FREE if i < 2 else c
           for i, c in enumerate(vec)]
    if more is None:
        return Digit(tuple(vec), None)
    last = vec[-1]
    keep = max((i for i, c in enumerate(vec) if c != last), default=-1) + 2
    vec = vec[:keep]
    return Digit(tuple(vec[:-1]), vec[-1])


def digit_of(value: int, mark: str = FREE) -> Digit:
    """The digit with number ``value`` (bit i: i heaps) and one mark."""
    return _normal([mark if value >> i & 1 else None for i in range(value.bit_length())], None)


@dataclass(frozen=True)
class Code:
    """A take-and-break code: ``digits[j]`` for removing ``j`` tokens (``digits[0]`` is ``d0``);
    the last ``period`` digits repeat for ever (0: none). ``text`` is the code as given."""

    digits: Tuple[Digit, ...]
    period: int = 0
    text: str = ""

    def digit(self, j: int) -> Digit:
        """The digit of removing ``j >= 0`` tokens."""
        if j < len(self.digits):
            return self.digits[j]
        if self.period:
            pre = len(self.digits) - self.period
            return self.digits[pre + (j - pre) % self.period]
        return Digit()

    @property
    def finite(self) -> bool:
        return self.period == 0

    @property
    def max_removed(self) -> Optional[int]:
        """t: the largest number of tokens a move removes (None for a repeating code)."""
        return len(self.digits) - 1 if self.finite else None

    @property
    def max_heaps(self) -> Optional[int]:
        """The most heaps a move leaves (None: unbounded)."""
        tops = [d.max_heaps for d in self.digits]
        return None if None in tops else max(tops)

    @property
    def octal(self) -> bool:
        """Every digit at most 7 with no modifier (CGSuite's ``isOctal``): at most two heaps."""
        return all(d.more is None and len(d.counts) <= 3 and all(c in (None, FREE) for c in d.counts)
                   for d in self.digits)

    def canonical(self) -> str:
        """The code in CGSuite's syntax, from the digits (``0.77``, ``4!.0``, ``0.[3]``)."""
        pre = len(self.digits) - self.period
        head = self.digits[0].text()
        body = "".join(d.text() for d in self.digits[1:pre])
        rep = "".join(d.text() for d in self.digits[pre:])
        if self.period and pre == 0:   # d0 itself repeats: not produced by parse()
            raise CodeError("a period that includes d0")
        return f"{head}.{body or ('' if rep else '0')}" + (f"[{rep}]" if rep else "")

    def options(self, n: int) -> Iterator[Tuple[int, Tuple[int, ...]]]:
        """Every move from a heap of ``n``: ``(tokens removed, heaps left)``, the heaps in
        nondecreasing order, each multiset once (CGSuite's ``HeapOptions`` of the code)."""
        top = n if not self.finite else min(n, len(self.digits) - 1)
        for j in range(top + 1):
            d, left = self.digit(j), n - j
            if d.zero:
                continue
            most = left if d.max_heaps is None else min(left, d.max_heaps)
            for h in range(most + 1):
                mark = d.mark(h)
                if mark is None:
                    continue
                if h == 0:
                    if left == 0:
                        yield j, ()
                    continue
                for parts in partitions(left, h, mark):
                    yield j, parts


def partitions(total: int, heaps: int, mark: str = FREE) -> Iterator[Tuple[int, ...]]:
    """Nondecreasing tuples of ``heaps`` positive parts summing to ``total`` under ``mark``: free,
    ``!`` strictly increasing, ``=`` all equal, ``?`` not all equal (as CGSuite plays ``?`` on one
    heap: allowed when ``total >= 2``)."""
    if heaps == 1:
        if total >= 1 and (mark != SOME_UNEQUAL or total >= 2):
            yield (total,)
        return
    if mark == EQUAL:
        if total % heaps == 0 and total >= heaps:
            yield (total // heaps,) * heaps
        return
    yield from _increasing(total, heaps, 1, mark == UNEQUAL, mark == SOME_UNEQUAL)


def _increasing(total, heaps, low, strict, not_all_equal):
    if heaps == 1:
        if total >= low:
            yield (total,)
        return
    a = low
    while a * heaps <= total if not strict else a * heaps + heaps * (heaps - 1) // 2 <= total:
        if not (not_all_equal and a * heaps == total):
            for rest in _increasing(total - a, heaps - 1, a + 1 if strict else a, strict, False):
                yield (a,) + rest
        a += 1


# ------------------------------------------------------------------ reading a code
def parse_code(text: str) -> Code:
    """Read ``text`` as CGSuite's ``TakeAndBreak`` reads a code (see the module).

    Returns:
        the :class:`Code`, normalised as CGSuite normalises it (trailing zero digits dropped, an
        all-zero period dropped).
    Raises:
        CodeError: malformed (as CGSuite's ``MalformedCodeException``), or not playable here
            (additive digits, ``d0`` with bit 1), naming the column.
    """
    before, after, period_at, in_period, seen_point = [], [], None, False, False
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == ".":
            if seen_point:
                raise CodeError("a second '.'", i + 1)
            seen_point = True
        elif ch == "[":
            if in_period or not seen_point:
                raise CodeError("'[' must follow the point, once", i + 1)
            in_period, period_at = True, len(after)
        elif ch == "]":
            if not in_period or i != len(text) - 1:
                raise CodeError("']' must close the period at the end of the code", i + 1)
            in_period = False
        else:
            digit, i = _read_digit(text, i)
            (after if seen_point else before).append(digit)
        i += 1
    if not before or not seen_point or in_period:
        raise CodeError("a code has digits, a point and digits after it (e.g. 0.77)")
    if any(not d.zero for d in before[:-1]):
        raise CodeError("digits before the last one ahead of the point add tokens to a heap (play "
                        "need not end); they are not supported", 1)
    if before[-1].mark(1) is not None:
        raise CodeError("d0 with bit 1 lets a heap move to itself (play never ends)", len(before))
    if before[-1].mark(0) is not None:
        raise CodeError("d0 with bit 0 gives the empty heap a move (to nothing), which CGSuite lists among "
                        "its options but ignores in its values (heap 0 is always 0 there); not supported",
                        len(before))
    digits = [before[-1]] + after
    period = 0 if period_at is None else len(after) - period_at
    if period and all(d.zero for d in digits[-period:]):
        digits, period = digits[:-period], 0
    if not period:
        while len(digits) > 1 and digits[-1].zero:
            digits.pop()
    return Code(tuple(digits), period, text)


def _read_digit(text: str, i: int) -> tuple:
    """The digit starting at ``text[i]`` and the index of its last character."""
    ch = text[i]
    if ch == "*":
        mark, i = _mark(text, i)
        return _normal([], mark or FREE), i
    if ch == "{":
        end = text.find("}", i)
        if end < 0:
            raise CodeError("'{' without '}'", i + 1)
        mark, last = _mark(text, end)
        return _braces(text[i + 1:end], mark, i + 1), last
    if ch == "&":
        end = text.find(";", i)
        body = text[i + 1:end] if end > 0 else ""
        if not body.isdigit():
            raise CodeError("'&' starts a digit written '&N;'", i + 1)
        mark, last = _mark(text, end)
        return digit_of(int(body), mark or FREE), last
    v = BASE32.find(ch.upper())
    if v < 0 or not ch.isascii():
        raise CodeError(f"{ch!r} is not a code digit (0-9, A-V, &N;, {{...}} or *)", i + 1)
    mark, last = _mark(text, i)
    return digit_of(v, mark or FREE), last


def _mark(text: str, i: int) -> tuple:
    """The modifier after position ``i`` (``!``, ``?``, ``=`` or none) and the index it ends at."""
    if i + 1 < len(text) and text[i + 1] in MARKS:
        return text[i + 1], i + 1
    return None, i


def _braces(body: str, mark, column: int) -> Digit:
    """``{i,j!,k+}``: the listed heap counts, each with its own mark or the one after the brace."""
    more = body.endswith("+")
    items = (body[:-1] if more else body).split(",")
    counts: dict = {}
    for item in items:
        own = item[-1] if item and item[-1] in MARKS else None
        number = item[:-1] if own else item
        if not number.isdigit():
            raise CodeError(f"{{{body}}}: {item!r} is not a heap count", column)
        if own and mark:
            raise CodeError(f"{{{body}}}: a count's own modifier and one after the brace", column)
        counts[int(number)] = own or mark or FREE
    top = max(counts)
    if top > 63:
        raise CodeError(f"{{{body}}}: more than 63 heaps", column)
    listed = [counts.get(k) for k in range(top + 1)]
    return _normal(listed[:-1], listed[-1]) if more else _normal(listed, None)
