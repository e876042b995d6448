"""The CGScript (CGSuite 2.x) printers of specification expressions.

Operator facts (``Cgsuite.g`` of github aaron-siegel/cgsuite, ``Ops.scala``, and the CGSuite 2.2
fixtures in ``../shared/fixtures/cgsuite``), loosest first: ``or`` < ``and`` < ``not`` <
relational (right-recursive, so a chain ``a <= b <= c`` is printed ``a <= b and b <= c``) < infix
method (``a NimSum b``, left-associative) < ``+ -`` < ``* / %`` < unary ``-`` (its operand cannot
start with another ``-``) < ``^`` (power, right-associative; its left operand is a postfix
expression) < postfix (``.Floor``, calls).

Spellings: ``floor(a/b)`` is ``(a / b).Floor`` (``Div`` truncates), ``ceil`` is ``.Ceiling``,
``min``/``max`` take one list (``Min([a, b])``), ``abs`` is ``.Abs``, ``floor(log2(n))`` is ``.Lb``.
CGScript's ``%`` truncates (Scala ``BigInt %``), so the spec's ``%``/``mod`` (sign of the divisor)
is a helper method ``FloorMod``; bounded searches ``max m in a..b with C`` become helper methods
with a ``while`` loop. Helpers are collected while printing (:attr:`CGSuitePrinter.helpers`) and
emitted as methods of the ``Ruleset`` class, which every nested ``Position`` can call.

The operators' spellings and precedences are this target's own table (:mod:`.spelling`); the
methods named there (``helper:...``) are here.
"""

from __future__ import annotations

from cgs_bridge.foundation.errors import InputError
from cgs_bridge.language import ast as A
from cgs_bridge.language import traversal as Tr
from cgs_bridge.language.printer import ATOM, Printer
from cgs_bridge.language.spec_printer import expr_text

from . import spelling
from .nimsum import helper_text, inline_text, nonnegative


def _args(n) -> tuple:
    """The operands of a ``BinOp`` or the arguments of a ``Call``."""
    return (n.left, n.right) if isinstance(n, A.BinOp) else n.args


def _nimsum_chain(args):
    node = args[0]
    for a in args[1:]:
        node = A.BinOp("xor", node, a)
    return node


class CGSuitePrinter(Printer):
    """Print spec expressions as CGScript.

    Args:
        names: a :class:`~cgs_bridge.systems.printing.naming.Namer` (spec name -> CGScript identifier).
        members: spec names visible as members of the Ruleset class (integer parameters): they are
            never passed to helper methods.
        nonneg: spec names known to be >= 0 (coordinates, move variables, parameters declared
            ``>= 0``): a nim-sum of provably nonnegative operands is CGSuite's ``NimSum``, any other
            calls the helper method of :mod:`~cgs_bridge.systems.cgsuite.nimsum`.
    """

    TARGET = "cgsuite"
    PRECEDENCE = spelling.PRECEDENCE
    SPELLINGS = spelling.SPELLINGS

    #: how a helper method is called (``R.`` from a worksheet script); None: not in reach
    helper_prefix: str | None = ""

    def __init__(self, names, members=(), nonneg=()):
        self.names = names
        self.members = set(members)
        self.nonneg = set(nonneg)
        self.overrides: dict = {}
        self.helpers: list = []   # (name, text) in order of first use
        self._helper_keys: dict = {}
        self._locals = None

    # ------------------------------------------------------------ helpers
    def _helper(self, key, make) -> str:
        if key not in self._helper_keys:
            old = self.overrides
            self.overrides = {}
            try:
                name, text = make()
            finally:
                self.overrides = old
            self._helper_keys[key] = name
            self.helpers.append((name, text))
        return self._helper_keys[key]

    def precedence(self, node) -> int:
        if isinstance(node, A.Compare) and len(node.ops) > 1:
            return self.PRECEDENCE["and"]
        if isinstance(node, A.Call) and node.func == "nimsum":
            return self.precedence(_nimsum_chain(node.args))
        if isinstance(node, (A.Search, A.FloorDiv, A.CeilDiv, A.Call, A.If)):
            return ATOM
        return super().precedence(node)

    # ------------------------------------------------------------ nodes
    def _print_Neg(self, n):
        return self.spelling("neg") + self.parens(n.operand, self.PRECEDENCE["^"])

    def _print_Not(self, n):
        return self.spelling("not") + self.parens(n.operand, self.PRECEDENCE["not"])

    def _print_BinOp(self, n):
        return self.spell(n)

    def infix(self, n, word, assoc):
        p = self.PRECEDENCE[n.op]
        if assoc == "right":
            return f"{self.operand(n.left, p, True)}{word}{self.parens(n.right, p)}"
        return f"{self.operand(n.left, p)}{word}{self.operand(n.right, p, True)}"

    # ------------------------------------------------------------ operators named by the spellings
    def _iff(self, n):
        """``iff`` is ``==`` of two conditions (both sides parenthesised below comparisons)."""
        p = self.PRECEDENCE["cmp"]
        return f"{self.parens(n.left, p, True)} == {self.parens(n.right, p, True)}"

    def _floor_mod(self, n):
        """``%`` and ``mod``: the class's helper method ``FloorMod`` (:func:`floor_mod_helper`)."""
        return f"FloorMod({', '.join(self.doprint(a) for a in _args(n))})"

    def _nimsum_binop(self, n):
        """``a xor b``: CGSuite's ``NimSum`` when both are provably >= 0, else the helper."""
        if not (nonnegative(n.left, self.nonneg) and nonnegative(n.right, self.nonneg)):
            return self._nimsum_any(n.left, n.right)
        return self.infix(n, " NimSum ", "left")

    def _nimsum_call(self, n):
        """``nimsum(a, b, ...)``: the nim-sum chain ``a xor b xor ...``."""
        return self.doprint(_nimsum_chain(n.args))

    def _print_Compare(self, n):
        p = self.PRECEDENCE["cmp"]
        pairs = []
        for a, op, b in zip(n.operands, n.ops, n.operands[1:]):
            pairs.append(f"{self.parens(a, p, True)} {self.spelling(op)} {self.parens(b, p, True)}")
        return " and ".join(pairs)

    def _div(self, n, key):
        m = self.PRECEDENCE["*"]
        return f"({self.operand(n.num, m)} / {self.operand(n.den, m, True)}).{self.spelling(key)}"

    def _print_If(self, n):
        return f"if {self.doprint(n.cond)} then {self._branch(n.then)} else {self._branch(n.orelse)} end"

    def _branch(self, node) -> str:
        """A then/else branch is a statement sequence in CGScript, where a leading ``if`` starts a
        control statement that ends at its ``end``: ``then if a then b else c end ^ 2 else`` would
        not parse, so such a branch is parenthesised."""
        text = self.doprint(node)
        if text.startswith("if ") and not isinstance(node, A.If):
            return "(" + text + ")"
        return text

    def _print_Accepts(self, n):
        raise InputError(f"{expr_text(n)}: an automaton claim is not printed in CGScript")

    def _print_Search(self, n):
        local = sorted(Tr.free_names(n.cond) - {n.var} - self.members, key=self._order)
        key = (n.kind, n.var, n.cond, tuple(local))
        name = self._helper(key, lambda: self._search_helper(n, local))
        args = [self.doprint(n.lo), self.doprint(n.hi)] + [self.name(v) for v in local]
        return f"{name}({', '.join(args)})"

    def _nimsum_any(self, left, right) -> str:
        """Nim-sum of operands that may be negative (:mod:`.cgsuite_nimsum`)."""
        a, b = self.doprint(left), self.doprint(right)
        if self.helper_prefix is None:
            return "(" + inline_text(f"({a})", f"({b})") + ")"
        name = self._helper("nimsum", lambda: self._nimsum_helper())
        return f"{self.helper_prefix}{name}({a}, {b})"

    def _nimsum_helper(self):
        name = self.names.fresh("NimSumInt")
        return name, helper_text(name, self.names.fresh("m"), self.names.fresh("n"))

    # ------------------------------------------------------------ helper methods
    def _order(self, spec_name):
        keys = list(self.names.map)
        return keys.index(spec_name) if spec_name in keys else len(keys)

    def locals(self) -> dict:
        """Fresh local names shared by the helper methods (lo, hi, found)."""
        if self._locals is None:
            self._locals = {k: self.names.fresh(k) for k in ("lo", "hi", "found")}
        return self._locals

    def _search_helper(self, n, local):
        loc = self.locals()
        base = "SearchMax" if n.kind == "max" else "SearchMin"
        name = self.names.fresh(base)
        m = self.name(n.var)
        params = [loc["lo"], loc["hi"]] + [self.name(v) for v in local]
        start, step, cmp = (loc["hi"], "-", ">=") if n.kind == "max" else (loc["lo"], "+", "<=")
        bound = loc["lo"] if n.kind == "max" else loc["hi"]
        spec = expr_text(n).replace('"', "'")
        text = "\n".join([
            f"  def {name}({', '.join(p + ' as Integer' for p in params)}) begin",
            f"    var {m} := {start};",
            f"    var {loc['found']} := false;",
            f"    while not {loc['found']} and {m} {cmp} {bound} do",
            f"      if {self.doprint(n.cond)} then {loc['found']} := true else {m} := {m} {step} 1 end",
            "    end",
            f"    if not {loc['found']} then error(\"{spec}: no value satisfies the condition\") end",
            f"    {m}",
            "  end"])
        return name, text


class ProcedurePrinter(CGSuitePrinter):
    """Print a function parameter's body as a CGScript procedure ``t -> ...`` for a worksheet
    script, where the class's helper methods are out of reach: the spec's ``%``/``mod`` is
    written inline as ``a - b * (a / b).Floor``; a bounded search cannot be printed (InputError);
    a nim-sum of possibly negative operands is written inline, or, for the claim checks, calls the
    class's helper through ``R.`` (``owner``: the class's printer, which then emits it)."""

    helper_prefix = None

    def share_helpers(self, owner, prefix: str) -> "ProcedurePrinter":
        """Register helper methods in ``owner`` (the class printer) and call them as ``prefix + name``."""
        self.helpers, self._helper_keys, self.helper_prefix = owner.helpers, owner._helper_keys, prefix
        return self

    def _floor_mod(self, n) -> str:
        a, b = _args(n)
        m = self.PRECEDENCE["*"]
        left, right = self.operand(a, self.PRECEDENCE["-"]), self.operand(b, m)
        return f"({left} - {right} * ({self.operand(a, m)} / {self.operand(b, m, True)}).Floor)"

    def _print_Search(self, n):
        raise InputError(f"a function parameter with a bounded search ({expr_text(n)}) cannot be "
                         "passed to the CGSuite class as a procedure")

    def procedure(self, var: str, body) -> str:
        """``var -> body`` (CGScript procedure syntax, ``Cgsuite.g`` functionExpression)."""
        return f"{self.name(var)} -> {self.doprint(body)}"


def floor_mod_helper() -> str:
    """CGScript ``FloorMod(a, b)``: the remainder with the sign of ``b`` (Python ``%``)."""
    return "  def FloorMod(a as Integer, b as Integer) := a - b * (a / b).Floor;"


#: Operators the class's ``FloorMod`` method spells (``helper:_floor_mod`` in :mod:`.spelling`).
_FLOOR_MOD = {name for name, sp in spelling.SPELLINGS.items() if sp == "helper:_floor_mod"}


def uses_floor_mod(exprs) -> bool:
    for e in exprs:
        for node in Tr.walk(e):
            if (isinstance(node, A.BinOp) and node.op in _FLOOR_MOD) or (
                    isinstance(node, A.Call) and node.func in _FLOOR_MOD):
                return True
    return False
