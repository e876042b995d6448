"""The printer base class shared by every target (spec language, CGSuite, Mathematica, ...).

A target subclasses :class:`Printer` the way sympy's printers do: it owns its spellings
(:attr:`Printer.SPELLINGS`, operator or builtin -> spelling, like sympy's ``known_functions``) and
its precedences (:attr:`Printer.PRECEDENCE`, higher binds tighter), and implements
``_print_<NodeClass>`` for each expression node type of :mod:`cgs_bridge.language.ast`. The
operator table (:mod:`cgs_bridge.language.operators`) keeps what an operator means; how a target
writes it lives with the target. Parentheses come from the precedence table only:
:meth:`parens` wraps a sub-expression whose precedence is lower than its context requires.

Spellings: an infix word with its spaces (``" + "``, ``" && "``); a template (``{args}`` the
arguments joined by ``, ``, ``{0}``, ``{1}`` one argument, each printed whole; ``{atom0}`` the
first argument parenthesised unless it is an atom); or ``helper:NAME``, the printer's method
``NAME(node)``.
"""

from __future__ import annotations

import re

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
    #: 'if', 'iff', 'or', 'and', 'not', 'cmp', 'xor', '+', '-', '*', '%', 'neg', '^'.
    PRECEDENCE: dict = {}
    #: operator or builtin (the names of :data:`cgs_bridge.language.operators.OPS`) -> spelling.
    SPELLINGS: dict = {}

    PREFIX = "_print_"
    #: the target's name (in messages).
    TARGET = "spec"

    def spelling(self, name: str) -> str:
        """This target's spelling of operator or builtin ``name``.

        Raises:
            LookupError: the target has no spelling of it (naming the operator and the target).
        """
        try:
            return self.SPELLINGS[name]
        except KeyError:
            raise LookupError(f"operator {name!r} has no spelling in target {self.TARGET!r} "
                              f"({type(self).__name__}.SPELLINGS)") from None

    def spell(self, node) -> str:
        """Print a ``BinOp`` or a builtin ``Call`` as :attr:`SPELLINGS` spells it: an infix word
        (:meth:`infix`), a function name, a template (``{args}``, ``{0}``, ``{atom0}``) or
        ``helper:NAME`` (this printer's method ``NAME(node)``)."""
        if isinstance(node, A.BinOp):
            name, args = node.op, (node.left, node.right)
        else:
            name, args = node.func, node.args
        row = operators.row(name)
        sp = self.spelling(name)
        if sp.startswith("helper:"):
            return getattr(self, sp[len("helper:"):])(node)
        self.uses(name)
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

    def uses(self, name: str) -> None:
        """Called when the spelling of operator ``name`` is printed (a target records the helpers
        it needs)."""

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


def spelled_names(spellings: dict) -> set:
    """Identifiers a table of spellings uses (library names: ``Min``, ``Abs``, ...), which the
    printers keep out of the names they give spec names (``helper:`` spellings use none)."""
    out = set()
    for sp in spellings.values():
        if not sp.startswith("helper:"):
            out |= set(re.findall(r"[A-Za-z_][A-Za-z_0-9]*", re.sub(r"\{[^}]*\}", "", sp)))
    return out
