"""Integer expressions in the proof language (issue 32, item 2): for random expressions with
negatives, floors, ceilings, ``%`` and ``mod`` with negative divisors, min/max/abs/if and xor of
negative values (tests/exprgen.py), the translated value holds for exactly the value the
language's evaluator computes (cgs_bridge.language.evaluate), at every point of a small grid:
``equals_var`` for a natural value (and not for its neighbours), ``negative`` for a value below
0, and the magnitude -1 - value of a negative value. Checked by brute force (tests/logic_brute.py)
with quantifiers bounded by twice the largest sub-expression's magnitude. An expression that does
not translate must hold a construct outside the fragment."""

from __future__ import annotations

import itertools
import os
from random import Random

from exprgen import int_expr
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from logic_brute import Brute

from cgs_bridge.foundation.errors import EvaluationError
from cgs_bridge.language import ast as A
from cgs_bridge.language import traversal as Tr
from cgs_bridge.language.evaluate import Compiler
from solvers.logic import formula as F
from solvers.logic import intops as O
from solvers.logic.exprs import Context, Translator
from solvers.logic.intval import Namer, NotExpressible, const, equals_var, nat, negative

EXAMPLES = int(os.environ.get("CGS_BRIDGE_TRANSLATE_EXAMPLES", "40"))
NAMES = ("x", "y", "z")
GRID = list(itertools.product(range(3), range(3), range(2)))


def _outside(e) -> bool:
    """The expression holds a construct the fragment lacks (so NotExpressible is right)."""
    for n in Tr.walk(e):
        if isinstance(n, A.Search) or isinstance(n, A.Call) and n.func == "ilog2":
            return True
        if isinstance(n, A.BinOp) and n.op in ("*", "^", "%") or isinstance(n, (A.FloorDiv, A.CeilDiv)):
            return True  # may be a variable product, power, divisor (decided below by the evaluator)
        if isinstance(n, A.Call) and n.func == "mod":
            return True
    return False


def _magnitude_bound(e, env) -> int:
    comp = Compiler({n: i for i, n in enumerate(NAMES)}, {}, {})
    top = 0
    for n in Tr.walk(e):
        if isinstance(n, A.Search):
            continue
        try:
            v = comp.compile(n)([env[c] for c in NAMES])
        except (EvaluationError, KeyError):
            continue
        if isinstance(v, int) and not isinstance(v, bool):
            top = max(top, abs(v))
    return top


def _depth(f) -> int:
    """Most quantified variables along one path of ``f`` (the brute force costs limit ** depth)."""
    if isinstance(f, (F.Exists, F.Forall)):
        return len(f.vars) + _depth(f.body)
    if isinstance(f, (F.And, F.Or)):
        return max((_depth(p) for p in f.parts), default=0)
    if isinstance(f, F.Not):
        return _depth(f.body)
    if isinstance(f, (F.Implies, F.Iff)):
        return max(_depth(f.a), _depth(f.b))
    return 0


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 32))
def test_translated_value_is_the_evaluators(seed):
    rng = Random(seed)
    e = int_expr(rng, rng.randint(1, 3))
    ctx = Context(Namer(NAMES + ("out",)), {}, {}, {})
    try:
        val = Translator(ctx, {n: nat(F.Var(n)) for n in NAMES}).int_(e)
    except NotExpressible:
        assert _outside(e)
        return
    comp = Compiler({n: i for i, n in enumerate(NAMES)}, {}, {}).compile(e)
    problem = F.Problem((), ())
    is_eq = equals_var(val, "out")
    is_neg = negative(val)
    mag = equals_var(O.sub(const(-1), val), "out")
    for point in GRID:
        env = dict(zip(NAMES, point))
        try:
            v = comp([env[c] for c in NAMES])
        except EvaluationError:
            continue
        limit = 2 * _magnitude_bound(e, env) + 4
        if limit ** max(_depth(is_eq), _depth(mag), 1) > 200_000:
            continue  # too many witnesses to enumerate
        brute = Brute(problem, limit)
        assert brute.holds(is_neg, env) == (v < 0), (point, v)
        want = v if v >= 0 else -1 - v
        formula = is_eq if v >= 0 else mag
        for out in {want, want + 1, max(want - 1, 0)}:
            assert brute.holds(formula, {**env, "out": out}) == (out == want), (point, v, out)
