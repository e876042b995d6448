"""The text report of ``discover`` (:class:`cgs_bridge.jobs.discover.report.Discovery`), the
``"report"`` renderer of :mod:`cgs_bridge.presentation.results`."""

from __future__ import annotations

from cgs_bridge.foundation.results import position_text


def discovery_report(d) -> str:
    """The text report of a :class:`~cgs_bridge.jobs.discover.report.Discovery` (``cgs-bridge
    discover``): formulas with their claim lines, near misses, regions, slices, rows and columns,
    structure, artefacts, sweep classes, what was withheld, and the boxes and parameters."""
    out = [f"discover: {d.game} on box {d.box}: {d.positions:,} valid positions, "
           f"{d.p_positions:,} P-positions",
           "searched: " + "; ".join(d.searched)]
    if d.recheck_box:
        out.append(f"re-check box: {d.recheck_box} (every finding below also holds there; "
                   f"{_evidence(d.evidence)})")
    out.append("")
    out += _formulas_text(d)
    if d.near_misses:
        out += ["", "Near misses (failures / positions; first failing positions with their Grundy values):"]
        for m in d.near_misses:
            first = ", ".join(f"{position_text(e['position'])} g={e['grundy']}" for e in m.first)
            out.append(f"  {m.condition}: fails at {m.failures:,} of {m.checked:,}; first: {first}")
    if d.regions:
        out += ["", "Grundy formulas on a region:"]
        for f in d.regions:
            out += [f"  {f.reads}   [{f.region_size:,} positions of the search box]", f"    {f.claim}"]
    for sl in d.slices:
        out += ["", f"Per-slice constants: {sl['text']}:",
                "  c = " + ", ".join(f"{v}: {c}" for v, c in sl["table"].items())]
        out += [f"    {c}" for c in sl["claims"][:6]]
        if len(sl["claims"]) > 6:
            out.append(f"    ... {len(sl['claims']) - 6} more claim lines (--json lists them)")
    if d.lines:
        out += ["", "Rows and columns of the Grundy table (re-checked position by position on both boxes):"]
        for ln in d.lines:
            out.append(f"  {ln['text']}")
            if ln.get("claim"):
                out.append(f"    {ln['claim']}")
            elif ln.get("same_as"):
                out.append(f"    (stated by the formula above: {ln['same_as']})")
            elif ln.get("claim_failed"):
                out.append(f"    (no claim line: the claim checker rejects {ln['claim_failed']})")
    out += _structure_text(d)
    if d.artefacts:
        out += ["", "Artefacts of the small box (hold on the search box, fail on the larger re-check box; "
                    "NOT findings):"]
        out += [f"  {a.text()}" for a in d.artefacts]
    if d.differences:
        from cgs_bridge.jobs.discover.differences import text as diff_text
        out += diff_text(d.differences)
    if d.sweep:
        out += ["", sweep_text(d.sweep)]
    out += _proofs_text(d)
    if d.withheld:
        out += ["", "Not reported (below the least evidence):"] + [f"  {w}" for w in d.withheld]
    if d.bfiles:
        out += ["", "b-files written:"] + [f"  {p}" for p in d.bfiles]
    if d.notes:
        out += ["", "Notes:"] + [f"  {n}" for n in d.notes]
    out += ["", f"Found on box {d.box} (re-checked on {d.recheck_box or 'no larger box'}) with "
                f"{_params(d.params)}; nothing is claimed beyond them.",
            "time: " + ", ".join(f"{k} {v:.2f} s" for k, v in d.seconds.items())]
    return "\n".join(out) + "\n"


def _formulas_text(d) -> list:
    if not d.formulas:
        return ["No formula of the searched families holds on every valid position of both boxes."]
    out = ["Formulas that hold on every valid position of the search box and of the re-check box "
           "(re-checked by the claim checker), simplest first; paste a line into the game block:"]
    for f in d.formulas:
        out += [f"  {f.reads or f.condition}", f"    {f.claim}"]
    if d.more_formulas:
        out.append(f"  ... and {d.more_formulas} more that hold (--per-family / --limit show more; "
                   "P formulas that hold all define the same P-positions on the box)")
    return out


def _structure_text(d) -> list:
    out = []
    if d.misere:
        out += ["", "Misère values against normal-play values:"]
        out += [f"  differ at {d['differ']:,} of {d['positions']:,} positions of box {d['box']}"
                for d in d.misere["differ"]]
        if d.misere["exceptions"]:
            out.append("  first differences: " + ", ".join(
                f"{position_text(e['position'])} g={e['grundy']} m={e['misere']}" for e in d.misere["exceptions"][:8]))
        if d.misere["not_finite"]:
            out.append(f"  {d.misere['not_finite']}")
        out += [f"  {t}" for t in d.misere.get("findings", [])]
    if d.partners and (d.partners["unique"] or d.partners["lines"]):
        out += ["", "P-position structure: partner functions (re-checked on both boxes):"]
        out += [f"  {u['text']}" for u in d.partners["unique"] if u["holds_on_recheck"] is not False]
        for ln in d.partners["lines"]:
            out.append(f"  {ln['text']}")
            if ln.get("claim"):
                out.append(f"    {ln['claim']}")
            elif ln.get("claim_failed"):
                out.append(f"    (no claim line: the claim checker rejects {ln['claim_failed']})")
        if d.partners.get("unconfirmed"):
            out.append(f"  ({d.partners['unconfirmed']} more periodic partner sequence(s) not extended "
                       "by the re-check box: not reported)")
    return out


def _evidence(ev: dict) -> str:
    parts = [f"box {b['box']}: {b['positions']:,} positions, {b['p_positions']:,} P-positions"
             for b in ev.get("boxes", [])]
    return "; ".join(parts + list(ev.get("notes", [])))


def _params(params: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in params.items()) if params else "no parameters"


def sweep_text(sweep: dict) -> str:
    out = [f"Sweep of {sweep['param']} over {', '.join(map(str, sweep['values']))} "
           f"(box {sweep['box']} for each value):"]
    for c in sweep["classes"]:
        out.append(f"  {c['claim']}")
        out.append(f"      holds for {sweep['param']} = {', '.join(map(str, c['holds_for']))}"
                   f" (re-checked for each on its box and on a larger box); checked at no other value:")
        for v, ev in c.get("evidence", {}).items():
            out.append(f"        {sweep['param']} = {v}: {_evidence(ev)}")
        out.append("      test further with:")
        out.append(f"      {c['test_further']}")
    arts = sweep.get("artefacts", [])
    if len(arts) > 8:
        out.append(f"  ({len(arts) - 8} more artefacts of the small box: --json lists them)")
    for a in arts[:8]:
        w = f"when {a['when']}: " if a["when"] else ""
        if a.get("why"):
            out.append(f"  {w}{a['condition']}: {a['why']} (NOT a finding)")
            continue
        out.append(f"  artefact of the small box (NOT a finding): {w}{a['condition']} holds for "
                   f"{sweep['param']} = {', '.join(map(str, a['holds_for']))} on box {sweep['box']}, "
                   f"fails at {sweep['param']} = {a['fails_at']} on box {a['box']}, first at "
                   f"{position_text(a['counterexample']) if a['counterexample'] else '?'} (grundy {a['grundy']})")
    if not sweep["classes"]:
        out.append("  no formula holds (on the box and on each value's larger box) on a whole parameter class "
                   "of at least three swept values")
    out.append("  simplest formulas at each value (re-checked there):")
    for v, conds in sweep["per_value"].items():
        out.append(f"    {sweep['param']} = {v}: {'; '.join(conds) if conds else 'none'}")
    return "\n".join(out)


def _proofs_text(d) -> list:
    """``discover --prove``'s verdicts on the findings, then the learned automata."""
    out = []
    if d.proofs:
        from cgs_bridge.jobs.discover.proofs import proofs_text
        out += proofs_text(d.proofs)
    if d.automata:
        from cgs_bridge.jobs.discover.automaton import automata_text
        out += automata_text(d.automata)
    return out
