"""Static check that the generated int64 kernel cannot overflow on a box.

Every expression the kernel evaluates gets an upper bound on its absolute value from bounds on its
inputs (coordinates <= the box's upper bounds; ``t`` below its coordinate's bound; search
variables between their bounds' magnitudes; assignments feeding the clamp). When some intermediate
value could exceed 2**62 the kernel is not used (:class:`~solvers.codegen.Unsupported`) and the
reference solver, with Python's unbounded integers, runs instead. The bounds are crude (magnitudes
only) but exact integer arithmetic in Python, so a box that passes cannot overflow.
"""

from __future__ import annotations

from cgs_bridge.game import FunctionValue
from cgs_bridge.spec import ast as A

from .codegen import Unsupported

LIMIT = 2 ** 62


def check_int64(ruleset, box, claims=(), grundy_max: int = 0) -> int:
    """Raise :class:`Unsupported` when an expression of ``ruleset`` (or one of ``claims``,
    :class:`~cgs_bridge.spec.ast.Claim` nodes, with Grundy and misère values up to
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


class _Bounds:
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
            cenv = dict(env)
            for a in c.assigns:
                cenv[a.target] = max(cenv[a.target], self.m(a.value, lenv))
            if r.game.clamp is not None:
                for a in r.game.clamp.assigns:
                    self.m(a.value, cenv)

    def m(self, e, env) -> int:
        v = self._m(e, env)
        if v > LIMIT:
            raise Unsupported(f"values up to about 2^{v.bit_length() - 1} (line {e.pos.line}) "
                              "may exceed 64-bit integers on this box")
        return v

    def _m(self, e, env) -> int:
        m = lambda x: self.m(x, env)  # noqa: E731
        if isinstance(e, A.Num):
            return abs(e.value)
        if isinstance(e, A.Name):
            if e.id in env:
                return env[e.id]
            return self.consts[e.id]
        if isinstance(e, (A.Neg, A.Not)):
            return m(e.operand)
        if isinstance(e, A.BinOp):
            a, b = m(e.left), m(e.right)
            if e.op in ("+", "-"):
                return a + b
            if e.op == "*":
                return a * b
            if e.op == "xor":
                return 2 ** (max(a, b).bit_length() + 1)
            if e.op == "%":
                return b
            if e.op == "^":
                return max(a, 1) ** min(b, 64) if a > 1 else 1
            return 1  # and, or, iff
        if isinstance(e, A.Compare):
            for o in e.operands:
                m(o)
            return 1
        if isinstance(e, (A.FloorDiv, A.CeilDiv)):
            n = m(e.num)
            m(e.den)
            return n + 1
        if isinstance(e, A.If):
            m(e.cond)
            return max(m(e.then), m(e.orelse))
        if isinstance(e, A.Search):
            lim = max(m(e.lo), m(e.hi))
            inner = dict(env)
            inner[e.var] = lim
            self.m(e.cond, inner)
            return lim
        if isinstance(e, A.Call):
            args = [m(a) for a in e.args]
            f = e.func
            if f in ("min", "max", "abs"):
                return max(args)
            if f == "nimsum":
                return 2 ** (max(args).bit_length() + 1)
            if f == "mod":
                return args[1]
            if f == "ilog2":
                return args[0].bit_length()
            if f in self.fparams:
                fv = self.fparams[f]
                self.fargs = max(self.fargs, args[0])
                return self.m(fv.body, {fv.var: args[0]})
            d = self.defs[f]
            return self.m(d.body, dict(zip(d.params, args)))
        raise Unsupported(f"expression {type(e).__name__}")
