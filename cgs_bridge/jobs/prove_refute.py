"""The counterexample of a refuted claim, confirmed by the solver (issue 32).

A prover's witness of a failing obligation is a position ``w`` (the obligation's free variables
are the coordinates). Moves never raise a coordinate (the solver's rule check), so the box
``0 <= p <= w`` is closed under options, and a set S that fails "no move from S to S" or "from
every position outside S a move reaches S" at ``w`` cannot be the set of P-positions of that box
(likewise for Grundy claims): the solver (:func:`solvers.solve`) finds there the smallest
position, by coordinate sum and then lexicographically, where the claim is false. No such
position means the prover and the solver disagree: an engine error, never a verdict.
"""

from __future__ import annotations

from cgs_bridge.foundation.errors import EngineError
from cgs_bridge.language import ast as A
from cgs_bridge.model.box import Box
from cgs_bridge.model.game import claim_uses_misere


def witness_box(coords: tuple, witness) -> Box:
    """The box the witness bounds: per coordinate when it is a position, else its largest value
    for every coordinate."""
    if witness is None:
        return Box(tuple(coords), tuple(0 for _ in coords))
    upper = tuple(witness) if len(witness) == len(coords) else tuple(max(witness) for _ in coords)
    return Box(tuple(coords), upper)


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


def claim_value(ruleset, claim, p, g, m) -> str:
    """What the claim says at a failing position: the outcome for a P-claim (the opposite of the
    true one there), the value of ``E`` for ``grundy == E`` / ``misere == E``, else ``false``."""
    e = claim.expr
    if isinstance(e, A.Compare) and e.ops == ("==",) and len(e.operands) == 2:
        names = [o.id if isinstance(o, A.Name) else None for o in e.operands]
        for side, other in ((0, 1), (1, 0)):
            if names[side] in ("grundy", "misere"):
                value = _value(ruleset, e.operands[other], p)
                if value is not None:
                    return f"{names[side]} = {value}"
    if any(isinstance(n, A.Name) and n.id in ("P", "N") for n in A.walk(e)):
        return "N-position" if g == 0 else "P-position"
    return "false"


def _value(ruleset, expr, p):
    """``expr`` at ``p`` by the reference evaluator, or None when it needs more than the
    position and the parameters."""
    probe = A.Claim("value", A.Compare(("==",), (expr, A.Name("grundy"))))
    holds, _ = ruleset.compile_claim(probe)
    for v in range(0, 4096):
        try:
            if holds(p, v, None):
                return v
        except Exception:  # noqa: BLE001  (a value outside 0..4095 or not a number: say nothing)
            return None
    return None


def refute(ruleset, row) -> None:
    """Fill ``row`` (a :class:`cgs_bridge.jobs.prove.ClaimProof` whose obligation failed with
    ``row.witness``): verdict REFUTED, the smallest failing position, the claim's value and the
    true value there.

    Raises:
        EngineError: the solver finds no failing position in the witness's box (the prover and
            the solver disagree).
        CgsBridgeError: from the solve (box too large, rule error).
    """
    from solvers import solve
    box = witness_box(ruleset.coords, row.witness)
    sol = solve(ruleset, box, misere=claim_uses_misere(row.claim), output="check")
    found = smallest_failure(sol, row.claim)
    if found is None:
        raise EngineError(f"the prover refutes {row.name!r} ({row.obligation} fails at "
                          f"{row.witness}) but the solver finds the claim true on the box {box}; "
                          "no verdict")
    p, g, m = found
    row.move = failing_move(sol, row)
    row.verdict = "REFUTED"
    row.position = p
    row.claim_value = claim_value(ruleset, row.claim, p, g, m)
    true = f"grundy = {g} ({'P' if g == 0 else 'N'}-position)"
    row.true_value = true + (f", misere = {m}" if m is not None else "")


def failing_move(solution, row) -> str:
    """For a P-claim whose sentence ``closed`` or ``reach`` fails at the witness: the move from S
    to S (an option of the witness that the claim also calls P), or the missing move (no option
    the claim calls P); "" otherwise. S is read from the claim: at a position with true Grundy
    value g the claim calls it P iff (the claim holds) == (g == 0)."""
    w, name = row.witness, row.obligation.split(":")[0]
    if w is None or name not in ("closed", "reach") or solution.grundy[tuple(w)] < 0:
        return ""
    holds, _ = solution.ruleset.compile_claim(row.claim)
    in_s = [q for q, g in solution.options(w) if holds(q, g, None) == (g == 0)]
    if name == "closed" and in_s:
        return f"the move {w} -> {in_s[0]} leads from S to S"
    if name == "reach" and not in_s:
        return f"no move from {w} (outside S) reaches S"
    return ""
