"""CGScript (CGSuite 2.x) as a printing target.

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
"""

from __future__ import annotations

from ..spec import ast as A
from .base import ATOM, Printer
from .spec_printer import expr_text

POSTFIX = 90


def _nimsum_chain(args):
    node = args[0]
    for a in args[1:]:
        node = A.BinOp("xor", node, a)
    return node


class CGSuitePrinter(Printer):
    """Print spec expressions as CGScript.

    Args:
        names: a :class:`~cgs_bridge.printing.naming.Namer` (spec name -> CGScript identifier).
        members: spec names visible as members of the Ruleset class (integer parameters): they are
            never passed to helper methods.
    """

    PRECEDENCE = {"if": ATOM, "iff": 5, "or": 1, "and": 2, "not": 3, "cmp": 5, "xor": 6, "+": 8,
                  "-": 8, "*": 10, "%": ATOM, "neg": 11, "^": 12}
    FUNCTIONS = {"min": "Min([{args}])", "max": "Max([{args}])", "mod": "FloorMod({args})",
                 "abs": "{arg}.Abs", "ilog2": "{arg}.Lb", "nimsum": "{args_nimsum}"}

    def __init__(self, names, members=()):
        self.names = names
        self.members = set(members)
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
        return "-" + self.parens(n.operand, self.PRECEDENCE["^"])

    def _print_Not(self, n):
        return "not " + self.parens(n.operand, self.PRECEDENCE["not"])

    def _print_BinOp(self, n):
        op = n.op
        if op == "%":
            return f"FloorMod({self.doprint(n.left)}, {self.doprint(n.right)})"
        if op == "iff":
            p = self.PRECEDENCE["cmp"]
            return f"{self.parens(n.left, p, True)} == {self.parens(n.right, p, True)}"
        p = self.PRECEDENCE[op]
        if op == "^":
            return f"{self.operand(n.left, p, True)} ^ {self.parens(n.right, p)}"
        word = {"xor": "NimSum"}.get(op, op)
        return f"{self.operand(n.left, p)} {word} {self.operand(n.right, p, True)}"

    def _print_Compare(self, n):
        p = self.PRECEDENCE["cmp"]
        pairs = []
        for a, op, b in zip(n.operands, n.ops, n.operands[1:]):
            pairs.append(f"{self.parens(a, p, True)} {op} {self.parens(b, p, True)}")
        return " and ".join(pairs)

    def _div(self, n, method):
        m = self.PRECEDENCE["*"]
        return f"({self.operand(n.num, m)} / {self.operand(n.den, m, True)}).{method}"

    def _print_FloorDiv(self, n):
        return self._div(n, "Floor")

    def _print_CeilDiv(self, n):
        return self._div(n, "Ceiling")

    def _print_Call(self, n):
        f = n.func
        if f == "nimsum":
            return self.doprint(_nimsum_chain(n.args))
        if f in ("min", "max"):
            return self.FUNCTIONS[f].format(args=", ".join(self.doprint(a) for a in n.args))
        if f == "mod":
            return self.FUNCTIONS[f].format(args=", ".join(self.doprint(a) for a in n.args))
        if f in ("abs", "ilog2"):
            return self.FUNCTIONS[f].format(arg=self.parens(n.args[0], POSTFIX + 1))
        return f"{self.name(f)}({', '.join(self.doprint(a) for a in n.args)})"

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

    def _print_Search(self, n):
        local = sorted(A.free_names(n.cond) - {n.var} - self.members, key=self._order)
        key = (n.kind, n.var, n.cond, tuple(local))
        name = self._helper(key, lambda: self._search_helper(n, local))
        args = [self.doprint(n.lo), self.doprint(n.hi)] + [self.name(v) for v in local]
        return f"{name}({', '.join(args)})"

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


def floor_mod_helper() -> str:
    """CGScript ``FloorMod(a, b)``: the remainder with the sign of ``b`` (Python ``%``)."""
    return "  def FloorMod(a as Integer, b as Integer) := a - b * (a / b).Floor;"


def uses_floor_mod(exprs) -> bool:
    for e in exprs:
        for node in A.walk(e):
            if (isinstance(node, A.BinOp) and node.op == "%") or (isinstance(node, A.Call) and node.func == "mod"):
                return True
    return False
