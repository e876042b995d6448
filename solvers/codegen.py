"""Generate the Python source of numba functions from a checked game (never from user text).

One generated module serves every parameter value of a specification: integer parameters are
read from the int64 array ``K`` (declaration order) and function parameters from the table ``T``
(:func:`param_args`), both passed to every generated function with the error cell ``err``
(``..., K, T, err``). So the module text depends only on the checked AST: a sweep over 50 values
of ``k`` compiles once (issue 12). Identifiers are all chosen here (``p0``, ``_d1``, ``_s2`` ...);
from the specification only integer literals (bounded to int64) and the *structure* of the
checked AST reach the text.

Semantics follow :mod:`cgs_bridge.language.evaluate` operation by operation, in the same evaluation
order (left before right, lazy ``and``/``or``/``if``/chained comparisons, searches from the top
for ``max``): an evaluation error there (division by zero, empty search, ``ilog2`` of n < 1,
negative exponent) sets ``err[0] = 1`` here, a derived rule that is not well defined sets
``err[0] = 2``, a function parameter called outside its table sets ``err[0] = 3``; the caller
discards the value and re-evaluates with the reference :class:`~cgs_bridge.model.game.Ruleset`.
Arithmetic is int64 (``//`` and ``%`` are Python's floor semantics in numba); :mod:`solvers.bounds`
proves the box cannot overflow before the kernel runs.

The kernel loop itself is in :mod:`solvers.kernelgen`, compiled claims in :mod:`solvers.claims`.
"""

from __future__ import annotations

import numpy as np

from cgs_bridge.foundation.errors import EvaluationError
from cgs_bridge.language import ast as A
from cgs_bridge.language import traversal as Tr
from cgs_bridge.language.derive import ClampTo, Forbid, SearchDown, derive_program
from cgs_bridge.language.operators import BUILTINS, kernel_code, kernel_helpers
from cgs_bridge.language.visitor import ExprVisitor, register_visitor

INT64_MAX = 2 ** 63 - 1
#: The arguments every generated function takes last.
X = "K, T, err"


class Unsupported(Exception):
    """The game uses something the generated kernel cannot express (e.g. a literal beyond int64);
    :mod:`solvers.kernel` falls back to the reference solver."""


HELPERS = ('''
import numpy as np
from numba import njit

_J = njit(cache=True, inline="always")

try:
    from numba.cpython.unsafe.numbers import trailing_zeros  # LLVM cttz
except ImportError:  # numba moved it: a portable loop
    @_J
    def trailing_zeros(u):
        n = 0
        while (u & np.uint64(1)) == np.uint64(0):
            u >>= np.uint64(1)
            n += 1
        return n
'''
           + kernel_helpers() + '''

@_J
def _tab(T, j, a, err):
    n = T.shape[1]
    i = a + (n >> 1)
    if i < 0 or i >= n:
        err[0] = 3
        return 0
    v = T[j, i]
    if v == -9223372036854775808:  # the reference raises there
        err[0] = 1
        return 0
    return v
''')

@register_visitor
class ExprCode(ExprVisitor):
    """Numba source of one expression; ``visit(e, env)`` with ``env`` mapping names bound here
    (coordinates, ``t``, definition arguments, search variables) to Python identifiers."""

    def __init__(self, gen: "Gen"):
        self.gen = gen

    def visit_Num(self, e, env):
        return literal(e.value)

    def visit_Name(self, e, env):
        if e.id in env:
            return env[e.id]
        if e.id in self.gen.ints:
            return f"K[{self.gen.ints.index(e.id)}]"
        raise Unsupported(f"unknown name {e.id!r}")

    def visit_Neg(self, e, env):
        return kernel_code("neg", [self.visit(e.operand, env)])

    def visit_Not(self, e, env):
        return kernel_code("not", [self.visit(e.operand, env)])

    def visit_BinOp(self, e, env):
        return kernel_code(e.op, [self.visit(e.left, env), self.visit(e.right, env)])

    def visit_Compare(self, e, env):
        parts = [self.visit(e.operands[0], env)]
        for op, o in zip(e.ops, e.operands[1:]):
            parts += [kernel_code(op, []), self.visit(o, env)]
        return "(" + " ".join(parts) + ")"

    def visit_FloorDiv(self, e, env):
        return kernel_code("floor/", [self.visit(e.num, env), self.visit(e.den, env)])

    def visit_CeilDiv(self, e, env):
        return kernel_code("ceil/", [self.visit(e.num, env), self.visit(e.den, env)])

    def visit_If(self, e, env):
        return f"({self.visit(e.then, env)} if {self.visit(e.cond, env)} else {self.visit(e.orelse, env)})"

    def visit_Call(self, e, env):
        args = [self.visit(a, env) for a in e.args]
        f = e.func
        if f in BUILTINS:
            return kernel_code(f, args)
        if f in self.gen.funcs:
            return f"_tab(T, {self.gen.funcs.index(f)}, {args[0]}, err)"
        if f in self.gen.defs:
            return f"{self.gen.defs[f]}({', '.join(args)}, {X})"
        raise Unsupported(f"function {f}")

    def visit_Search(self, e, env):
        return self.gen.search(e, env)

    def visit_Accepts(self, e, env):
        raise Unsupported(f"accepts {e.path!r}: an automaton is run by the reference evaluator")


def literal(v: int) -> str:
    if abs(v) > INT64_MAX:
        raise Unsupported(f"integer {v} beyond int64")
    return f"({v})" if v < 0 else str(v)


class Gen:
    """Collects generated functions of one game: definitions, searches, move rules.

    Args:
        game: the flat checked :class:`~cgs_bridge.language.ast.Game` (parameter values not needed).
    """

    def __init__(self, game: A.Game):
        self.game = game
        self.ints = [p.name for p in game.params if p.kind == "int"]
        self.funcs = [p.name for p in game.params if p.kind == "function"]
        self.defs: dict = {}
        self.out: list = []
        self.nsearch = 0
        self.code = ExprCode(self)
        for j, d in enumerate(game.defs):
            env = {p: f"a{m}" for m, p in enumerate(d.params)}
            body = self.expr(d.body, env)
            self.emit(f"def _d{j}({', '.join(env.values())}, {X}):\n    return {body}\n")
            self.defs[d.name] = f"_d{j}"

    def expr(self, e, env: dict) -> str:
        return self.code.visit(e, env)

    def emit(self, text: str, inline: bool = True) -> None:
        self.out.append(("@_J\n" if inline else "@njit(cache=True)\n") + text)

    def search(self, e: A.Search, env: dict) -> str:
        free = sorted((Tr.free_names(e.cond) - {e.var}) & set(env))
        inner = {name: f"a{m}" for m, name in enumerate(free)}
        inner[e.var] = "m"
        name = f"_s{self.nsearch}"
        self.nsearch += 1
        cond = self.expr(e.cond, inner)
        rng = "range(hi, lo - 1, -1)" if e.kind == "max" else "range(lo, hi + 1)"
        params = "".join(f"{a}, " for a in inner.values() if a != "m")
        self.emit(f"def {name}({params}lo, hi, {X}):\n"
                  f"    for m in {rng}:\n"
                  f"        c = {cond}\n"
                  f"        if err[0] != 0:\n            return 0\n"
                  f"        if c:\n            return m\n"
                  f"    err[0] = 1\n    return 0\n", inline=False)
        args = "".join(f"{env[n]}, " for n in free)
        return f"{name}({args}{self.expr(e.lo, env)}, {self.expr(e.hi, env)}, {X})"

    # ---------------------------------------------------------------- rules
    def rule(self, ruleset, i: int) -> set:
        """Emit ``_rule{i}(l0..l{n-1}, K, T, err) -> (q0..q{n-1})``; return the set of
        coordinates the rule may change (besides the lowered one)."""
        r, n = ruleset, ruleset.n
        ls = [f"l{j}" for j in range(n)]
        cut = r.game.cut_for(r.coords[i])
        body: list = []
        if isinstance(cut, A.DerivedCut):
            changed = self.derived(ruleset, i, body)
        else:
            env = dict(zip(r.coords, ls))
            env[cut.var] = ls[i]
            changed = self.assign(r, cut.assigns, env, list(ls), body)
        self.emit(f"def _rule{i}({', '.join(ls)}, {X}):\n" + "\n".join(body) + "\n")
        return changed

    def assign(self, ruleset, assigns, env: dict, q: list, body: list) -> set:
        """Append to ``body`` the lines of a rule's simultaneous assignments (``r{j} = ...``, read
        on ``env``) to the point ``q`` (identifiers), then the game's clamp on the result
        (``c{j} = ...``) and ``return (...)``; returns the indices of the coordinates assigned."""
        changed = set()
        for a in assigns:
            j = ruleset.index[a.target]
            body.append(f"    r{j} = {self.expr(a.value, env)}")
            q[j] = f"r{j}"
            changed.add(j)
        if ruleset.game.clamp is not None:
            n = ruleset.n
            body.append(f"    {', '.join(f'k{j}' for j in range(n))} = {', '.join(q)}")
            cenv = {c: f"k{j}" for j, c in enumerate(ruleset.coords)}
            q = [f"k{j}" for j in range(n)]
            for a in ruleset.game.clamp.assigns:
                j = ruleset.index[a.target]
                body.append(f"    c{j} = {self.expr(a.value, cenv)}")
                q[j] = f"c{j}"
                changed.add(j)
        body.append(f"    return ({', '.join(q)},)")
        return changed

    def derived(self, ruleset, i: int, body: list) -> set:
        """A derived rule from its target-neutral step list
        (:func:`cgs_bridge.systems.printing.model.derive_program`): the greatest-fixpoint loop over
        Forbid / ClampTo / SearchDown steps, in order; ``err[0] = 2`` where the step raises."""
        n = ruleset.n
        qs = [f"l{j}" for j in range(n)]
        env = dict(zip(ruleset.coords, qs))
        fail = "(" + "0, " * n + ")"
        body.append("    ch = True\n    while ch:\n        ch = False")
        changed = set()
        for k, step in enumerate(derive_program(ruleset, ruleset.coords[i]).steps):
            body.append(f"        if not {self.expr(step.cond, env)}:")
            body.append(f"            if err[0] != 0:\n                return {fail}")
            if isinstance(step, Forbid):
                body.append(f"            err[0] = 2\n            return {fail}")
                continue
            c = ruleset.index[step.coord]
            changed.add(c)
            if isinstance(step, ClampTo):
                body.append(f"            v = {self.expr(step.value, env)}")
            else:
                self.search_down(ruleset, k, c, step)
                body.append(f"            v = _fit{k}({', '.join(qs)}, {X})")
            body.append(f"            if err[0] != 0:\n                return {fail}")
            body.append(f"            if v < 0:\n                err[0] = 2\n                return {fail}")
            body.append(f"            if v < {qs[c]}:\n                {qs[c]} = v\n                ch = True")
        body.append(f"        if err[0] != 0:\n            return {fail}")
        body.append(f"    return ({', '.join(qs)},)")
        return changed

    def search_down(self, ruleset, k: int, c: int, step: SearchDown) -> None:
        """``_fit{k}``: the largest ``v < q[c]`` where the step's condition holds (binary search
        when ``step.monotone``, else linear downwards, as the reference), -1 when none."""
        qs = [f"l{j}" for j in range(ruleset.n)]
        env = dict(zip(ruleset.coords, qs))
        self.emit(f"def _ok{k}({', '.join(qs)}, {X}):\n    return {self.expr(step.cond, env)}\n")
        call = lambda v: f"_ok{k}({', '.join(v if j == c else q for j, q in enumerate(qs))}, {X})"  # noqa
        if step.monotone:
            text = (f"    lo = 0\n    hi = {qs[c]} - 1\n"
                    f"    if hi < 0:\n        return -1\n"
                    f"    if not {call('0')}:\n        return -1\n"
                    f"    while lo < hi:\n        mid = (lo + hi + 1) // 2\n"
                    f"        if err[0] != 0:\n            return -1\n"
                    f"        if {call('mid')}:\n            lo = mid\n"
                    f"        else:\n            hi = mid - 1\n    return lo\n")
        else:
            text = (f"    for v in range({qs[c]} - 1, -1, -1):\n"
                    f"        if {call('v')}:\n            return v\n"
                    f"        if err[0] != 0:\n            return -1\n    return -1\n")
        self.emit(f"def _fit{k}({', '.join(qs)}, {X}):\n" + text, inline=False)


#: Largest function-parameter table (entries on each side of 0).
MAX_TABLE = 1 << 20
#: Table entry where the function parameter cannot be evaluated (never a real value: |v| <= 2**62).
FAILED = -(2 ** 63)


def param_args(ruleset, extent: int) -> tuple:
    """The parameter arguments ``(K, T)`` of every generated function for ``ruleset``.

    Args:
        extent: function parameters are tabulated on ``-extent..extent`` (capped at
            :data:`MAX_TABLE`); a call outside it sets ``err[0] = 3`` (the reference takes over).
    Returns:
        ``K``: int64 array of the integer parameters (declaration order); ``T``: int64 array of
        shape ``(functions, 2 * extent + 1)``, row ``j`` the values of function parameter ``j``
        at ``a - extent``, or :data:`FAILED` where the reference raises EvaluationError (or the
        value leaves int64; :mod:`solvers.bounds` keeps every real value within 2**62).
    """
    ints = [v for v in ruleset.int_params.values()]
    if any(abs(v) > INT64_MAX for v in ints):
        raise Unsupported("an integer parameter beyond int64")
    k = np.array(ints or [0], dtype=np.int64)
    funcs = list(ruleset.function_params)
    extent = max(0, min(int(extent), MAX_TABLE))
    t = np.zeros((max(1, len(funcs)), 2 * extent + 1), dtype=np.int64)
    for j, name in enumerate(funcs):
        f = ruleset.function(name)
        for a in range(-extent, extent + 1):
            try:
                v = f(a)
            except EvaluationError:
                v = FAILED
            t[j, a + extent] = v if abs(v) <= INT64_MAX else FAILED
    return k, t
