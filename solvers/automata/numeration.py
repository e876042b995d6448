"""The embedded prover beyond base 2 and beyond arithmetic (issue 44): automata read from files
(the ``Accepts`` atom) and Fibonacci (Zeckendorf) numeration.

**Automata from files.** A file's automaton (:class:`cgs_bridge.language.automaton_file.
AutomatonFile`, read by the one reader of the format) becomes a padding-invariant
:class:`~.dfa.Dfa` (:func:`~.dfa.of_file`: a tuple is read from its shortest word, as the
evaluator does), relabelled to the call's variables.

**Zeckendorf numeration** (``msd_fib``; Zeckendorf 1972; Frougny, "Representations of numbers and
finite automata", Math. Systems Theory 25 (1992)): a word ``w_{n-1} ... w_0`` of digits 0/1
spells ``sum w_i F_{i+2}`` (weights 1, 2, 3, 5, 8, ...); a number's representation has no two
adjacent 1s, and every automaton of a formula accepts only such *valid* words on every track
(the language is the set of valid representations of the tuples it holds, with any number of
leading zeros). Operations that could accept an invalid word (complement, a union or
equivalence over tracks one side does not read) are followed by an intersection with the
validity automaton (:func:`valid_tracks`).

A linear constraint ``sum c_j x_j (= | <=) K`` reads letters most significant first with the state
``(A, B) = (sum c_j val(x_j prefix), sum c_j val'(x_j prefix))`` where ``val'`` shifts every
weight down one Fibonacci number: appending digits of letter sum ``s`` gives
``(A + B + s, A + s)``. With ``phi`` the golden ratio, ``u = phi A + B`` grows as
``u' = phi u + phi^2 s`` and ``w = A - phi B`` contracts (``|w| <= phi max|s|``); once ``|u|``
exceeds ``U = max(phi^2 S / (phi - 1), ((phi^2 + 1)|K| + phi S) / phi) + 1`` (``S`` the largest
``|s|``) it only grows, and ``A = (phi u + w) / (phi^2 + 1)`` stays above ``K`` (dead) or below
``-|K|`` (for ``<=``, an accepting sink). So finitely many states remain: the states with
``|u| <= U``, found breadth-first from ``(0, 0)``.

Xor (a bitwise relation of base 2) has no automaton in this numeration: a problem in
``msd_fib`` with an ``Xor`` atom raises ValueError (the translation says NOT EXPRESSIBLE first).
"""

from __future__ import annotations

import math

import numpy as np

from solvers.logic.formula import Accepts, Cmp, Xor
from solvers.logic.visitor import register_visitor

from .atoms import Linear
from .build import Builder
from .dfa import Dfa, file_track, letter_bits, of_file, product, relabel
from .minimize import minimize

PHI = (1 + math.sqrt(5)) / 2


def file_dfa(f: Accepts, budget=None) -> Dfa:
    """The minimal automaton of ``f`` over its variables (sorted), read shortest-word first."""
    d = of_file(f.automaton)
    source = {file_track(i): a.name for i, a in enumerate(f.args)}
    tracks = tuple(sorted(set(source.values())))
    return minimize(relabel(d, tracks, source), budget)


def valid_tracks(tracks) -> Dfa:
    """Every track a valid Zeckendorf word (no two adjacent 1s): the state is the last letter."""
    n = len(tracks)
    letters = np.arange(1 << n)
    delta = np.where((letters[:, None] & letters[None, :]) == 0, letters[None, :], -1)
    return minimize(Dfa(tuple(tracks), delta.astype(np.int32), np.ones(1 << n, dtype=bool)))


def fib_linear(form: Linear, relation: str, budget=None) -> Dfa:
    """The minimal automaton of ``form = 0`` (``relation`` ``"="``) or ``form <= 0`` (``"<="``)
    in Zeckendorf numeration, valid words only (see the module for the bound)."""
    tracks = tuple(sorted(form.coefs))
    k = -form.const
    if not tracks:
        from .dfa import constant
        return constant(k == 0 if relation == "=" else 0 <= k)
    coefs = np.array([form.coefs[v] for v in tracks], dtype=np.int64)
    sums = (letter_bits(len(tracks)) @ coefs).tolist()
    big = max(abs(s) for s in sums)
    bound = max(PHI ** 2 * big / (PHI - 1), ((PHI ** 2 + 1) * abs(k) + PHI * big) / PHI) + 1
    states, index, rows, sink = [(0, 0)], {(0, 0): 0}, [], None
    for a, b in states:                            # grows while iterating
        if (a, b) == ("sink", "sink"):
            rows.append([index[("sink", "sink")]] * len(sums))
            continue
        row = []
        for s in sums:
            nxt = (a + b + s, a + s)
            u = PHI * nxt[0] + nxt[1]
            if u > bound or (u < -bound and relation == "="):
                row.append(-1)
                continue
            if u < -bound:
                nxt = sink = ("sink", "sink")
            if nxt not in index:
                index[nxt] = len(states)
                states.append(nxt)
            row.append(index[nxt])
        rows.append(row)
        if budget is not None and len(states) % 256 == 0:
            budget.check(len(states), len(sums), "Fibonacci linear atom")
    accept = np.array([s == sink or (s[0] == k if relation == "=" else s[0] <= k) for s in states])
    d = Dfa(tracks, np.array(rows, dtype=np.int32), accept)
    return minimize(product(d, valid_tracks(tracks), "and", budget), budget)


@register_visitor
class NumerationBuilder(Builder):
    """:class:`~.build.Builder` with the ``Accepts`` atom, in ``msd_2`` or ``msd_fib`` (the
    builder the prover uses; a registered visitor, handling every formula)."""

    def __init__(self, defines: dict, budget, numeration: str = "msd_2"):
        super().__init__(defines, budget)
        self.fib = numeration == "msd_fib"

    def _valid(self, d: Dfa) -> Dfa:
        if not self.fib or not d.tracks:
            return d
        return minimize(product(d, valid_tracks(d.tracks), "and", self.budget), self.budget)

    def _Accepts(self, f: Accepts) -> Dfa:
        if (f.automaton.numeration == "msd_fib") != self.fib:
            raise ValueError(f"the automaton {f.name} is in {f.automaton.numeration}, the problem "
                             f"in {'msd_fib' if self.fib else 'msd_2'}")
        return self._valid(file_dfa(f, self.budget))

    def _Xor(self, f: Xor) -> Dfa:
        if self.fib:
            raise ValueError("xor has no automaton in Fibonacci numeration (msd_fib)")
        return super()._Xor(f)

    def _Not(self, f):
        return self._valid(super()._Not(f))

    def _combine(self, parts, op: str) -> Dfa:
        out = super()._combine(parts, op)
        return self._valid(out) if op != "and" else out

    def _Implies(self, f):
        return self._valid(super()._Implies(f))

    def _Iff(self, f):
        return self._valid(super()._Iff(f))

    def _Forall(self, f):
        return self._valid(super()._Forall(f))

    def _Cmp(self, f: Cmp) -> Dfa:
        d = super()._Cmp(f)
        return self._valid(d) if f.op == "!=" else d     # a complement: valid words only

    def linear_atom(self, form, relation: str) -> Dfa:
        if not self.fib:
            return super().linear_atom(form, relation)
        return fib_linear(form, relation, self.budget)
