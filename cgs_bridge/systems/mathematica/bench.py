"""The ``mathics`` case of ``cgs-bridge bench``: the emitted ``.wl`` against the published idiom,
both in Mathics3, in one run, on the same box.

- emitted: ``cgs-bridge generate triangular -p k=3 --bound N --target mathematica``, run as a
  script (the CSV it writes is checked against ``cgs-bridge solve``);
- published: seed 003, Example 8.3 (the program as printed, read from ``../shared/seeds`` by
  :mod:`cgs_bridge.systems.auditing.seeds`; nothing of it is copied into the project), normalised as
  ``audit`` does, with ``ss = N`` and the audit prelude (Mathics3 has no ``BitXor``).

Both are timed as whole engine runs (start-up included, wall seconds), and so is an empty program
(Mathics3's start-up alone, ~4 s), so the report also gives the computing time of each program
(run minus start-up) and that ratio. Benchmarks are not tests: nothing here asserts a time. Its
record, :data:`CASE`, is one of Mathematica's ``bench`` cases in the registry (issue 45: it moved
here from ``jobs/bench``).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from cgs_bridge.systems.engines import require_success

from .runner import run_mathematica_file


def _published_program(bound: int, text: str) -> str:
    from cgs_bridge.systems.mathematica.normalize import normalize, replace_assignment

    from .audit.runner import prelude_text
    norm = replace_assignment(normalize(text), "ss", str(bound))
    return prelude_text() + "\n" + norm.text


def mathics_case(bound: int = 10, source: Path | None = None, timeout: float = 1800.0, *, jobs) -> dict:
    """Run the emitted program and the published Ex 8.3 program for triangular k=3 on the box
    ``x, y, z <= bound`` in Mathics3 (``jobs``: the jobs' commands, ``generate_files``:
    :class:`~cgs_bridge.systems.base.BenchCase`).

    Returns:
        ``{"box", "positions", "startup", "emitted", "published", "ratio", "compute_ratio",
        "check"}``: seconds (floats, None when not run; ``compute_ratio`` excludes start-up), ``check`` says whether the emitted CSV equals ``cgs-bridge solve``'s and
        why the published program was not run, if it was not.
    Raises:
        EngineError: Mathics3 missing, broken, failing or over ``timeout``.
    """
    from cgs_bridge.model import catalog
    from cgs_bridge.model.game import Ruleset
    from solvers import parse_bound, solve

    from .files import mathematica_csv_name, mathematica_program_name
    ruleset = Ruleset(catalog.load("triangular"), {"k": "3"})
    box = parse_bound(str(bound), ruleset.coords)
    sol = solve(ruleset, box)
    out = {"box": str(box), "positions": len(sol), "emitted": None, "published": None, "ratio": None,
           "startup": None, "compute_ratio": None}
    with tempfile.TemporaryDirectory(prefix="cgsb-bench-") as tmp:
        folder = Path(tmp)
        empty = folder / "empty.wl"
        empty.write_text('Print["started"];\n', encoding="utf-8")
        out["startup"] = require_success(run_mathematica_file(empty, folder, "mathics", timeout),
                                         "mathics (empty program)").seconds
        jobs.generate_files(ruleset, box, ("mathematica",), folder)
        program = folder / mathematica_program_name(ruleset, box)
        res = require_success(run_mathematica_file(program, folder, "mathics", timeout), "mathics (emitted)")
        out["emitted"] = res.seconds
        csv = folder / mathematica_csv_name(ruleset, box)
        same = csv.exists() and csv.read_text() == sol.to_csv_text()
        out["check"] = "emitted CSV equals solve" if same else "emitted CSV DIFFERS from solve"
        from cgs_bridge.systems.auditing.seeds import SEEDS, program
        text = source.read_text(encoding="utf-8") if source and source.is_file() else program("003", "8.3")
        if text is None:
            out["check"] += f"; published program not run ({source or SEEDS} not found)"
            return out
        pub = folder / "published.wl"
        pub.write_text(_published_program(bound, text), encoding="utf-8")
        res = require_success(run_mathematica_file(pub, folder, "mathics", timeout), "mathics (published)")
        out["published"] = res.seconds
        out["ratio"] = res.seconds / out["emitted"] if out["emitted"] else None
        work = out["emitted"] - out["startup"]
        out["compute_ratio"] = (res.seconds - out["startup"]) / work if work > 0 else None
    return out


def run_case(options: dict, jobs) -> int:
    """The case as ``bench --cases mathics`` runs it: one line; 1 when the emitted CSV differs.

    Raises:
        InputError: ``mathics_bound`` below 1."""
    from cgs_bridge.foundation.errors import InputError
    bound = options["mathics_bound"]
    if bound < 1:
        raise InputError("--mathics-bound must be at least 1")
    # the published program enumerates every option: its work grows about as bound ** 4
    r = mathics_case(bound, timeout=max(1800.0, 1800.0 * (bound / 10) ** 4), jobs=jobs)
    pub = "-" if r["published"] is None else f"{r['published']:.1f} s"
    ratio = "-" if r["ratio"] is None else f"{r['ratio']:.1f}x"
    cratio = "-" if r["compute_ratio"] is None else f"{r['compute_ratio']:.1f}x"
    print(f"mathics  triangular k=3 {r['box']}: {r['positions']:,} positions; Mathics3 start-up "
          f"{r['startup']:.1f} s; emitted .wl {r['emitted']:.1f} s, published Ex 8.3 idiom {pub} "
          f"(whole runs); published/emitted {ratio} whole, {cratio} without start-up; {r['check']}")
    return 0 if "DIFFERS" not in r["check"] else 1


#: The ``mathics`` case: the emitted ``.wl`` against the published Ex 8.3 idiom in Mathics3.
