"""One discovery run on a solved box (:func:`discover_solution`): the formula families searched
(:mod:`.core`), each finding re-checked on a larger box (:mod:`.stability`), then the structure
families' steps (:mod:`.structure`). Apart from :mod:`.core` so that the structure steps, which
use the core's reports, and the run, which uses both, form no import circle."""

from __future__ import annotations

import time

import numpy as np

from . import structure
from .core import (RECHECK_MAX, distinct, pick, report_artefacts, report_formulas, report_misses, search_box,
                   split_stable, when_text)
from .families import FAMILIES, REGISTRY, Options
from .report import Discovery
from .search import Data, flag_indices
from .stability import FACTOR, enough, solve_larger


def enough_evidence(rep, solution, families) -> list:
    """The families with the least evidence on the search box; the others are listed in
    ``rep.withheld`` with the reason."""
    active = []
    for f in families:
        why = enough(solution, REGISTRY[f].evidence) if REGISTRY[f].evidence else None
        if why:
            rep.withheld.append(f"{f}: nothing reported ({why})")
        else:
            active.append(f)
    return active


def split_rechecked(rep, data, bigdata, holds, notes):
    """(stable, unstable) formulas among ``holds`` (the simplest RECHECK_MAX), each deduplicated
    after the re-check: a stable formula is never hidden behind a simpler one that only agrees
    with it on the small box."""
    holds = sorted(holds, key=lambda f: (f.complexity, repr(f)))
    if len(holds) > RECHECK_MAX:
        notes.append(f"{len(holds) - RECHECK_MAX} more formula(s) hold on the search box: only the "
                     f"{RECHECK_MAX} simplest were re-checked on the larger box")
        holds = holds[:RECHECK_MAX]
    if bigdata is None and holds:
        rep.notes.append(f"{len(holds)} formula(s) hold on the search box but could not be re-checked on a "
                         "larger box: not reported")
    ok, bad = split_stable(holds, bigdata)
    ok, same = distinct(data, ok)
    bad, _ = distinct(data, bad)
    if same:
        notes.append(f"{same} more formula(s) hold on both boxes that take the same values as a simpler one "
                     "on every position of the search box: not shown")
    return ok, bad


def discover_solution(solution, families=FAMILIES, shifts=3, moduli=(2, 3, 4), offsets=3,
                      limit=10, near=5, fix_max=2, seconds=None, per_family=3,
                      check_method="auto", solve_method="auto", factor=None) -> Discovery:
    """Search the families on an already solved :class:`solvers.solution.Solution`; the
    claim checker runs with ``check_method`` ("auto": compiled claims; "reference"). Every
    finding is re-checked on a larger box (:mod:`.stability`, solved with ``solve_method``;
    ``factor`` the growth, default 2) before it is reported."""
    t0 = time.perf_counter()
    r = solution.ruleset
    names = list(r.coords)
    pos = solution.positions()
    g = solution.grundy[tuple(pos.T)].astype(np.int64) if len(pos) else np.zeros(0, np.int64)
    data = Data(pos, g, flags=flag_indices(r))
    when = when_text(r)
    params = {k: v if isinstance(v, int) else str(v) for k, v in r.params.items()}
    opts = Options(shifts, tuple(moduli), offsets, fix_max)
    rep = Discovery(r.describe(), params, str(solution.box), len(pos), int((g == 0).sum()),
                    [REGISTRY[f].describe(opts) for f in families], seconds=dict(seconds or {}))
    if not len(pos):
        rep.notes.append("the box holds no valid position: nothing to search")
        rep.seconds["search"] = time.perf_counter() - t0
        return rep
    active = enough_evidence(rep, solution, families)
    holds, misses, notes = search_box(data, active, shifts, moduli, offsets, dedupe=False)
    t1 = time.perf_counter()
    big, sc, ev = solve_larger(solution, misere="misere" in active and solution.misere is not None,
                               method=solve_method, factor=factor or FACTOR)
    rep.seconds["re-check solve"] = time.perf_counter() - t1
    rep.recheck_box = ev.boxes[-1][0] if big is not None else None
    rep.evidence = ev.to_dict()
    bigdata = None
    if big is not None:
        bpos = big.positions()
        bigdata = Data(bpos, big.grundy[tuple(bpos.T)].astype(np.int64), flags=data.flags)
    ok, bad = split_rechecked(rep, data, bigdata, holds, notes)
    shown, rep.more_formulas = pick(ok, limit, per_family)
    rep.formulas, dropped = report_formulas(solution, shown, names, when, method=check_method, big=big,
                                            evidence=ev)
    if big is not None:
        rep.artefacts = report_artefacts(big, pick(bad, limit, per_family)[0], names, when, check_method)
    rep.near_misses, dropped2 = report_misses(solution, misses, names, when, near, check_method)
    rep.notes += sorted(set(notes))
    rep.notes += [f"discarded (search and claim checker disagree): {c}" for c in dropped + dropped2]
    ctx = structure.Context(solution, big, bigdata, data, names, when, opts, limit, check_method, ev)
    for f in active:
        step = structure.STEPS.get(f)
        if step is not None:
            step(rep, ctx, holds=ok)
    merge_duplicates(rep)
    rep.seconds["search"] = time.perf_counter() - t0
    return rep


def merge_duplicates(rep) -> None:
    """Every finding printed once (issue 36): a formula or region formula whose condition (as
    parsed) is that of one listed before it is dropped, and a periodic line whose claim states a
    listed formula refers to it (``same_as``) instead of repeating the claim line."""
    from cgs_bridge.language.parser import parse_expr
    seen: dict = {}

    def key(cond):
        return parse_expr(cond, what="discovered claim")
    for field in ("formulas", "regions"):
        kept = []
        for f in getattr(rep, field):
            k = key(f.condition)
            if k not in seen:
                seen[k] = f.condition
                kept.append(f)
        setattr(rep, field, kept)
    for ln in rep.lines:
        cond = ln.get("condition") if ln.get("claim") else None
        same = seen.get(key(cond)) if cond is not None else None
        if same is not None:
            ln["claim"], ln["same_as"] = None, same
