"""The counterexample of a refuted claim, and its confirmation by the solver (issues 32, 50).

The counterexample is the least position where the claim is false, by coordinate sum and then
lexicographically. It is found one of three ways:

- the box check (:mod:`.prove_box`): the solver's least failing position of a small box, when
  its coordinate sum is at most the box's side (then it is the least anywhere);
- the box below the provers' witness ``w`` of a failing obligation: the claim fails at a position
  of coordinate sum at most ``sum(w)``, and the box of that side holds every such position;
- the provers, when that box is too large: the sentence ``smallest``
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

from .prove_box import smallest_failure
from .prove_decide import Disagreement
from .prove_reading import Reading, claim_value


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


#: The largest box (points) solved to find the least failing position below the provers' witness.
WITNESS_BOX = 1_000_000


def _on_witness_box(ruleset, row, kind, memory) -> bool:
    """The least failing position from the solver, when the box of side ``s`` = the coordinate
    sum of the provers' witness ``w`` is small: ``w`` fails an obligation, so the claim fails at
    ``w`` or at one of its options (were it right at all of them, the obligation would hold at
    ``w``), a position of coordinate sum at most ``s``, and every such position lies in the box.
    True when ``row`` is filled.

    Raises:
        Disagreement: the solver finds no failing position of sum at most ``s`` there.
    """
    from .prove_box import solve_side
    w = row.witness
    if w is None or len(w) != len(ruleset.coords):
        return False
    side = sum(w)
    sol, _ = solve_side(ruleset, side, claim_uses_misere(row.claim), "auto", WITNESS_BOX, memory)
    if sol is None:
        return False
    found = smallest_failure(sol, row.claim)
    if found is None or sum(found[0]) > side:
        raise Disagreement(f"the provers refute {row.name!r} ({row.obligation} fails at {w}) but the "
                           f"solver finds the claim true at every position of coordinate sum at most "
                           f"{side}; no verdict")
    p, g, m = found
    failed = row.obligation
    _fill(ruleset, row, kind, p, g, m, ruleset.option_set(p))
    row.confirmation = (f"found by the solver on the box 0..{side}: the provers' witness {tuple(w)} fails "
                        f"{failed.split(':')[0]}, so the claim fails at a position of coordinate sum at "
                        f"most {side}, and every such position lies in this box")
    return True


def _reached_counterexample(ruleset, row, kind, limits, why: str) -> bool:
    """When ``smallest`` could not be decided: the least failing position among the provers'
    witness and the positions its moves reach, by the solver's exact values (a counterexample,
    not shown to be the smallest). True when ``row`` is filled; False when the recursion passes
    its bounds.

    Raises:
        Disagreement: the claim holds at every position reached (the provers' witness fails an
            obligation, so it cannot)."""
    from solvers.recursion import Recursion, RecursionLimit
    rec = Recursion(ruleset, claim_uses_misere(row.claim),
                    deadline=time.monotonic() + min(limits.get("timeout") or 10.0, 10.0))
    try:
        rec.value(row.witness)
    except RecursionLimit:
        return False
    reading = Reading(ruleset, row.claim, kind)
    bad = sorted((sum(q), q) for q, (g, m) in rec.values.items() if reading.fails(q, g, m))
    if not bad:
        raise Disagreement(f"the provers refute {row.name!r} ({row.obligation} fails at {row.witness}) but "
                           "the solver finds the claim true there and at every position reached from it")
    q = bad[0][1]
    g, m = rec.values[q]
    _fill(ruleset, row, kind, q, g, m, ruleset.option_set(q))
    row.obligation, row.move, row.least = "", "", False
    row.confirmation = (f"found by the solver among the provers' witness {tuple(row.witness)} and the "
                        f"positions its moves reach; not shown to be the smallest counterexample (the "
                        f"sentence smallest was not decided: {why})")
    return True


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
    if _on_witness_box(ruleset, row, kind, limits.get("memory")):
        return
    names = [o.name for o in row.problem.obligations if o.free and o.name not in SIDE_CONDITIONS]
    decided = run(smallest_problem(row.problem, names), "smallest")
    for name, t in decided.times.items():
        row.times[name] = row.times.get(name, 0.0) + t
    if not decided.decisions:
        why = decided.failures()
        if _reached_counterexample(ruleset, row, kind, limits, why):
            return
        raise EngineError(f"the provers refute {row.name!r} ({row.obligation} fails at {row.witness}) but "
                          f"could not decide its smallest counterexample: {why}")
    row.errors.update({f"{p} (smallest)": e for p, e in decided.errors.items()})
    (d,) = decided.agreed()
    if d.holds or d.witness is None:
        raise Disagreement(f"the provers refute {row.name!r} ({row.obligation} fails at {row.witness}) but "
                          "find no smallest failing position; no verdict")
    row.witness = d.witness
    confirm(ruleset, row, kind, d.witness, limits.get("timeout"), limits.get("memory"))


__all__ = ["smallest_failure", "refute", "refute_from_box", "confirm", "claim_value"]
