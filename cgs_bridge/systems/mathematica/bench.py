"""The ``mathics`` case of ``cgs-bridge bench``: the emitted ``.wl`` against the published idiom,
both in Mathics3, in one run, on the same box.

- emitted: ``cgs-bridge generate triangular -p k=3 --bound N --target mathematica``, run as a
  script (the CSV it writes is checked against ``cgs-bridge solve``);
- published: seed 003, Example 8.3 (the program as printed, read from ``../shared/seeds`` by
  :mod:`cgs_bridge.systems.auditing.seeds`; nothing of it is copied into the project), normalised as
  ``audit`` does, with ``ss = N`` and the audit prelude (Mathics3 has no ``BitXor``).

Both are timed as whole engine runs (start-up included, wall seconds), and so is an empty program
(Mathics3's start-up alone, ~4 s), so the report also gives the computing time of each program
(run minus start-up) and that ratio. Benchmarks are not tests: nothing here asserts a time.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from cgs_bridge.systems.engines import require_success
from cgs_bridge.systems.mathematica.runner import run_mathematica_file


def _published_program(bound: int, text: str) -> str:
    from cgs_bridge.systems.auditing.normalize import normalize, replace_assignment
    from cgs_bridge.systems.mathematica.audit.runner import prelude_text
    norm = replace_assignment(normalize(text), "ss", str(bound))
    return prelude_text() + "\n" + norm.text


def mathics_case(bound: int = 10, source: Path | None = None, timeout: float = 1800.0) -> dict:
    """Run the emitted program and the published Ex 8.3 program for triangular k=3 on the box
    ``x, y, z <= bound`` in Mathics3.

    Returns:
        ``{"box", "positions", "startup", "emitted", "published", "ratio", "compute_ratio",
        "check"}``: seconds (floats, None when not run; ``compute_ratio`` excludes start-up), ``check`` says whether the emitted CSV equals ``cgs-bridge solve``'s and
        why the published program was not run, if it was not.
    Raises:
        EngineError: Mathics3 missing, broken, failing or over ``timeout``.
    """
    from cgs_bridge.jobs import generate
    from cgs_bridge.model import catalog
    from cgs_bridge.model.game import Ruleset
    from solvers import parse_bound, solve
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
        generate.generate_files(ruleset, box, ("mathematica",), folder)
        program = folder / generate.mathematica_program_name(ruleset, box)
        res = require_success(run_mathematica_file(program, folder, "mathics", timeout), "mathics (emitted)")
        out["emitted"] = res.seconds
        csv = folder / generate.mathematica_csv_name(ruleset, box)
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
