"""Described regions of a box on which a Grundy formula may hold (issue 15, family 2).

A region is one comparison between coordinates of the shapes the seeds use to describe their
chocolate bars: ``ci <= floor(cj / m)`` (seed 004 Definition 2.5: ``y <= floor(z / 2)``; seed 003
Definition 4.3 with an int parameter: ``y <= floor(z / k)``), its complement ``ci > floor(cj / m)``,
``ci <= cj`` / ``ci > cj`` (m = 1), and the faces ``ci == 0`` and ``ci >= 1``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from cgs_bridge.language import ast as A


@dataclass(frozen=True)
class Region:
    """``kind``: 'le' (ci <= floor(cj / m)), 'gt' (ci > floor(cj / m)), 'zero' (ci == 0) or
    'pos' (ci >= 1). ``m`` is the divisor's value and ``m_name`` the int parameter it stands for
    (printed instead of the number), or ''."""

    kind: str   # 'le', 'gt', 'zero', 'pos' or 'eq' (ci == m: one slice, issue 21)
    i: int
    j: int = -1
    m: int = 1
    m_name: str = ""

    @property
    def cost(self) -> int:
        return 1 if self.kind in ("zero", "pos") else 2 + (self.m > 1)

    def mask(self, pos: np.ndarray) -> np.ndarray:
        ci = pos[:, self.i]
        if self.kind == "zero":
            return ci == 0
        if self.kind == "pos":
            return ci >= 1
        if self.kind == "eq":
            return ci == self.m
        right = pos[:, self.j] // self.m
        return ci <= right if self.kind == "le" else ci > right

    def expr(self, names) -> A.Expr:
        left = A.Name(names[self.i])
        if self.kind == "eq":
            return A.Compare(("==",), (left, A.Num(self.m)))
        if self.kind in ("zero", "pos"):
            return A.Compare(("==" if self.kind == "zero" else ">=",), (left, A.Num(0 if self.kind == "zero" else 1)))
        right: A.Expr = A.Name(names[self.j])
        if self.m != 1 or self.m_name:
            right = A.FloorDiv(right, A.Name(self.m_name) if self.m_name else A.Num(self.m))
        return A.Compare(("<=" if self.kind == "le" else ">",), (left, right))

    def text(self, names) -> str:
        c = names[self.i]
        if self.kind == "zero":
            return f"{c} == 0"
        if self.kind == "pos":
            return f"{c} >= 1"
        if self.kind == "eq":
            return f"{c} == {self.m}"
        right = names[self.j]
        if self.m != 1 or self.m_name:
            right = f"floor({right} / {self.m_name or self.m})"
        return f"{c} {'<=' if self.kind == 'le' else '>'} {right}"


def candidate_regions(n: int, moduli, int_params: dict, flags=()) -> list:
    """Every region over ``n`` coordinates with divisors 1 and ``moduli``, and each int parameter
    value (named) that is not already among them; simplest first. A flag coordinate (index in
    ``flags``, issue 36) gives only its faces (``passes == 0``, ``passes >= 1``), never a
    comparison with a heap."""
    divs = [(1, "")] + [(m, "") for m in moduli if m > 1]
    for name, v in int_params.items():
        if v >= 1 and all(v != m for m, _ in divs):
            divs.append((v, name))
    out = []
    for i in range(n):
        out += [Region("zero", i), Region("pos", i)]
        for j in range(n):
            if i != j and i not in flags and j not in flags:
                out += [Region(kind, i, j, m, nm) for m, nm in divs for kind in ("le", "gt")]
    return sorted(out, key=lambda r: (r.cost, r.m, r.kind, r.i, r.j))
