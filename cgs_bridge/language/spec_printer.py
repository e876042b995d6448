"""Print AST nodes back as specification-language text (round-trips through the parser; used for
function parameter defaults in messages and by the grammar property tests)."""

from __future__ import annotations

from . import ast as A
from .printer import ATOM, Printer


class SpecPrinter(Printer):
    """The specification language itself as a printing target: the grammar's precedences
    (``grammar.lark``, loosest first: if, iff, or, and, not, comparisons, xor, + -, * %, unary
    minus, ^) and its spellings (a builtin's is its name)."""

    TARGET = "spec"
    PRECEDENCE = {"if": 0, "iff": 1, "or": 2, "and": 3, "not": 4, "cmp": 5, "xor": 6, "+": 7, "-": 7,
                  "*": 8, "%": 8, "neg": 9, "^": 10}
    SPELLINGS = {
        "iff": " iff ", "or": " or ", "and": " and ", "not": "not ",
        "<=": "<=", "<": "<", ">=": ">=", ">": ">", "==": "==", "!=": "!=",
        "xor": " xor ", "+": " + ", "-": " - ", "*": " * ", "%": " % ", "neg": "-", "^": " ^ ",
        "floor/": "floor", "ceil/": "ceil", "ilog2": "floor(log2({0}))",
        **{name: name for name in ("min", "max", "mod", "abs", "nimsum")},  # a builtin: its name
    }

    def _print_Neg(self, n):
        return self.spelling("neg") + self.parens(n.operand, self.PRECEDENCE["neg"])

    def _print_Not(self, n):
        return self.spelling("not") + self.parens(n.operand, self.PRECEDENCE["not"])

    def _print_BinOp(self, n):
        return self.spell(n)

    def _print_Compare(self, n):
        p = self.PRECEDENCE["cmp"]
        parts = [self.parens(n.operands[0], p, strict=True)]
        for op, o in zip(n.ops, n.operands[1:]):
            parts += [self.spelling(op), self.parens(o, p, strict=True)]
        return " ".join(parts)

    def _div(self, n, key):
        m = self.PRECEDENCE["*"]
        return (f"{self.spelling(key)}({self.parens(n.num, m)} / "
                f"{self.parens(n.den, m, strict=True)})")

    def _print_If(self, n):
        return f"if {self.doprint(n.cond)} then {self.doprint(n.then)} else {self.parens(n.orelse, 0)}"

    def _print_Accepts(self, n):
        return f'accepts "{n.path}"(' + ", ".join(self.doprint(a) for a in n.args) + ")"

    def _print_Search(self, n):
        return (f"{n.kind} {n.var} in {self.parens(n.lo, ATOM)}..{self.parens(n.hi, ATOM)} "
                f"with {self.parens(n.cond, self.PRECEDENCE['iff'])}")

    def precedence(self, node):
        if isinstance(node, A.Search):
            return 0
        return super().precedence(node)


def expr_text(node) -> str:
    """Specification-language text of an expression."""
    return SpecPrinter().doprint(node)
