"""The ``prove`` case of ``cgs-bridge bench`` (issue 33, point 4): the embedded automata prover
against Walnut 6 in the same run, on the triangular bar's catalog claims (translated by the prove
job, as a user runs them):

- k = 1..13: the embedded prover (in this process) against Walnut's whole runs, JVM start included
  (one run per k with an applicable claim, as ``prove --prover walnut`` does); target: ratio <= 1;
- k = 161: the embedded prover against the 30 s target and Walnut's time;
- the memory bound: k = 161 with 1 MiB must stop with an error naming the automaton's size.

Walnut is found through ``--walnut-home``/``$CGS_BRIDGE_WALNUT_HOME``; without it only the embedded
times print. Benchmarks are not tests: nothing here asserts a time."""

from __future__ import annotations

import time

TARGET_161 = 30.0


def _timed(k: int, prover: str, walnut_home=None, memory=None):
    from cgs_bridge.jobs.prove_run import prove_game
    t0 = time.perf_counter()
    res = prove_game("triangular", {"k": k}, prover=prover, walnut_home=walnut_home, memory=memory)
    return time.perf_counter() - t0, [row.verdict for row in res.rows], res.rows


def prove_case(walnut_home=None, out=print) -> dict:
    """Time both provers on the triangular claims; print one line per comparison and return
    ``{"embedded13", "walnut13", "ratio13", "embedded161", "walnut161", "memory"}`` (seconds,
    or the memory run's verdict and reason). Raises nothing for a missing Walnut (its times are None)."""
    from cgs_bridge.systems.walnut.runner import find_home
    home = find_home(walnut_home)
    res = {"embedded13": 0.0, "walnut13": 0.0 if home else None}
    same = True
    for k in range(1, 14):
        e, verdicts, _ = _timed(k, "embedded")
        res["embedded13"] += e
        if home and any(v != "NOT APPLICABLE" for v in verdicts):
            w, theirs, _ = _timed(k, "walnut", home)
            res["walnut13"] += w
            same &= theirs == verdicts
    res["ratio13"] = res["embedded13"] / res["walnut13"] if res["walnut13"] else None
    ratio = f"{res['ratio13']:.2f}x Walnut's {res['walnut13']:.1f} s" if res["ratio13"] else "no Walnut"
    out(f"prove triangular k=1..13 embedded {res['embedded13']:.1f} s = {ratio} (target <= 1x); "
        f"verdicts {'equal' if same else 'DIFFER'}")
    res["embedded161"], verdicts, _ = _timed(161, "embedded")
    res["walnut161"] = _timed(161, "walnut", home)[0] if home else None
    theirs = f", Walnut {res['walnut161']:.1f} s" if home else ""
    out(f"prove triangular k=161 embedded {res['embedded161']:.1f} s = "
        f"{res['embedded161'] / TARGET_161:.2f} of the {TARGET_161:g} s target{theirs}; {verdicts}")
    _, _, rows = _timed(161, "embedded", memory=1 << 20)   # an engine error is a row, not raised
    res["memory"] = "; ".join(f"{r.verdict}: {r.reason}" for r in rows if r.verdict != "NOT APPLICABLE")
    out(f"prove triangular k=161 --memory 1 MiB: {res['memory']}")
    return res
