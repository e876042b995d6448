"""Periodicity of take-and-break nim sequences, proved by the octal periodicity theorem (issue 49).

**Theorem** (R. K. Guy and C. A. B. Smith, "The G-values of various games", Proc. Cambridge Philos.
Soc. 52 (1956); Winning Ways ch. 4, "The periodicity theorem"). Let an octal code (every digit at
most 7, no modifier, finitely many digits; ``t`` the largest number of tokens a move removes, and
no move of ``d0`` leaving one heap) have nim sequence ``g``. If ``g(m + p) = g(m)`` for every ``m``
with ``e <= m <= 2e + p + t``, then it holds for every ``m >= e``.

The bound is inclusive, the form whose proof is written out here (one more heap than the usual
statement ``m < 2e + p + t``; it needs ``g`` up to heap ``2e + 2p + t``). Proof, by induction on
``m > 2e + p + t``: the options of heaps ``m + p`` and ``m`` match move for move with equal
values. One heap: ``m + p - j`` against ``m - j`` (``j >= 1``, since ``d0`` leaves no single heap),
equal by induction as ``e <= m - j < m``. Two heaps ``a <= b`` with ``a + b = m + p - j``: then
``b >= (m + p - t) / 2 > e + p``, so ``(a, b - p)`` is a move of ``m`` (``b - p >= e + 1 >= 1``
heaps) and ``g(b) = g(b - p)`` by induction (``b - p < m``). Conversely ``a' <= b'`` with ``a' + b'
= m - j`` has ``b' > e + p/2 >= e``, so ``(a', b' + p)`` is a move of ``m + p`` with
``g(b' + p) = g(b')``. No move leaves zero heaps (``m + p > t``). An octal code has no condition
on the parts, so every such pair is a move.

:func:`theorem_applies` says when a code is covered (Grundy's game ``4!.0`` is not: an unequal
pair ``(a, b)`` may map to an equal one). :func:`find_period` finds the smallest period ``p`` and
its least preperiod ``e`` on a computed sequence; :func:`check` turns them into a verdict.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from cgs_bridge.language import ast as A
from cgs_bridge.language.visitor import ExprVisitor, register_visitor

#: Heaps compared at the end of a sequence before a period candidate is checked in full.
WINDOW = 512


def theorem_applies(code) -> str:
    """"" when the octal periodicity theorem covers ``code``, else why not (in words)."""
    if getattr(code, "spawn", False):
        return f"{code.NO_CODE}: the octal periodicity theorem does not cover it"
    if not code.finite:
        return f"the code {code.text} repeats for ever: a move may remove any number of tokens"
    if not code.octal:
        return (f"the code {code.text} is not octal (a digit above 7 or a modifier such as '!'): the "
                "octal periodicity theorem does not cover it")
    return ""


def needed(e: int, p: int, t: int) -> int:
    """The last heap whose value the theorem's check reads: ``2e + 2p + t``."""
    return 2 * e + 2 * p + t


@dataclass(frozen=True)
class Period:
    """``g(m + p) = g(m)`` for every ``e <= m <= N - p`` of the sequence it was found on (length
    ``N + 1``); ``proved`` when ``N >= 2e + 2p + t`` and the theorem applies."""

    preperiod: int
    period: int
    heaps: int       # N: the last heap computed
    t: int
    proved: bool

    @property
    def bound(self) -> int:
        """The last ``m`` the theorem checks: ``2e + p + t``."""
        return 2 * self.preperiod + self.period + self.t


def find_period(g: np.ndarray, t: int, max_period: int | None = None):
    """The smallest period ``p`` (and, for it, the least preperiod ``e``) of ``g[0..N]`` such that
    ``N >= 2e + 2p + t`` (enough for the theorem), or, when no period reaches that, the smallest
    period seen at the end of the sequence (not proved); None when no period repeats at all.

    A period ``p`` is first tested on at most :data:`WINDOW` of the last heaps (never more than half
    of those it could hold on: a proved period holds on them all), then in full; the unproved one on
    its last ``2p`` heaps, then in full."""
    N = len(g) - 1
    top = min(max_period or N // 2, N // 2)
    for p in range(1, top + 1):
        e = _preperiod(g, p, min(WINDOW, max(1, (N - p + 1) // 2)))  # within [e, N - p] if proved
        if e is not None and N >= needed(e, p, t):
            return Period(e, p, N, t, True)
    for p in range(1, top + 1):   # none proved: the smallest period seen at least twice at the end
        e = _preperiod(g, p, min(2 * p, N - p + 1))
        if e is not None and N - p - e + 1 >= max(2 * p, 4):
            return Period(e, p, N, t, False)
    return None


def _preperiod(g, p: int, w: int):
    """The least ``e`` with ``g(m + p) = g(m)`` for ``e <= m <= N - p``, or None when the last ``w``
    of those ``m`` already fail (the quick test before the full one)."""
    N = len(g) - 1
    if not np.array_equal(g[N - w + 1:], g[N - w + 1 - p:N + 1 - p]):
        return None
    bad = np.flatnonzero(g[p:] != g[:-p])
    return int(bad[-1]) + 1 if len(bad) else 0


def value_at(g: np.ndarray, period: Period, n: int) -> int:
    """``g(n)`` for any ``n >= 0``: read, or for ``n`` beyond the sequence by the proved period."""
    if n < len(g):
        return int(g[n])
    e, p = period.preperiod, period.period
    return int(g[e + (n - e) % p])


# ------------------------------------------------------------------ claims over a periodic sequence
class NotPeriodic(Exception):
    """A claim whose truth is not eventually periodic in the heap (by this visitor's rules)."""


@register_visitor
class EventualPeriod(ExprVisitor):
    """For a claim over the heap ``n``: from which heap ``T`` on, and with which modulus ``M``, its
    value depends only on ``n mod M`` and on ``grundy`` (so, for a sequence periodic from ``e`` with
    period ``p``, the claim's truth repeats with period ``lcm(M, p)`` from ``max(T, e)`` on).
    ``visit`` returns ``("c", value)`` (a constant), ``("a", a, b)`` (the integer ``a n + b``) or
    ``("p", T, M)``. ``n`` may be compared with a constant (``n == 0``, ``2 * n + 1 >= k``) or
    reduced by one (``n % 12``); ``misere``, searches and definitions raise :class:`NotPeriodic`."""

    def __init__(self, heap: str, constant):
        self.heap, self.constant = heap, constant   # constant(expr) -> int (parameters bound)

    def _many(self, nodes):
        out = [self.visit(x) for x in nodes]
        if any(v[0] == "a" for v in out):
            raise NotPeriodic("the heap enters this expression other than compared with a constant "
                              "or reduced modulo one")
        return _joined(out) if any(v[0] == "p" for v in out) else ("c", None)

    def _fold(self, node, parts):
        kind = self._many(parts)
        return ("c", self.constant(node)) if kind[0] == "c" else kind

    def visit_Num(self, node):
        return ("c", node.value)

    def visit_Name(self, node):
        if node.id == self.heap:
            return ("a", 1, 0)
        if node.id in ("grundy", "P", "N"):
            return ("p", 0, 1)
        if node.id == "misere":
            raise NotPeriodic("misère values are not covered by the periodicity proof")
        return ("c", self.constant(node))

    def visit_Neg(self, node):
        v = self.visit(node.operand)
        return ("a", -v[1], -v[2]) if v[0] == "a" else self._fold(node, [node.operand])

    def visit_Not(self, node):
        return self._fold(node, [node.operand])

    def visit_BinOp(self, node):
        left, right = self.visit(node.left), self.visit(node.right)
        if node.op in ("+", "-", "*") and "a" in (left[0], right[0]):
            return self._affine(node.op, left, right)
        if node.op == "%" and left[0] == "a" and right[0] == "c" and right[1]:
            return ("p", 0, abs(right[1]))
        return self._fold(node, [node.left, node.right])

    def _affine(self, op, left, right):
        if op == "*":
            if left[0] == "c" or right[0] == "c":
                k, (_, a, b) = (left[1], right) if left[0] == "c" else (right[1], left)
                return ("a", k * a, k * b)
            raise NotPeriodic("a product of the heap with a non-constant")
        if left[0] == "p" or right[0] == "p":
            raise NotPeriodic("the heap added to a value that depends on it")
        la, lb = (left[1], left[2]) if left[0] == "a" else (0, left[1])
        ra, rb = (right[1], right[2]) if right[0] == "a" else (0, right[1])
        return ("a", la + ra, lb + rb) if op == "+" else ("a", la - ra, lb - rb)

    def visit_Compare(self, node):
        vals = [self.visit(o) for o in node.operands]
        out = []
        for x, y in zip(vals, vals[1:]):
            if "a" in (x[0], y[0]):
                if "p" in (x[0], y[0]):
                    raise NotPeriodic("the heap compared with a value that depends on it")
                xa, xb = (x[1], x[2]) if x[0] == "a" else (0, x[1])
                ya, yb = (y[1], y[2]) if y[0] == "a" else (0, y[1])
                a, b = xa - ya, xb - yb    # compares a n + b with 0: constant from n > |b| / |a|
                out.append(("p", abs(b) // abs(a) + 1 if a else 0, 1))
            else:   # both sides' periods count (one side's alone proved false claims)
                out.append(_joined((x, y)))
        return _joined(out)

    def visit_FloorDiv(self, node):
        return self._fold(node, [node.num, node.den])

    visit_CeilDiv = visit_FloorDiv

    def visit_Call(self, node):
        if node.func == "mod" and len(node.args) == 2:
            return self.visit_BinOp(A.BinOp("%", node.args[0], node.args[1], node.pos))
        return self._fold(node, list(node.args))

    def visit_If(self, node):
        return self._fold(node, [node.cond, node.then, node.orelse])

    def visit_Search(self, node):
        raise NotPeriodic("a bounded search")

    def visit_Accepts(self, node):
        raise NotPeriodic("an automaton reads the heap's digits (not a period of the heap)")


def _joined(values) -> tuple:
    """The ``("p", T, M)`` of a value built from ``values`` (none of them the heap's affine form):
    from the largest ``T`` on, with the ``lcm`` of the moduli (a constant counts as ``("p", 0, 1)``).
    The one rule of combining periods: every part's period counts (keeping one side's proved false
    claims)."""
    ps = [v for v in values if v[0] == "p"] or [("p", 0, 1)]
    return ("p", max(v[1] for v in ps), math.lcm(*(v[2] for v in ps)))


def claim_period(expr, heap: str, constant) -> tuple:
    """``(T, M)`` of :class:`EventualPeriod` for a claim (a condition).

    Raises:
        NotPeriodic: the claim is outside the visitor's rules (with the reason)."""
    v = EventualPeriod(heap, constant).visit(expr)
    return (0, 1) if v[0] == "c" else (v[1], v[2])
