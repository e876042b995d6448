"""Provers as registry entries (issue 45, item 1): ``--prover embedded`` loads no system's folder
(seen in ``python -X importtime``), the choices, the default, ``both`` and their errors come from
the registry, and Walnut's script is printed once per claim."""

from __future__ import annotations

import subprocess
import sys

import pytest

import cgs_bridge as cb
from cgs_bridge.foundation.errors import EngineError, InputError
from cgs_bridge.jobs.prove import choose_provers
from cgs_bridge.systems import registry
from solvers.logic.formula import Decision
from solvers.logic.prover import Prover


def _imported(*argv) -> set:
    """The modules ``cgs-bridge ARGV`` imports, read from ``python -X importtime``."""
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "cgs_bridge.cli.main", *argv],
                          capture_output=True, text=True, timeout=300)
    return {ln.split("|")[-1].strip() for ln in proc.stderr.splitlines() if ln.startswith("import time:")}


def _systems_loaded(modules: set) -> list:
    return sorted(m for m in modules for name in registry.NAMES
                  if m == f"cgs_bridge.systems.{name}" or m.startswith(f"cgs_bridge.systems.{name}."))


def test_prove_with_the_embedded_prover_imports_no_systems_folder(tmp_path):
    seen = _imported("prove", "nim", "--prover", "embedded")
    assert "cgs_bridge.systems.registry" in seen and "solvers.automata.prover" in seen   # it ran, via the registry
    assert _systems_loaded(seen) == []
    # the twin: naming Walnut (a folder whose walnut-run fails at once) loads its folder, and the
    # reading above sees it
    home = tmp_path / "walnut"
    (home / "bin").mkdir(parents=True)
    (home / "bin" / "walnut-run").write_text("#!/bin/sh\nexit 3\n")
    (home / "bin" / "walnut-run").chmod(0o755)
    seen = _imported("prove", "nim", "--prover", "walnut", "--walnut-home", str(home))
    assert "cgs_bridge.systems.walnut.prover" in _systems_loaded(seen)


@pytest.fixture
def toy(monkeypatch):
    """Two provers planted in the registry: ``toy`` (available, answers every sentence TRUE) and
    ``absent`` (unavailable, with its reason); the real ones are left out."""
    def decide(problem, limits):
        return [Decision(o.name, True) for o in problem.obligations]
    toy = Prover("toy", decide, title="the toy prover", label="Toy")
    absent = Prover("absent", decide, availability=lambda options: (False, "planted: not installed"))
    monkeypatch.setattr(registry, "PROVERS", {"absent": "-", "toy": "-"})
    monkeypatch.setattr(registry, "_PROVERS", {"absent": absent, "toy": toy})
    return toy


def test_choices_default_and_both_come_from_the_registry(toy):
    assert choose_provers(None) == ("toy",)          # the first *available* one in registry order
    assert choose_provers("absent") == ("absent",)   # named: it runs, and says why it cannot
    with pytest.raises(EngineError, match="only toy is available; absent: planted: not installed"):
        choose_provers("both")
    with pytest.raises(InputError, match="unknown prover 'walnut'; choose absent, toy, both"):
        choose_provers("walnut")
    r = cb.prove("nim", prover="toy")
    assert r.rows[0].verdict == "PROVED" and r.prover == "toy" and r.rows[0].provers == ("toy",)
    from cgs_bridge.presentation.proof import proof_markdown
    assert "verified for all positions by the toy prover in" in proof_markdown(r)   # its title, from its record


def test_both_runs_every_available_prover(toy, monkeypatch):
    twin = Prover("twin", toy.decide)
    monkeypatch.setattr(registry, "PROVERS", {**registry.PROVERS, "twin": "-"})
    monkeypatch.setattr(registry, "_PROVERS", {**registry._PROVERS, "twin": twin})
    assert choose_provers("both") == ("toy", "twin")
    r = cb.prove("nim", prover="both")
    assert r.rows[0].verdict == "PROVED" and set(r.rows[0].decisions) == {"toy", "twin"}


def test_walnuts_script_is_printed_once_per_claim(walnut_home, monkeypatch):
    from cgs_bridge.systems.walnut import printer, prover
    prover.plan.cache_clear()
    calls = []
    real = printer.print_problem
    monkeypatch.setattr(printer, "print_problem", lambda *a, **k: calls.append(a[0]) or real(*a, **k))
    r = cb.prove("nim", prover="walnut", walnut_home=walnut_home)
    assert r.rows[0].verdict == "PROVED" and "claim" in r.rows[0].listings["walnut"]
    assert len(calls) == 1
