"""The discovery families as objects in one registry (issue 19, item 5; issue 21).

A :class:`Family` has a ``name`` (what ``--families`` takes), a ``describe(opts)`` (the line of the
report's "searched:" list), and either a ``candidates(data, opts)`` generator of
:class:`~cgs_bridge.jobs.discover.terms.Formula` objects (formula families: the candidates are
evaluated on the whole box, re-checked on a larger box and by the claim checker; the formula
printer is :meth:`Formula.text` / :meth:`Formula.when_text`) or a ``structure`` step run by
:mod:`cgs_bridge.jobs.discover.structure` on the solved search and re-check boxes. ``evidence`` names the
least-evidence rule of :func:`cgs_bridge.jobs.discover.stability.enough` that applies.

Adding a family is one :class:`Family` entry in :data:`REGISTRY` (and, for a structure family, one
step function in :mod:`.structure`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from . import shifted
from .search import linear_candidates, nimsum_candidates
from .terms import Formula, Term


@dataclass(frozen=True)
class Options:
    shifts: int = 3
    moduli: tuple = (2, 3, 4)
    offsets: int = 3
    fix_max: int = 2


@dataclass(frozen=True)
class Family:
    name: str
    describe: Callable
    candidates: Optional[Callable] = None
    evidence: str = ""


def _terms(o):
    return (f"terms c + a, floor(c / m) + a, (c % m) + a with |a| <= {o.shifts}, "
            f"m in {{{', '.join(map(str, o.moduli))}}}")


def _p(data, o):
    c, notes = nimsum_candidates(data, "P nim-sum", o.shifts, o.moduli, o.offsets)
    c += shifted.p_candidates(data, o.shifts)
    return c + [Formula("P nim-sum", tuple(Term(i) for i in data.heaps))], notes


def _grundy(data, o):
    c, notes = nimsum_candidates(data, "grundy nim-sum", o.shifts, o.moduli, o.offsets)
    c += shifted.grundy_candidates(data, o.shifts)
    return c + [Formula("grundy nim-sum", tuple(Term(i) for i in data.heaps))], notes


def _linear(data, o):
    d = data.pos.shape[1]
    ones = tuple(0 if i in data.flags else 1 for i in range(d))
    return linear_candidates(data, o.offsets) + [Formula("grundy linear", coeffs=ones)], []


REGISTRY = {f.name: f for f in (
    Family("p", lambda o: (f"P iff nim-sum of terms == 0 over every subset of coordinates ({_terms(o)}); "
                           "and P iff (nim-sum with ci - c for the coordinates of a set) == 0, |c| up to the "
                           "box's largest bound"), _p, "p"),
    Family("grundy", lambda o: (f"grundy == (nim-sum of terms) + c, |c| <= {o.offsets}; and "
                                "grundy == (nim-sum with one ci + s) - s, s up to the box's largest bound"),
           _grundy, "grundy"),
    Family("linear", lambda o: f"grundy == sum of +-coordinates + b, |b| <= {o.offsets}", _linear, "linear"),
    Family("regions", lambda o: ("the grundy families (nim-sums of at most 3 coordinates, 2 with 5 or more) "
                                 "on regions ci <= floor(cj / m), ci > floor(cj / m), ci == 0, ci >= 1"),
           evidence="regions"),
    Family("slices", lambda o: ("per-slice constants: on each slice cj == v, P iff (nim-sum with ci - c(v)) "
                                "== 0, c(v) fitted per slice"), evidence="p"),
    Family("periodic", lambda o: (f"lines of the Grundy table with the other coordinates <= {o.fix_max}: "
                                  "ultimately arithmetic-periodic"), evidence=""),
    Family("partners", lambda o: ("partner functions: for each choice of all coordinates but one, the values "
                                  "of the last making a P-position; their ultimate (arithmetic) periodicity"),
           evidence="p"),
    Family("misere", lambda o: ("misère values: equal to the normal values except on a finite described set; "
                                "Bouton's misère rule; nim-heap-like (tame position by position)"),
           evidence=""),
)}

FAMILIES = tuple(REGISTRY)
FORMULA_FAMILIES = tuple(n for n, f in REGISTRY.items() if f.candidates is not None)
