"""The target-neutral derived-move program (``printing.model.Derive``): interpreted step by step
here, it reaches the greatest valid position below the lowered point, computed by brute force
(``greatest_below`` of test_sums_and_derived: the componentwise maximum of all valid points),
and reports an error exactly where no such position exists."""

from __future__ import annotations

import itertools

import pytest
from test_sums_and_derived import greatest_below

from cgs_bridge.language.evaluate import Compiler, compile_function
from cgs_bridge.model import catalog
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_text
from cgs_bridge.systems.printing.model import ClampTo, Forbid, SearchDown, derive_program
from solvers import parse_bound


def _compiler(r):
    consts = {k: v for k, v in r.params.items() if isinstance(v, int)}
    funcs: dict = {}
    for d in r.game.defs:
        funcs[d.name] = compile_function(d.params, d.body, consts, dict(funcs))
    return Compiler(r.index, consts, funcs)


def run_program(derive, r, comp, lowered):
    """Interpret ``derive`` on ``lowered``: the result tuple, or None where a step raises."""
    q = list(lowered)
    changed = True
    while changed:
        changed = False
        for s in derive.steps:
            def ok(point, s=s):
                return comp.compile(s.cond)(point)
            if ok(q):
                continue
            if isinstance(s, Forbid):
                return None
            j = r.index[s.coord]
            if isinstance(s, ClampTo):
                v = comp.compile(s.value)(q)
            else:
                assert isinstance(s, SearchDown)
                v = next((w for w in range(q[j] - 1, -1, -1) if ok(q[:j] + [w] + q[j + 1:])), -1)
            if v < 0:
                return None
            if v < q[j]:
                q[j], changed = v, True
    return tuple(q)


@pytest.mark.parametrize("spec, params, bound", [
    ("two_inequalities_res", {}, "a=12,b=12"),
    ("game h coordinates a, b, c\n require b <= a + c + 1\n require c <= b + 1\n require a <= 2 * c + b\n"
     " cut a, b, c derived", {}, "3"),
    ("game t(k: int >= 1 = 3) coordinates x, y, z\n require y <= floor((x + z) / k)\n cut x, y, z derived",
     {"k": "2"}, "6"),
    ("game s coordinates x, y\n require x * x <= y + 3\n cut x, y derived", {}, "6"),
])
def test_step_list_reaches_the_greatest_valid_position_below(spec, params, bound):
    r = Ruleset(catalog.load(spec) if spec in catalog.names() else load_text(spec), params)
    comp = _compiler(r)
    box = parse_bound(bound, r.coords)
    programs = {i: derive_program(r, c) for i, c in enumerate(r.coords)}
    kinds = set()
    for p in itertools.product(*(range(u + 1) for u in box.upper)):
        if not r.is_valid(p):
            continue
        for i in range(r.n):
            kinds |= {type(s).__name__ for s in programs[i].steps}
            for t in range(p[i]):
                lowered = p[:i] + (t,) + p[i + 1:]
                assert run_program(programs[i], r, comp, lowered) == greatest_below(r, i, lowered, box)
    assert "Forbid" in kinds and kinds & {"ClampTo", "SearchDown"}
