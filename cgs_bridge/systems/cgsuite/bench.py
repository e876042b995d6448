"""The ``cgsuite`` case of ``cgs-bridge bench`` (issue 18): the real CGSuite against Python on the
same box. The emitted table script of triangular k = 3 (``cgs-bridge generate triangular -p k=3
--bound N --target cgsuite``) is fed to the CGSuite REPL (``--cgsuite-cmd`` or
``$CGS_BRIDGE_CGSUITE_CMD``, e.g. ``../shared/engines/cgsuite/bin/cgsuite-repl``) and timed as a
whole run, and so is an empty session (the JVM's and CGSuite's start-up); what it printed is
imported and compared with the Python solution (``check``). Python is timed in this process: the
fast kernel (compiled before timing) and the reference solver. Benchmarks are not tests: nothing
here asserts a time. The case's record, :data:`CASE`, is CGSuite's ``bench`` in the registry
(issue 45: it moved here from ``jobs/bench``).
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path



def cgsuite_case(bound: int = 20, cgsuite_cmd: str | None = None, timeout: float = 1800.0, *,
                 jobs) -> dict:
    """Time CGSuite and Python on triangular k=3, box ``x, y, z <= bound``.

    ``jobs``: the jobs' commands it uses (:class:`~cgs_bridge.systems.base.BenchCase`).

    Returns:
        ``{"box", "positions", "startup", "cgsuite", "fast", "reference", "check"}`` (seconds).
    Raises:
        InputError: no CGSuite command. EngineError: CGSuite failed (its output quoted).
    """
    from cgs_bridge.foundation.errors import InputError
    from cgs_bridge.model import catalog
    from cgs_bridge.model.game import Ruleset
    from cgs_bridge.systems.engines import require_success, run
    from solvers import parse_bound, solve

    from .files import cgsuite_script_name
    from .reader import parse_transcript
    from .runner import cgsuite_argv
    argv = cgsuite_argv(cgsuite_cmd)
    if argv is None:
        raise InputError("the cgsuite case needs the CGSuite REPL command: --cgsuite-cmd CMD or "
                         "$CGS_BRIDGE_CGSUITE_CMD (e.g. ../shared/engines/cgsuite/bin/cgsuite-repl)")
    ruleset = Ruleset(catalog.load("triangular"), {"k": "3"})
    box = parse_bound(str(bound), ruleset.coords)
    out = {"box": str(box)}
    solve(ruleset, box)                                  # compile the kernel before timing
    for method in ("fast", "reference"):
        t = time.perf_counter()
        sol = solve(ruleset, box, method=method)
        out[method] = time.perf_counter() - t
    out["positions"] = len(sol)
    with tempfile.TemporaryDirectory(prefix="cgsb-bench-cgsuite-") as tmp:
        folder = Path(tmp)
        cmd = argv + [str(folder)]
        out["startup"] = require_success(run(cmd, folder, timeout, None, stdin=":quit\n"),
                                         "CGSuite (empty session)").seconds
        jobs.generate_files(ruleset, box, ("cgsuite",), folder)
        script = (folder / cgsuite_script_name(ruleset, box)).read_text(encoding="utf-8")
        res = require_success(run(cmd, folder, timeout, None, stdin=script + ":quit\n"), "CGSuite (emitted)")
        out["cgsuite"] = res.seconds
        side = jobs.compare_table(sol, parse_transcript(res.stdout, ruleset.n, "CGSuite"), "cgsuite", "CGSuite")
        same = not side.differences and side.compared == len(sol)
        out["check"] = "CGSuite's table equals solve" if same else "CGSuite's table DIFFERS from solve"
    return out


def run_case(options: dict, jobs) -> int:
    """The case as ``bench --cases cgsuite`` runs it: one line; 1 when the tables differ."""
    r = cgsuite_case(options["cgsuite_bound"], options["cgsuite_cmd"], jobs=jobs)
    work = r["cgsuite"] - r["startup"]
    print(f"cgsuite  triangular k=3 {r['box']}: {r['positions']:,} positions; CGSuite start-up "
          f"{r['startup']:.1f} s, emitted script {r['cgsuite']:.1f} s (whole run, {work:.1f} s without "
          f"start-up); Python fast {r['fast'] * 1e3:.1f} ms, reference {r['reference']:.2f} s; CGSuite "
          f"computing / Python fast {work / r['fast']:,.0f}x, / reference {work / r['reference']:.1f}x; "
          f"{r['check']}")
    return 0 if "DIFFERS" not in r["check"] else 1


#: The ``cgsuite`` case: the real CGSuite against Python on the same box.
