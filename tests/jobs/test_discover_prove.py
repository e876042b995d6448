"""``discover --prove`` (issue 33, item 5): stable findings end as theorems or artefacts.

Expected values: seed 003 (Theorem 7.3 for k = 3 mod 4, Conjecture 8.1 for k = 1 mod 4: the
formulas the sweep must find and the prover must prove) and a plain mex recursion written here
(the smallest position where an artefact of the box fails)."""

from __future__ import annotations

import subprocess
import sys
from functools import lru_cache

from cgs_bridge.jobs.discover import discover
from cgs_bridge.jobs.discover.proofs import prove_findings
from cgs_bridge.jobs.discover.report import Discovery, Found
from cgs_bridge.model.resolve import ruleset_of

import paths


def _triangular_grundy(k: int):
    """Grundy values of the triangular bar y <= floor((x + z) / k) by the definition (seed 003
    Def 4.3: cut x or z lowers y to the new bound; mex of the options)."""
    @lru_cache(maxsize=None)
    def g(x, y, z):
        opts = {g(t, min(y, (t + z) // k), z) for t in range(x)}
        opts |= {g(x, t, z) for t in range(y)}
        opts |= {g(x, min(y, (x + t) // k), t) for t in range(z)}
        m = 0
        while m in opts:
            m += 1
        return m
    return g


def test_sweep_findings_are_proved_at_every_value_of_their_class():
    r = ruleset_of("triangular", {"k": "3"})
    rep = discover(r, bound=12, families=("p",), sweep="k=1..13", prove=True, prover="embedded")
    proved = {(p["condition"], p["params"]["k"]) for p in rep.proofs if p["verdict"] == "PROVED"}
    shifted = "P iff (x - 1) xor y xor (z - 1) == 0"
    assert {(shifted, k) for k in (1, 5, 9, 13)} <= proved          # seed 003 Conjecture 8.1
    assert {("P iff x xor y xor z == 0", k) for k in (3, 7, 11)} <= proved   # seed 003 Theorem 7.3
    assert all(p["verdict"] in ("PROVED", "NOT EXPRESSIBLE") for p in rep.proofs)
    assert rep.exit_code == 0
    assert "Proofs (each finding decided for every position" in rep.to_text()


def test_an_artefact_of_the_box_is_refuted_at_its_smallest_failure():
    """The planted twin: a formula that holds on a small box of triangular k = 3 (the sweep lists
    it as an artefact) is REFUTED, at the smallest position where it fails (by coordinate sum, then
    lexicographically), computed here by the recursion."""
    r = ruleset_of("triangular", {"k": "3"})
    cond = "P iff (x + 8) xor y xor (z + 8) == 0"
    rep = Discovery("triangular", {"k": 3}, "12", 0, 0, [], formulas=[Found("p", cond, "", 1, 0)])
    [got] = prove_findings(rep, r, prover="embedded")
    g = _triangular_grundy(3)
    fails = [(x, y, z) for s in range(40) for x in range(s + 1) for z in range(s + 1 - x)
             for y in [s - x - z] if y <= (x + z) // 3
             and (g(x, y, z) == 0) != (((x + 8) ^ y ^ (z + 8)) == 0)]
    assert got["verdict"] == "REFUTED"
    assert tuple(got["position"]) == min(fails, key=lambda p: (sum(p), p))


def test_cli_discover_prove_prints_the_proofs():
    run = subprocess.run([sys.executable, "-m", "cgs_bridge.cli.main", "discover", "rectangular",
                          "--bound", "6", "--families", "p", "--prove", "--prover", "embedded"],
                         capture_output=True, text=True, cwd=paths.ROOT, timeout=600)
    assert run.returncode == 0, run.stderr
    assert "PROVED           P iff x xor y xor z == 0" in run.stdout      # seed 003 Theorem 3.1
