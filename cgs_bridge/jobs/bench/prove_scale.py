"""The ``prove-scale`` case of ``cgs-bridge bench`` (issue 45): the embedded prover at the sizes
research needs, each against its yardsticks measured in the same run (:mod:`.baseline`: today's
prover, and today's code with dense transition tables):

- Nim with 10 heaps, ``P iff h0 xor ... xor h9 == 0`` (Bouton's theorem): PROVED under 10 s;
- the triangular bar (seed 003) at k = 1001 and at k = 997 (:data:`SLOW_K`): PROVED under 30 s;
- the hexagon (seed 002), six coordinates: a claim on the region ``c = d = e = 0`` (found by
  ``check`` on boxes: there the P-positions are (0, 0, 0, 0, 0, 0) and (0, 1, 0, 0, 0, 1)), PROVED,
  and its twin without (0, 1, 0, 0, 0, 1), REFUTED there (the solver's smallest failing position).

The prover's time is a user's ``prove --prover embedded`` run (translation and the solver's check
of a counterexample included); the yardsticks decide the same translated sentences, stopped after
:data:`YARDSTICK_TIMEOUT` seconds. Benchmarks are not tests: nothing here asserts a time."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from .baseline import BASELINE, dense_tables, describe, load_baseline, timed_decide

TARGET_NIM, TARGET_TRIANGULAR = 10.0, 30.0
#: The slowest k in 1..1001 found (docs/prove.md: a cell's cost follows the bits of k; k = 997
#: and k = 981 took 25 s of processor time where k = 1001 took 16 s).
SLOW_K = 997
YARDSTICK_TIMEOUT = 60.0
HEXAGON_CLAIM = "c + d + e > 0 or (P iff (a + b + f == 0 or (a == 0 and b == 1 and f == 1)))"
HEXAGON_FALSE = "c + d + e > 0 or (P iff a + b + f == 0)"
#: Memory of one prover run (bytes of transition tables, ``--memory``): a yardstick that outgrows
#: it is reported stopped (the nim-sum of the six coordinates, say, outgrows 20 GiB).
MEMORY = 2 << 30


def nim_spec(heaps: int) -> str:
    """The spec of Nim with ``heaps`` heaps and Bouton's claim."""
    names = [f"h{i}" for i in range(heaps)]
    lines = [f"game nim{heaps}", f'  title "Nim with {heaps} heaps"',
             '  source "C. L. Bouton, Nim, a game with a complete mathematical theory, 1901"',
             "  coordinates " + ", ".join(names)] + [f"  cut {h} to t" for h in names]
    lines.append('  claim "Bouton: the P-positions have nim-sum 0": P iff '
                 + " xor ".join(names) + " == 0")
    return "\n".join(lines) + "\n"


def _ruleset(source, params: dict, claims):
    """The game bound to ``params`` with the given ``claims`` alone (the bench times the claim it
    names; without claims, the game's own)."""
    from cgs_bridge.jobs.checking import with_claim_args
    from cgs_bridge.model.loading import load_game
    from cgs_bridge.model.resolve import ruleset_of
    game = load_game(str(source))
    if claims:
        game = with_claim_args(game, list(claims), None, keep=False, prefix="")
    return ruleset_of(game, {k: str(v) for k, v in params.items()})


def _problems(ruleset) -> list:
    from cgs_bridge.jobs.prove_run import translations
    return [t.problem for t in translations(ruleset) if t.status == "ok"]


def run_target(label: str, source, params: dict, claims=(), target: float | None = None,
               baseline=None, out=print) -> dict:
    """Time ``prove SOURCE --prover embedded`` and the yardsticks on its sentences; print one
    line. Returns ``{"seconds", "verdicts", "rows", "ours", "dense", "today"}`` (``ours`` and
    the yardsticks: the sentences decided, :func:`.baseline.timed_decide`; ``today`` None
    without today's prover). The ratios compare deciding the same sentences."""
    from cgs_bridge.jobs.prove_run import prove_game
    from solvers.automata import decide_problem
    t0 = time.perf_counter()
    ruleset = _ruleset(source, params, claims)
    res = prove_game(ruleset, prover="embedded", memory=MEMORY)
    seconds = time.perf_counter() - t0
    problems = _problems(ruleset)
    ours = timed_decide(decide_problem, problems, 10 * YARDSTICK_TIMEOUT)
    with dense_tables():
        dense = timed_decide(decide_problem, problems, YARDSTICK_TIMEOUT)
    today = timed_decide(baseline.decide_problem, problems, YARDSTICK_TIMEOUT) if baseline else None
    verdicts = [r.verdict for r in res.rows]
    applicable = [v for v in verdicts if v != "NOT APPLICABLE"]
    met = "" if target is None else (f" (target < {target:g} s: "
                                     f"{'met' if seconds < target and applicable == ['PROVED'] else 'MISSED'})")
    line = (f"prove {label}: prove --prover embedded {seconds:.1f} s {', '.join(verdicts)}{met}; "
            f"its sentences decided in {ours['seconds']:.1f} s, with dense tables "
            f"{describe(dense)} = {_ratio(ours['seconds'], dense)}")
    if today is not None:
        line += f", by today's prover ({BASELINE}) {describe(today)} = {_ratio(ours['seconds'], today)}"
    out(line)
    return {"seconds": seconds, "verdicts": verdicts, "rows": res.rows, "ours": ours,
            "dense": dense, "today": today}


def _ratio(seconds: float, run: dict) -> str:
    """Ours over the yardstick's time (an upper bound when the yardstick was stopped)."""
    mark = "< " if run["stopped"] else ""
    return f"{mark}{seconds / max(run['seconds'], 1e-9):.2f}x"


def prove_scale_case(out=print, k: int = 1001, heaps: int = 10, slow_k: int | None = SLOW_K) -> dict:
    """Run the three targets; print one line each (and the counterexample of the refuted
    hexagon claim). Returns ``{"nim", "triangular", "triangular_slow", "hexagon",
    "hexagon_false"}`` (``triangular_slow``: k = ``slow_k``, absent when None)."""
    baseline, why = load_baseline()
    if baseline is None:
        out(f"prove-scale: {why}")
    with tempfile.TemporaryDirectory(prefix="cgsb-bench-") as tmp:
        spec = Path(tmp) / f"nim{heaps}.game"
        spec.write_text(nim_spec(heaps))
        res = {"nim": run_target(f"Nim with {heaps} heaps", spec, {}, (), TARGET_NIM, baseline, out)}
    res["triangular"] = run_target(f"triangular k={k}", "triangular", {"k": k}, (),
                                   TARGET_TRIANGULAR, baseline, out)
    if slow_k is not None:
        res["triangular_slow"] = run_target(f"triangular k={slow_k}", "triangular", {"k": slow_k},
                                            (), TARGET_TRIANGULAR, None, out)
    res["hexagon"] = run_target(f"hexagon '{HEXAGON_CLAIM}'", "hexagon", {}, (HEXAGON_CLAIM,),
                                None, baseline, out)
    res["hexagon_false"] = run_target(f"hexagon '{HEXAGON_FALSE}'", "hexagon", {},
                                      (HEXAGON_FALSE,), None, baseline, out)
    for row in res["hexagon_false"]["rows"]:
        if row.verdict == "REFUTED":
            out(f"  counterexample {row.position}: claim says {row.claim_value}, the solver "
                f"{row.true_value}")
    return res
