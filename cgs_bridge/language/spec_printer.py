"""Print AST nodes back as specification-language text (round-trips through the parser; used for
function parameter defaults in messages and by the grammar property tests)."""

from __future__ import annotations

from . import ast as A
from .printer import ATOM, Printer


class SpecPrinter(Printer):
    """The specification language itself as a printing target."""

    PRECEDENCE = {"if": 0, "iff": 1, "or": 2, "and": 3, "not": 4, "cmp": 5, "xor": 6, "+": 7, "-": 7,
                  "*": 8, "%": 8, "neg": 9, "^": 10}
    FUNCTIONS = {"min": "min", "max": "max", "mod": "mod", "abs": "abs", "nimsum": "nimsum"}

    def _print_Neg(self, n):
        return "-" + self.parens(n.operand, self.PRECEDENCE["neg"])

    def _print_Not(self, n):
        return "not " + self.parens(n.operand, self.PRECEDENCE["not"])

    def _print_BinOp(self, n):
        p = self.PRECEDENCE[n.op]
        if n.op == "^":  # right-associative
            return f"{self.parens(n.left, p, strict=True)} ^ {self.parens(n.right, self.PRECEDENCE['neg'])}"
        return f"{self.parens(n.left, p)} {n.op} {self.parens(n.right, p, strict=True)}"

    def _print_Compare(self, n):
        p = self.PRECEDENCE["cmp"]
        parts = [self.parens(n.operands[0], p, strict=True)]
        for op, o in zip(n.ops, n.operands[1:]):
            parts += [op, self.parens(o, p, strict=True)]
        return " ".join(parts)

    def _print_FloorDiv(self, n):
        return f"floor({self.parens(n.num, self.PRECEDENCE['*'])} / {self.parens(n.den, self.PRECEDENCE['*'], strict=True)})"

    def _print_CeilDiv(self, n):
        return f"ceil({self.parens(n.num, self.PRECEDENCE['*'])} / {self.parens(n.den, self.PRECEDENCE['*'], strict=True)})"

    def _print_Call(self, n):
        if n.func == "ilog2":
            return f"floor(log2({self.doprint(n.args[0])}))"
        return f"{self.FUNCTIONS.get(n.func, n.func)}({', '.join(self.doprint(a) for a in n.args)})"

    def _print_If(self, n):
        return f"if {self.doprint(n.cond)} then {self.doprint(n.then)} else {self.parens(n.orelse, 0)}"

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
