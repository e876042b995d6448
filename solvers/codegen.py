"""Generate the Python source of a numba kernel from a checked game (never from user text).

The generated module (see :func:`generate`) holds one ``@njit(cache=True)`` function per
definition, function parameter, bounded search, derived-move test and move rule, plus ``kernel``,
the incremental-bitset loop of ``solvers.kernel``. Identifiers are all chosen here (``p0``,
``_d1``, ``_s2`` ...); from the specification only integer literals (bounded to int64) and the
*structure* of the checked AST reach the text.

Semantics follow :mod:`cgs_bridge.spec.evaluate` operation by operation, in the same evaluation
order (left before right, lazy ``and``/``or``/``if``/chained comparisons, searches from the top
for ``max``): an evaluation error there (division by zero, empty search, ``ilog2`` of n < 1,
negative exponent) sets ``err[0] = 1`` here, a derived rule that is not well defined sets
``err[0] = 2``; the caller discards the value and :mod:`solvers.kernel` rebuilds the message with
the reference :class:`~cgs_bridge.game.Ruleset`. Arithmetic is int64 (``//`` and ``%`` are
Python's floor semantics in numba); ``^`` reports an overflow as an evaluation error, other
operations assume the bounded boxes of the catalog (documented limit).
"""

from __future__ import annotations

from cgs_bridge.game import FunctionValue
from cgs_bridge.spec import ast as A

INT64_MAX = 2 ** 63 - 1


class Unsupported(Exception):
    """The game uses something the generated kernel cannot express (e.g. a literal beyond int64);
    :mod:`solvers.kernel` falls back to the reference solver."""


_HELPERS = '''
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


@_J
def _fdiv(a, b, err):
    if b == 0:
        err[0] = 1
        return 0
    return a // b


@_J
def _cdiv(a, b, err):
    if b == 0:
        err[0] = 1
        return 0
    return -((-a) // b)


@_J
def _mod(a, b, err):
    if b == 0:
        err[0] = 1
        return 0
    return a % b


@_J
def _ilog2(a, err):
    if a < 1:
        err[0] = 1
        return 0
    r = 0
    while a > 1:
        a >>= 1
        r += 1
    return r


@_J
def _pow(a, b, err):
    if b < 0:
        err[0] = 1
        return 0
    if a == 0:
        return 1 if b == 0 else 0
    if a == 1:
        return 1
    if a == -1:
        return 1 if b % 2 == 0 else -1
    r = 1
    lim = 9223372036854775807 // abs(a)
    for _ in range(b):
        if abs(r) > lim:
            err[0] = 1  # beyond int64: the kernel falls back to the reference solver
            return 0
        r = r * a
    return r
'''


class _Gen:
    """Collects generated functions; translates expressions into Python expressions."""

    def __init__(self, ruleset):
        self.r = ruleset
        self.consts = {k: v for k, v in ruleset.params.items() if isinstance(v, int)}
        self.funcs: dict = {}
        self.out: list = []
        self.nsearch = 0
        k = 0
        for name, v in ruleset.params.items():
            if isinstance(v, FunctionValue):
                fname = f"_f{k}"
                k += 1
                body = self.expr(v.body, {v.var: "a0"})
                self.emit(f"def {fname}(a0, err):\n    return {body}\n")
                self.funcs[name] = fname
        for j, d in enumerate(ruleset.game.defs):
            fname = f"_d{j}"
            env = {p: f"a{m}" for m, p in enumerate(d.params)}
            body = self.expr(d.body, env)
            args = ", ".join(env.values())
            self.emit(f"def {fname}({args}, err):\n    return {body}\n")
            self.funcs[d.name] = fname

    def emit(self, text: str, inline: bool = True) -> None:
        self.out.append(("@_J\n" if inline else "@njit(cache=True)\n") + text)

    # ---------------------------------------------------------------- expressions
    def expr(self, e, env: dict) -> str:
        x = lambda n: self.expr(n, env)  # noqa: E731
        if isinstance(e, A.Num):
            return self.literal(e.value)
        if isinstance(e, A.Name):
            if e.id in env:
                return env[e.id]
            if e.id in self.consts:
                return self.literal(self.consts[e.id])
            raise Unsupported(f"unknown name {e.id!r}")
        if isinstance(e, A.Neg):
            return f"(-{x(e.operand)})"
        if isinstance(e, A.Not):
            return f"(not {x(e.operand)})"
        if isinstance(e, A.BinOp):
            a, b = x(e.left), x(e.right)
            if e.op in ("and", "or"):
                return f"({a} {e.op} {b})"
            if e.op == "iff":
                return f"(({a}) == ({b}))"
            if e.op in ("+", "-", "*"):
                return f"({a} {e.op} {b})"
            if e.op == "xor":
                return f"({a} ^ {b})"
            if e.op == "%":
                return f"_mod({a}, {b}, err)"
            if e.op == "^":
                return f"_pow({a}, {b}, err)"
            raise Unsupported(f"operator {e.op}")
        if isinstance(e, A.Compare):
            parts = [x(e.operands[0])]
            for op, o in zip(e.ops, e.operands[1:]):
                parts += [op, x(o)]
            return "(" + " ".join(parts) + ")"
        if isinstance(e, A.FloorDiv):
            return f"_fdiv({x(e.num)}, {x(e.den)}, err)"
        if isinstance(e, A.CeilDiv):
            return f"_cdiv({x(e.num)}, {x(e.den)}, err)"
        if isinstance(e, A.If):
            return f"({x(e.then)} if {x(e.cond)} else {x(e.orelse)})"
        if isinstance(e, A.Call):
            args = [x(a) for a in e.args]
            f = e.func
            if f in ("min", "max"):
                return args[0] if len(args) == 1 else f"{f}({', '.join(args)})"
            if f == "nimsum":
                return "(" + " ^ ".join(args) + ")"
            if f == "abs":
                return f"abs({args[0]})"
            if f == "mod":
                return f"_mod({args[0]}, {args[1]}, err)"
            if f == "ilog2":
                return f"_ilog2({args[0]}, err)"
            if f in self.funcs:
                return f"{self.funcs[f]}({', '.join(args)}, err)"
            raise Unsupported(f"function {f}")
        if isinstance(e, A.Search):
            return self.search(e, env)
        raise Unsupported(f"expression {type(e).__name__}")

    @staticmethod
    def literal(v: int) -> str:
        if abs(v) > INT64_MAX:
            raise Unsupported(f"integer {v} beyond int64")
        return f"({v})" if v < 0 else str(v)

    def search(self, e: A.Search, env: dict) -> str:
        free = sorted((A.free_names(e.cond) - {e.var}) & set(env))
        inner = {name: f"a{m}" for m, name in enumerate(free)}
        inner[e.var] = "m"
        name = f"_s{self.nsearch}"
        self.nsearch += 1
        cond = self.expr(e.cond, inner)
        rng = "range(hi, lo - 1, -1)" if e.kind == "max" else "range(lo, hi + 1)"
        params = "".join(f"{a}, " for a in inner.values() if a != "m")
        self.emit(f"def {name}({params}lo, hi, err):\n"
                  f"    for m in {rng}:\n"
                  f"        c = {cond}\n"
                  f"        if err[0] != 0:\n            return 0\n"
                  f"        if c:\n            return m\n"
                  f"    err[0] = 1\n    return 0\n", inline=False)
        args = "".join(f"{env[n]}, " for n in free)
        return f"{name}({args}{self.expr(e.lo, env)}, {self.expr(e.hi, env)}, err)"

    # ---------------------------------------------------------------- rules
    def rule(self, i: int) -> tuple:
        """Emit ``_rule{i}(l0..l{n-1}, err) -> (q0..q{n-1})``; return the set of coordinates the
        rule may change (besides the lowered one)."""
        r, n = self.r, self.r.n
        ls = [f"l{j}" for j in range(n)]
        cut = r.game.cut_for(r.coords[i])
        body = []
        if isinstance(cut, A.DerivedCut):
            changed = self.derived(i, body)
        else:
            env = dict(zip(r.coords, ls))
            env[cut.var] = ls[i]
            q = list(ls)
            changed = set()
            for a in cut.assigns:
                j = r.index[a.target]
                body.append(f"    r{j} = {self.expr(a.value, env)}")
                q[j] = f"r{j}"
                changed.add(j)
            if r.game.clamp is not None:
                body.append(f"    {', '.join(f'k{j}' for j in range(n))} = {', '.join(q)}")
                cenv = {c: f"k{j}" for j, c in enumerate(r.coords)}
                q = [f"k{j}" for j in range(n)]
                for a in r.game.clamp.assigns:
                    j = r.index[a.target]
                    body.append(f"    c{j} = {self.expr(a.value, cenv)}")
                    q[j] = f"c{j}"
                    changed.add(j)
            body.append(f"    return ({', '.join(q)},)")
        self.emit(f"def _rule{i}({', '.join(ls)}, err):\n" + "\n".join(body) + "\n")
        return changed

    def derived(self, i: int, body: list) -> set:
        """Ruleset._derived: greatest fixpoint of clamping violated atoms, same order, same
        binary/linear search as Ruleset._largest_fit; err 2 where it raises RuleError."""
        r, n = self.r, self.r.n
        qs = [f"l{j}" for j in range(n)]
        env = dict(zip(r.coords, qs))
        body.append("    ch = True\n    while ch:\n        ch = False")
        changed = set()
        for k, (c, _l, _r, is_name, monotone, atom) in enumerate(r._atoms):
            left, right = self.expr(atom.left, env), self.expr(atom.right, env)
            body.append(f"        if not ({left} <= {right}):")
            body.append("            if err[0] != 0:\n                return (" + "0, " * n + ")")
            if c == i:
                body.append("            err[0] = 2\n            return (" + "0, " * n + ")")
                continue
            changed.add(c)
            if is_name:
                body.append(f"            v = {right}")
            else:
                self.fit(k, c, atom, monotone)
                body.append(f"            v = _fit{k}({', '.join(qs)}, err)")
            body.append("            if err[0] != 0:\n                return (" + "0, " * n + ")")
            body.append("            if v < 0:\n                err[0] = 2\n"
                        "                return (" + "0, " * n + ")")
            body.append(f"            if v < {qs[c]}:\n                {qs[c]} = v\n                ch = True")
        body.append("        if err[0] != 0:\n            return (" + "0, " * n + ")")
        body.append(f"    return ({', '.join(qs)},)")
        return changed

    def fit(self, k: int, c: int, atom, monotone: bool) -> None:
        n = self.r.n
        qs = [f"l{j}" for j in range(n)]
        env = dict(zip(self.r.coords, qs))
        self.emit(f"def _ok{k}({', '.join(qs)}, err):\n"
                  f"    return {self.expr(atom.left, env)} <= {self.expr(atom.right, env)}\n")
        call = lambda v: f"_ok{k}({', '.join(v if j == c else q for j, q in enumerate(qs))}, err)"  # noqa
        if monotone:
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
        self.emit(f"def _fit{k}({', '.join(qs)}, err):\n" + text, inline=False)


# -------------------------------------------------------------------- the kernel
def generate(ruleset) -> tuple:
    """Python source of the kernel module for ``ruleset`` (parameters baked in as literals).

    Returns:
        ``(source, ruled)``: the module text, and the indices of coordinates that have a move rule
        (the kernel takes one bitset family per ruled coordinate, in this order).
    Raises:
        Unsupported: see :class:`Unsupported`.
    """
    g = _Gen(ruleset)
    n = ruleset.n
    ruled = [i for i in range(n) if ruleset.has_rule(i)]
    changed = {i: g.rule(i) for i in ruled}
    env = {c: f"p{j}" for j, c in enumerate(ruleset.coords)}
    valid = " and ".join(f"({g.expr(r.expr, env)})" for r in ruleset.game.requires) or "True"
    arrays = "".join(f", B{i}, P{i}, C{i}" for i in ruled)
    k = ["@njit(cache=True)",
         f"def kernel(S, lo0, hi0, W, misere, G, M{arrays}):",
         "    err = np.zeros(1, np.int64)",
         "    one = np.uint64(1)"]
    for j in range(n):
        k.append(f"    n{j} = S[{j}]")
    k.append(f"    st{n - 1} = 1")
    for j in range(n - 2, -1, -1):
        k.append(f"    st{j} = st{j + 1} * n{j + 1}")
    ind = "    "
    for j in range(n):
        rng = "range(lo0, hi0)" if j == 0 else f"range(n{j})"
        k.append(f"{ind}for p{j} in {rng}:")
        ind += "    "
        k.append(f"{ind}b{j} = {'0' if j == 0 else f'b{j - 1}'} + p{j} * st{j}")
    k.append(f"{ind}L = b{n - 1}")
    for i in ruled:
        lowered = ", ".join(f"p{j} - 1" if j == i else f"p{j}" for j in range(n))
        bad = " or ".join(f"q{j} > p{j} or q{j} < 0" for j in sorted(changed[i])) or "False"
        lq = " + ".join(f"q{j} * st{j}" for j in range(n))
        same = " or Lq == L" if i in changed[i] else ""
        k += [f"{ind}s{i} = L - b{i}",
              f"{ind}o{i} = s{i} * W",
              f"{ind}if p{i} == 0:",
              f"{ind}    for w in range(W):",
              f"{ind}        B{i}[o{i} + w] = 0",
              f"{ind}    if misere:",
              f"{ind}        for w in range(W):",
              f"{ind}            C{i}[o{i} + w] = 0",
              f"{ind}    P{i}[s{i}] = 0",
              f"{ind}elif P{i}[s{i}] == 0:",
              f"{ind}    {', '.join(f'q{j}' for j in range(n))}, = _rule{i}({lowered}, err)",
              f"{ind}    if err[0] != 0:",
              f"{ind}        err[0] = 0",
              f"{ind}        P{i}[s{i}] = 1",
              f"{ind}    elif {bad}:",
              f"{ind}        P{i}[s{i}] = 1",
              f"{ind}    else:",
              f"{ind}        Lq = {lq}",
              f"{ind}        g = np.int64(G[Lq])",
              f"{ind}        if g < 0{same}:",
              f"{ind}            P{i}[s{i}] = 1",
              f"{ind}        else:",
              f"{ind}            B{i}[o{i} + (g >> 6)] |= one << np.uint64(g & 63)",
              f"{ind}            if misere:",
              f"{ind}                g = np.int64(M[Lq])",
              f"{ind}                C{i}[o{i} + (g >> 6)] |= one << np.uint64(g & 63)"]
    k += [f"{ind}v = {valid}",
          f"{ind}if err[0] != 0:",
          f"{ind}    return 1, L",
          f"{ind}if v:"]
    if ruled:
        poisoned = " or ".join(f"P{i}[s{i}] != 0" for i in ruled)
        k += [f"{ind}    if {poisoned}:",
              f"{ind}        return 2, L"]
        for fam, out, extra in (("B", "G", ""), ("C", "M", "    ")):
            if fam == "C":
                terminal = " and ".join(f"p{i} == 0" for i in ruled)
                k += [f"{ind}    if misere:",
                      f"{ind}        if {terminal}:",
                      f"{ind}            M[L] = 1",
                      f"{ind}        else:"]
                extra = "        "
            union = " | ".join(f"{fam}{i}[o{i} + w]" for i in ruled)
            k += [f"{ind}    {extra}g = 0",
                  f"{ind}    {extra}for w in range(W):",
                  f"{ind}    {extra}    u = ~({union})",
                  f"{ind}    {extra}    if u != 0:",
                  f"{ind}    {extra}        g = w * 64 + trailing_zeros(u)",
                  f"{ind}    {extra}        break",
                  f"{ind}    {extra}{out}[L] = g"]
    else:
        k += [f"{ind}    G[L] = 0",
              f"{ind}    if misere:",
              f"{ind}        M[L] = 1"]
    k += [f"{ind}else:",
          f"{ind}    G[L] = -1",
          f"{ind}    if misere:",
          f"{ind}        M[L] = -1",
          "    return 0, 0"]
    header = '"""Generated by solvers.codegen from a checked game; do not edit."""\n'
    src = header + _HELPERS + "\n\n" + "\n\n".join(g.out) + "\n\n" + "\n".join(k) + "\n"
    return src, ruled
