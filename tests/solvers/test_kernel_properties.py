"""Randomly generated specifications: the fast kernel agrees with the reference solver.

Spec *text* comes from a small random grammar (explicit rules with assignments, derived rules,
a global clamp, 2-4 coordinates, an int parameter, definitions), is parsed with ``load_text``;
examples the checker rejects are skipped. Where the reference solver raises RuleError the kernel
must raise the same message; where it raises EvaluationError, an EvaluationError too. Expected
values come from the reference solver only. Each example compiles a kernel (about 1-2 s with a
cold cache): ``CGS_BRIDGE_KERNEL_EXAMPLES`` sets the number of examples (default 6 per test: the
examples are drawn afresh on every run, so the runs add up; issue 36 halved the budget).
"""

from __future__ import annotations

import os
from random import Random

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, note, settings
from hypothesis import strategies as st

from cgs_bridge.foundation.errors import EvaluationError, RuleError, SpecError
from cgs_bridge.language.spec_printer import expr_text
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_text
from solvers.box import Box
from solvers.reference import solve_reference

from exprgen import int_expr

kernel = pytest.importorskip("solvers.kernel")

EXAMPLES = int(os.environ.get("CGS_BRIDGE_KERNEL_EXAMPLES", "6"))
COORDS = ("a", "b", "c", "d")
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize=False,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


pytestmark = pytest.mark.usefixtures("private_kernel_cache")


def _monotone(rng: Random, names) -> str:
    """A nondecreasing expression of ``names`` (for derived-move constraints)."""
    terms = [rng.choice(list(names) + ["k"]) for _ in range(rng.randint(1, 2))]
    s = " + ".join(terms) + f" + {rng.randint(0, 2)}"
    form = rng.randrange(5)
    if form == 0:
        return f"floor(({s}) / k)"
    if form == 1:
        return f"ceil(({s}) / {rng.randint(1, 3)})"
    if form == 2:
        return f"min({s}, {rng.randint(1, 6)})"
    if form == 3:
        return f"half({s})"
    return s


def _random(rng: Random, names, depth=2) -> str:
    return expr_text(int_expr(rng, depth, tuple(names)))


def spec_text(rng: Random, derived: bool) -> tuple:
    n = rng.randint(2, 4)
    coords = COORDS[:n]
    lines = [f"game g(k: int >= 1 = {rng.randint(1, 3)})", "  def half(n) = floor(n / 2)",
             "  coordinates " + ", ".join(coords)]
    for _ in range(rng.randint(0 if not derived else 1, 2)):
        c = rng.choice(coords)
        others = [o for o in coords if o != c]
        left = c if rng.random() < 0.7 else rng.choice([f"2 * {c}", f"{c} + 1", f"half({c} + 1)"])
        if derived or rng.random() < 0.6:
            right = _monotone(rng, others)
        else:
            right = _random(rng, others, 1)
        lines.append(f"  require {left} <= {right}")
    for i, c in enumerate(coords):
        kind = rng.random()
        if kind < 0.1:
            continue  # no rule for this coordinate
        if derived and kind < 0.75:
            lines.append(f"  cut {c} derived")
            continue
        assigns = []
        for o in coords:
            if o != c and rng.random() < 0.4:
                names = [x for x in coords if x != c] + ["t"]
                e = _monotone(rng, names) if rng.random() < 0.6 else _random(rng, names)
                if rng.random() < 0.1:  # may divide by zero: an EvaluationError in both solvers
                    e = f"floor(t / ({rng.choice(names)} - {rng.randint(0, 2)}))"
                assigns.append(f"{o} = min({o}, {e})" if rng.random() < 0.85 else f"{o} = {e}")
        lines.append(f"  cut {c} to t" + (": " + ", ".join(assigns) if assigns else ""))
    if not derived and rng.random() < 0.3:
        o = rng.choice(coords)
        lines.append(f"  clamp {o} = min({o}, {_monotone(rng, [x for x in coords if x != o])})")
    upper = tuple(rng.randint(0, {2: 7, 3: 5, 4: 3}[n]) for _ in coords)
    return "\n".join(lines) + "\n", coords, upper


def _compare(text, coords, upper):
    note(text)
    note(f"box {upper}")
    try:
        checked = load_text(text, "random.game")
    except SpecError:
        assume(False)
    r = Ruleset(checked)
    box = Box(coords, upper)
    try:
        g_ref, m_ref = solve_reference(r, box, True)
    except RuleError as e:
        with pytest.raises(RuleError) as fast:
            kernel.solve_fast(r, box, True)
        assert str(fast.value) == str(e)
        return
    except EvaluationError:
        with pytest.raises(EvaluationError):
            kernel.solve_fast(r, box, True)
        return
    g, m, _ = kernel.solve_fast(r, box, True)
    np.testing.assert_array_equal(g, g_ref)
    np.testing.assert_array_equal(m, m_ref)


@SETTINGS
@given(st.randoms(use_true_random=False))
def test_random_explicit_specs_fast_equals_reference(rng):
    _compare(*spec_text(rng, derived=False))


@SETTINGS
@given(st.randoms(use_true_random=False))
def test_random_derived_specs_fast_equals_reference(rng):
    _compare(*spec_text(rng, derived=True))
