"""The ``discover`` case of ``cgs-bridge bench`` (issue 15, point 4): the search over the default
families on triangular k=5, bound 60 (46,885 positions), against a 10 s target on the shared
2-core machine, with the solve time of the same box in the same run as a second yardstick.
Benchmarks are never timed tests: nothing here asserts a time."""

from __future__ import annotations

import time

TARGET_SECONDS = 10.0


def bench_discover(out=print) -> dict:
    """Solve triangular k=5 on the box 60 (compiling or loading the kernel first, not timed),
    then time the solve and the default discovery search; print one line and return the numbers."""
    from cgs_bridge.jobs.discover.run import discover_solution
    from cgs_bridge.model import catalog
    from cgs_bridge.model.game import Ruleset
    from solvers import parse_bound, solve
    ruleset = Ruleset(catalog.load("triangular"), {"k": "5"})
    box = parse_bound("60", ruleset.coords)
    solve(ruleset, box)                      # kernel compile / cache load, not timed
    t0 = time.perf_counter()
    sol = solve(ruleset, box)
    solve_s = time.perf_counter() - t0
    t1 = time.perf_counter()
    rep = discover_solution(sol)
    search_s = time.perf_counter() - t1
    res = {"positions": rep.positions, "solve": solve_s, "search": search_s,
           "target_ratio": search_s / TARGET_SECONDS, "solve_ratio": search_s / solve_s if solve_s else None,
           "formulas": [f.condition for f in rep.formulas]}
    ratio = f"{res['solve_ratio']:.1f}x the solve" if res["solve_ratio"] else "solve time 0"
    out(f"discover triangular k=5, bound 60: {rep.positions:,} positions, search {search_s:.2f} s "
        f"= {res['target_ratio']:.2f} of the {TARGET_SECONDS:g} s target, solve {solve_s:.3f} s "
        f"(search = {ratio}); found: {'; '.join(res['formulas']) or 'nothing'}")
    return res
