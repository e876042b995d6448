"""Automata of the atoms: linear (in)equalities with integer coefficients and bitwise xor
(Büchi 1960; Boudet and Comon, CAAP 1996, section 3; Wolper and Boigelot, CAV 2000, section 3).

A linear constraint ``sum c_i x_i <= K`` (or ``= K``) is read most significant digit first: after
a prefix the state is the value ``v = sum c_i x_i`` of the prefix's numbers, and a letter with bits
``b_i`` moves it to ``2 v + sum c_i b_i``. With ``smin``/``smax`` the least/greatest letter sum,
a value above ``max(K, -smin)`` only grows (never ``<= K`` again: dead), and a value below
``min(K, -smax)`` only falls (``<= K`` forever: an accepting sink for ``<=``, dead for ``=``); so
finitely many states remain. Reading zero letters from the start keeps ``v = 0``: the padding
invariant holds.

A floor ``floor(t / d)`` becomes a fresh variable ``q`` with ``d q <= t <= d q + d - 1``, projected
away by the caller (:mod:`.build`)."""

from __future__ import annotations

import itertools

import numpy as np

from solvers.logic.formula import Add, Const, Div, Scale, Var, Xor

from .dfa import Dfa, constant, letter_bits
from .limits import Budget
from .minimize import minimize
from .project import project


class Linear:
    """A linear form ``sum coefs[v] * v + const`` and the floor definitions it introduced
    (``(q, form, d)``: ``q = floor(form / d)``)."""

    def __init__(self, coefs=None, const=0):
        self.coefs, self.const = dict(coefs or {}), const

    def plus(self, other: "Linear", sign: int = 1) -> "Linear":
        out = Linear(self.coefs, self.const + sign * other.const)
        for v, c in other.coefs.items():
            out.coefs[v] = out.coefs.get(v, 0) + sign * c
        out.coefs = {v: c for v, c in out.coefs.items() if c}
        return out

    def times(self, k: int) -> "Linear":
        return Linear({v: k * c for v, c in self.coefs.items()}, k * self.const)


class Linearizer:
    """Turns terms into :class:`Linear` forms; each ``Div`` gets a fresh quotient variable named
    ``#qN`` (``#`` cannot start a variable of the proof language's printers) recorded in
    ``floors`` as ``(q, form, d)``."""

    def __init__(self, counter: itertools.count):
        self.counter, self.floors = counter, []

    def linear(self, t) -> Linear:
        if isinstance(t, Var):
            return Linear({t.name: 1})
        if isinstance(t, Const):
            return Linear({}, t.value)
        if isinstance(t, Add):
            out = Linear()
            for x in t.terms:
                out = out.plus(self.linear(x))
            return out
        if isinstance(t, Scale):
            return self.linear(t.term).times(t.coef)
        if isinstance(t, Div):
            form = self.linear(t.term)
            if t.den == 1:
                return form
            q = f"#q{next(self.counter)}"
            self.floors.append((q, form, t.den))
            return Linear({q: 1})
        raise TypeError(f"not a term: {t!r}")


def floor_constraints(q: str, form: Linear, d: int) -> list:
    """``q = floor(form / d)`` as two constraints ``lhs <= 0``: ``d q - form <= 0`` and
    ``form - d q - (d - 1) <= 0``."""
    dq = Linear({q: d})
    return [dq.plus(form, -1), form.plus(dq, -1).plus(Linear({}, -(d - 1)))]


#: Above this many values between the two sink thresholds, ``<=`` is built as an equation with
#: a slack variable (whose automaton is built backwards, only over the values that can still
#: reach the constant), not value by value.
FORWARD_LIMIT = 4096


def linear_automaton(form: Linear, relation: str, budget: Budget | None = None) -> Dfa:
    """The minimal automaton of ``form = 0`` (``relation`` ``"="``) or ``form <= 0`` (``"<="``),
    over the variables with a nonzero coefficient (sorted)."""
    tracks = tuple(sorted(form.coefs))
    if not tracks:
        return constant(form.const == 0 if relation == "=" else form.const <= 0)
    coefs = np.array([form.coefs[v] for v in tracks], dtype=np.int64)
    sums = letter_bits(len(tracks)) @ coefs
    k = -form.const
    hi, lo = max(k, -int(sums.min())), min(k, -int(sums.max()))
    if relation == "=":
        return _equation(tracks, sums, k, lo, hi, budget)
    if hi - lo > FORWARD_LIMIT:
        eq = linear_automaton(form.plus(Linear({"#slack": 1})), "=", budget)
        return project(eq, "#slack", budget)
    return _inequality(tracks, sums, k, lo, hi, budget)


def _equation(tracks, sums, k, lo, hi, budget) -> Dfa:
    """``sum = k``: the values that can still reach ``k`` are found backwards from ``k``
    (``v = (v' - s) / 2`` when even, within ``[lo, hi]``); transitions between them forwards."""
    values, index = [k], {k: 0}
    for v in values:                              # grows while iterating
        for s in set(sums.tolist()):
            prev, odd = divmod(v - s, 2)
            if not odd and lo <= prev <= hi and prev not in index:
                index[prev] = len(values)
                values.append(prev)
        if budget is not None and len(values) % 256 == 0:
            budget.check(len(values), sums.size, "linear atom")
    if 0 not in index:
        return constant(False, tracks)
    order = [0] + [v for v in values if v != 0]   # the start state (value 0) first
    pos = {v: i for i, v in enumerate(order)}
    nxt = 2 * np.array(order, dtype=np.int64)[:, None] + sums[None, :]
    delta = np.array([[pos.get(t, -1) for t in row] for row in nxt.tolist()], dtype=np.int32)
    accept = np.array([v == k for v in order])
    return minimize(Dfa(tracks, delta, accept), budget)


def _inequality(tracks, sums, k, lo, hi, budget) -> Dfa:
    """``sum <= k`` value by value: above ``hi`` dead, below ``lo`` an accepting sink."""
    values, index, rows = [0], {0: 0}, []
    for v in values:                              # grows while iterating
        if v is None:                              # the accepting sink
            rows.append(np.full(sums.size, index[None], dtype=np.int32))
            continue
        row = np.empty(sums.size, dtype=np.int32)
        for a, nxt in enumerate((2 * v + sums).tolist()):
            if nxt > hi:
                row[a] = -1
                continue
            key = None if nxt < lo else nxt
            if key not in index:
                index[key] = len(values)
                values.append(key)
            row[a] = index[key]
        rows.append(row)
        if budget is not None and len(values) % 256 == 0:
            budget.check(len(values), sums.size, "linear atom")
    accept = np.array([v is None or v <= k for v in values])
    return minimize(Dfa(tracks, np.vstack(rows), accept), budget)


def xor_automaton(atom: Xor) -> Dfa:
    """One state reading letters whose bits satisfy ``a xor b = c`` (variables may repeat)."""
    tracks = tuple(sorted({atom.a.name, atom.b.name, atom.c.name}))
    bits = letter_bits(len(tracks))
    col = {v: bits[:, i] for i, v in enumerate(tracks)}
    ok = (col[atom.a.name] ^ col[atom.b.name]) == col[atom.c.name]
    delta = np.where(ok, 0, -1).astype(np.int32)[None, :]
    return Dfa(tracks, delta, np.array([True]))
