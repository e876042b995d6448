"""The printer base class shared by every target (spec language, CGSuite, Mathematica, ...).

A target subclasses :class:`Printer`, names its column of the operator table
(:attr:`Printer.TARGET`, :mod:`cgs_bridge.language.operators`), from which come
:attr:`Printer.PRECEDENCE` (operator -> binding strength, higher binds tighter) and
:attr:`Printer.FUNCTIONS` (spec builtin -> target spelling; :meth:`Printer.spell` prints an
operator or builtin from it), and implements ``_print_<NodeClass>`` for each expression node type of
:mod:`cgs_bridge.language.ast`. Parentheses come from the precedence table only: :meth:`parens` wraps a
sub-expression whose precedence is lower than its context requires.
"""

from __future__ import annotations

from . import ast as A
from . import operators
from .visitor import ExprVisitor

#: Precedence of node kinds that are not binary operators.
ATOM = 100


class Printer(ExprVisitor):
    """Base class: dispatch on the node class name (:class:`ExprVisitor` with the sympy spelling
    ``_print_<Name>``), precedence-driven parentheses.

    Subclasses must define ``_print_<Name>`` for every class in ``cgs_bridge.language.ast.EXPR_TYPES``
    (a test checks this for every registered printer).
    """

    #: operator -> precedence (higher binds tighter). Keys are spec operators:
    #: 'iff', 'or', 'and', 'not', 'cmp', 'xor', '+', '-', '*', '%', 'neg', '^'.
    PRECEDENCE: dict = {}
    #: spec builtin function -> target spelling (a format string or a name).
    FUNCTIONS: dict = {}

    PREFIX = "_print_"
    #: the target's column in :mod:`cgs_bridge.language.operators`.
    TARGET = "spec"

    def spell(self, node) -> str:
        """Print a ``BinOp`` or a builtin ``Call`` as its row of the operator table spells it in
        :attr:`TARGET`: an infix word (:meth:`infix`), a function name, a template (``{args}``,
        ``{0}``, ``{atom0}``) or ``helper:NAME`` (this printer's method ``NAME(node)``)."""
        if isinstance(node, A.BinOp):
            name, args = node.op, (node.left, node.right)
        else:
            name, args = node.func, node.args
        row = operators.row(name)
        sp = row.spell[self.TARGET]
        if sp.startswith("helper:"):
            return getattr(self, sp[len("helper:"):])(node)
        self.uses(row)
        if "{" not in sp:
            if row.kind == "infix":
                return self.infix(node, sp, row.assoc)
            return self.call(sp, [self.doprint(a) for a in args])
        fields = {}
        if "{args}" in sp:
            fields["args"] = ", ".join(self.doprint(a) for a in args)
        if "{atom0}" in sp:
            fields["atom0"] = self.parens(args[0], ATOM)
        single = [self.doprint(a) for a in args] if "{0}" in sp or "{1}" in sp else []
        return sp.format(*single, **fields)

    def infix(self, n, word: str, assoc: str) -> str:
        """``left word right`` with the parentheses precedence needs (spec-language style)."""
        p = self.PRECEDENCE[n.op]
        if assoc == "right":
            return f"{self.parens(n.left, p, strict=True)}{word}{self.parens(n.right, self.PRECEDENCE['neg'])}"
        return f"{self.parens(n.left, p)}{word}{self.parens(n.right, p, strict=True)}"

    def uses(self, row) -> None:
        """Called when a row's spelling is printed (a target records the helpers it needs)."""

    def call(self, head: str, args: list) -> str:
        """A call in the target's syntax (``head(a, b)``)."""
        return f"{head}({', '.join(args)})"

    def _print_Call(self, n):
        if n.func in operators.BUILTINS:
            return self.spell(n)
        head = self.name(n.func)
        return self.call(head, [self.doprint(a) for a in n.args])

    def _print_FloorDiv(self, n):
        return self._div(n, "floor/")

    def _print_CeilDiv(self, n):
        return self._div(n, "ceil/")

    def doprint(self, node) -> str:
        return self.visit(node)

    def precedence(self, node) -> int:
        if isinstance(node, A.BinOp):
            return self.PRECEDENCE[node.op]
        if isinstance(node, A.Compare):
            return self.PRECEDENCE["cmp"]
        if isinstance(node, A.Not):
            return self.PRECEDENCE["not"]
        if isinstance(node, A.Neg):
            return self.PRECEDENCE["neg"]
        if isinstance(node, A.Num) and node.value < 0:
            return self.PRECEDENCE["neg"]
        if isinstance(node, A.If):
            return self.PRECEDENCE.get("if", 0)
        return ATOM

    def parens(self, node, level: int, strict: bool = False) -> str:
        """Print ``node`` in a context that needs precedence ``level`` (``strict``: the context
        needs strictly higher, e.g. the right operand of a left-associative operator)."""
        text = self.doprint(node)
        p = self.precedence(node)
        if p < level or (strict and p == level):
            return "(" + text + ")"
        return text

    def operand(self, node, level: int, strict: bool = False) -> str:
        """Like :meth:`parens`, but a negative operand of a binary operator is parenthesised too
        (``a - (-b)``, ``x^(-1)``), which every target needs."""
        if isinstance(node, A.Neg) or (isinstance(node, A.Num) and node.value < 0):
            return "(" + self.doprint(node) + ")"
        return self.parens(node, level, strict)

    #: spec name -> target spelling (an object with ``get``, e.g. the naming of
    #: :mod:`cgs_bridge.systems.printing.naming`); None prints names unchanged.
    names = None
    #: names printed differently for the moment (locals of an emitted helper function).
    overrides: dict = {}

    def name(self, ident: str) -> str:
        """Spelling of an identifier in the target (targets rename reserved names)."""
        if ident in self.overrides:
            return self.overrides[ident]
        return ident if self.names is None else self.names.get(ident)

    def with_overrides(self, node, overrides: dict) -> str:
        """Print ``node`` with some names printed differently (locals of a helper function)."""
        old = self.overrides
        self.overrides = {**old, **overrides}
        try:
            return self.doprint(node)
        finally:
            self.overrides = old

    def _print_Num(self, n):
        return str(n.value)

    def _print_Name(self, n):
        return self.name(n.id)
