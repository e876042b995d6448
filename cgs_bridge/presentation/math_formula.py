"""Formulas of the proof language (:mod:`solvers.logic.formula`: Büchi arithmetic over the
natural numbers) as a paper writes them (issue 48), in LaTeX (:class:`FormulaLatex`) and MathML
(:class:`FormulaMathML`): ``∀ ∃ ¬ ∧ ∨ ⇒ ⇔``, ``⊕`` for the bitwise xor, ``⌊·⌋`` for the floor of a
quotient, defined predicates upright (``valid(x, y, z)``).

Dispatch is on the node class, ``_print_<Class>`` per class of ``formula.TERM_TYPES`` and
``formula.FORMULA_TYPES``: a class without a handler raises (never a silent fallback), and
:func:`missing_handlers` lets a test check every printer against the language. Every operand that
is not an atom is parenthesised: ``∧`` and ``∨`` keep the grouping of the formula.
"""

from __future__ import annotations

from solvers.logic import formula as F
from solvers.logic.visitor import FormulaVisitor, register_visitor
from solvers.logic.visitor import missing_handlers as _missing

from .math_marks import LatexMarks, MathMLMarks

#: The symbols of the proof language, per format.
SYMBOLS = {
    "latex": {"=": "=", "!=": "\\neq", "<": "<", "<=": "\\le", ">": ">", ">=": "\\ge", "+": "+",
              "xor": "\\oplus", "not": "\\neg", "and": "\\wedge", "or": "\\vee", "implies": "\\Rightarrow",
              "iff": "\\Leftrightarrow", "exists": "\\exists", "forall": "\\forall", "true": "\\top",
              "false": "\\bot", "defines": ":\\Leftrightarrow", "sep": "\\colon", "in": "\\in",
              "naturals": "\\mathbb{N}"},
    "mathml": {"=": "=", "!=": "≠", "<": "<", "<=": "≤", ">": ">", ">=": "≥", "+": "+", "xor": "⊕",
               "not": "¬", "and": "∧", "or": "∨", "implies": "⇒", "iff": "⇔", "exists": "∃",
               "forall": "∀", "true": "⊤", "false": "⊥", "defines": ":⇔", "sep": ":", "in": "∈",
               "naturals": "ℕ"},
}
_ATOMS = (F.Cmp, F.Xor, F.Pred, F.Bool, F.Not)


class FormulaPrinter(FormulaVisitor):
    """Structure shared by both formats; a format mixes in its marks (:mod:`.math_marks`). A
    proof-language pass (:class:`solvers.logic.visitor.FormulaVisitor`).

    Raises:
        NotImplementedError: a node class without a ``_print_<Class>`` handler.
    """

    PREFIX, VERB = "_print_", "print"

    def sym(self, name: str) -> str:
        return self.mo(SYMBOLS[self.FORMAT][name])

    def doprint(self, node) -> str:
        return self.visit(node)

    def sub(self, node) -> str:
        """A sub-formula: parenthesised unless an atom (or a negation of one)."""
        text = self.doprint(node)
        return text if isinstance(node, _ATOMS) else self.group(text)

    # ------------------------------------------------------------ terms
    def _print_Var(self, t):
        return self.ident(t.name)

    def _print_Const(self, t):
        return self.number(t.value)

    def _print_Add(self, t):
        if not t.terms:
            return self.number(0)
        parts = []
        for i, x in enumerate(t.terms):
            parts += ([self.sym("+")] if i else []) + [self.doprint(x)]
        return self.row(*parts)

    def _print_Scale(self, t):
        inner = self.doprint(t.term)
        return self.row(self.number(t.coef), self.group(inner) if isinstance(t.term, (F.Add, F.Scale)) else inner)

    def _print_Div(self, t):
        inner = self.doprint(t.term)
        return self.floor(self.over(self.group(inner) if isinstance(t.term, (F.Add, F.Scale)) else inner,
                                    self.number(t.den)))

    # ------------------------------------------------------------ atoms
    def _print_Cmp(self, f):
        return self.row(self.doprint(f.left), self.sym(f.op), self.doprint(f.right))

    def _print_Xor(self, f):
        return self.row(self.doprint(f.a), self.sym("xor"), self.doprint(f.b), self.sym("="), self.doprint(f.c))

    def _print_Pred(self, f):
        return self.call(self.upright(f.name), [self.doprint(a) for a in f.args])

    def _print_Accepts(self, f):
        """The automaton ``f.name`` (read from a file, issue 44) accepts the tuple of arguments."""
        return self.call(self.text(f"accepts {f.name}"), [self.doprint(a) for a in f.args])

    def _print_Bool(self, f):
        return self.sym("true" if f.value else "false")

    # ------------------------------------------------------------ connectives
    def _print_Not(self, f):
        return self.row(self.sym("not"), self.sub(f.body))

    def _print_And(self, f):
        return self._join(f.parts, "and", F.TRUE)

    def _print_Or(self, f):
        return self._join(f.parts, "or", F.FALSE)

    def _join(self, parts, word, empty):
        if not parts:
            return self.doprint(empty)
        out = []
        for i, p in enumerate(parts):
            out += ([self.sym(word)] if i else []) + [self.sub(p)]
        return self.row(*out)

    def _print_Implies(self, f):
        return self.row(self.sub(f.a), self.sym("implies"), self.sub(f.b))

    def _print_Iff(self, f):
        return self.row(self.sub(f.a), self.sym("iff"), self.sub(f.b))

    def _print_Exists(self, f):
        return self.quantified("exists", f.vars, f.body)

    def _print_Forall(self, f):
        return self.quantified("forall", f.vars, f.body)

    def quantified(self, word, names, body) -> str:
        """``∀x, y ∈ ℕ: (body)``."""
        names = [self.ident(v) for v in names]
        listed = self.row(*[x for i, v in enumerate(names) for x in (([self.mo(",")] if i else []) + [v])])
        return self.row(self.sym(word), listed, self.sym("in"), self.sym("naturals"), self.sym("sep"),
                        self.sub(body))

    # ------------------------------------------------------------ whole statements
    def definition(self, d: F.Define) -> str:
        """``name(params) :⇔ body``."""
        head = self.call(self.upright(d.name), [self.ident(p) for p in d.params])
        return self.row(head, self.sym("defines"), self.doprint(d.body))

    def sentence(self, ob: F.Obligation) -> str:
        """An obligation as its universally closed sentence."""
        return self.quantified("forall", ob.free, ob.body) if ob.free else self.doprint(ob.body)


@register_visitor
class FormulaLatex(LatexMarks, FormulaPrinter):
    """Proof-language formulas as LaTeX inline math."""


@register_visitor
class FormulaMathML(MathMLMarks, FormulaPrinter):
    """Proof-language formulas as presentation MathML."""


def missing_handlers(printer_class) -> list:
    """Names of the proof-language node classes ``printer_class`` cannot print
    (:func:`solvers.logic.visitor.missing_handlers`)."""
    return _missing(printer_class)
