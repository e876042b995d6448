"""Random specifications of the enlarged language (issue 22): several rules per coordinate,
``cut .. where``, ``cut .. by`` (sets, intervals, several coordinates), ``move`` and ``pass once``.

Each example draws rules from a menu; every menu item has its spec text AND an independent Python
function giving its options, written here. The reference solver must equal a plain recursion over the Python moves
(Grundy and misère values), the fast kernel must equal the reference solver, and the emitted CGSuite class, interpreted by ``tests/cgscript_interp``,
must list the same options as the spec at every position of a small box."""

from __future__ import annotations

import itertools
import os
from functools import lru_cache
from random import Random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from jobs.test_generate import script_ruleset

from cgs_bridge.jobs.generate import emit
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_text
from cgs_bridge.systems.cgsuite.files import cgsuite_class_file
from solvers import parse_bound, solve

from cgscript_interp import Interpreter

EXAMPLES = int(os.environ.get("CGS_BRIDGE_MOVES_EXAMPLES", "25"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
COORDS = ("a", "b", "c")


def _set(p, i, v):
    return p[:i] + (v,) + p[i + 1:]


def _rule(rng: Random, n: int) -> tuple:
    """One random rule: ``(spec text, options(p) -> list of positions)``."""
    i = rng.randrange(n)
    c = COORDS[i]
    j = (i + 1) % n
    d = COORDS[j]
    k = rng.randint(1, 3)
    kind = rng.randrange(7)
    if kind == 0:
        return f"cut {c} to t", lambda p: [_set(p, i, t) for t in range(p[i])]
    if kind == 1 and n > 1:
        return (f"cut {c} to t: {d} = min({d}, t + {k})",
                lambda p: [_set(_set(p, i, t), j, min(p[j], t + k)) for t in range(p[i])])
    if kind == 2:
        conds = [(f"t >= {c} - {k}", lambda p, t: t >= p[i] - k),
                 (f"t % 2 == {c} % 2", lambda p, t: t % 2 == p[i] % 2),
                 (f"2 * t >= {c} or t == 0", lambda p, t: 2 * t >= p[i] or t == 0),
                 (f"t >= {c} - floor({c} / 2)", lambda p, t: t >= p[i] - p[i] // 2)]
        text, ok = rng.choice(conds)
        return f"cut {c} to t where {text}", lambda p: [_set(p, i, t) for t in range(p[i]) if ok(p, t)]
    if kind == 3:
        amounts = sorted(rng.sample(range(1, 6), rng.randint(1, 3)))
        return (f"cut {c} by s in {{{', '.join(map(str, amounts))}}}",
                lambda p: [_set(p, i, p[i] - s) for s in amounts if s <= p[i]])
    if kind == 4 and n > 1:
        return (f"cut {c}, {d} by s", lambda p: [_set(_set(p, i, p[i] - s), j, p[j] - s)
                                                for s in range(1, min(p[i], p[j]) + 1)])
    if kind == 5:
        lo = rng.randint(1, 2)
        return (f"cut {c} by s in {lo}..{lo + k}",
                lambda p: [_set(p, i, p[i] - s) for s in range(lo, min(lo + k, p[i]) + 1)])
    if n > 1:
        return (f"move s in 1..{k} where s <= {c}: {c} = {c} - s, {d} = min({d}, {c} - s)",
                lambda p: [_set(_set(p, i, p[i] - s), j, min(p[j], p[i] - s)) for s in range(1, k + 1)
                           if s <= p[i]])
    return f"cut {c} to t", lambda p: [_set(p, i, t) for t in range(p[i])]


def random_game(seed: int) -> tuple:
    rng = Random(seed)
    n = rng.randint(1, 3)
    rules = [_rule(rng, n) for _ in range(rng.randint(1, 4))]
    has_pass = rng.random() < 0.5
    lines = ["game r", f"  coordinates {', '.join(COORDS[:n])}"] + [f"  {t}" for t, _ in rules]
    if has_pass:
        lines.append("  pass once")
    fns = [f for _, f in rules]

    def base(p):
        return {q for f in fns for q in f(p)}

    def moves(pf):
        if not has_pass:
            return base(pf)
        *p, flag = pf
        opts = {tuple(q) + (flag,) for q in base(tuple(p))}
        if flag == 1 and opts:
            opts.add(tuple(p) + (0,))
        return opts
    return "\n".join(lines) + "\n", moves, n + has_pass


def _recursion(moves):
    @lru_cache(maxsize=None)
    def g(p):
        return _mex({g(q) for q in moves(p)})

    @lru_cache(maxsize=None)
    def m(p):
        opts = moves(p)
        return 1 if not opts else _mex({m(q) for q in opts})
    return g, m


def _mex(s):
    v = 0
    while v in s:
        v += 1
    return v


@SETTINGS
@given(st.integers(0, 10 ** 9))
def test_solver_equals_recursion_on_random_specs(seed):
    text, moves, dims = random_game(seed)
    note(text)
    r = Ruleset(load_text(text, "r.game"), {})
    upper = [6] * len(r.coords)
    if r.pass_index is not None:
        upper[r.pass_index] = 1
    box = parse_bound(",".join(f"{c}={u}" for c, u in zip(r.coords, upper)), r.coords)
    sol = solve(r, box, misere=True, method="reference")
    g, m = _recursion(moves)
    for p in np.ndindex(*box.shape):
        assert (sol.grundy[p], sol.misere[p]) == (g(p), m(p)), p


@pytest.mark.usefixtures("private_kernel_cache")
@settings(max_examples=max(2, EXAMPLES // 4), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10 ** 9))
def test_fast_kernel_equals_reference_on_random_specs(seed):
    pytest.importorskip("solvers.kernel")
    text, _, _ = random_game(seed)
    note(text)
    r = Ruleset(load_text(text, "r.game"), {})
    upper = [7] * len(r.coords)
    if r.pass_index is not None:
        upper[r.pass_index] = 1
    box = parse_bound(",".join(f"{c}={u}" for c, u in zip(r.coords, upper)), r.coords)
    fast = solve(r, box, misere=True, method="fast")
    ref = solve(r, box, misere=True, method="reference")
    assert fast.stats.fallback is None
    np.testing.assert_array_equal(fast.grundy, ref.grundy)
    np.testing.assert_array_equal(fast.misere, ref.misere)


@settings(max_examples=max(4, EXAMPLES // 3), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10 ** 9))
def test_emitted_cgsuite_class_has_the_spec_options(seed):
    text, _, _ = random_game(seed)
    note(text)
    r = Ruleset(load_text(text, "r.game"), {})
    upper = [3] * len(r.coords)
    if r.pass_index is not None:
        upper[r.pass_index] = 1
    box = parse_bound(",".join(f"{c}={u}" for c, u in zip(r.coords, upper)), r.coords)
    files = emit(r, box, "cgsuite")
    it = Interpreter(files[cgsuite_class_file(r)])
    R = script_ruleset(it, files, r, box)
    for p in itertools.product(*[range(u + 1) for u in box.upper]):
        assert sorted(set(it.options(R, p))) == r.option_set(p), p
