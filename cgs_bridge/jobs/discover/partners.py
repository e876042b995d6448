"""P-position structure (issue 21, point 4): partner functions and their periodicity.

For a coordinate ``c`` (the *partner* coordinate), fix every other coordinate: the values of ``c``
that make a P-position are the partners of that choice. When every choice has at most one partner
on the box, the partner is a function; along an *index* coordinate ``a`` (the remaining ones fixed
at small values) the sequence ``n -> partner`` is analysed like a row of the Grundy table
(:func:`cgs_bridge.jobs.discover.periodic.analyse`): ultimately periodic, or arithmetic-periodic (the
gap ``partner - n`` is then ultimately periodic when the saltus equals the period). The sequence
stops at the first ``n`` whose partner is not in the box (it may lie beyond the bound).

A periodicity is a finding only when at least ``MIN_PERIODS`` full periods were observed after the
pre-period on the search box and the re-check box shows the same pre-period, period and saltus;
otherwise it is an artefact of the small box (with the first index where the larger box differs).
For two coordinates the partner of ``a`` is itself such a sequence (nothing else is fixed).

Example (found from the game alone; issue 21): triangular k = 2 (seed 003 Section 8, Example 8.7,
"no generic formula"): for each (x, y) at most one z makes (x, y, z) a P-position, and z - x is
ultimately periodic in x with a pre-period and period that depend on y.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from .periodic import analyse
from .stability import MIN_PERIODS


def partner_counts(grundy: np.ndarray, c: int) -> np.ndarray:
    """Number of P-positions along axis ``c`` for every choice of the other coordinates."""
    return (grundy == 0).sum(axis=c)


def partner_seq(grundy: np.ndarray, c: int, a: int, fixed: dict) -> tuple:
    """``(n1, [partner(n) for n = n1, n1 + 1, ...])`` along index coordinate ``a`` (other
    coordinates as in ``fixed``: index -> value): from the first n with a partner in the box,
    stopping at the first n after it without exactly one (its partner may lie beyond the bound)."""
    out, first = [], None
    for n in range(grundy.shape[a]):
        sl = [fixed.get(i, slice(None)) for i in range(grundy.ndim)]
        sl[a] = n
        z = np.flatnonzero(grundy[tuple(sl)] == 0)
        if len(z) != 1:
            if first is None:
                continue
            break
        first = n if first is None else first
        out.append(int(z[0]))
    return (first or 0), out


@dataclass
class PartnerLine:
    """One analysed partner sequence; ``start`` is n0 (the relation holds from index n0),
    ``periods`` the number of full periods observed from n0."""

    c: int
    a: int
    fixed: dict
    first: int     # the first index with a partner
    length: int    # indices first..first + length - 1 observed
    start: int
    period: int
    saltus: int

    @property
    def periods(self) -> int:
        return (self.first + self.length - self.start) // self.period

    def text(self, names) -> str:
        fx = ", ".join(f"{names[i]} = {v}" for i, v in sorted(self.fixed.items()))
        c, a = names[self.c], names[self.a]
        head = f"{'for ' + fx + ': ' if fx else ''}"
        if self.saltus == self.period:
            what = f"the gap {c} - {a} is ultimately periodic in {a}"
        elif self.saltus:
            what = f"the partner {c}({a}) is ultimately arithmetic-periodic (saltus {self.saltus})"
        else:
            what = f"the partner {c}({a}) is ultimately periodic"
        return (f"{head}{what} from {a} = {self.start} (pre-period {self.start - self.first}), period {self.period}, "
                f"{self.periods} full periods observed ({a} = {self.first}..{self.first + self.length - 1})")

    def condition(self, names, seq) -> str:
        """The claim condition stating this line (issue 48.9), ``seq`` its partner sequence from
        index ``first``: on the line (the fixed coordinates, index ``a >= start``) a position is a
        P-position iff ``c`` is the partner, ``partner(a) = h[(a - start) % period] + saltus *
        floor((a - start) / period)`` with ``h`` the partners of the first period."""
        c, a, p = names[self.c], names[self.a], self.period
        h = [seq[self.start - self.first + i] for i in range(p)]
        n = a if self.start == 0 else f"({a} - {self.start})"
        value = str(h[0])
        if p > 1:
            value = " else ".join(f"if {n} % {p} == {i} then {h[i]}" for i in range(p - 1)) + f" else {h[p - 1]}"
            value = f"({value})"
        if self.saltus and p == 1:   # floor(n / 1) = n
            step = n if self.saltus == 1 else f"{self.saltus} * {n}"
            value = step if h[0] == 0 else f"{step} + {h[0]}"
        elif self.saltus:
            value += f" + {self.saltus} * floor({n} / {p})"
        on = [f"{names[i]} == {v}" for i, v in sorted(self.fixed.items())] + [f"{a} >= {self.start}"]
        return f"not ({' and '.join(on)}) or (P iff {c} == {value})"

    def to_dict(self, names) -> dict:
        return {"partner": names[self.c], "index": names[self.a],
                "fixed": {names[i]: v for i, v in self.fixed.items()},
                "observed": [self.first, self.first + self.length - 1],
                "preperiod": self.start, "period": self.period, "saltus": self.saltus,
                "full_periods": self.periods, "text": self.text(names)}


def analyse_partner(grundy, c, a, fixed):
    first, seq = partner_seq(grundy, c, a, fixed)
    if len(seq) < 4:
        return first, seq, None
    res = analyse(np.array(seq, dtype=np.int64), first)
    if res is None:
        return first, seq, None
    n0, p, s = res
    return first, seq, PartnerLine(c, a, dict(fixed), first, len(seq), n0, p, s)


def unique_partner(grundy, c) -> bool:
    """Every choice of the other coordinates has at most one partner on the box."""
    return bool((partner_counts(grundy, c) <= 1).all())


def structure(small, big, names, fix_max: int = 4, max_lines: int = 12) -> dict:
    """Partner functions of the search box ``small`` (grundy array) re-checked on ``big`` (or
    None): ``{"unique": [...], "lines": [...], "artefacts": [...], "tables": {...}}``."""
    d = small.ndim
    out = {"unique": [], "lines": [], "artefacts": [], "tables": {}, "unconfirmed": 0}
    for c in range(d):
        if not unique_partner(small, c):
            continue
        others = ", ".join(names[i] for i in range(d) if i != c)
        big_ok = big is None or unique_partner(big, c)
        out["unique"].append({"partner": names[c], "holds_on_recheck": big_ok if big is not None else None,
                              "text": f"for each ({others}) at most one {names[c]} gives a P-position"})
        if not big_ok:
            continue
        for a in range(d):
            if a == c:
                continue
            rest = [i for i in range(d) if i not in (a, c)]
            for vals in itertools.product(*[range(min(fix_max, small.shape[i] - 1) + 1) for i in rest]):
                fixed = dict(zip(rest, vals))
                _line(out, small, big, c, a, fixed, names)
                if len(out["lines"]) + len(out["artefacts"]) >= max_lines:
                    return out
    return out


def _line(out, small, big, c, a, fixed, names):
    first, seq, ln = analyse_partner(small, c, a, fixed)
    key = f"{names[c]}({names[a]}" + "".join(f", {names[i]}={v}" for i, v in sorted(fixed.items())) + ")"
    if seq:
        out["tables"][key] = (first, seq)
    if ln is None or ln.periods < MIN_PERIODS:
        return
    if big is None:
        out["unconfirmed"] += 1
        return
    bfirst, bseq, bl = analyse_partner(big, c, a, fixed)
    same = bl is not None and (bl.first, bl.start, bl.period, bl.saltus) == (ln.first, ln.start, ln.period, ln.saltus)
    if same and bl.length > ln.length:
        out["lines"].append(dict(bl.to_dict(names), search_observed=[ln.first, ln.first + ln.length - 1],
                                 condition=bl.condition(names, bseq)))
        return
    j0 = ln.start - bfirst
    n = next((i for i in range(max(j0, 0), len(bseq) - ln.period)
              if bseq[i + ln.period] != bseq[i] + ln.saltus), None)
    if n is None:            # nothing contradicts it, but the larger box does not extend it
        out["unconfirmed"] += 1
        return
    out["artefacts"].append({"text": ln.text(names), "why": (
        f"fails on the re-check box at {names[a]} = {bfirst + n}: partner {bseq[n]}, and "
        f"{bseq[n + ln.period]} at {names[a]} = {bfirst + n + ln.period} (expected {bseq[n] + ln.saltus})")})
