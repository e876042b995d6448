"""``prove`` for take-and-break games (issue 49): the nim sequence proved periodic by the octal
periodicity theorem (:mod:`solvers.periodicity`), and the game's claims decided from it.

:func:`prove_periodic` solves the heaps ``0..N`` for ``N = 2048, 8192, ...`` up to ``max_heap``
(the fast kernels), finds the smallest period ``p`` and its least preperiod ``e`` and stops as soon
as the computed heaps reach ``2e + 2p + t``, where the theorem's hypothesis is checked in full.
Rows of the :class:`~cgs_bridge.jobs.prove.ProveResult`:

- ``periodicity``: PROVED (``g(n + p) = g(n)`` for every ``n >= e``, with the bound used), or NOT
  EXPRESSIBLE with the reason: not yet periodic up to ``N`` (undecided, exit 2), or a code the
  theorem does not cover (Grundy's game, a repeating or hexadecimal code, a modifier);
- each claim: with the period proved, PROVED when it holds on every heap up to ``max(T, e) + L``
  (its value depends only on ``n mod L`` from heap ``max(T, e)`` on, ``L = lcm(M, p)``:
  :class:`solvers.periodicity.EventualPeriod`), REFUTED at the smallest heap where it fails (read
  from the solved sequence, or from the proved period beyond it), NOT EXPRESSIBLE when the heap
  enters it otherwise (or it reads misère values), NOT APPLICABLE when its ``when`` is false.
  Without a proved period a claim that fails on the computed heaps is still REFUTED there.
"""

from __future__ import annotations

import math
import time

from cgs_bridge.foundation.errors import CgsBridgeError

#: The verdicts of :mod:`cgs_bridge.jobs.prove` (its rows are built there from the dicts here).
PROVED, REFUTED, NOT_APPLICABLE, NOT_EXPRESSIBLE = "PROVED", "REFUTED", "NOT APPLICABLE", "NOT EXPRESSIBLE"

#: Heaps solved at most while looking for a period.
MAX_HEAP = 1 << 20
THEOREM = "octal periodicity theorem"
#: Sums of heaps explored for the misère values a claim reads (heaps 0..32 of Kayles, about a second).
MISERE_SUMS = 50_000
#: Most options the Python reference reads for a code the theorem does not cover (a few seconds).
REFERENCE_WORK = 10 ** 7
#: Most heaps a claim is evaluated on (its threshold plus one period; about five seconds).
MAX_CLAIM_HEAPS = 1 << 22
SOURCE = "Guy and Smith 1956; Winning Ways ch. 4"


def prove_periodic(ruleset, claims, max_heap: int = MAX_HEAP) -> list:
    """The periodicity proof of a take-and-break ``ruleset`` and its ``claims`` (see the module): one
    dict per row, the fields of :class:`cgs_bridge.jobs.prove.ClaimProof`.

    Raises:
        CgsBridgeError: from the solver (a box beyond memory).
    """
    from solvers import solve
    from solvers.box import Box
    from solvers.periodicity import find_period, theorem_applies
    code = ruleset.takebreak
    t0 = time.monotonic()
    why = theorem_applies(code)
    N, found, g = min(2048, max_heap), None, None
    if why:     # no period to find: the claims are read on the heaps the reference solves quickly
        N = _reference_heaps(code, N)
    while True:
        sol = solve(ruleset, Box(tuple(ruleset.coords), (N,)), method="fast", max_work=0)
        g = sol.grundy
        found = None if why else find_period(g, code.max_removed)
        if found is not None and found.proved or N >= max_heap or why:
            break
        N = min(max_heap, N * 4)
    row = _period_row(found, why, N, code, time.monotonic() - t0)
    return [row] + [_claim_row(ruleset, cl, g, found if row["verdict"] == PROVED else None) for cl in claims]


def _reference_heaps(code, N: int) -> int:
    """``N``, halved while the Python reference would read more than :data:`REFERENCE_WORK` options
    (a code leaving any number of heaps ran for minutes at 2048 heaps, with no limit)."""
    from solvers.heaps import choose, work
    while N > 16 and choose(code, "fast", N + 1) == "reference" and work(code, "reference", N) > REFERENCE_WORK:
        N //= 2
    return N


def _period_row(found, why, N, code, seconds) -> dict:
    row = {"name": "periodicity", "verdict": NOT_EXPRESSIBLE, "kind": "grundy", "provers": (THEOREM,),
           "seconds": seconds}
    if why:
        row["reason"] = f"{why}; its sequence was not proved periodic"
    elif found is None or not found.proved:
        seen = (f"; the last heaps repeat with period {found.period} from heap {found.preperiod}, which "
                f"the theorem would prove with heaps up to {2 * found.preperiod + 2 * found.period + found.t}"
                if found is not None else "")
        row["reason"] = f"undecided: not yet periodic up to heap {N} (code {code.text}){seen}"
    else:
        e, p, t = found.preperiod, found.period, found.t
        row["verdict"] = PROVED
        row["reason"] = (f"g(n + {p}) = g(n) for every n >= {e}: period {p}, preperiod {e}; checked for "
                      f"{e} <= n <= 2e + p + t = {found.bound} (t = {t}, heaps 0..{N} solved), so it holds "
                      f"for every n ({THEOREM}: {SOURCE})")
    return row


def _claim_row(ruleset, claim, g, period) -> dict:
    """One claim decided on the sequence ``g`` (and the proved ``period``, or None)."""
    from solvers.periodicity import NotPeriodic, claim_period, value_at
    row = {"name": claim.name, "verdict": NOT_EXPRESSIBLE, "kind": "grundy", "provers": (THEOREM,),
           "claim": claim}
    try:
        holds, applies = ruleset.compile_claim(claim)
        if not applies():
            row.update(verdict=NOT_APPLICABLE, reason="its 'when' is false for these parameters")
            return row
        reason = None
        try:
            T, M = claim_period(claim.expr, ruleset.coords[0], _constant(ruleset))
        except NotPeriodic as e:
            T, M, reason = None, None, str(e)
        misere = _misere_values(ruleset, claim, len(g) - 1)
        if period is not None and reason is None:
            L = math.lcm(M, period.period)
            top = max(T, period.preperiod) + L
            if top > MAX_CLAIM_HEAPS:     # checked before the work (10^8 heaps ran for minutes)
                row["reason"] = (f"deciding it from the period reads every heap up to {top - 1:,} (from heap "
                                 f"{max(T, period.preperiod):,} on it depends only on n mod {L}), above the "
                                 f"limit of {MAX_CLAIM_HEAPS:,} heaps")
                return row
            heaps = range(top)
        else:   # a claim reading misère values: only the heaps whose misère value is computed
            heaps = range(len(g) if misere is None else len(misere))
        for n in heaps:
            v = value_at(g, period, n) if period is not None else int(g[n])
            if not holds((n,), v, None if misere is None else int(misere[n])):
                row.update(verdict=REFUTED, position=(n,), claim_value="false", true_value=f"grundy {v}",
                           reason=f"fails at heap {n} (Grundy value {v})")
                return row
    except CgsBridgeError as e:
        row["reason"] = f"the claim cannot be evaluated: {e}"
        return row
    if misere is not None:
        row["reason"] = (f"{reason}: holds on the heaps 0..{len(misere) - 1} (their misère values computed); "
                         "undecided beyond them")
    elif period is None:
        row["reason"] = f"holds on the heaps 0..{len(g) - 1}; undecided beyond them (no period proved)"
    elif reason is not None:
        row["reason"] = f"{reason}: it cannot be decided from the period"
    else:
        row["verdict"] = PROVED
        row["reason"] = (f"from heap {max(T, period.preperiod)} on it depends only on n mod {L} (period "
                      f"{period.period}, claim modulus {M}); holds on every heap up to {top - 1}")
    return row


def _misere_values(ruleset, claim, N: int):
    """The misère values of the heaps ``0..M`` (``M <= N`` as far as :func:`solvers.heaps.sums_bound`
    allows) when ``claim`` reads them, else None (a claim reading them was once evaluated with no
    value and refuted at heap 0 though true there)."""
    from cgs_bridge.model.game import claim_uses_misere
    from solvers.heaps import misere_values, sums_bound
    if not claim_uses_misere(claim):
        return None
    return misere_values(ruleset.takebreak, sums_bound(N, MISERE_SUMS), MISERE_SUMS)


def _constant(ruleset):
    """``constant(expr) -> int``: an expression of the parameters, evaluated."""
    from cgs_bridge.language.evaluate import Compiler

    def constant(expr):
        return Compiler({}, ruleset.int_params, ruleset._functions).compile(expr)([])
    return constant
