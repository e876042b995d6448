"""Yardsticks of the embedded prover's benchmarks (issue 45), measured in the same run:

- **today's prover**: the package ``solvers/automata`` as of commit :data:`BASELINE` (dense
  transition tables, no scheduling of quantified conjunctions), read from the repository's history
  with ``git archive`` and imported under the name ``baseline_automata`` (its imports of
  ``solvers.logic`` and ``cgs_bridge`` are today's: the proof language did not change). Nothing of
  it is kept in the tree; without git or that commit the yardstick is reported missing;
- **dense tables**: today's code with every automaton stored as one dense level
  (:func:`solvers.automata.diagram.set_layout`), the representation issue 45 replaces.

Benchmarks are not tests: nothing here asserts a time."""

from __future__ import annotations

import importlib.util
import io
import subprocess
import sys
import tarfile
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

#: The commit whose prover is "today's" (the base of issue 45's branch).
BASELINE = "87a0feb"
REPO = Path(__file__).resolve().parents[3]
NAME = "baseline_automata"


def load_baseline(commit: str = BASELINE):
    """(module, reason): today's ``solvers.automata`` package as module ``baseline_automata``,
    or (None, why not) when git or the commit is missing."""
    if NAME in sys.modules:
        return sys.modules[NAME], ""
    try:
        data = subprocess.run(["git", "-C", str(REPO), "archive", "--format=tar", commit,
                               "solvers/automata"], capture_output=True, timeout=60, check=True)
    except (OSError, subprocess.SubprocessError) as e:
        return None, f"today's prover ({commit}) not available: {str(e)[:120]}"
    with tempfile.TemporaryDirectory(prefix="cgsb-baseline-") as tmp:
        with tarfile.open(fileobj=io.BytesIO(data.stdout)) as tar:
            tar.extractall(tmp, filter="data")
        folder = Path(tmp) / "solvers" / "automata"
        spec = importlib.util.spec_from_file_location(NAME, folder / "__init__.py",
                                                      submodule_search_locations=[str(folder)])
        module = importlib.util.module_from_spec(spec)
        sys.modules[NAME] = module
        try:
            spec.loader.exec_module(module)      # imports every module the prover uses
        except Exception as e:                   # noqa: BLE001 (a yardstick that does not load)
            del sys.modules[NAME]
            return None, f"today's prover ({commit}) does not load: {str(e)[:120]}"
    return module, ""


@contextmanager
def dense_tables():
    """Automata built inside are stored as dense tables (one level per automaton)."""
    from solvers.automata.diagram import SETTINGS, set_layout
    old = dict(SETTINGS)
    set_layout(10 ** 6, 1)
    try:
        yield
    finally:
        set_layout(old["dense_below"], old["chunk"])


def timed_decide(decide, problems, timeout: float, memory: int = 2 << 30) -> dict:
    """Decide ``problems`` with ``decide`` (a ``decide_problem``) within ``timeout`` seconds in
    all and ``memory`` bytes of tables: ``{"seconds", "cpu", "holds" (list of (obligation,
    holds)), "stopped" (the reason or "")}``."""
    from cgs_bridge.foundation.errors import AutomatonLimitError
    t0, c0 = time.perf_counter(), time.process_time()
    holds, stopped = [], ""
    try:
        for p in problems:
            left = timeout - (time.perf_counter() - t0)
            if left <= 0:
                raise AutomatonLimitError(f"out of time ({timeout:g} s)")
            holds += [(d.obligation, d.holds) for d in decide(p, timeout=left, memory=memory)]
    except AutomatonLimitError as e:
        stopped = str(e)
    return {"seconds": time.perf_counter() - t0, "cpu": time.process_time() - c0,
            "holds": holds, "stopped": stopped}


def describe(run: dict) -> str:
    """``12.3 s`` or ``stopped after 60.0 s``."""
    if run["stopped"]:
        return f"stopped after {run['seconds']:.1f} s"
    return f"{run['seconds']:.1f} s"
