"""``discover``: search the formula families for a game solved on a box and report what holds.

Issue 15. The families (see :mod:`.terms`) are searched exhaustively over small integer
parameters by :mod:`.search`; every formula, region formula and near miss that is reported has
been re-checked by the claim checker (:mod:`.recheck`) on every valid position of the box; the
report states the box and the parameter values and claims nothing beyond them.
"""

from __future__ import annotations

import time

import numpy as np

from .periodic import lines as periodic_lines, recheck_line
from .recheck import claim_line, recheck
from .regions import candidate_regions
from .report import Discovery, Found, Miss
from .search import Data, evaluate, linear_candidates, nimsum_candidates
from .terms import Formula, Term

FAMILIES = ("p", "grundy", "linear", "regions", "periodic")
REGION_TERMS = {3: 3, 4: 3}   #: most coordinates in a nim-sum searched on a region, by dimension


def when_text(ruleset) -> str | None:
    """``k == 5 and h == 3``: the int parameter values the claims were found for."""
    ints = [(k, v) for k, v in ruleset.params.items() if isinstance(v, int)]
    return " and ".join(f"{k} == {v}" for k, v in ints) or None


def search_box(data: Data, families, shifts, moduli, offsets):
    """Whole-box search: (formulas that hold, near misses, notes)."""
    d = data.pos.shape[1]
    cands, notes = [], []
    if "p" in families:
        c, n = nimsum_candidates(data, "P nim-sum", shifts, moduli, offsets)
        cands += c + [Formula("P nim-sum", tuple(Term(i) for i in range(d)))]
        notes += n
    if "grundy" in families:
        c, n = nimsum_candidates(data, "grundy nim-sum", shifts, moduli, offsets)
        cands += c + [Formula("grundy nim-sum", tuple(Term(i) for i in range(d)))]
        notes += n
    if "linear" in families:
        cands += linear_candidates(data, offsets) + [Formula("grundy linear", coeffs=(1,) * d)]
    out = evaluate(data, cands)
    holds, same = distinct(data, out.holds)
    if same:
        notes.append(f"{same} more formula(s) hold that take the same values as a simpler one on every "
                     "position of the box (e.g. c % 4 where c <= 3): not shown")
    return holds, out.misses, notes + out.notes


def distinct(data: Data, formulas):
    """The simplest formula of each family among those whose compared expression takes the same
    value at every position of the box; and how many were dropped."""
    seen, out = set(), []
    for f in sorted(formulas, key=lambda f: (f.complexity, repr(f))):
        key = (f.family == "P nim-sum", f.rhs(data.pos).tobytes())
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out, len(formulas) - len(out)


def search_regions(data: Data, names, int_params, shifts, moduli, offsets, min_size):
    """The simplest Grundy formula on each region (of at least ``min_size`` positions, not the
    whole box) where one holds; dominated regions (a larger region with the same formula)
    dropped. Returns [(formula, size)], largest regions first."""
    best = []
    for reg in candidate_regions(len(names), moduli, int_params):
        mask = reg.mask(data.pos)
        size = int(mask.sum())
        if size < min_size or size == len(mask):
            continue
        cands, _ = nimsum_candidates(data, "grundy nim-sum", shifts, moduli, offsets, rows=mask,
                                     max_size=REGION_TERMS.get(len(names), 2))
        cands += linear_candidates(data, offsets, rows=mask)
        res = evaluate(data, [Formula(c.family, c.terms, c.offset, c.coeffs, reg) for c in cands])
        if res.holds:
            f = min(res.holds, key=lambda f: (f.complexity, repr(f)))
            best.append((f, size, mask))
    kept = []
    for f, size, mask in sorted(best, key=lambda t: (-t[1], t[0].complexity)):
        core = (f.family, f.terms, f.offset, f.coeffs)
        if any(core == (g.family, g.terms, g.offset, g.coeffs) and not (mask & ~m).any()
               for g, _, m in kept):
            continue
        kept.append((f, size, mask))
    return [(f, size) for f, size, _ in kept]


def pick(holds, limit, per_family):
    """The simplest ``per_family`` formulas of each family, at most ``limit`` in all, simplest
    first; and how many holding formulas were left out."""
    chosen, count = [], {}
    for f in sorted(holds, key=lambda f: (f.complexity, repr(f))):
        if count.get(f.family, 0) < per_family and len(chosen) < limit:
            chosen.append(f)
            count[f.family] = count.get(f.family, 0) + 1
    return chosen, len(holds) - len(chosen)


def _name(ruleset, box, k) -> str:
    return f"discovered {k}: {ruleset.describe()} on box {box}"


def report_formulas(solution, formulas, names, when, start=1, sizes=None, method="auto"):
    """Re-check ``formulas`` with the claim checker; return Found items for those that hold."""
    items = [(_name(solution.ruleset, solution.box, start + k), f.text(names), when)
             for k, f in enumerate(formulas)]
    out, dropped = [], []
    for (name, cond, w), f, res, size in zip(items, formulas, recheck(solution, items, method=method),
                                             sizes or [None] * len(items)):
        if res.status == "holds":
            out.append(Found(f.family, cond, claim_line(name, cond, w), f.complexity, res.checked, size))
        else:
            dropped.append(cond)
    return out, dropped


def report_misses(solution, misses, names, when, near, method="auto"):
    misses = sorted(misses, key=lambda m: (m[1], m[0].complexity, repr(m[0])))[:near]
    items = [(f"near miss {k + 1}: {solution.ruleset.describe()} on box {solution.box}",
              f.text(names), when) for k, (f, _, _) in enumerate(misses)]
    out, dropped = [], []
    for (name, cond, w), (f, fails, _), res in zip(items, misses, recheck(solution, items, 5, method)):
        if res.status == "fails" and res.failures == fails:
            out.append(Miss(f.family, cond, claim_line(name, cond, w), f.complexity, res.failures,
                            res.checked, [{"position": list(p), "grundy": g} for p, g in res.counterexamples]))
        else:
            dropped.append(cond)
    return out, dropped


def discover_solution(solution, families=FAMILIES, shifts=3, moduli=(2, 3, 4), offsets=3,
                      limit=10, near=5, fix_max=2, seconds=None, per_family=3,
                      check_method="auto") -> Discovery:
    """Search the families on an already solved :class:`solvers.solution.Solution`; the
    claim checker runs with ``check_method`` ("auto": compiled claims; "reference")."""
    t0 = time.perf_counter()
    r = solution.ruleset
    names = list(r.coords)
    pos = solution.positions()
    g = solution.grundy[tuple(pos.T)].astype(np.int64) if len(pos) else np.zeros(0, np.int64)
    data = Data(pos, g)
    when = when_text(r)
    params = {k: v if isinstance(v, int) else str(v) for k, v in r.params.items()}
    rep = Discovery(r.describe(), params, str(solution.box), len(pos), int((g == 0).sum()),
                    _searched(families, shifts, moduli, offsets, fix_max), seconds=dict(seconds or {}))
    if not len(pos):
        rep.notes.append("the box holds no valid position: nothing to search")
        rep.seconds["search"] = time.perf_counter() - t0
        return rep
    holds, misses, notes = search_box(data, families, shifts, moduli, offsets)
    shown, rep.more_formulas = pick(holds, limit, per_family)
    rep.formulas, dropped = report_formulas(solution, shown, names, when, method=check_method)
    rep.near_misses, dropped2 = report_misses(solution, misses, names, when, near, check_method)
    rep.notes = sorted(set(notes))
    rep.notes += [f"discarded (search and claim checker disagree): {c}" for c in dropped + dropped2]
    if "regions" in families:
        _regions(rep, solution, data, families, holds, (shifts, moduli, offsets), limit, when,
                 check_method)
    if "periodic" in families:
        for ln in periodic_lines(solution, fix_max):
            if recheck_line(solution, ln):
                rep.lines.append(ln.to_dict(names))
            else:
                rep.notes.append(f"discarded line (re-check failed): {ln.describe(names)}")
    rep.seconds["search"] = time.perf_counter() - t0
    return rep


def _regions(rep, solution, data, families, holds, params, limit, when, method) -> None:
    """The region search of :func:`discover_solution`, skipped (with a note) when a Grundy
    formula holds on the whole box (region formulas would only restate it)."""
    shifts, moduli, offsets = params
    hint = ""
    if not {"grundy", "linear"} <= set(families):   # find out whether one holds on the whole box
        holds = search_box(data, ("grundy", "linear"), shifts, moduli, offsets)[0]
        hint = " (add the grundy and linear families to see it)"
    if any(f.family != "P nim-sum" for f in holds):
        rep.notes.append(f"a Grundy formula holds on the whole box{hint}: no region search")
        return
    r = solution.ruleset
    ints = {k: v for k, v in r.params.items() if isinstance(v, int)}
    found = search_regions(data, list(r.coords), ints, shifts, moduli, offsets,
                           max(8, len(data.pos) // 100))[:limit]
    rep.regions, dropped = report_formulas(solution, [f for f, _ in found], list(r.coords), when,
                                           start=len(rep.formulas) + 1, sizes=[s for _, s in found],
                                           method=method)
    rep.notes += [f"discarded (search and claim checker disagree): {c}" for c in dropped]


def _searched(families, shifts, moduli, offsets, fix_max) -> list:
    m = ", ".join(map(str, moduli))
    terms = f"terms c + a, floor(c / m) + a, (c % m) + a with |a| <= {shifts}, m in {{{m}}}"
    out = []
    if "p" in families:
        out.append(f"P iff nim-sum of terms == 0 over every subset of coordinates ({terms})")
    if "grundy" in families:
        out.append(f"grundy == (nim-sum of terms) + c, |c| <= {offsets}")
    if "linear" in families:
        out.append(f"grundy == sum of +-coordinates + b, |b| <= {offsets}")
    if "regions" in families:
        out.append("the grundy families (nim-sums of at most 3 coordinates, 2 with 5 or more) on regions "
                   "ci <= floor(cj / m), ci > floor(cj / m), ci == 0, ci >= 1")
    if "periodic" in families:
        out.append(f"lines of the Grundy table with the other coordinates <= {fix_max}: "
                   "ultimately arithmetic-periodic")
    return out
