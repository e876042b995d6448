"""The counterexample of a refuted claim, and its confirmation by the solver (issues 32, 50).

The counterexample is the least position where the claim is false, by coordinate sum and then
lexicographically. It is found one of two ways:

- the box check (:mod:`.prove_box`): the solver's least failing position of a small box, when
  its coordinate sum is at most the box's side (then it is the least anywhere);
- the provers: when an obligation fails, the sentence ``smallest``
  (:func:`solvers.logic.smallest.smallest_problem`) is false at exactly one position, the least
  one where an obligation fails, which by induction on the coordinate sum is the least one where
  the claim fails. The same provers decide it.

The solver then confirms that position ``w`` by what it needs, never by the box ``0..w``: the
values of ``w`` and of the positions its moves reach, by memoised recursion within bounds
(:class:`solvers.recursion.Recursion`); each reached position has a smaller coordinate sum, so
the claim must hold there and fail at ``w``. When the recursion passes its bounds, ``w``'s options
and their values as the claim states them (right: they have smaller sums, where the provers showed
the claim holds) give ``w``'s true value, and the claim must fail at ``w`` with it. When even the
options of ``w`` are too many to list, the refutation rests on the provers' sentences alone, as a
proof does, and says so. Any contradiction (the claim holds at ``w``, a reached position fails)
means prover and solver disagree: an engine error, never a verdict.
"""

from __future__ import annotations

import time

from cgs_bridge.foundation.errors import CgsBridgeError, EngineError
from cgs_bridge.model.game import claim_uses_misere

from .prove_decide import Disagreement
from .prove_reading import Reading, claim_value


def smallest_failure(solution, claim):
    """``(position, Grundy value, misère value)`` of the smallest position of ``solution``'s box
    (coordinate sum, then lexicographic) where ``claim`` is false, or None."""
    holds, _ = solution.ruleset.compile_claim(claim)
    best = None
    for row in solution.positions():
        p = tuple(int(v) for v in row)
        g = int(solution.grundy[p])
        m = int(solution.misere[p]) if solution.misere is not None else None
        if not holds(p, g, m) and (best is None or (sum(p), p) < (sum(best[0]), best[0])):
            best = (p, g, m)
    return best


def _exact_text(g, m) -> str:
    return f"grundy = {g} ({'P' if g == 0 else 'N'}-position)" + (f", misere = {m}" if m is not None else "")


def _fill(ruleset, row, kind, w, g, m, options, true_text=None) -> None:
    """Row fields of a REFUTED claim at ``w`` with true values ``g``, ``m`` (``g`` None: an
    N-position of unknown value) and the options of ``w``."""
    reading = Reading(ruleset, row.claim, kind)
    row.verdict, row.position = "REFUTED", tuple(w)
    row.claim_value = reading.says(w) if kind else claim_value(ruleset, row.claim, w, g, m)
    row.true_value = true_text or _exact_text(g, m)
    name = reading.obligation(w, options) if kind else ""
    if row.problem is not None:
        ob = next((o for o in row.problem.obligations if o.name == name), None)
        if ob is not None:
            row.obligation = f"{ob.name}: {ob.meaning}" if ob.meaning else ob.name
    row.move = reading.move(w, options) if kind else ""


def refute_from_box(ruleset, row, kind, found, check) -> None:
    """REFUTED from the box check's least failing position ``found`` = ``(p, g, m)``."""
    p, g, m = found
    _fill(ruleset, row, kind, p, g, m, ruleset.option_set(p))
    row.witness = None
    if check is None:
        return
    row.provers = ()
    row.confirmation = (f"found by the solver on the box 0..{check.side} of every coordinate before "
                        f"any automaton was built: every position of coordinate sum <= {check.side} "
                        "lies in it, so this is the smallest counterexample anywhere")


def confirm(ruleset, row, kind, w, timeout=None, memory=None) -> None:
    """Confirm the provers' least failing position ``w`` with the solver and fill ``row``
    (module docstring).

    Raises:
        EngineError: the solver contradicts the provers (the claim holds at ``w``, or fails at a
            position reached from it), or the rules fail at a reached position.
    """
    from solvers.recursion import MAX_POSITIONS, Recursion, RecursionLimit
    misere = claim_uses_misere(row.claim)
    cap = MAX_POSITIONS if memory is None else max(1000, min(MAX_POSITIONS, memory // 2000))
    rec = Recursion(ruleset, misere, max_positions=cap,
                    deadline=time.monotonic() + min(timeout or 10.0, 10.0))
    reading = Reading(ruleset, row.claim, kind)
    try:
        g, m = rec.value(w)
    except RecursionLimit as e:
        _from_options(ruleset, row, kind, reading, rec, w, str(e))
        return
    except CgsBridgeError as e:
        raise Disagreement(f"the provers refute {row.name!r} at {w}, but the solver fails on the positions "
                          f"below it: {e}; no verdict") from None
    _check_fails(row, reading, w, g, m, "its value by the solver")
    for q, (gq, mq) in rec.values.items():
        if q != tuple(w) and reading.fails(q, gq, mq):
            raise Disagreement(f"the provers name {w} as the smallest counterexample of {row.name!r}, but "
                              f"the solver finds the claim false at {q}, of smaller coordinate sum; no verdict")
    _fill(ruleset, row, kind, w, g, m, rec.options[tuple(w)])
    reached = len(rec.values) - 1
    row.confirmation = (f"confirmed by the solver: the values of {w} and of the {reached:,} positions its "
                        "moves reach (the claim holds at each of them)" if reached else
                        f"confirmed by the solver: {w} has no option")


def _from_options(ruleset, row, kind, reading, rec, w, why: str) -> None:
    """The recursion passed its bounds: ``w``'s true value from its options' claimed values."""
    from solvers.recursion import RecursionLimit
    try:
        opts = rec.option_list(w)
        g, m, text = reading.from_options(w, opts)
    except RecursionLimit as e:
        _fill_unconfirmed(row, reading, w, str(e))
        return
    except CgsBridgeError as e:
        raise EngineError(f"the provers refute {row.name!r} at {w}, but the solver cannot list its "
                          f"options and their claimed values: {e}; no verdict") from None
    _check_fails(row, reading, w, g, m, "from its options' values as the claim states them")
    _fill(ruleset, row, kind, w, g, m, opts, text)
    row.confirmation = (f"confirmed by the solver from the options of {w} and their values as the claim "
                        "states them (each has a smaller coordinate sum, where the provers showed the "
                        f"claim holds); the full recursion was not run: {why}")


def _check_fails(row, reading, w, g, m, how) -> None:
    if not reading.fails(w, g, m):
        raise Disagreement(f"the provers refute {row.name!r} ({row.obligation or 'an obligation'} fails) "
                          f"with smallest counterexample {w}, but the solver finds the claim true there "
                          f"({how}); no verdict")


def _fill_unconfirmed(row, reading, w, why: str) -> None:
    row.verdict, row.position = "REFUTED", tuple(w)
    row.claim_value = reading.says(w) if reading.kind else ""
    row.true_value = "not computed"
    row.confirmation = (f"not confirmed by the solver ({why}): the refutation rests on the provers' "
                        "sentences alone, as a proof does")


def refute(ruleset, row, kind, run, limits) -> None:
    """Fill ``row`` (a :class:`cgs_bridge.jobs.prove.ClaimProof` whose claim obligation failed):
    the provers decide the sentence ``smallest`` (``run(problem, tag)`` -> a
    :class:`.prove_decide.Decided`), then :func:`confirm`.

    Raises:
        EngineError: the provers disagree or could not decide ``smallest``; the solver
            contradicts them.
    """
    from solvers.logic.smallest import smallest_problem

    from .prove_decide import SIDE_CONDITIONS
    names = [o.name for o in row.problem.obligations if o.free and o.name not in SIDE_CONDITIONS]
    decided = run(smallest_problem(row.problem, names), "smallest")
    for name, t in decided.times.items():
        row.times[name] = row.times.get(name, 0.0) + t
    if not decided.decisions:
        raise EngineError(f"the provers refute {row.name!r} ({row.obligation} fails at {row.witness}) but "
                          "could not decide its smallest counterexample: "
                          + "; ".join(f"{p}: {e}" for p, e in decided.errors.items()))
    row.errors.update({f"{p} (smallest)": e for p, e in decided.errors.items()})
    (d,) = decided.agreed()
    if d.holds or d.witness is None:
        raise Disagreement(f"the provers refute {row.name!r} ({row.obligation} fails at {row.witness}) but "
                          "find no smallest failing position; no verdict")
    row.witness = d.witness
    confirm(ruleset, row, kind, d.witness, limits.get("timeout"), limits.get("memory"))


__all__ = ["smallest_failure", "refute", "refute_from_box", "confirm", "claim_value"]
