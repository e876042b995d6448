"""Shared fixtures. Tests that need ``../shared`` (seeds, CGSuite fixtures, the C yardstick) use
the ``shared`` fixture, which skips with a reason on a fresh clone without it."""

from __future__ import annotations

import os
import sys
from pathlib import Path

# Byte code is cached (``__pycache__/``, ignored by git) even where PYTHONDONTWRITEBYTECODE is set,
# as it is on the shared machines: otherwise every ``cgs-bridge`` the tests start compiles the
# project's modules again (3.0 s of processor time for one small ``solve``, 1.3 s with the cache),
# and every xdist worker rewrites every test module's asserts again (collection 9.9 s, 5.2 s).
# Set here, before xdist starts its workers, so they and every program they start inherit it.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

import pytest

import paths
import suite_categories
from realcgsuite import real_cgsuite  # noqa: F401  (fixture: the real CGSuite engine)
from realwalnut import walnut_home  # noqa: F401  (fixture: the real Walnut 6)

# Mathics3 run inside the test process (tests/audit_inprocess.py) reads its cap on $RecursionLimit
# when it is imported: give it what every Mathics3 child gets (systems/mathematica/settings.py,
# CHILD_VARIABLES), before any test imports it, so in-process runs take the prelude's limit as the
# children do.
from cgs_bridge.systems.mathematica.settings import CHILD_VARIABLES  # noqa: E402

for _name, _value in CHILD_VARIABLES.items():
    os.environ.setdefault(_name, _value)

ROOT = paths.ROOT
SHARED = ROOT.parent / "shared"
DATA = paths.DATA


@pytest.fixture
def shared() -> Path:
    if not (SHARED / "fixtures").is_dir():
        pytest.skip("../shared is absent (fresh clone): shared fixtures not available")
    return SHARED


@pytest.fixture
def data() -> Path:
    return DATA


@pytest.fixture
def library(shared, tmp_path):
    """CGSuite's game library from the jar as a class-path folder (``cp/game/graph/GenArcKayles.cgs``,
    ...; issue 47); a test file may define its own ``library`` (test_audit_library_examples does)."""
    import cgsuite_jar
    return cgsuite_jar.class_path(shared, tmp_path)


@pytest.fixture(scope="module")
def private_kernel_cache(tmp_path_factory):
    """Random specs and claims compile throw-away kernel and claim modules: a module that uses this
    fixture keeps them out of the user's kernel cache (``CGS_BRIDGE_KERNEL_CACHE``)."""
    old = os.environ.get("CGS_BRIDGE_KERNEL_CACHE")
    os.environ["CGS_BRIDGE_KERNEL_CACHE"] = str(tmp_path_factory.mktemp("kernels"))
    yield
    if old is None:
        del os.environ["CGS_BRIDGE_KERNEL_CACHE"]
    else:
        os.environ["CGS_BRIDGE_KERNEL_CACHE"] = old


# The fast subset (docs/recipes/tests.md): every test is marked ``fast``, ``engine`` or ``heavy`` from
# tests/suite_categories.py; ``pytest -m fast`` runs the edit-test loop with fewer hypothesis examples.
#: Hypothesis examples of the property tests in the fast run, each compiles a kernel (a variable
#: already set wins).
FAST_EXAMPLES = {"CGS_BRIDGE_KERNEL_EXAMPLES": "1", "CGS_BRIDGE_CLAIM_EXAMPLES": "1",
                 "CGS_BRIDGE_AUTOMATA_EXAMPLES": "12", "CGS_BRIDGE_TRANSLATE_EXAMPLES": "8",
                 "CGS_BRIDGE_SIMPLIFY_EXAMPLES": "20"}


#: Hypothesis examples of the property tests whose examples each compile a numba kernel, in the
#: README's test command (``pytest -q``: ``-m 'not slow and not install and not published'``). Each run draws fresh
#: examples; the modules' own defaults (the deep budgets: kernel 6, moves 25, discover 12) run in
#: CI once more, as ``.ci/run``'s ``CGS_BRIDGE_EXAMPLES=deep`` step (issue 36: suite time).
SUITE_EXAMPLES = {"CGS_BRIDGE_KERNEL_EXAMPLES": "3", "CGS_BRIDGE_MOVES_EXAMPLES": "8",
                  "CGS_BRIDGE_DISCOVER_EXAMPLES": "5"}


def example_budgets(markexpr: str, deep: bool) -> dict:
    """The example budgets a run sets (a variable already set wins): ``FAST_EXAMPLES`` for
    ``-m fast``, ``SUITE_EXAMPLES`` for any other run unless ``deep`` (``CGS_BRIDGE_EXAMPLES=deep``:
    the modules' defaults)."""
    if markexpr.strip() == "fast":
        return FAST_EXAMPLES
    return {} if deep else SUITE_EXAMPLES


def pytest_configure(config):
    deep = os.environ.get("CGS_BRIDGE_EXAMPLES", "") == "deep"
    for name, value in example_budgets(config.getoption("markexpr", "") or "", deep).items():
        os.environ.setdefault(name, value)


def pytest_collection_modifyitems(config, items):
    suite_categories.mark(items)
    suite_categories.first_the_long(items)


def pytest_xdist_auto_num_workers(config):
    """``-n auto`` (the README's test command, what CI runs): one worker per CPU, plus one. A good
    part of the suite's wall time is spent waiting on outside programs (JVM and Mathics3 start-up,
    pip, chromium, sandbox set-up, time-outs that sleep): the extra worker fills it (issue 36;
    measured in the closing note). ``PYTEST_XDIST_AUTO_NUM_WORKERS`` still wins, as in xdist."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return int(os.environ["PYTEST_XDIST_AUTO_NUM_WORKERS"])
    return len(os.sched_getaffinity(0)) + 1
