"""``discover`` for take-and-break games (issue 49): the nim sequence's period (smallest period,
then least preperiod) with what the octal periodicity theorem needs to prove it, and, with
``--prove``, the theorem's verdict (:mod:`cgs_bridge.jobs.prove_octal`).

Misère values of single heaps explore sums of heaps (:mod:`solvers.heaps`): beyond the heaps that
fits, the ``misere`` family is left out with a note rather than refusing the whole search."""

from __future__ import annotations


def families_for(ruleset, box, families) -> tuple:
    """``(families, notes)``: ``misere`` dropped (and said) when the box is beyond the misère
    exploration's limit (unchanged for a game that is not take-and-break)."""
    from solvers.heaps import MISERE_SUMS, sums_bound
    if getattr(ruleset, "takebreak", None) is None:
        return families, []
    N = int(box.upper[0])
    if "misere" not in families or sums_bound(N, MISERE_SUMS) >= N:
        return tuple(families), []
    fits = sums_bound(N, MISERE_SUMS)
    return (tuple(f for f in families if f != "misere"),
            [f"misère values of single heaps explore sums of heaps: heaps up to {fits} fit, this box "
             f"reaches {N}, so the misere family was not searched"])


def period_notes(solution) -> list:
    """What the octal periodicity theorem says about the solved sequence (one note; none for a game
    that is not take-and-break)."""
    from solvers.periodicity import find_period, needed, theorem_applies
    code = getattr(solution.ruleset, "takebreak", None)
    if code is None:
        return []
    why = theorem_applies(code)
    if why:
        return [f"periodicity: {why}"]
    g = solution.grundy
    found = find_period(g, code.max_removed)
    if found is None:
        return [f"periodicity: no period seen in heaps 0..{len(g) - 1}"]
    e, p, t = found.preperiod, found.period, found.t
    head = f"periodicity: g(n + {p}) = g(n) for {e} <= n <= {len(g) - 1 - p}"
    if found.proved:
        return [f"{head}; the octal periodicity theorem (check to 2e + p + t = {found.bound}) makes it "
                f"hold for every n: `cgs-bridge prove {solution.ruleset.name}` states the proof"]
    return [f"{head}; the octal periodicity theorem needs heaps up to 2e + 2p + t = {needed(e, p, t)} "
            f"to prove it (`cgs-bridge prove {solution.ruleset.name}` solves that far)"]


def period_proofs(ruleset) -> list:
    """The theorem's verdict as the first rows of ``Discovery.proofs`` (none for another game)."""
    return [period_proof(ruleset)] if getattr(ruleset, "takebreak", None) is not None else []


def period_proof(ruleset) -> dict:
    """The theorem's verdict as a row of ``Discovery.proofs``."""
    from cgs_bridge.jobs.prove_octal import prove_periodic
    row = prove_periodic(ruleset, [])[0]
    proved = row["verdict"] == "PROVED"    # reason: "g(n + p) = g(n) for every n >= e: ...; checked for ..."
    reason = row.get("reason", "")
    condition = reason.split(":")[0] if proved else "the nim sequence is periodic"
    checked = reason[reason.index("checked"):].split(" (")[0] if proved else ""
    return {"source": "periodicity", "condition": condition, "params": {},
            "verdict": row["verdict"], "provers": "+".join(row["provers"]), "seconds": round(row["seconds"], 3),
            "sentences": [checked] if checked else [], "reason": reason, "position": None, "obligation": ""}
