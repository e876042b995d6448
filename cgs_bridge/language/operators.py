"""The one table of the specification language's operators and builtin functions.

Each :class:`Op` row says everything the project knows about one operator or builtin (the idea of
CGSuite's ``Ops.scala``): its name in the AST (``BinOp.op``, ``Call.func``, a comparison of
``Compare.ops``, or ``neg``/``not``/``if``/``floor/``/``ceil/`` for the other nodes), arity, the
checker's typing, the precedence and spelling in each printing target, the Python evaluation, the
numba kernel's code, the int64 magnitude bound, sign and monotonicity facts. The checker,
evaluator, bounds, code generator and every printer read this table; adding a builtin is one row
(plus, where a target cannot spell it in one template, one printer method named by the row:
``helper:NAME``). Recipe: ``docs/recipes/new-operator.md``.

Spellings (one per target: ``spec``, ``cgsuite``, ``mathematica``):

- an infix operator: the word with its spaces (``" + "``, ``"*"``, ``" && "``);
- a template: ``{args}`` (the arguments joined by ``, ``), ``{0}``, ``{1}`` (one argument), each
  printed whole; ``{atom0}`` the first argument parenthesised unless it is an atom;
- ``helper:NAME``: the printer's method ``NAME(node)`` prints it.

Semantics: :mod:`cgs_bridge.language.evaluate` (docs/ARCHITECTURE.md "Semantics"); nim-sum: seed
001 Def 1.1, two's complement for negative integers like Mathematica's ``BitXor``.
"""

from __future__ import annotations

import operator
import re
from dataclasses import dataclass, field
from typing import Callable, Optional

from .arith import ceil_div, floor_div, ilog2, mod, nimsum, power

#: Precedence of the node kinds printed as atoms (calls, ...); matches ``printer.ATOM``.
ATOM = 100
TARGETS = ("spec", "cgsuite", "mathematica")


@dataclass(frozen=True)
class Op:
    """One operator or builtin.

    Attributes:
        name: the AST spelling (``"+"``, ``"xor"``, ``"<="``, ``"min"``, ``"neg"``, ...).
        kind: ``infix`` (a ``BinOp``), ``compare`` (one operator of a ``Compare`` chain),
            ``unary`` (``Neg``/``Not``), ``builtin`` (a ``Call``), ``node`` (``If``,
            ``FloorDiv``, ``CeilDiv``: the precedence and spelling of a node kind).
        meaning: one line for the docs.
        arity: (least, most or None for n-ary) arguments.
        operand, result: the checker's types, ``int`` or ``bool``.
        prec: target -> precedence (higher binds tighter); ``prec_key`` groups rows sharing one
            (the comparisons: ``cmp``).
        assoc: ``left`` or ``right`` (the spec language's grammar).
        spell: target -> spelling (see the module docstring).
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
        wl_helper: (name, Wolfram Language definition) emitted when the spelling is used.
    """

    name: str
    kind: str
    meaning: str
    arity: tuple = (2, 2)
    operand: str = "int"
    result: str = "int"
    prec: dict = field(default_factory=dict)
    prec_key: str = ""
    assoc: str = "left"
    spell: dict = field(default_factory=dict)
    python: Optional[Callable] = None
    kernel: object = ""
    kernel_helper: str = ""
    bound: Optional[Callable] = None
    nonneg: str = ""
    monotone: bool = False
    sugar: tuple = ()
    wl_helper: tuple = ()

    @property
    def key(self) -> str:
        return self.prec_key or self.name


def _nimsum_bound(*m):
    return 2 ** (max(m).bit_length() + 1)


def _power_bound(a, b):
    return max(a, 1) ** min(b, 64) if a > 1 else 1


def _nary(fn):
    return lambda a: a[0] if len(a) == 1 else f"{fn}({', '.join(a)})"


def _p(spec, cgsuite, mathematica):
    return {"spec": spec, "cgsuite": cgsuite, "mathematica": mathematica}


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

#: Nim-sum in Wolfram Language without ``BitXor`` (Mathics3 10.0.1 has none): pairwise, from the
#: table of ``a xor b`` for 0 <= a, b < 64 (built once by doubling: the xor with the high bit n of
#: the blocks [[T, T + n], [T + n, T]]), otherwise from binary digits in two's complement (as
#: Python's ``^`` and Wolfram's ``BitXor``). In Mathics3 a table look-up costs ~7 ms per
#: three-argument call against ~12 ms from digits (issue 24; README "Benchmarks").
_WL_NIMSUM = ("nimSum", """nimSumDigits[args__Integer] := Module[{w, r},
  w = Max[IntegerLength[Abs[{args}], 2]] + 1;
  r = FromDigits[Mod[Total[Map[IntegerDigits[Mod[#, 2^w], 2, w] &, {args}]], 2], 2];
  If[r >= 2^(w - 1), r - 2^w, r]];
xorTable = {{0}};
While[Length[xorTable] < 64, xorTable = With[{h = xorTable + Length[xorTable]},
  Join[MapThread[Join, {xorTable, h}], MapThread[Join, {h, xorTable}]]]];
nimSum[] := 0;
nimSum[a_Integer] := a;
nimSum[a_Integer, b_Integer, c___Integer] :=
  nimSum[If[a >= 0 && b >= 0 && a < 64 && b < 64, xorTable[[a + 1, b + 1]], nimSumDigits[a, b]], c];""")
_WL_POWER = ("power", """power[a_Integer, b_Integer] := If[b == 0, 1, a^b];""")
_WL_ILOG2 = ("ilog2", """ilog2[n_Integer] := If[n >= 1, IntegerLength[n, 2] - 1, cgsError["floor(log2(" <> ToString[n] <> ")) is undefined"]];""")


def _cmp(name, fn):
    return Op(name, "compare", f"comparison {name} (chains: a <= b < c)", operand="int", result="bool",
              prec=_p(5, 5, 5), prec_key="cmp", spell=_p(name, name, name), python=fn, kernel=name,
              bound=lambda a, b: 1)


#: The table, loosest-binding first (the order of emitted helpers follows it).
OPS = (
    Op("if", "node", "if c then a else b", arity=(3, 3), prec=_p(0, ATOM, ATOM)),
    Op("iff", "infix", "boolean equivalence", operand="bool", result="bool", prec=_p(1, 5, ATOM),
       spell=_p(" iff ", "helper:_iff", "Equivalent[{args}]"), kernel="(bool({0}) == bool({1}))",
       bound=lambda a, b: 1),
    Op("or", "infix", "boolean or (lazy)", operand="bool", result="bool", prec=_p(2, 1, 2),
       spell=_p(" or ", " or ", " || "), kernel="({0} or {1})", bound=lambda a, b: 1),
    Op("and", "infix", "boolean and (lazy)", operand="bool", result="bool", prec=_p(3, 2, 3),
       spell=_p(" and ", " and ", " && "), kernel="({0} and {1})", bound=lambda a, b: 1),
    Op("not", "unary", "boolean negation", arity=(1, 1), operand="bool", result="bool",
       prec=_p(4, 3, 4), spell=_p("not ", "not ", "!"), python=operator.not_, kernel="(not {0})",
       bound=lambda a: a),
    _cmp("<=", operator.le), _cmp("<", operator.lt), _cmp(">=", operator.ge),
    _cmp(">", operator.gt), _cmp("==", operator.eq), _cmp("!=", operator.ne),
    Op("xor", "infix", "nim-sum (two's complement for negatives)", prec=_p(6, 6, ATOM),
       spell=_p(" xor ", "helper:_nimsum_binop", "helper:_nimsum_binop"), python=operator.xor,
       kernel="({0} ^ {1})", bound=_nimsum_bound, nonneg="all", wl_helper=_WL_NIMSUM),
    Op("+", "infix", "addition", prec=_p(7, 8, 7), spell=_p(" + ", " + ", " + "), python=operator.add,
       kernel="({0} + {1})", bound=lambda a, b: a + b, nonneg="all"),
    Op("-", "infix", "subtraction", prec=_p(7, 8, 7), spell=_p(" - ", " - ", " - "),
       python=operator.sub, kernel="({0} - {1})", bound=lambda a, b: a + b),
    Op("*", "infix", "multiplication", prec=_p(8, 10, 8), spell=_p(" * ", " * ", "*"),
       python=operator.mul, kernel="({0} * {1})", bound=lambda a, b: a * b, nonneg="all"),
    Op("%", "infix", "remainder with the sign of the divisor", prec=_p(8, ATOM, ATOM),
       spell=_p(" % ", "helper:_floor_mod", "Mod[{args}]"), python=mod, kernel="_mod({0}, {1}, err)",
       kernel_helper=_KERNEL_MOD, bound=lambda a, b: b, nonneg="last"),
    Op("neg", "unary", "unary minus", arity=(1, 1), prec=_p(9, 11, 9), spell=_p("-", "-", "-"),
       python=operator.neg, kernel="(-{0})", bound=lambda a: a),
    Op("^", "infix", "power (exponent >= 0; 0 ^ 0 = 1)", prec=_p(10, 12, 10), assoc="right",
       spell=_p(" ^ ", " ^ ", "helper:_power"), python=power, kernel="_pow({0}, {1}, err)",
       kernel_helper=_KERNEL_POW, bound=_power_bound, nonneg="first", wl_helper=_WL_POWER),
    Op("floor/", "node", "exact floor(a / b)", python=floor_div, kernel="_fdiv({0}, {1}, err)",
       kernel_helper=_KERNEL_FDIV, bound=lambda a, b: a + 1, nonneg="all",
       spell=_p("floor", "Floor", "Quotient")),
    Op("ceil/", "node", "exact ceil(a / b)", python=ceil_div, kernel="_cdiv({0}, {1}, err)",
       kernel_helper=_KERNEL_CDIV, bound=lambda a, b: a + 1, nonneg="all",
       spell=_p("ceil", "Ceiling", "Ceiling")),
    # ---- builtin functions (a Call): the spec spelling is the function's name
    Op("min", "builtin", "least argument", arity=(1, None), spell=_p("min", "Min([{args}])", "Min[{args}]"),
       python=lambda *a: min(a), kernel=_nary("min"), bound=lambda *m: max(m), nonneg="all",
       monotone=True),
    Op("max", "builtin", "greatest argument", arity=(1, None), spell=_p("max", "Max([{args}])", "Max[{args}]"),
       python=lambda *a: max(a), kernel=_nary("max"), bound=lambda *m: max(m), nonneg="any",
       monotone=True),
    Op("mod", "builtin", "remainder with the sign of the divisor", spell=_p("mod", "helper:_floor_mod", "Mod[{args}]"),
       python=mod, kernel="_mod({0}, {1}, err)", kernel_helper=_KERNEL_MOD, bound=lambda a, b: b,
       nonneg="last"),
    Op("abs", "builtin", "absolute value", arity=(1, 1), spell=_p("abs", "{atom0}.Abs", "Abs[{args}]"),
       python=abs, kernel="abs({0})", bound=lambda a: a, nonneg="always"),
    Op("ilog2", "builtin", "floor(log2(n)) for n >= 1", arity=(1, 1),
       spell=_p("floor(log2({0}))", "{atom0}.Lb", "ilog2[{args}]"), python=ilog2, kernel="_ilog2({0}, err)",
       kernel_helper=_KERNEL_ILOG2, bound=lambda a: a.bit_length(), monotone=True,
       sugar=("floor", "log2"), wl_helper=_WL_ILOG2),
    Op("nimsum", "builtin", "nim-sum of the arguments", arity=(1, None),
       spell=_p("nimsum", "helper:_nimsum_call", "nimSum[{args}]"), python=nimsum,
       kernel=lambda a: "(" + " ^ ".join(a) + ")", bound=_nimsum_bound, nonneg="all",
       wl_helper=_WL_NIMSUM),
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


def precedence(target: str) -> dict:
    """``{key: precedence}`` of one target (``spec``, ``cgsuite``, ``mathematica``)."""
    return {op.key: op.prec[target] for op in OPS if target in op.prec}


def spellings(target: str, kind: str = "builtin") -> dict:
    """``{name: spelling}`` of the rows of ``kind`` in one target."""
    return {op.name: op.spell[target] for op in OPS if op.kind == kind and target in op.spell}


def spelling(name: str, target: str) -> str:
    return TABLE[name].spell[target]


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


def wl_helpers() -> dict:
    """Wolfram Language helper definitions of the rows, name -> text, in table order."""
    out: dict = {}
    for op in OPS:
        if op.wl_helper:
            out.setdefault(*op.wl_helper)
    return out


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


def target_names(target: str) -> set:
    """Identifiers the spellings of ``target`` use (library names, helper names), kept out of the
    names the printers give spec names."""
    out = set()
    for op in OPS:
        sp = op.spell.get(target, "")
        if not sp.startswith("helper:"):
            out |= set(re.findall(r"[A-Za-z_][A-Za-z_0-9]*", re.sub(r"\{[^}]*\}", "", sp)))
        if target == "mathematica" and op.wl_helper:
            out.add(op.wl_helper[0])
    return out
