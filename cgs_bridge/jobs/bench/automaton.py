"""The ``automaton`` case of ``cgs-bridge bench`` (issue 44): for each catalog game with a P-claim,
the automaton of its P-positions learned from the table and proved, against the proof of the
catalog's formula in the same run (the yardstick). Target: learning and proving within 10 minutes
per game, and the learned automaton's proof no slower than the formula's (ratio <= 1). Every
available prover of the registry is timed: the embedded prover always, Walnut when found
(``--walnut-home``). Benchmarks are not tests: nothing here asserts a time."""

from __future__ import annotations

import time

#: Catalog games whose P-claim applies at these parameters (seed 003 Theorem 7.3 and
#: Conjecture 8.1; seed 004 Theorem 2.6).
GAMES = (("triangular", {"k": 1}), ("triangular", {"k": 3}), ("triangular", {"k": 5}),
         ("triangular", {"k": 7}), ("floor_ratio", {"k": 2}), ("floor_ratio", {"k": 4}))


#: Runs of each proof; the least time is reported (the machine is shared).
RUNS = 2


def _proof_time(game, params, claims, prover, options):
    """The least time of :data:`RUNS` proofs of ``claims`` (the catalog's when empty), as ``prove``
    runs them: the prover's own time on the claims that apply (Walnut's whole run, JVM start
    included; the translation, the same for both, left out), and their verdicts. Given claims
    are added after the catalog's (the one claim rule, issue 48.6): only their rows, the last,
    are timed."""
    from cgs_bridge.jobs.prove_run import prove_game
    best = None
    for _ in range(RUNS):
        res = prove_game(game, params, claims, prover=prover, **options)
        rows = [r for r in (res.rows[-len(claims):] if claims else res.rows) if r.verdict != "NOT APPLICABLE"]
        best = min(best or 1e99, sum(r.times.get(prover, 0.0) for r in rows))
    return best, [r.verdict for r in rows]


def automaton_case(out=print, **options) -> list:
    """One line per game and available prover (the project's own first; ``options``: the provers'
    options, ``walnut_home``); returns ``[{"game", "prover", "learn", "automaton", "formula",
    "ratio", "verdicts"}]`` (seconds)."""
    import tempfile
    from pathlib import Path

    from cgs_bridge.foundation.io import atomic_write_text
    from cgs_bridge.jobs.discover.automaton import learn_set
    from cgs_bridge.model.resolve import ruleset_of
    from cgs_bridge.systems.registry import PROVERS, prover
    options = {k: v for k, v in options.items() if v is not None}
    provers = sorted((p for p in PROVERS if prover(p).availability(options)[0]), key=lambda p: not prover(p).ours)
    rows = []
    with tempfile.TemporaryDirectory(prefix="cgs-bench-automaton-") as tmp:
        for game, params in GAMES:
            ruleset = ruleset_of(game, {k: str(v) for k, v in params.items()})
            t0 = time.perf_counter()
            found = learn_set(ruleset)
            learned = time.perf_counter() - t0
            label = f"{game} " + ", ".join(f"{k}={v}" for k, v in params.items())
            if found.automaton is None:
                out(f"automaton {label}: {found.verdict} ({learned:.1f} s)")
                continue
            path = Path(tmp) / f"{game}_{'_'.join(map(str, params.values()))}.txt"
            atomic_write_text(path, found.file_text, overwrite=True)
            claim = f'P iff accepts "{path}"({", ".join(ruleset.coords)})'
            for name in provers:
                auto, v1 = _proof_time(game, params, [claim], name, options)
                formula, v2 = _proof_time(game, params, [], name, options)
                ratio = auto / formula if formula else float("nan")
                rows.append({"game": label, "prover": name, "learn": learned, "automaton": auto,
                             "formula": formula, "ratio": ratio, "verdicts": v1 + v2})
                out(f"automaton {label} ({found.states} states, learned on {found.learned}, "
                    f"confirmed on {found.confirmed}) {name}: learn {learned:.1f} s, automaton "
                    f"proof {auto:.1f} s = {ratio:.2f}x the formula's {formula:.1f} s (target <= 1x); "
                    f"learn + prove {learned + auto:.1f} s (target <= 600 s); verdicts {v1 + v2}")
    return rows
