"""The ``prove`` case of ``cgs-bridge bench`` (issue 33, point 4): the embedded automata prover
against Walnut 6 in the same run, on the triangular bar's catalog claims (translated by the prove
job, as a user runs them):

- k = 1..13: the embedded prover (in this process) against Walnut's whole runs, JVM start included
  (one run per k with an applicable claim, as ``prove --prover walnut`` does); target: ratio <= 1;
- k = 161: the embedded prover against the 30 s target and Walnut's time (limited to
  :data:`WALNUT_161_TIMEOUT`), then both on the hand-written sentences of
  :mod:`solvers.automata.samples`;
- the memory bound: k = 161 with 1 MiB must stop with an error naming the automaton's size.

Walnut is found through ``--walnut-home``/``$CGS_BRIDGE_WALNUT_HOME``; without it only the embedded
times print. Benchmarks are not tests: nothing here asserts a time."""

from __future__ import annotations

import time

TARGET_161 = 30.0
#: Walnut's limit at k = 161 on the translated sentences (over 10 minutes on this machine: the
#: printed ``terminates`` and sign-split ``s`` are harder for it than the hand-written sentences).
WALNUT_161_TIMEOUT = 300.0


def _timed(k: int, prover: str, walnut_home=None, memory=None, timeout=None):
    from cgs_bridge.jobs.prove_run import prove_game
    t0, c0 = time.perf_counter(), time.process_time()
    res = prove_game("triangular", {"k": k}, prover=prover, walnut_home=walnut_home, memory=memory,
                     timeout=timeout)
    return time.perf_counter() - t0, [row.verdict for row in res.rows], res.rows, time.process_time() - c0


def _hand_written_161(home) -> str:
    """Both provers on the hand-written k = 161 sentences (solvers/automata/samples.py), the
    sentences issue 32's 2.8 s for Walnut was measured on."""
    from cgs_bridge.foundation.errors import CgsBridgeError
    from cgs_bridge.systems.walnut.runner import decide_problem as walnut
    from solvers.automata import decide_problem as embedded
    from solvers.automata.samples import triangular_problem
    problem = triangular_problem(161, True)
    t0 = time.perf_counter()
    ours = all(d.holds for d in embedded(problem))
    text = f"embedded {time.perf_counter() - t0:.1f} s ({'TRUE' if ours else 'FALSE'})"
    if home:
        t0 = time.perf_counter()
        try:
            theirs = all(d.holds for d in walnut(problem, walnut_home=home, timeout=WALNUT_161_TIMEOUT))
            text += f", Walnut {time.perf_counter() - t0:.1f} s ({'TRUE' if theirs else 'FALSE'})"
        except CgsBridgeError as e:
            text += f", Walnut failed after {time.perf_counter() - t0:.1f} s: {str(e)[:120]}"
    return text


def prove_case(walnut_home=None, out=print) -> dict:
    """Time both provers on the triangular claims; print one line per comparison and return
    ``{"embedded13", "walnut13", "ratio13", "embedded161", "walnut161", "hand161", "memory"}``
    (seconds; the hand-written sentences' line; the memory run's verdict and reason). Raises nothing for a missing Walnut (its times are None)."""
    from cgs_bridge.systems.walnut.runner import find_home
    home = find_home(walnut_home)
    res = {"embedded13": 0.0, "walnut13": 0.0 if home else None}
    same = True
    for k in range(1, 14):
        e, verdicts, _, _ = _timed(k, "embedded")
        res["embedded13"] += e
        if home and any(v != "NOT APPLICABLE" for v in verdicts):
            w, theirs, _, _ = _timed(k, "walnut", home)
            res["walnut13"] += w
            same &= theirs == verdicts
    res["ratio13"] = res["embedded13"] / res["walnut13"] if res["walnut13"] else None
    ratio = f"{res['ratio13']:.2f}x Walnut's {res['walnut13']:.1f} s" if res["ratio13"] else "no Walnut"
    out(f"prove triangular k=1..13 embedded {res['embedded13']:.1f} s = {ratio} (target <= 1x); "
        f"verdicts {'equal' if same else 'DIFFER'}")
    res["embedded161"], verdicts, _, cpu = _timed(161, "embedded")
    theirs = ""
    if home:
        res["walnut161"], wv, _, _ = _timed(161, "walnut", home, timeout=WALNUT_161_TIMEOUT)
        theirs = f", Walnut {res['walnut161']:.1f} s ({', '.join(wv)}; limit {WALNUT_161_TIMEOUT:g} s)"
    else:
        res["walnut161"] = None
    met = "met" if res["embedded161"] <= TARGET_161 else "MISSED"
    out(f"prove triangular k=161 (the translation) embedded {res['embedded161']:.1f} s wall, "
        f"{cpu:.1f} s processor = {res['embedded161'] / TARGET_161:.2f} of the {TARGET_161:g} s "
        f"target ({met}){theirs}; {verdicts}")
    res["hand161"] = _hand_written_161(home)
    out(f"prove triangular k=161 (hand-written sentences) {res['hand161']}")
    _, _, rows, _ = _timed(161, "embedded", memory=1 << 20)   # an engine error is a row, not raised
    res["memory"] = "; ".join(f"{r.verdict}: {r.reason}" for r in rows if r.verdict != "NOT APPLICABLE")
    out(f"prove triangular k=161 --memory 1 MiB: {res['memory']}")
    return res
