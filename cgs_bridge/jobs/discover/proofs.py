"""``discover --prove`` (issue 33, item 5): findings that end in theorems.

Every stable finding of a discovery (a formula that held on the search box and on the larger
re-check box, and every parameter class of a sweep at each value it was re-checked at) is sent to
the prover (:mod:`cgs_bridge.jobs.prove`: the claim is translated into the proof language by
:mod:`solvers.logic.translate` and decided for **all** positions). Each gets a verdict:

- PROVED: a theorem for these parameter values (with the sentences decided and the prover's time);
- REFUTED: an artefact of the boxes after all, with the smallest position where it fails;
- NOT EXPRESSIBLE: outside the decidable fragment (evidence only, as without ``--prove``);
- ENGINE ERROR: the prover failed or the provers disagreed (never a verdict).

Nothing is proved beyond the parameter values listed: a class ``k % 4 == 1`` is proved at each
swept value of the class, not for every k.
"""

from __future__ import annotations


def findings(rep, ruleset) -> list:
    """``[(source, condition, params)]``: what :func:`prove_findings` sends to the prover, in
    report order: the formulas found at the report's parameters (formulas, region formulas, the
    periodic rows and columns that have a claim line), then each sweep class at each
    value it holds for (``params``: parameter name -> value, only the swept one for a class)."""
    out = [("formula", f.condition, {}) for f in rep.formulas]
    out += [("region", f.condition, {}) for f in rep.regions]
    # rows and columns of the Grundy table with a claim line of their own (issue 48.9)
    out += [("row or column", ln["condition"], {}) for ln in rep.lines
            if ln.get("claim") and ln.get("condition")]
    # periodic partner sequences (a gap periodic in an index) with their claim lines
    out += [("partner", ln["condition"], {}) for ln in (rep.partners or {}).get("lines", [])
            if ln.get("claim") and ln.get("condition")]
    # the per-slice formulas, one claim per value of the slice (never skipped silently)
    out += [("slice", cond, {}) for sl in rep.slices for cond in sl.get("conditions", [])]
    sweep = rep.sweep or {}
    for c in sweep.get("classes", []):
        out += [("sweep class" + (f" {c['when']}" if c.get("when") else ""), c["condition"],
                 {sweep["param"]: v}) for v in c["holds_for"]]
    return out


def prove_findings(rep, ruleset, *, prover=None, timeout=None, memory=None, **options) -> list:
    """Decide every finding of ``rep`` (a :class:`~cgs_bridge.jobs.discover.report.Discovery` of
    ``ruleset``) for all positions; returns one dict per finding: ``source``, ``condition``,
    ``params`` (every parameter value it was decided at), ``verdict`` (PROVED, REFUTED, NOT
    EXPRESSIBLE, NOT APPLICABLE, ENGINE ERROR), ``provers``, ``seconds``, ``sentences`` (the
    obligations decided), ``reason``, ``position`` and ``obligation`` (REFUTED: the smallest
    counterexample and the failing sentence). ``options``: the provers' options
    (:data:`cgs_bridge.systems.registry.PROVER_OPTIONS`).

    Raises:
        InputError: an unknown prover name; EngineError: the prover named is not available.
    """
    from cgs_bridge.jobs.prove import choose_provers
    provers = choose_provers(prover, options)
    return [_prove_one(ruleset, source, condition, params, provers, timeout, memory, options)
            for source, condition, params in findings(rep, ruleset)]


def _prove_one(ruleset, source, condition, params, provers, timeout, memory, options) -> dict:
    from cgs_bridge.jobs.checking import with_claims
    from cgs_bridge.jobs.prove import prove_translations
    from cgs_bridge.model.game import Ruleset
    from solvers.logic.translate import translate_claims
    values = {**ruleset.params, **params}
    bound = Ruleset(with_claims(ruleset.checked, [condition], keep=False, prefix=""), values)
    rows = prove_translations(bound, translate_claims(bound), provers, timeout=timeout, memory=memory,
                              **options).rows
    row = next(r for r in rows if r.claim is not None)   # a take-and-break game's rows start with its period
    problem = row.problem
    return {"source": source, "condition": condition,
            "params": {k: v for k, v in bound.params.items() if isinstance(v, int)},
            "verdict": row.verdict, "provers": "+".join(row.provers), "seconds": round(row.seconds, 3),
            "sentences": [o.name for o in problem.obligations] if problem is not None else [],
            "reason": row.reason, "position": list(row.position) if row.position else None,
            "obligation": row.obligation}


def proofs_text(proofs: list) -> list:
    """The report lines of ``proofs`` (:func:`prove_findings`)."""
    if not proofs:
        return []
    out = ["", "Proofs (each finding decided for every position at the parameter values shown; "
               "nothing is proved at other values):"]
    for p in proofs:
        at = ", ".join(f"{k} = {v}" for k, v in p["params"].items())
        head = f"  {p['verdict']:<16} {p['condition']}" + (f"  [{at}]" if at else "")
        out.append(head)
        if p["verdict"] == "PROVED":
            out.append(f"      a theorem: {p['provers']}, {p['seconds']:.1f} s, sentences "
                       f"{', '.join(p['sentences'])}")
        elif p["verdict"] == "REFUTED":
            pos = tuple(p["position"]) if p["position"] else "?"
            out.append(f"      an artefact of the boxes: fails first at {pos}; failing sentence "
                       f"{p['obligation']}")
        elif p["reason"]:
            out.append(f"      {p['reason']}" + ("" if p["verdict"] != "NOT EXPRESSIBLE"
                                                  else " (evidence only)"))
    return out
