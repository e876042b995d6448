"""Parameters as kernel arguments (issue 12): integer parameters in ``K``, function parameters as
a table ``T`` of f over the arguments the box can produce. Expected values come from the
reference solver (option enumeration with the spec's closures), never from the kernel."""

from __future__ import annotations

import numpy as np
import pytest

from cgs_bridge.foundation.errors import EvaluationError
from cgs_bridge.model import catalog
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_text
from solvers import codegen, parse_bound
from solvers.reference import solve_reference

kernel = pytest.importorskip("solvers.kernel")


def test_function_parameters_share_one_kernel_and_match_the_reference():
    # seed 001 Def 2.1: any nondecreasing nonnegative f; four of them, one compiled kernel.
    keys = set()
    for f in ("floor(t/4)", "t", "floor(t/2) + 1", "min(t, 3)"):
        r = Ruleset(catalog.load("step"), {"f": f})
        box = parse_bound("y=6,z=11", r.coords)
        g, m, st = kernel.solve_fast(r, box, True)
        g_ref, m_ref = solve_reference(r, box, True)
        np.testing.assert_array_equal(g, g_ref)
        np.testing.assert_array_equal(m, m_ref)
        assert st.fallback is None
        keys.add(st.kernel)
    assert len(keys) == 1


def test_function_table_covers_negative_and_large_arguments():
    # f is called at t - 3 (negative near 0) and at 2 * x + y (beyond the box's bounds).
    spec = ("game g(f: function = t) coordinates x, y\n require y <= 5\n"
            " cut x to t: y = min(y, max(0, f(t - 3) + mod(f(2 * x + y), 3)))\n cut y to t")
    r = Ruleset(load_text(spec), {"f": "floor(t / 2) - 1"})
    box = parse_bound("x=8,y=5", r.coords)
    g, m, st = kernel.solve_fast(r, box, True)
    g_ref, m_ref = solve_reference(r, box, True)
    np.testing.assert_array_equal(g, g_ref)
    np.testing.assert_array_equal(m, m_ref)
    assert st.fallback is None


def test_a_call_outside_the_table_falls_back_to_the_reference(monkeypatch):
    monkeypatch.setattr(codegen, "MAX_TABLE", 2)  # the table no longer covers the box
    r = Ruleset(catalog.load("step"), {"f": "floor(t/3)"})
    box = parse_bound("y=3,z=9", r.coords)
    with pytest.warns(RuntimeWarning, match="reference solver"):
        g, _, st = kernel.solve_fast(r, box)
    np.testing.assert_array_equal(g, solve_reference(r, box)[0])
    assert st.fallback


def test_a_function_parameter_failing_at_some_t_fails_like_the_reference():
    # f(t) = floor(6 / (t - 4)) divides by zero at t = 4.
    spec = ("game g(f: function = t) coordinates x, y\n require y <= 3\n"
            " cut x to t: y = min(y, abs(f(t)))\n cut y to t")
    r = Ruleset(load_text(spec), {"f": "floor(6 / (t - 4))"})
    box = parse_bound("x=7,y=3", r.coords)
    with pytest.raises(EvaluationError) as ref:
        solve_reference(r, box)
    with pytest.raises(EvaluationError) as fast:
        kernel.solve_fast(r, box)
    assert "division by zero" in str(ref.value) and "division by zero" in str(fast.value)


def test_param_args_layout():
    r = Ruleset(load_text("game g(k: int = 2, f: function = t, h: int = 0) coordinates x\n"
                          " require x <= f(x) + k + h"), {"k": 7, "f": "t * t", "h": -4})
    K, T = codegen.param_args(r, 3)
    assert K.tolist() == [7, -4]
    assert T.shape == (1, 7) and T[0].tolist() == [9, 4, 1, 0, 1, 4, 9]
    r = Ruleset(load_text("game g(f: function = t) coordinates x\n require x <= f(x)"),
                {"f": "floor(6 / (t - 1))"})
    assert codegen.param_args(r, 2)[1][0].tolist() == [-2, -3, -6, codegen.FAILED, 6]
