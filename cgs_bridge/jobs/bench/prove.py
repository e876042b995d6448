"""The ``prove`` case of ``cgs-bridge bench`` (issue 33, point 4): the embedded automata prover
against Walnut 6 in the same run, on the triangular bar's catalog claims (translated by the prove
job, as a user runs them). The provers are the registry's (issue 45): the one written for this
project (:attr:`~solvers.logic.prover.Prover.ours`) against the first other one, its yardstick:

- k = 1..13: the embedded prover (in this process) against Walnut's whole runs, JVM start included
  (one run per k with an applicable claim, as ``prove --prover walnut`` does); target: ratio <= 1;
- k = 161: the embedded prover against the 30 s target and Walnut's time (limited to
  :data:`WALNUT_161_TIMEOUT`), then both on the hand-written sentences of
  :mod:`solvers.automata.samples`;
- the memory bound: k = 161 with 1 MiB must stop with an error naming the automaton's size;
- every catalog proof (triangular k = 1..13 where a claim applies, and each catalog game whose
  claims translate) decided by today's prover (:mod:`.baseline`, issue 45's "before") and by this
  one, processor seconds (best of :data:`REPEAT`), with the ratio now / before per proof.

The other prover is found through its options (``--walnut-home``/``$CGS_BRIDGE_WALNUT_HOME``);
without it only the embedded times print. Benchmarks are not tests: nothing here asserts a time."""

from __future__ import annotations

import gc
import time

TARGET_161 = 30.0
#: The other prover's limit at k = 161 on the translated sentences (Walnut: over 10 minutes on this
#: machine: the printed ``terminates`` and sign-split ``s`` are harder for it than the hand-written
#: sentences).
OTHER_161_TIMEOUT = 300.0


def _timed(k: int, prover: str, options=None, memory=None, timeout=None):
    from cgs_bridge.jobs.prove_run import prove_game
    t0, c0 = time.perf_counter(), time.process_time()
    res = prove_game("triangular", {"k": k}, prover=prover, memory=memory, timeout=timeout, **(options or {}))
    return time.perf_counter() - t0, [row.verdict for row in res.rows], res.rows, time.process_time() - c0


def contenders(options: dict) -> tuple:
    """``(ours, other, other available)``: the registry's prover written for this project and the
    first other one (its yardstick; None when the registry has none), and whether it can run."""
    from cgs_bridge.systems.registry import PROVERS, prover
    ours = next(p for p in PROVERS if prover(p).ours)
    other = next((p for p in PROVERS if not prover(p).ours), None)
    return ours, other, other is not None and prover(other).availability(options)[0]


def _hand_written_161(options: dict) -> str:
    """Both provers on the hand-written k = 161 sentences (solvers/automata/samples.py), the
    sentences issue 32's 2.8 s for Walnut was measured on."""
    from cgs_bridge.foundation.errors import CgsBridgeError
    from cgs_bridge.systems.registry import prover
    from solvers.automata.samples import triangular_problem
    ours, other, found = contenders(options)
    problem = triangular_problem(161, True)
    t0 = time.perf_counter()
    mine = all(d.holds for d in prover(ours).decide(problem, {}))
    text = f"{ours} {time.perf_counter() - t0:.1f} s ({'TRUE' if mine else 'FALSE'})"
    if found:
        label = prover(other).label or other
        t0 = time.perf_counter()
        try:
            theirs = all(d.holds for d in prover(other).decide(problem, {**options, "timeout": OTHER_161_TIMEOUT}))
            text += f", {label} {time.perf_counter() - t0:.1f} s ({'TRUE' if theirs else 'FALSE'})"
        except CgsBridgeError as e:
            text += f", {label} failed after {time.perf_counter() - t0:.1f} s: {str(e)[:120]}"
    return text


#: Each catalog proof is decided this many times by each prover; the least processor time counts.
REPEAT = 5


def catalog_proofs() -> list:
    """(label, problems) of every catalog proof: triangular k = 1..13 with an applicable claim,
    then each catalog game (default parameters) with a claim that translates."""
    from cgs_bridge.model import catalog
    from cgs_bridge.model.loading import load_game
    from cgs_bridge.model.resolve import ruleset_of
    from cgs_bridge.jobs.prove_run import translations
    cases = [("triangular", {"k": str(k)}) for k in range(1, 14)]
    cases += [(name, {}) for name in catalog.names() if name != "triangular"]
    out = []
    for name, params in cases:
        problems = [t.problem for t in translations(ruleset_of(load_game(name), params))
                    if t.status == "ok"]
        if problems:
            out.append((f"{name}{' k=' + params['k'] if params else ''}", problems))
    return out


def _best_cpu(deciders, problems) -> list:
    """Per decider: (least processor seconds over REPEAT runs, its verdicts and witnesses); the
    runs alternate between the deciders, so a change in the machine's load hits both."""
    times = [[] for _ in deciders]
    answers = [None] * len(deciders)
    for _ in range(REPEAT):
        for i, decide in enumerate(deciders):
            gc.collect()
            c0 = time.process_time()
            answers[i] = [(d.obligation, d.holds, d.witness) for p in problems for d in decide(p)]
            times[i].append(time.process_time() - c0)
    return [(min(t), a) for t, a in zip(times, answers)]


def catalog_before_after(out=print) -> dict:
    """Every catalog proof by today's prover and by this one; one line per proof and a summary.
    Returns ``{label: (before, now, same answers)}`` (empty without today's prover)."""
    from solvers.automata import decide_problem

    from .baseline import BASELINE, load_baseline
    baseline, why = load_baseline()
    if baseline is None:
        out(f"prove catalog: {why}")
        return {}
    rows = {}
    for label, problems in catalog_proofs():
        (before, theirs), (now, ours) = _best_cpu((baseline.decide_problem, decide_problem),
                                                  problems)
        rows[label] = (before, now, theirs == ours)
        out(f"prove catalog {label}: today's prover ({BASELINE}) {before * 1e3:.0f} ms, now "
            f"{now * 1e3:.0f} ms = {now / before:.2f}x; answers {'equal' if theirs == ours else 'DIFFER'}")
    worst = max(rows, key=lambda r: rows[r][1] / rows[r][0])
    out(f"prove catalog: {len(rows)} proofs, slowest ratio {rows[worst][1] / rows[worst][0]:.2f}x "
        f"({worst}; processor seconds, best of {REPEAT}); answers "
        f"{'all equal' if all(r[2] for r in rows.values()) else 'DIFFER'}")
    return rows


def prove_case(out=print, **options) -> dict:
    """Time both provers on the triangular claims; print one line per comparison and return
    ``{"<ours>13", "<other>13", "ratio13", "<ours>161", "<other>161", "hand161", "memory"}`` (keys by
    prover name, e.g. ``embedded13``, ``walnut13``; seconds; the hand-written sentences' line; the
    memory run's verdict and reason; ``catalog``: :func:`catalog_before_after`). ``options``: the provers' options (``walnut_home``). Raises
    nothing for a missing other prover (its times are None)."""
    from cgs_bridge.systems.registry import prover
    ours, other, found = contenders(options)
    label = (prover(other).label or other) if other else "other prover"
    res = {f"{ours}13": 0.0, f"{other}13": 0.0 if found else None, "catalog": catalog_before_after(out)}
    same = True
    for k in range(1, 14):
        e, verdicts, _, _ = _timed(k, ours)
        res[f"{ours}13"] += e
        if found and any(v != "NOT APPLICABLE" for v in verdicts):
            w, theirs, _, _ = _timed(k, other, options)
            res[f"{other}13"] += w
            same &= theirs == verdicts
    res["ratio13"] = res[f"{ours}13"] / res[f"{other}13"] if res[f"{other}13"] else None
    ratio = f"{res['ratio13']:.2f}x {label}'s {res[f'{other}13']:.1f} s" if res["ratio13"] else f"no {label}"
    out(f"prove triangular k=1..13 {ours} {res[f'{ours}13']:.1f} s = {ratio} (target <= 1x); "
        f"verdicts {'equal' if same else 'DIFFER'}")
    res[f"{ours}161"], verdicts, _, cpu = _timed(161, ours)
    theirs = ""
    res[f"{other}161"] = None
    if found:
        res[f"{other}161"], wv, _, _ = _timed(161, other, options, timeout=OTHER_161_TIMEOUT)
        theirs = f", {label} {res[f'{other}161']:.1f} s ({', '.join(wv)}; limit {OTHER_161_TIMEOUT:g} s)"
    met = "met" if res[f"{ours}161"] <= TARGET_161 else "MISSED"
    out(f"prove triangular k=161 (the translation) {ours} {res[f'{ours}161']:.1f} s wall, "
        f"{cpu:.1f} s processor = {res[f'{ours}161'] / TARGET_161:.2f} of the {TARGET_161:g} s "
        f"target ({met}){theirs}; {verdicts}")
    res["hand161"] = _hand_written_161(options)
    out(f"prove triangular k=161 (hand-written sentences) {res['hand161']}")
    _, _, rows, _ = _timed(161, ours, memory=1 << 20)   # an engine error is a row, not raised
    res["memory"] = "; ".join(f"{r.verdict}: {r.reason}" for r in rows if r.verdict != "NOT APPLICABLE")
    out(f"prove triangular k=161 --memory 1 MiB: {res['memory']}")
    return res
