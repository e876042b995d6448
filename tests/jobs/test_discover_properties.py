"""Random games and boxes: everything ``discover`` reports re-checks independently.

Each example writes a random chocolate-like game as spec *text* (two or three coordinates, an
optional constraint ``cj <= floor((ci + s) / m)`` kept valid by the cut of ``ci``, an optional
free heap) and runs ``discover`` on it (reference solver and claim checker, or in about one example in
seven the fast kernel and compiled claims). Then, independently of the
vectorised search: every reported formula and region formula is pasted as a claim line into the
game text, the text is parsed and checked again, and the reference per-position claim evaluation
(``Solution.check_claims``) must find it true at every valid position; every near miss must fail
at exactly the reported number of positions; every periodic row must satisfy its relation in a
plain loop over the reference array.
"""

from __future__ import annotations

import os
from random import Random

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from cgs_bridge.jobs.discover import discover
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_text
from solvers import solve
from solvers.box import Box

#: Examples per run (drawn afresh each run; ``CGS_BRIDGE_DISCOVER_EXAMPLES``, default 12).
SETTINGS = settings(max_examples=int(os.environ.get("CGS_BRIDGE_DISCOVER_EXAMPLES", "12")), deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = ("a", "b", "c")


pytestmark = pytest.mark.usefixtures("private_kernel_cache")


def random_game(rng: Random):
    n = rng.choice([2, 3])
    coords = NAMES[:n]
    lines = ["game g", "  coordinates " + ", ".join(coords)]
    cuts = {c: f"  cut {c} to t" for c in coords}
    if rng.random() < 0.8:
        i, j = rng.sample(range(n), 2)
        m, s = rng.randint(1, 3), rng.randint(0, 2)
        ci, cj = coords[i], coords[j]
        lines.append(f"  require {cj} <= floor(({ci} + {s}) / {m})")
        cuts[ci] = f"  cut {ci} to t: {cj} = min({cj}, floor((t + {s}) / {m}))"
    lines += [cuts[c] for c in coords]
    upper = tuple(rng.randint(2, {2: 14, 3: 7}[n]) for _ in coords)
    return "\n".join(lines) + "\n", coords, upper


def _check_claims(text, lines, box):
    if not lines:
        return []
    full = text + "".join(f"  {ln}\n" for ln in lines)
    r = Ruleset(load_text(full, "random.game"))
    return solve(r, box, method="reference", misere=True).check_claims(limit=3, method="reference")


@SETTINGS
@given(st.randoms(use_true_random=False))
def test_everything_reported_rechecks(rng):
    text, coords, upper = random_game(rng)
    note(text)
    note(f"box {upper}")
    box = Box(coords, upper)
    r = Ruleset(load_text(text, "random.game"))
    rep = discover(r, bound=box, method="auto" if rng.random() < 0.15 else "reference", limit=6, near=4)
    note(rep.to_text())
    found = rep.formulas + rep.regions
    for f, res in zip(found, _check_claims(text, [f.claim for f in found], box)):
        assert res.status == "holds" and res.checked == rep.positions, f.claim
    for m, res in zip(rep.near_misses, _check_claims(text, [m.claim for m in rep.near_misses], box)):
        assert res.status == "fails" and res.failures == m.failures, m.claim
        assert [list(p) for p, _ in res.counterexamples] == [e["position"] for e in m.first[:3]]
    # periodic rows are reported as observed on the re-check box (issue 21): check them there
    from solvers import parse_bound
    if rep.recheck_box:
        for f, res in zip(found, _check_claims(text, [f.claim for f in found], parse_bound(rep.recheck_box, coords))):
            assert res.status == "holds", f.claim
    g = solve(r, parse_bound(rep.recheck_box, coords) if rep.recheck_box else box, method="reference").grundy
    for ln in rep.lines:
        axis = coords.index(ln["axis"])

        def at(v):
            p = [ln["fixed"].get(c, 0) for c in coords]
            p[axis] = v
            return int(g[tuple(p)])
        lo, hi = ln["range"]
        assert all(g[tuple([ln["fixed"].get(c, v) if c != ln["axis"] else v for c in coords])] >= 0
                   for v in range(lo, hi + 1))
        assert all(at(v + ln["period"]) == at(v) + ln["saltus"]
                   for v in range(ln["preperiod_from"], hi - ln["period"] + 1))
    assert "nothing is claimed beyond" in rep.to_text()
