"""Terms and formulas of the discovery families, as numpy evaluators and as spec-language text.

A *term* is one coordinate, optionally transformed (``floor(c / m)`` or ``c % m`` for a small
``m``), plus an integer shift ``a``: ``T(c) + a``. The families of issue 15 are built from terms:

- P-positions: ``P iff T1 xor ... xor Tn == 0`` (seed 003 Theorem 3.1 / 7.3 and Conjecture 8.1:
  ``(x - 1) xor y xor (z - 1)``);
- Grundy values: ``grundy == (T1 xor ... xor Tn) + c`` (seed 001 Theorem 3.2 ``y xor z`` and
  Theorem 4.1 ``(y xor (z + s)) - s``), or ``grundy == e1*c1 + ... + en*cn + b`` with e in {-1, 0, 1};
- either, restricted to a region: ``not (R) or F`` (F holds wherever R does).

Arithmetic is the specification language's (``cgs_bridge.language.evaluate``): exact floor division,
``%`` with the sign of the divisor, nim-sum in two's complement for negative operands — numpy's
``//``, ``%`` and ``^`` on int64 agree with it. Every formula's text is parsed back with the spec
parser and compared with the AST it was printed from (:func:`round_trip`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import numpy as np

from cgs_bridge.language import ast as A
from cgs_bridge.language.parser import parse_expr
from cgs_bridge.language.spec_printer import expr_text


@dataclass(frozen=True)
class Term:
    """``T(c) + shift`` for coordinate index ``coord``; ``kind`` is 'id', 'div' (floor(c / m)) or
    'mod' (c % m)."""

    coord: int
    kind: str = "id"
    m: int = 1
    shift: int = 0

    def values(self, pos: np.ndarray) -> np.ndarray:
        """Values at the rows of ``pos`` (an int64 array n x d of positions)."""
        c = pos[:, self.coord]
        if self.kind == "div":
            c = c // self.m
        elif self.kind == "mod":
            c = c % self.m
        return c + self.shift if self.shift else c

    @property
    def cost(self) -> int:
        """Simplicity cost: 1 per term, + |shift|, + 1 + m for a transform."""
        return 1 + abs(self.shift) + (0 if self.kind == "id" else 1 + self.m)

    def expr(self, names) -> A.Expr:
        node: A.Expr = A.Name(names[self.coord])
        if self.kind == "div":
            node = A.FloorDiv(node, A.Num(self.m))
        elif self.kind == "mod":
            node = A.BinOp("%", node, A.Num(self.m))
        return add_const(node, self.shift)

    def text(self, names, alone: bool = False) -> str:
        c = names[self.coord]
        base = {"id": c, "div": f"floor({c} / {self.m})", "mod": f"{c} % {self.m}"}[self.kind]
        if self.shift:
            base = f"{base} {'+' if self.shift > 0 else '-'} {abs(self.shift)}"
        if not alone and (self.shift or self.kind == "mod"):
            base = f"({base})"
        return base


def add_const(node: A.Expr, c: int) -> A.Expr:
    if c > 0:
        return A.BinOp("+", node, A.Num(c))
    if c < 0:
        return A.BinOp("-", node, A.Num(-c))
    return node


def term_lists(n: int, shifts: int, moduli, transforms: bool = True) -> list:
    """For each coordinate index, its candidate terms, simplest first."""
    out = []
    for i in range(n):
        ts = [Term(i, "id", 1, a) for a in range(-shifts, shifts + 1)]
        if transforms:
            for m in moduli:
                ts += [Term(i, kind, m, a) for kind in ("div", "mod") for a in range(-shifts, shifts + 1)]
        out.append(sorted(ts, key=lambda t: (t.cost, t.kind, t.m, abs(t.shift), t.shift)))
    return out


# ------------------------------------------------------------------ formulas
@dataclass(frozen=True)
class Formula:
    """One candidate characterisation.

    ``family`` is 'P nim-sum', 'grundy nim-sum' or 'grundy linear'; ``terms`` the nim-sum terms
    (nim-sum families) and ``offset`` the constant added outside the nim-sum; for the linear family
    ``coeffs`` (one per coordinate, in {-1, 0, 1}) and ``offset`` b. ``region`` (an
    :class:`~cgs_bridge.jobs.discover.regions.Region` or None) restricts it.
    """

    family: str
    terms: tuple = ()
    offset: int = 0
    coeffs: tuple = ()
    region: Optional[object] = None

    @property
    def complexity(self) -> int:
        if self.family == "grundy linear":
            c = sum(abs(e) for e in self.coeffs) + abs(self.offset)
        else:
            c = sum(t.cost for t in self.terms) + abs(self.offset)
        return c + (self.region.cost if self.region is not None else 0)

    # --------------------------------------------------------- evaluation
    def rhs(self, pos: np.ndarray) -> np.ndarray:
        """The value compared with the Grundy value (or with 0 for the P family)."""
        if self.family == "grundy linear":
            v = np.zeros(len(pos), dtype=np.int64)
            for i, e in enumerate(self.coeffs):
                if e:
                    v = v + e * pos[:, i]
            return v + self.offset
        v = np.zeros(len(pos), dtype=np.int64)
        for t in self.terms:
            v = v ^ t.values(pos)
        return v + self.offset if self.offset else v

    def holds_at(self, pos: np.ndarray, g: np.ndarray) -> np.ndarray:
        """Boolean array: the formula's condition at each row (region included)."""
        v = self.rhs(pos)
        ok = (v == 0) == (g == 0) if self.family == "P nim-sum" else (g == v)
        if self.region is not None:
            ok = ok | ~self.region.mask(pos)
        return ok

    # --------------------------------------------------------- text
    def expr(self, names) -> A.Expr:
        return self._wrap(self._core_expr(names), names)

    def _core_expr(self, names) -> A.Expr:
        if self.family == "grundy linear":
            node = None
            for i, e in enumerate(self.coeffs):
                if not e:
                    continue
                n = A.Name(names[i])
                node = (n if e > 0 else A.Neg(n)) if node is None else A.BinOp("+" if e > 0 else "-", node, n)
            node = add_const(node, self.offset) if node is not None else A.Num(self.offset)
            return A.Compare(("==",), (A.Name("grundy"), node))
        x = self.terms[0].expr(names)
        for t in self.terms[1:]:
            x = A.BinOp("xor", x, t.expr(names))
        if self.family == "P nim-sum":
            return A.BinOp("iff", A.Name("P"), A.Compare(("==",), (x, A.Num(0))))
        return A.Compare(("==",), (A.Name("grundy"), add_const(x, self.offset)))

    def _wrap(self, core, names):
        if self.region is None:
            return core
        return A.BinOp("or", A.Not(self.region.expr(names)), core)

    def text(self, names) -> str:
        """Readable spec-language text (parentheses around shifted terms), round-tripped."""
        if self.family == "grundy linear":
            core = expr_text(self._core_expr(names))
        else:
            x = " xor ".join(t.text(names, alone=len(self.terms) == 1) for t in self.terms)
            if self.family == "P nim-sum":
                core = f"P iff {x} == 0"
            elif self.offset:
                x = f"({x})" if len(self.terms) > 1 or self.terms[0].shift else x
                core = f"grundy == {x} {'+' if self.offset > 0 else '-'} {abs(self.offset)}"
            else:
                core = f"grundy == {x}"
        if self.region is not None:
            core = f"not ({self.region.text(names)}) or {core if self.family != 'P nim-sum' else f'({core})'}"
        return round_trip(core, self.expr(names))

    def when_text(self, names) -> str:
        """The formula as read: ``when y == 0: grundy == x xor z`` for a region formula (the
        claim line keeps the checkable ``not (y == 0) or ...``, as claims' ``when`` takes
        parameters only)."""
        if self.region is None:
            return self.text(names)
        from dataclasses import replace
        return f"when {self.region.text(names)}: {replace(self, region=None).text(names)}"



def round_trip(text: str, node: A.Expr) -> str:
    """``text`` if the spec parser reads it as ``node``, else the printer's text of ``node``."""
    try:
        if parse_expr(text) == node:
            return text
    except Exception:  # noqa: BLE001 - any parse failure: fall back to the printer
        pass
    return expr_text(node)
