"""``discover``: search the formula families for a game solved on a box and report what holds.

Issue 15. The families (see :mod:`.terms`) are searched exhaustively over small integer
parameters by :mod:`.search`; every formula, region formula and near miss that is reported has
been re-checked by the claim checker (:mod:`.recheck`) on every valid position of the box; the
report states the box and the parameter values and claims nothing beyond them.

Issue 21: the families are objects of one registry (:mod:`.families`); every formula and structure
is re-checked on a larger box (:mod:`.stability`) before it is reported, with its evidence, and
what fails there is reported as an artefact of the small box with its first counterexample; the
structure families (regions, slices, periodic rows, partner functions, misère) run in
:mod:`.structure`, and one run of both is :func:`.run.discover_solution`.
"""

from __future__ import annotations

from dataclasses import replace

from .families import REGISTRY, Options
from .recheck import claim_line, recheck
from .regions import candidate_regions
from .report import Artefact, Found, Miss
from .search import Data, evaluate, linear_candidates, nimsum_candidates
from .stability import stable
from .terms import Formula

REGION_TERMS = {3: 3, 4: 3}   #: most coordinates in a nim-sum searched on a region, by dimension
RECHECK_MAX = 80   #: most formulas holding on the search box that are re-checked on the larger box


def when_text(ruleset) -> str | None:
    """``k == 5 and h == 3``: the int parameter values the claims were found for."""
    ints = [(k, v) for k, v in ruleset.params.items() if isinstance(v, int)]
    return " and ".join(f"{k} == {v}" for k, v in ints) or None


def search_box(data: Data, families, shifts, moduli, offsets, dedupe: bool = True):
    """Whole-box search over the formula families of the registry: (formulas that hold, near
    misses, notes); with ``dedupe`` only the simplest of formulas taking the same values on
    every position of the box (:func:`distinct`)."""
    o = Options(shifts, tuple(moduli), offsets)
    cands, notes = [], []
    for name in families:
        fam = REGISTRY.get(name)
        if fam is not None and fam.candidates is not None:
            c, n = fam.candidates(data, o)
            cands += c + per_flag(data, fam, o)
            notes += n
    out = evaluate(data, cands)
    if not dedupe:
        return out.holds, out.misses, notes + out.notes
    holds, same = distinct(data, out.holds)
    if same:
        notes.append(f"{same} more formula(s) hold that take the same values as a simpler one on every "
                     "position of the box (e.g. c % 4 where c <= 3): not shown")
    return holds, out.misses, notes + out.notes


def per_flag(data: Data, fam, o) -> list:
    """A formula family searched on each value of each flag coordinate (``pass once``, issue 36):
    the candidates found on the positions with ``flag == v``, restricted to that region (the
    claim reads ``not (passes == 1) or ...``). Nothing when the game has no flag."""
    import numpy as np

    from .regions import Region
    out = []
    for i in data.flags:
        for v in np.unique(data.pos[:, i]).tolist():
            rows = data.pos[:, i] == v
            if rows.all():
                continue
            c, _ = fam.candidates(data.restrict(rows), o)
            out += [replace(f, region=Region("eq", i, m=int(v))) for f in c if f.region is None]
    return out


def distinct(data: Data, formulas):
    """The simplest formula of each family among those whose compared expression takes the same
    value at every position of the box (of its region, for a formula restricted to one); a
    formula on a region is dropped when a whole-box formula kept agrees with it there. Returns
    the formulas kept and how many were dropped."""
    seen, out = set(), []
    masks = {r: r.mask(data.pos) for r in {f.region for f in formulas if f.region is not None}}
    for f in sorted(formulas, key=lambda f: (f.region is not None, f.complexity, repr(f))):
        nim, full = f.family == "P nim-sum", f.rhs(data.pos)
        rhs = (full if f.region is None else full[masks[f.region]]).tobytes()
        keys = [(nim, f.region, rhs)]
        if f.region is not None:
            keys.append((nim, None, f.region, rhs))
        if not any(k in seen for k in keys):
            out.append(f)
        seen.add(keys[0])
        if f.region is None:
            for r, m in masks.items():
                seen.add((nim, None, r, full[m].tobytes()))
    return out, len(formulas) - len(out)


def search_regions(data: Data, names, int_params, shifts, moduli, offsets, min_size):
    """The simplest Grundy formula on each region (of at least ``min_size`` positions, not the
    whole box) where one holds; dominated regions (a larger region with the same formula)
    dropped. Returns [(formula, size)], largest regions first."""
    best = []
    for reg in candidate_regions(len(names), moduli, int_params, data.flags):
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


def _name(ruleset, box, k, formula: str = "") -> str:
    """A discovered claim's name: its number, its formula (a pasted line proves under a name that
    says what it claims; issue 48.9) and where it was found."""
    return f"discovered {k}: {formula} ({ruleset.describe()}, box {box})" if formula else \
        f"discovered {k}: {ruleset.describe()} on box {box}"


def report_formulas(solution, formulas, names, when, start=1, sizes=None, method="auto", big=None,
                    evidence=None):
    """Re-check ``formulas`` with the claim checker on the search box and (``big``, a solved
    re-check box) on the larger box; return Found items for those that hold on both, each with
    ``evidence`` (a :class:`~.stability.Evidence`)."""
    items = [(_name(solution.ruleset, solution.box, start + k, f.text(names)), f.text(names), when)
             for k, f in enumerate(formulas)]
    out, dropped = [], []
    again = stable(big, items, method) if big is not None else [None] * len(items)
    for (name, cond, w), f, res, size, b in zip(items, formulas, recheck(solution, items, method=method),
                                                sizes or [None] * len(items), again):
        if res.status == "holds" and b is None:
            out.append(Found(f.family, cond, claim_line(name, cond, w), f.complexity, res.checked, size,
                             reads=f.when_text(names), evidence=evidence.to_dict() if evidence else {}))
        else:
            dropped.append(cond)
    return out, dropped


def report_artefacts(big, formulas, names, when, method="auto") -> list:
    """Formulas that hold on the search box and fail on the re-check box ``big``: Artefact items
    with the claim checker's first counterexample there."""
    items = [(f"artefact {k + 1}", f.text(names), when) for k, f in enumerate(formulas)]
    out = []
    for (_, cond, _), f, ce in zip(items, formulas, stable(big, items, method)):
        if isinstance(ce, tuple) and len(ce) == 2 and isinstance(ce[0], tuple):
            out.append(Artefact(f.family, cond, f.when_text(names), str(big.box),
                                list(ce[0]), ce[1]))
    return out


def split_stable(formulas, bigdata):
    """(formulas that also hold on every position of the re-check box, those that fail there)."""
    if bigdata is None:
        return [], list(formulas)
    ok = [f for f in formulas if f.holds_at(bigdata.pos, bigdata.g).all()]
    return ok, [f for f in formulas if f not in ok]


def report_misses(solution, misses, names, when, near, method="auto"):
    misses = sorted(misses, key=lambda m: (m[1], m[0].region is not None, m[0].complexity, repr(m[0])))
    # one line per condition text (two families can find the same formula), and a formula on a
    # flag value is dropped when the same formula on the whole box fails at as many positions
    seen: set = set()
    whole = {(replace(f, region=None).text(names), n) for f, n, _ in misses if f.region is None}
    misses = [m for m in misses if not (m[0].region is not None and m[0].region.kind == "eq"
                                        and (replace(m[0], region=None).text(names), m[1]) in whole)]
    misses = [m for m in misses if not (m[0].text(names) in seen or seen.add(m[0].text(names)))][:near]
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
