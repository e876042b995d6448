"""The ``verify`` case of ``cgs-bridge bench``: the main job, ``cgs-bridge verify triangular -p k=3
--bound N`` (Python solve, the emitted ``.wl`` run in Mathics3, the comparison of every position
and the report files), timed whole in the calling process, against issue 24's target of 90 s at the
paper's box (seed 003, Examples 8.1-8.3: x, y, z <= 20, 3,234 positions).

Benchmarks are not tests: nothing here asserts a time; the case reports the verdict with the time,
so a fast run that did not agree cannot pass for a result. Its record, :data:`CASE`, is one of
Mathematica's ``bench`` cases in the registry (issue 45: it moved here from ``jobs/bench``).
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path


#: Issue 24, item 1: ``verify triangular -p k=3 --bound 20`` within 90 s on the 2-core machine.
TARGET_SECONDS = 90.0


def verify_case(bound: int = 20, timeout: float = 1800.0, *, jobs) -> dict:
    """Run ``verify`` on triangular k=3, ``x, y, z <= bound``, with Mathics3, in a temporary run folder.

    Args:
        bound: the box's bound on every coordinate (an int >= 1).
        timeout: seconds Mathics3 may take (the engine's limit, not a target).
        jobs: the jobs' commands (``run_verify``: :class:`~cgs_bridge.systems.base.BenchCase`).
    Returns:
        ``{"box", "positions", "seconds", "engine_seconds", "agree", "target", "ratio"}``: wall
        seconds of the whole job and of the Mathics3 run (floats), the verdict (bool: every position
        compared and equal), the target in seconds (``None`` off the paper's box) and
        ``seconds / target``.
    Raises:
        EngineError: Mathics3 missing, failing or over ``timeout``.
    """
    from cgs_bridge.foundation.errors import EngineError
    from cgs_bridge.model import catalog
    from cgs_bridge.model.game import Ruleset
    from solvers import parse_bound
    ruleset = Ruleset(catalog.load("triangular"), {"k": "3"})
    box = parse_bound(str(bound), ruleset.coords)
    with tempfile.TemporaryDirectory(prefix="cgsb-bench-verify-") as tmp:
        start = time.perf_counter()
        res = jobs.run_verify(ruleset, box, run_dir=Path(tmp) / "run", engines={"mathematica_engine": "mathics"},
                                timeout=timeout, say=lambda _text: None)
        res.comparison.write(res.run_dir, res.solution)  # the report files, as verify writes them
        seconds = time.perf_counter() - start
    if res.problems:
        raise EngineError("\n".join(m for _, m in res.problems))
    engine = [sec for what, sec in res.timings if what != "python solve"]
    target = TARGET_SECONDS if bound == 20 else None
    return {"box": f"x, y, z <= {bound}", "positions": len(res.solution), "seconds": seconds,
            "engine_seconds": sum(engine) if engine else None, "agree": bool(res.agree),
            "target": target, "ratio": seconds / target if target else None}


def run_case(options: dict, jobs) -> int:
    """The case as ``bench --cases verify`` runs it: one line; 1 when the verdict is not agree."""
    r = verify_case(options["verify_bound"], jobs=jobs)
    engine = "-" if r["engine_seconds"] is None else f"{r['engine_seconds']:.1f} s"
    target = (f"; {r['ratio']:.2f}x the {r['target']:.0f} s target" if r["target"]
              else " (the 90 s target is set at --verify-bound 20)")
    verdict = "agree" if r["agree"] else "DISAGREE"
    print(f"verify   triangular k=3 {r['box']}: {r['positions']:,} positions; whole job "
          f"{r['seconds']:.1f} s (Mathics3 run {engine}){target}; verdict {verdict}")
    return 0 if r["agree"] else 1


#: The ``verify`` case: the main job timed whole against its 90 s target.
