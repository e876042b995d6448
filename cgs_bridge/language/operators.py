"""The one table of the specification language's operators and builtin functions.

Each :class:`Op` row says everything the project knows about one operator or builtin (the idea of
CGSuite's ``Ops.scala``): its name in the AST (``BinOp.op``, ``Call.func``, a comparison of
``Compare.ops``, or ``neg``/``not``/``if``/``floor/``/``ceil/`` for the other nodes), arity, the
checker's typing, the grammar's associativity, the Python evaluation, the
numba kernel's code, the int64 magnitude bound, sign and monotonicity facts: what the operator
means. The checker, evaluator, bounds and code generator read this table. How a target writes an
operator, and how tightly it binds there, is the target printer's own (``SPELLINGS`` and
``PRECEDENCE`` of :class:`cgs_bridge.language.printer.Printer` subclasses, as sympy's printers
keep ``known_functions``); a test fails naming the operator and the target when a printer lacks
a row's spelling. Recipe: ``docs/recipes/new-operator.md``.

Semantics: :mod:`cgs_bridge.language.evaluate` (docs/ARCHITECTURE.md "Semantics"); nim-sum: seed
001 Def 1.1, two's complement for negative integers like Mathematica's ``BitXor``.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Callable, Optional

from .arith import ceil_div, floor_div, ilog2, mod, nimsum, power


@dataclass(frozen=True)
class Op:
    """One operator or builtin.

    Attributes:
        name: the AST spelling (``"+"``, ``"xor"``, ``"<="``, ``"min"``, ``"neg"``, ...).
        kind: ``infix`` (a ``BinOp``), ``compare`` (one operator of a ``Compare`` chain),
            ``unary`` (``Neg``/``Not``), ``builtin`` (a ``Call``), ``node`` (``If``,
            ``FloorDiv``, ``CeilDiv``: a node kind the printers spell).
        meaning: one line for the docs.
        arity: (least, most or None for n-ary) arguments.
        operand, result: the checker's types, ``int`` or ``bool``.
        prec_key: the key of the printers' precedence tables a row shares with others (the
            comparisons: ``cmp``); otherwise its name.
        assoc: ``left`` or ``right`` (the spec language's grammar).
        python: the reference evaluation (a function of the argument values; ``None`` for the
            lazy ``and``/``or``/``iff``, done by the evaluator itself).
        kernel: numba expression: a format string over ``{0}``, ``{1}``, ``{args}``, or a
            function of the list of argument texts.
        kernel_helper: numba source of the ``@_J`` functions ``kernel`` calls (emitted once).
        bound: magnitude bound: a function of the arguments' magnitude bounds.
        nonneg: when the value is provably >= 0: ``all`` / ``any`` / ``first`` / ``last`` arguments
            nonnegative, ``always``, or ``""`` (never proven).
        monotone: nondecreasing in every argument.
        sugar: the spec spelling ``(outer, inner)`` of a builtin written ``outer(inner(n))``
            (``floor(log2(n))``); ``inner`` alone is an error.
    """

    name: str
    kind: str
    meaning: str
    arity: tuple = (2, 2)
    operand: str = "int"
    result: str = "int"
    prec_key: str = ""
    assoc: str = "left"
    python: Optional[Callable] = None
    kernel: object = ""
    kernel_helper: str = ""
    bound: Optional[Callable] = None
    nonneg: str = ""
    monotone: bool = False
    sugar: tuple = ()

    @property
    def key(self) -> str:
        return self.prec_key or self.name


def _nimsum_bound(*m):
    return 2 ** (max(m).bit_length() + 1)


def _power_bound(a, b):
    return max(a, 1) ** min(b, 64) if a > 1 else 1


def _nary(fn):
    return lambda a: a[0] if len(a) == 1 else f"{fn}({', '.join(a)})"


_KERNEL_FDIV = '''
@_J
def _fdiv(a, b, err):
    if b == 0:
        err[0] = 1
        return 0
    return a // b
'''
_KERNEL_CDIV = '''
@_J
def _cdiv(a, b, err):
    if b == 0:
        err[0] = 1
        return 0
    return -((-a) // b)
'''
_KERNEL_MOD = '''
@_J
def _mod(a, b, err):
    if b == 0:
        err[0] = 1
        return 0
    return a % b
'''
_KERNEL_ILOG2 = '''
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
'''
_KERNEL_POW = '''
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


def _cmp(name, fn):
    return Op(name, "compare", f"comparison {name} (chains: a <= b < c)", operand="int", result="bool",
              prec_key="cmp", python=fn, kernel=name, bound=lambda a, b: 1)


#: The table, loosest-binding first.
OPS = (
    Op("if", "node", "if c then a else b", arity=(3, 3)),
    Op("iff", "infix", "boolean equivalence", operand="bool", result="bool",
       kernel="(bool({0}) == bool({1}))", bound=lambda a, b: 1),
    Op("or", "infix", "boolean or (lazy)", operand="bool", result="bool", kernel="({0} or {1})",
       bound=lambda a, b: 1),
    Op("and", "infix", "boolean and (lazy)", operand="bool", result="bool", kernel="({0} and {1})",
       bound=lambda a, b: 1),
    Op("not", "unary", "boolean negation", arity=(1, 1), operand="bool", result="bool",
       python=operator.not_, kernel="(not {0})", bound=lambda a: a),
    _cmp("<=", operator.le), _cmp("<", operator.lt), _cmp(">=", operator.ge),
    _cmp(">", operator.gt), _cmp("==", operator.eq), _cmp("!=", operator.ne),
    Op("xor", "infix", "nim-sum (two's complement for negatives)", python=operator.xor,
       kernel="({0} ^ {1})", bound=_nimsum_bound, nonneg="all"),
    Op("+", "infix", "addition", python=operator.add, kernel="({0} + {1})", bound=lambda a, b: a + b,
       nonneg="all"),
    Op("-", "infix", "subtraction", python=operator.sub, kernel="({0} - {1})", bound=lambda a, b: a + b),
    Op("*", "infix", "multiplication", python=operator.mul, kernel="({0} * {1})",
       bound=lambda a, b: a * b, nonneg="all"),
    Op("%", "infix", "remainder with the sign of the divisor", python=mod, kernel="_mod({0}, {1}, err)",
       kernel_helper=_KERNEL_MOD, bound=lambda a, b: b, nonneg="last"),
    Op("neg", "unary", "unary minus", arity=(1, 1), python=operator.neg, kernel="(-{0})",
       bound=lambda a: a),
    Op("^", "infix", "power (exponent >= 0; 0 ^ 0 = 1)", assoc="right", python=power,
       kernel="_pow({0}, {1}, err)", kernel_helper=_KERNEL_POW, bound=_power_bound, nonneg="first"),
    Op("floor/", "node", "exact floor(a / b)", python=floor_div, kernel="_fdiv({0}, {1}, err)",
       kernel_helper=_KERNEL_FDIV, bound=lambda a, b: a + 1, nonneg="all"),
    Op("ceil/", "node", "exact ceil(a / b)", python=ceil_div, kernel="_cdiv({0}, {1}, err)",
       kernel_helper=_KERNEL_CDIV, bound=lambda a, b: a + 1, nonneg="all"),
    # ---- builtin functions (a Call)
    Op("min", "builtin", "least argument", arity=(1, None), python=lambda *a: min(a),
       kernel=_nary("min"), bound=lambda *m: max(m), nonneg="all", monotone=True),
    Op("max", "builtin", "greatest argument", arity=(1, None), python=lambda *a: max(a),
       kernel=_nary("max"), bound=lambda *m: max(m), nonneg="any", monotone=True),
    Op("mod", "builtin", "remainder with the sign of the divisor", python=mod,
       kernel="_mod({0}, {1}, err)", kernel_helper=_KERNEL_MOD, bound=lambda a, b: b, nonneg="last"),
    Op("abs", "builtin", "absolute value", arity=(1, 1), python=abs, kernel="abs({0})",
       bound=lambda a: a, nonneg="always"),
    Op("ilog2", "builtin", "floor(log2(n)) for n >= 1", arity=(1, 1), python=ilog2,
       kernel="_ilog2({0}, err)", kernel_helper=_KERNEL_ILOG2, bound=lambda a: a.bit_length(),
       monotone=True, sugar=("floor", "log2")),
    Op("nimsum", "builtin", "nim-sum of the arguments", arity=(1, None), python=nimsum,
       kernel=lambda a: "(" + " ^ ".join(a) + ")", bound=_nimsum_bound, nonneg="all"),
)

#: name -> row (comparisons under their own names; ``cmp`` is their precedence key).
TABLE = {op.name: op for op in OPS}
#: Builtin functions: name -> (least, most or None) arguments.
BUILTINS = {op.name: op.arity for op in OPS if op.kind == "builtin"}
#: Boolean binary operators (operands and value are conditions).
BOOL_OPS = frozenset(op.name for op in OPS if op.kind == "infix" and op.operand == "bool")


def row(name: str) -> Op:
    """The row of operator or builtin ``name`` (KeyError when there is none)."""
    return TABLE[name]


def kernel_code(name: str, args: list) -> str:
    """The numba expression of operator ``name`` applied to argument texts ``args``."""
    k = TABLE[name].kernel
    return k(args) if callable(k) else k.format(*args, args=", ".join(args))


def kernel_helpers() -> str:
    """Numba source of every row's kernel helper, each once, in table order."""
    seen: list = []
    for op in OPS:
        if op.kernel_helper and op.kernel_helper not in seen:
            seen.append(op.kernel_helper)
    return "\n".join(seen)


def nonnegative(name: str, args: list) -> bool:
    """Is ``name(args...)`` provably >= 0, given for each argument whether it is (``args``)?"""
    rule = TABLE[name].nonneg if name in TABLE else ""
    return {"all": lambda: all(args), "any": lambda: any(args), "first": lambda: args[0],
            "last": lambda: args[-1], "always": lambda: True, "": lambda: False}[rule]()


def sugar_of(outer: str, inner: str) -> Optional[str]:
    """The builtin written ``outer(inner(n))`` in the spec language (``floor(log2(n))`` ->
    ``ilog2``), None when there is none."""
    return next((op.name for op in OPS if op.sugar == (outer, inner)), None)


def sugar_inner(name: str) -> Optional[Op]:
    """The row whose sugar uses ``name`` as its inner function (``log2``)."""
    return next((op for op in OPS if op.sugar and op.sugar[1] == name), None)


def arity_problem(name: str, n: int) -> Optional[str]:
    """The checker's message when builtin ``name`` is given ``n`` arguments, else None."""
    lo, hi = BUILTINS[name]
    if n < lo or (hi is not None and n > hi):
        return (f"{name} takes {lo if hi == lo else f'at least {lo}'} argument"
                f"{'s' if (hi or 2) > 1 else ''}; {n} given")
    return None
