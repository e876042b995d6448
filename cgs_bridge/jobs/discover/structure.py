"""The structure families of the registry (:mod:`.families`), each one step run on the solved
search box and its re-check box (:mod:`.stability`): region formulas, per-slice constants,
periodic rows, partner functions, misère. Every finding is re-checked on both boxes; what holds
on the search box only is reported as an artefact, with where the larger box differs.
"""

from __future__ import annotations

from dataclasses import dataclass

from .report import Artefact


@dataclass
class Context:
    solution: object      # the solved search box
    big: object           # the solved re-check box, or None
    bigdata: object       # its Data, or None
    data: object          # Data of the search box
    names: list
    when: str | None
    opts: object          # families.Options
    limit: int
    method: str
    evidence: object      # stability.Evidence


def regions(rep, ctx, holds=()):
    """Grundy formulas on described regions, skipped (with a note) when a Grundy formula holds on
    the whole box (region formulas would only restate it)."""
    from .core import report_artefacts, report_formulas, search_box, search_regions, split_stable
    o, sol = ctx.opts, ctx.solution
    hint = ""
    if not any(f.family != "P nim-sum" and f.region is None for f in holds):
        extra = search_box(ctx.data, ("grundy", "linear"), o.shifts, o.moduli, o.offsets)[0]
        holds = list(holds) + [f for f in extra if split_stable([f], ctx.bigdata)[0]]
        hint = " (add the grundy and linear families to see it)" if extra else ""
    if any(f.family != "P nim-sum" and f.region is None for f in holds):
        rep.notes.append(f"a Grundy formula holds on the whole box{hint}: no region search")
        return
    ints = {k: v for k, v in sol.ruleset.params.items() if isinstance(v, int)}
    found = search_regions(ctx.data, ctx.names, ints, o.shifts, o.moduli, o.offsets,
                           max(8, len(ctx.data.pos) // 100))
    sizes = {f: s for f, s in found}
    ok, bad = split_stable([f for f, _ in found], ctx.bigdata)
    ok = ok[:ctx.limit]
    rep.regions, dropped = report_formulas(sol, ok, ctx.names, ctx.when, start=len(rep.formulas) + 1,
                                           sizes=[sizes[f] for f in ok], method=ctx.method, big=ctx.big,
                                           evidence=ctx.evidence)
    if ctx.big is not None:
        rep.artefacts += report_artefacts(ctx.big, bad[:ctx.limit], ctx.names, ctx.when, ctx.method)
    rep.notes += [f"discarded (search and claim checker disagree): {c}" for c in dropped]


def slices(rep, ctx, holds=()):
    """Per-slice constants (:func:`.shifted.fit_slices`), when no whole-box P formula holds."""
    from .core import report_formulas, split_stable
    from .shifted import fit_slices, slice_formula
    if any(f.family == "P nim-sum" for f in holds):
        return
    d = len(ctx.names)
    for j, a, table in fit_slices(ctx.data, ctx.names, ctx.opts.shifts)[:2]:
        fs = [slice_formula(j, a, v, c, d, ctx.data.flags) for v, c in sorted(table.items())]
        ok, bad = split_stable(fs, ctx.bigdata)
        shifted_names = ", ".join(ctx.names[i] for i in a)
        head = (f"P iff (nim-sum with {shifted_names} each minus c({ctx.names[j]})) == 0 on each slice "
                f"{ctx.names[j]} == v")
        if bad or ctx.big is None:
            rep.artefacts.append(Artefact("slices", head, head, ctx.evidence.boxes[-1][0], [], None,
                                          why=f"{len(bad)} of {len(fs)} slices fail on the re-check box"))
            continue
        found, _ = report_formulas(ctx.solution, ok, ctx.names, ctx.when, start=len(rep.formulas) + 1,
                                   method=ctx.method, big=ctx.big, evidence=ctx.evidence)
        if len(found) == len(fs):
            rep.slices.append({"text": head, "table": {str(v): c for v, c in sorted(table.items())},
                               "claims": [f.claim for f in found], "conditions": [f.condition for f in found],
                               "evidence": ctx.evidence.to_dict()})


def periodic(rep, ctx, holds=()):
    """Rows and columns of the Grundy table, each re-checked in a plain loop, with at least
    MIN_PERIODS full periods observed, and the same on the re-check box."""
    from .periodic import full_periods, line_at, lines, recheck_line
    from .stability import MIN_PERIODS
    short, found = 0, []
    for ln in lines(ctx.solution, ctx.opts.fix_max):
        if not recheck_line(ctx.solution, ln):
            rep.notes.append(f"discarded line (re-check failed): {ln.describe(ctx.names)}")
            continue
        if full_periods(ln) < MIN_PERIODS:
            short += 1
            continue
        bl = line_at(ctx.big, ln.axis, ln.fixed) if ctx.big is not None else None
        same = bl is not None and (bl.preperiod, bl.period, bl.saltus) == (ln.preperiod, ln.period, ln.saltus)
        if same and recheck_line(ctx.big, bl):
            d = bl.to_dict(ctx.names)
            d.update(full_periods=full_periods(bl), search_range=[ln.lo, ln.hi],
                     text=f"{bl.describe(ctx.names)}; {full_periods(bl)} full periods observed")
            found.append((d, bl))
        else:
            got = bl.describe(ctx.names) if bl is not None else "no periodicity"
            rep.artefacts.append(Artefact("periodic", ln.describe(ctx.names), ln.describe(ctx.names),
                                          ctx.evidence.boxes[-1][0], [], None,
                                          why=f"the re-check box gives: {got}"))
    if short:
        rep.notes.append(f"{short} periodic line(s) with fewer than {MIN_PERIODS} full periods observed: "
                         "not reported")
    rep.lines += line_claims(ctx, found)


def line_claims(ctx, found) -> list:
    """The line dicts of ``found`` (``[(dict, Line on the re-check box)]``), each with ``claim``:
    the claim line stating it (:func:`.periodic.condition`), re-checked by the claim checker on
    the search box and the re-check box; None (and ``claim_failed``) when the checker disagrees."""
    from .periodic import condition
    from .recheck import claim_line, recheck
    from .stability import stable
    sol, names = ctx.solution, ctx.names
    items = []
    for k, (d, bl) in enumerate(found):
        def value(c, bl=bl):
            p = list(bl.fixed)
            p[bl.axis] = c
            return ctx.big.value(tuple(p))
        items.append((f"periodic {k + 1}: {sol.ruleset.describe()} on box {sol.box}",
                      condition(bl, value, names), ctx.when))
    again = stable(ctx.big, items, ctx.method)
    for (d, _), (name, cond, w), res, b in zip(found, items, recheck(sol, items, method=ctx.method), again):
        ok = res.status == "holds" and b is None
        d["claim"] = claim_line(name, cond, w) if ok else None
        d["condition" if ok else "claim_failed"] = cond
    return [d for d, _ in found]


def partners(rep, ctx, holds=()):
    """Partner functions and their periodicity (:mod:`.partners`)."""
    from .partners import structure
    big = ctx.big.grundy if ctx.big is not None else None
    st = structure(ctx.solution.grundy, big, ctx.names, fix_max=max(ctx.opts.fix_max, 4))
    st["evidence"] = ctx.evidence.to_dict()
    partner_claims(ctx, [ln for ln in st["lines"] if ln.get("condition")])
    rep.partners = st
    for a in st["artefacts"]:
        rep.artefacts.append(Artefact("partners", a["text"], a["text"], ctx.evidence.boxes[-1][0], [], None,
                                      why=a["why"]))


def partner_claims(ctx, lines) -> None:
    """Each partner line's claim line (issue 48.9: a periodic gap is a claim to prove), re-checked
    by the claim checker on the search box and the re-check box: ``claim`` when both hold, else
    ``claim_failed`` (the condition the checker rejects)."""
    from .recheck import claim_line, recheck
    from .stability import stable
    sol = ctx.solution
    items = [(f"partner {k + 1}: {ln['text'].split(' from ')[0]}", ln["condition"], ctx.when)
             for k, ln in enumerate(lines)]
    again = stable(ctx.big, items, ctx.method)
    for ln, (name, cond, w), res, b in zip(lines, items, recheck(sol, items, method=ctx.method), again):
        ok = res.status == "holds" and b is None
        ln["claim"] = claim_line(name, cond, w) if ok else None
        if not ok:
            ln["claim_failed"] = ln.pop("condition")


def misere(rep, ctx, holds=()):
    """Misère families (:mod:`.misere`), each claim re-checked on both boxes."""
    from . import misere as mis
    from .recheck import claim_line, recheck
    from .report import Found
    from .stability import stable
    sol = ctx.solution
    if sol.misere is None or (ctx.big is not None and ctx.big.misere is None):
        rep.notes.append("misère values were not computed: misère family skipped")
        return
    out = mis.claims(sol, ctx.big, ctx.names)
    rep.misere = {"differ": [{"box": b, "differ": n, "positions": t} for b, n, t in out["differ"]],
                  "exceptions": [{"position": list(p), "grundy": g, "misere": m} for p, g, m in out["exceptions"]],
                  "not_finite": out["artefact"]}
    rep.misere["findings"] = [kind for kind, cond in out["claims"] if cond is None]
    out["claims"] = [(kind, cond) for kind, cond in out["claims"] if cond is not None]
    items = [(f"misere {k + 1}: {sol.ruleset.describe()} on box {sol.box}", cond, ctx.when)
             for k, (_, cond) in enumerate(out["claims"])]
    again = stable(ctx.big, items, ctx.method)
    for (name, cond, w), (kind, _), res, b in zip(items, out["claims"], recheck(sol, items, method=ctx.method),
                                                  again):
        if res.status == "holds" and b is None:
            rep.formulas.append(Found("misere", cond, claim_line(name, cond, w), 0, res.checked,
                                      reads=kind, evidence=ctx.evidence.to_dict()))
        elif res.status == "holds" and isinstance(b, tuple) and isinstance(b[0], tuple):
            rep.artefacts.append(Artefact("misere", cond, kind, ctx.evidence.boxes[-1][0], list(b[0]), b[1]))


STEPS = {"regions": regions, "slices": slices, "periodic": periodic, "partners": partners,
         "misere": misere}
