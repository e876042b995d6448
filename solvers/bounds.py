"""Static check that the generated int64 kernel cannot overflow on a box.

Every expression the kernel evaluates gets an upper bound on its absolute value from bounds on its
inputs (coordinates <= the box's upper bounds; ``t`` below its coordinate's bound; search
variables between their bounds' magnitudes; assignments feeding the clamp). When some intermediate
value could exceed 2**62 the kernel is not used (:class:`~solvers.codegen.Unsupported`) and the
reference solver, with Python's unbounded integers, runs instead. The bounds are crude (magnitudes
only) but exact integer arithmetic in Python, so a box that passes cannot overflow.
"""

from __future__ import annotations

from cgs_bridge.language import ast as A
from cgs_bridge.language.evaluate import MAX_SEARCH_SPAN, FunctionValue
from cgs_bridge.language.operators import BUILTINS, row
from cgs_bridge.language.visitor import ExprVisitor, register_visitor

from .codegen import Unsupported

LIMIT = 2 ** 62


def check_int64(ruleset, box, claims=(), grundy_max: int = 0) -> int:
    """Raise :class:`Unsupported` when an expression of ``ruleset`` (or one of ``claims``,
    :class:`~cgs_bridge.language.ast.Claim` nodes, with Grundy and misère values up to
    ``grundy_max``) could leave int64 on ``box`` (a :class:`~solvers.box.Box`).

    Returns:
        a bound on the magnitude of every argument a function parameter is called with (the
        extent of its table, :func:`solvers.codegen.param_args`).
    """
    b = _Bounds(ruleset)
    b.check(box.upper)
    env = dict(zip(ruleset.coords, box.upper))
    env.update(grundy=grundy_max, misere=grundy_max, P=1, N=1)
    for cl in claims:
        b.m(cl.expr, env)
    return b.fargs


@register_visitor
class _Bounds(ExprVisitor):
    """Upper bounds on absolute values: ``visit_<Node>(e, env)`` with ``env`` mapping names to
    bounds of their magnitudes; :meth:`m` also enforces :data:`LIMIT`."""

    def __init__(self, ruleset):
        self.r = ruleset
        self.consts = {k: abs(v) for k, v in ruleset.params.items() if isinstance(v, int)}
        self.fparams = {k: v for k, v in ruleset.params.items() if isinstance(v, FunctionValue)}
        self.defs = {d.name: d for d in ruleset.game.defs}
        self.fargs = 0  # largest magnitude of a function parameter's argument

    def check(self, upper) -> None:
        r = self.r
        env = dict(zip(r.coords, upper))
        for req in r.game.requires:
            self.m(req.expr, env)
        for c in r.game.cuts:
            i = r.index[c.coord]
            if isinstance(c, A.DerivedCut):
                for atom in r.checked.atoms:
                    if atom.coord is not None:
                        self.m(atom.left, env)
                        self.m(atom.right, env)
                continue
            lenv = dict(env)
            lenv[c.var] = upper[i]
            self.assigned(c.assigns, env, lenv, r.game.clamp)

        for mv in r.game.moves:  # general rules (issue 22): the variable's magnitude first
            rng = list(mv.values) if mv.values is not None else [mv.lo, mv.hi]
            venv = dict(env)
            venv[mv.var] = max(self.m(x, env) for x in rng)
            if mv.where is not None:
                self.m(mv.where, venv)
            self.assigned(mv.assigns, env, venv, r.game.clamp)

    def assigned(self, assigns, env, venv, clamp) -> None:
        """Magnitudes of a rule's assignments (evaluated on ``venv``), then of the clamp on the
        assigned point (each coordinate at most the larger of its old and assigned magnitude)."""
        cenv = dict(env)
        for a in assigns:
            cenv[a.target] = max(cenv[a.target], self.m(a.value, venv))
        if clamp is not None:
            for a in clamp.assigns:
                self.m(a.value, cenv)

    def m(self, e, env) -> int:
        v = self.visit(e, env)
        if v > LIMIT:
            raise Unsupported(f"values up to about 2^{v.bit_length() - 1} (line {e.pos.line}) "
                              "may exceed 64-bit integers on this box")
        return v

    def visit_Num(self, e, env):
        return abs(e.value)

    def visit_Name(self, e, env):
        if e.id in env:
            return env[e.id]
        return self.consts[e.id]

    def visit_Neg(self, e, env):
        return row("neg").bound(self.m(e.operand, env))

    def visit_Not(self, e, env):
        return row("not").bound(self.m(e.operand, env))

    def visit_BinOp(self, e, env):
        a, b = self.m(e.left, env), self.m(e.right, env)
        return row(e.op).bound(a, b)

    def visit_Compare(self, e, env):
        for o in e.operands:
            self.m(o, env)
        return 1

    def visit_FloorDiv(self, e, env):
        return row("floor/").bound(self.m(e.num, env), self.m(e.den, env))

    def visit_CeilDiv(self, e, env):
        return row("ceil/").bound(self.m(e.num, env), self.m(e.den, env))

    def visit_If(self, e, env):
        self.m(e.cond, env)
        return max(self.m(e.then, env), self.m(e.orelse, env))

    def visit_Search(self, e, env):
        lim = max(self.m(e.lo, env), self.m(e.hi, env))
        if 2 * lim + 1 > MAX_SEARCH_SPAN:  # the reference solver refuses such a search with the reason
            raise Unsupported(f"a bounded search at line {e.pos.line} may try more than "
                              f"{MAX_SEARCH_SPAN:,} values")
        inner = dict(env)
        inner[e.var] = lim
        self.m(e.cond, inner)
        return lim

    def visit_Accepts(self, e, env):
        for a in e.args:
            self.m(a, env)
        return 1

    def visit_Call(self, e, env):
        args = [self.m(a, env) for a in e.args]
        f = e.func
        if f in BUILTINS:
            return row(f).bound(*args)
        if f in self.fparams:
            fv = self.fparams[f]
            self.fargs = max(self.fargs, args[0])
            return self.m(fv.body, {fv.var: args[0]})
        d = self.defs[f]
        return self.m(d.body, dict(zip(d.params, args)))
