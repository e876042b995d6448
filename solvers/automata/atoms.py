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

from solvers.logic.formula import Xor
from solvers.logic.visitor import TERMS, FormulaVisitor, register_visitor

from .diagram import layout, normalize
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


@register_visitor
class Linearizer(FormulaVisitor):
    """Turns terms into :class:`Linear` forms (a registered visitor of the terms); each ``Div``
    gets a fresh quotient variable named ``#qN`` (``#`` cannot start a variable of the proof
    language's printers) recorded in ``floors`` as ``(q, form, d)``. Raises TypeError on a node
    that is not a term."""

    PREFIX, NODES, VERB = "lin_", TERMS, "linearize"

    def __init__(self, counter: itertools.count):
        self.counter, self.floors = counter, []

    def linear(self, t) -> Linear:
        if type(t) not in TERMS:
            raise TypeError(f"not a term: {t!r}")
        return self.visit(t)

    def lin_Var(self, t) -> Linear:
        return Linear({t.name: 1})

    def lin_Const(self, t) -> Linear:
        return Linear({}, t.value)

    def lin_Add(self, t) -> Linear:
        out = Linear()
        for x in t.terms:
            out = out.plus(self.visit(x))
        return out

    def lin_Scale(self, t) -> Linear:
        return self.visit(t.term).times(t.coef)

    def lin_Div(self, t) -> Linear:
        form = self.visit(t.term)
        if t.den == 1:
            return form
        q = f"#q{next(self.counter)}"
        self.floors.append((q, form, t.den))
        return Linear({q: 1})


def floor_constraints(q: str, form: Linear, d: int) -> list:
    """``q = floor(form / d)`` as two constraints ``lhs <= 0``: ``d q - form <= 0`` and
    ``form - d q - (d - 1) <= 0``."""
    dq = Linear({q: d})
    return [dq.plus(form, -1), form.plus(dq, -1).plus(Linear({}, -(d - 1)))]


#: Above this many values between the two sink thresholds, ``<=`` is built as an equation with
#: a slack variable (whose automaton is built backwards, only over the values that can still
#: reach the constant), not value by value.
FORWARD_LIMIT = 4096


def letter_sums(coefs) -> list:
    """The sorted distinct values of ``sum c_i b_i`` over all bit tuples ``b`` (subset sums,
    without listing the 2**n letters)."""
    sums = {0}
    for c in coefs:
        sums |= {s + c for s in sums}
    return sorted(sums)


def linear_automaton(form: Linear, relation: str, budget: Budget | None = None) -> Dfa:
    """The minimal automaton of ``form = 0`` (``relation`` ``"="``) or ``form <= 0`` (``"<="``),
    over the variables with a nonzero coefficient (sorted)."""
    tracks = tuple(sorted(form.coefs))
    if not tracks:
        return constant(form.const == 0 if relation == "=" else form.const <= 0)
    coefs = [form.coefs[v] for v in tracks]
    sums = letter_sums(coefs)
    k = -form.const
    hi, lo = max(k, -sums[0]), min(k, -sums[-1])
    if relation == "=":
        return _equation(tracks, coefs, sums, k, lo, hi, budget)
    if hi - lo > FORWARD_LIMIT:
        eq = linear_automaton(form.plus(Linear({"#slack": 1})), "=", budget)
        return project(eq, "#slack", budget)
    return _inequality(tracks, coefs, sums, k, lo, hi, budget)


def _equation(tracks, coefs, sums, k, lo, hi, budget) -> Dfa:
    """``sum = k``: the values that can still reach ``k`` are found backwards from ``k``
    (``v = (v' - s) / 2`` when even, within ``[lo, hi]``); transitions between them forwards."""
    values, index = [k], {k: 0}
    for v in values:                              # grows while iterating
        for s in sums:
            prev, odd = divmod(v - s, 2)
            if not odd and lo <= prev <= hi and prev not in index:
                index[prev] = len(values)
                values.append(prev)
        if budget is not None and len(values) % 256 == 0:
            budget.check(len(values), len(sums), "linear atom")
    if 0 not in index:
        return constant(False, tracks)
    order = np.array([0] + [v for v in values if v != 0], dtype=np.int64)   # the start first
    return minimize(_by_value(tracks, coefs, order, order == k, None), budget)


def _inequality(tracks, coefs, sums, k, lo, hi, budget) -> Dfa:
    """``sum <= k`` value by value: above ``hi`` dead, below ``lo`` an accepting sink."""
    values, index = [0], {0: 0}
    for v in values:                              # grows while iterating
        for s in sums:
            nxt = 2 * v + s
            if lo <= nxt <= hi and nxt not in index:
                index[nxt] = len(values)
                values.append(nxt)
        if budget is not None and len(values) % 256 == 0:
            budget.check(len(values), len(sums), "linear atom")
    order = np.array(values, dtype=np.int64)
    return minimize(_by_value(tracks, coefs, order, order <= k, lo), budget)


def _by_value(tracks, coefs, values: np.ndarray, accept: np.ndarray, sink_below) -> Dfa:
    """The automaton whose state ``i`` is the value ``values[i]`` of the prefix read, moving on a
    letter with bits ``b`` to ``2 v + sum c_i b_i``: to the state of that value, to an accepting
    sink (state ``len(values)``) below ``sink_below`` (None: no sink), else rejecting. Built level
    by level over the diagram (:mod:`.diagram`): a node is the partial value ``2 v + (the sum over
    the tracks read so far)``, shared by every state and letter that reach it."""
    widths = layout(len(tracks))
    sorted_vals = np.argsort(values)
    keys, levels, j = 2 * values, [], 0
    roots = None
    for w in widths:
        step = letter_bits(w) @ np.array(coefs[j:j + w], dtype=np.int64)
        j += w
        uniq, inv = np.unique(keys, return_inverse=True)
        if roots is None:
            roots = inv.ravel()
        keys = (uniq[:, None] + step[None, :])
        levels.append(keys)
    targets = np.searchsorted(values[sorted_vals], keys.ravel())
    targets = np.minimum(targets, values.size - 1)
    found = values[sorted_vals][targets] == keys.ravel()
    leaf = np.where(found, sorted_vals[targets], -1)
    if sink_below is not None:
        leaf = np.where(keys.ravel() < sink_below, values.size, leaf)
    levels[-1] = leaf.reshape(keys.shape)
    for i in range(len(levels) - 1):            # node keys of level i+1 -> node numbers
        _, inv = np.unique(levels[i].ravel(), return_inverse=True)
        levels[i] = inv.reshape(levels[i].shape)
    n = values.size + (sink_below is not None)
    accept = np.append(accept, True) if sink_below is not None else accept
    if sink_below is not None:                  # the sink: one node per level, all to itself
        top = [lv.shape[0] for lv in levels]
        levels = [np.vstack([lv, np.full((1, lv.shape[1]), (top[i + 1] if i + 1 < len(levels)
                                                             else values.size))])
                  for i, lv in enumerate(levels)]
        roots = np.append(roots, top[0])
    levels, roots = normalize([lv.astype(np.int32) for lv in levels], np.asarray(roots))
    return Dfa.of_levels(tracks, widths, levels, roots, np.asarray(accept, dtype=bool)[:n])


def xor_automaton(atom: Xor) -> Dfa:
    """One state reading letters whose bits satisfy ``a xor b = c`` (variables may repeat)."""
    tracks = tuple(sorted({atom.a.name, atom.b.name, atom.c.name}))
    bits = letter_bits(len(tracks))
    col = {v: bits[:, i] for i, v in enumerate(tracks)}
    ok = (col[atom.a.name] ^ col[atom.b.name]) == col[atom.c.name]
    delta = np.where(ok, 0, -1).astype(np.int32)[None, :]
    return Dfa(tracks, delta, np.array([True]))
