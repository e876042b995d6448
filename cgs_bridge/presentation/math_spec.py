"""Spec-language expressions as a paper writes them (issue 48): ``⊕`` for the nim-sum, ``⌊·⌋``,
``≡ (mod m)``, ``∧``/``∨`` with the grouping of the expression as parsed, in LaTeX
(:class:`LatexPrinter`) and in MathML (:class:`MathMLPrinter`).

Both are :class:`cgs_bridge.language.printer.Printer` targets (a ``_print_<Node>`` handler per node
class, registered visitors: a new node type fails loudly) with their own ``SPELLINGS`` (every
operator and builtin of :mod:`cgs_bridge.language.operators`, as each format writes it) and
``PRECEDENCE``. Conventions a reader may not share are never left to precedence:

- ``∧`` inside ``∨`` (and the reverse) is always parenthesised (mathematics gives them no order);
- every compound operand of ``⊕`` and of ``mod`` is parenthesised (``(x - 1) ⊕ y``);
- ``a % m == c`` with constants ``m > 0`` and ``0 <= c < m`` is ``a ≡ c (mod m)`` (equivalent then);
  any other ``%`` is ``a mod m`` with Knuth's definition ``a - m⌊a/m⌋`` (the sign of the divisor,
  as the spec's ``%``: docs/ARCHITECTURE.md);
- ``grundy``/``misere`` are 𝒢 and 𝒢⁻ of the position, ``P``/``N`` its outcome.
"""

from __future__ import annotations

from cgs_bridge.language import ast as A
from cgs_bridge.language import operators
from cgs_bridge.language.printer import ATOM, Printer
from cgs_bridge.language.visitor import register_visitor

from .math_marks import LatexMarks, MathMLMarks

#: Both formats rank operators alike; ``and``/``or`` share a level (parentheses decide).
PAPER_PRECEDENCE = {"if": 0, "iff": 1, "or": 2, "and": 2, "not": 4, "cmp": 5, "xor": 6, "+": 7,
                    "-": 7, "*": 8, "%": 8, "neg": 9, "^": 10}
#: Spellings every format shares (``helper:NAME``: the printer's method).
_HELPERS = {"xor": "helper:nimsum_of", "nimsum": "helper:nimsum_of", "%": "helper:mod_of",
            "mod": "helper:mod_of", "min": "helper:minmax", "max": "helper:minmax",
            "abs": "helper:abs_of", "ilog2": "helper:ilog2_of", "floor/": "helper:floor_of",
            "ceil/": "helper:ceil_of", "^": "helper:power", "and": "helper:logic",
            "or": "helper:logic"}
#: The names of claims: what they denote at the position.
CLAIM_SYMBOLS = {"latex": {"grundy": "\\mathcal{G}", "misere": "\\mathcal{G}^{-}",
                           "P": "\\mathsf{P}", "N": "\\mathsf{N}"},
                 "mathml": {"grundy": "<mi mathvariant='script'>G</mi>",
                            "misere": "<msup><mi mathvariant='script'>G</mi><mo>-</mo></msup>",
                            "P": "<mi mathvariant='sans-serif'>P</mi>",
                            "N": "<mi mathvariant='sans-serif'>N</mi>"}}


class PaperPrinter(Printer):
    """The structure both formats share; a format mixes in its marks (:mod:`.math_marks`)."""

    PRECEDENCE = PAPER_PRECEDENCE

    def parens(self, node, level: int, strict: bool = False) -> str:
        text = self.doprint(node)
        p = self.precedence(node)
        return self.group(text) if p < level or (strict and p == level) else text

    def tight(self, node) -> str:
        """``node`` parenthesised unless it is an atom (a name, a number >= 0, a call)."""
        return self.parens(node, ATOM)

    def name(self, ident: str) -> str:
        if ident in self.overrides:
            return self.overrides[ident]
        return CLAIM_SYMBOLS[self.FORMAT].get(ident) or self.ident(ident)

    def _print_Name(self, n):
        return self.name(n.id)

    def _print_Num(self, n):
        return self.number(n.value)

    def _print_Neg(self, n):
        return self.row(self.mo(self.spelling("neg")), self.parens(n.operand, self.PRECEDENCE["neg"], strict=True))

    def _print_Not(self, n):
        return self.row(self.mo(self.spelling("not")), self.tight(n.operand))

    def _print_BinOp(self, n):
        if self.spelling(n.op).startswith("helper:"):
            return self.spell(n)
        p = self.PRECEDENCE[n.op]
        strict = n.op in ("-", "*", "iff")
        right = n.right
        negative = isinstance(right, A.Neg) or (isinstance(right, A.Num) and right.value < 0)
        return self.row(self.parens(n.left, p, strict=n.op == "iff"), self.mo(self.spelling(n.op)),
                        self.group(self.doprint(right)) if negative else self.parens(right, p, strict=strict))

    def _print_Compare(self, n):
        congruence = self._congruence(n)
        if congruence:
            return congruence
        p = self.PRECEDENCE["cmp"]
        parts = [self.parens(n.operands[0], p, strict=True)]
        for op, o in zip(n.ops, n.operands[1:]):
            parts += [self.mo(self.spelling(op)), self.parens(o, p, strict=True)]
        return self.row(*parts)

    def _congruence(self, n):
        """``a ≡ c (mod m)`` for ``a % m == c`` with constants ``m > 0``, ``0 <= c < m``."""
        if n.ops != ("==",):
            return None
        for mod, c in (n.operands, n.operands[::-1]):
            if (isinstance(mod, A.BinOp) and mod.op == "%" or isinstance(mod, A.Call) and mod.func == "mod") \
                    and isinstance(c, A.Num):
                a, m = (mod.left, mod.right) if isinstance(mod, A.BinOp) else mod.args
                if isinstance(m, A.Num) and 0 <= c.value < m.value:
                    return self.row(self.parens(a, self.PRECEDENCE["+"]), self.mo(self.CONGRUENT),
                                    self.number(c.value), self.modulus(self.number(m.value)))
        return None

    def _print_FloorDiv(self, n):
        return self.floor_of(n)

    def _print_CeilDiv(self, n):
        return self.ceil_of(n)

    def _print_Call(self, n):
        if n.func in operators.BUILTINS:
            return self.spell(n)
        return self.call(self.upright(n.func), [self.doprint(a) for a in n.args])

    def _print_Accepts(self, n):
        """``accepts "FILE"(a, b)`` (issue 44): the file named in text, its arguments as a call."""
        return self.call(self.text(f'accepts "{n.path}"'), [self.doprint(a) for a in n.args])

    def _print_If(self, n):
        pairs, node = [], n
        while isinstance(node, A.If):
            pairs.append((self.doprint(node.then), self.doprint(node.cond)))
            node = node.orelse
        return self.cases(pairs + [(self.doprint(node), None)])

    def _print_Search(self, n):
        head = self.row(self.ident(n.var), self.mo(self.IN), self.setof_range(n.lo, n.hi))
        return self.row(self.upright(n.kind), self.setof(head, self.doprint(n.cond)))

    def setof_range(self, lo, hi) -> str:
        return self.row(self.mo(self.BRACES[0]), self.doprint(lo), self.mo(","), self.mo(self.DOTS),
                        self.mo(","), self.doprint(hi), self.mo(self.BRACES[1]))

    def precedence(self, node):
        if isinstance(node, (A.If, A.Search)):
            return 0
        if isinstance(node, A.Call) and node.func in ("mod",):
            return self.PRECEDENCE["%"]
        if isinstance(node, A.Call) and node.func == "nimsum":
            return self.PRECEDENCE["xor"]
        return super().precedence(node)

    # ------------------------------------------------------------ helpers named by SPELLINGS
    def _args(self, node):
        return (node.left, node.right) if isinstance(node, A.BinOp) else tuple(node.args)

    def logic(self, n):
        """``∧``/``∨``: an operand of the other kind (or looser) in parentheses."""
        parts = []
        for side in (n.left, n.right):
            other = isinstance(side, A.BinOp) and side.op in ("and", "or") and side.op != n.op
            parts.append(self.group(self.doprint(side)) if other else self.parens(side, self.PRECEDENCE[n.op]))
        return self.row(parts[0], self.mo(self.AND if n.op == "and" else self.OR), parts[1])

    def nimsum_of(self, n):
        """``a ⊕ b ⊕ ...``: every operand that is not an atom or a nim-sum in parentheses."""
        out = []
        for a in self._args(n):
            flat = (isinstance(a, A.BinOp) and a.op == "xor") or (isinstance(a, A.Call) and a.func == "nimsum")
            out.append(self.doprint(a) if flat else self.tight(a))
        return self.row(*[x for i, a in enumerate(out) for x in ((self.mo(self.OPLUS),) if i else ()) + (a,)])

    def mod_of(self, n):
        a, m = self._args(n)
        return self.row(self.tight(a), self.mo_word("mod"), self.tight(m))

    def minmax(self, n):
        return self.call(self.upright(n.func), [self.doprint(a) for a in n.args])

    def abs_of(self, n):
        return self.abs(self.doprint(n.args[0]))

    def ilog2_of(self, n):
        return self.floor(self.row(self.LOG2, self.tight(n.args[0])))

    def floor_of(self, n):
        return self.floor(self.over(self.parens(n.num, self.PRECEDENCE["*"]), self.tight(n.den)))

    def ceil_of(self, n):
        return self.ceil(self.over(self.parens(n.num, self.PRECEDENCE["*"]), self.tight(n.den)))

    def power(self, n):
        return self.sup(self.tight(n.left), self.doprint(n.right))


def _spellings(infix: dict) -> dict:
    table = {**_HELPERS, **infix}
    missing = [o.name for o in operators.OPS if o.name not in table and o.name != "if"]
    assert not missing, missing  # noqa: S101  (a new operator must be given its spelling here)
    return table


@register_visitor
class LatexPrinter(LatexMarks, PaperPrinter):
    """Spec expressions as LaTeX inline math (``amsmath``, ``amssymb``)."""

    TARGET = "latex"
    SPELLINGS = _spellings({
        "iff": "\\iff", "not": "\\neg",
        "<=": "\\le", "<": "<", ">=": "\\ge", ">": ">", "==": "=", "!=": "\\neq",
        "+": "+", "-": "-", "*": "\\cdot", "neg": "-"})
    AND, OR, BRACES, ASSIGN = "\\wedge", "\\vee", ("\\{", "\\}"), ":="
    OPLUS, CONGRUENT, IN, DOTS, LOG2 = "\\oplus", "\\equiv", "\\in", "\\dots", "\\log_2"

    def mo_word(self, word: str) -> str:
        return f"\\{'b' + word if word == 'mod' else word}"

    def modulus(self, m: str) -> str:
        return f"\\pmod{{{m}}}"

    def upright(self, name: str) -> str:
        return f"\\{name}" if name in ("min", "max") else super().upright(name)


@register_visitor
class MathMLPrinter(MathMLMarks, PaperPrinter):
    """Spec expressions as presentation MathML."""

    TARGET = "mathml"
    SPELLINGS = _spellings({
        "iff": "⇔", "not": "¬",
        "<=": "≤", "<": "<", ">=": "≥", ">": ">", "==": "=", "!=": "≠",
        "+": "+", "-": "−", "*": "·", "neg": "−"})
    AND, OR, BRACES, ASSIGN = "∧", "∨", ("{", "}"), "≔"
    OPLUS, CONGRUENT, IN, DOTS, LOG2 = "⊕", "≡", "∈", "…", "<msub><mi>log</mi><mn>2</mn></msub>"

    def mo_word(self, word: str) -> str:
        return f"<mo lspace='0.3em' rspace='0.3em'>{word}</mo>"

    def modulus(self, m: str) -> str:
        return self.group(self.row(self.text("mod "), m))


def latex(e) -> str:
    """``e`` (a spec expression) as LaTeX math, without the ``$``."""
    return LatexPrinter().doprint(e)


def mathml(e) -> str:
    """``e`` as one inline ``<math>`` element."""
    p = MathMLPrinter()
    return p.math(p.doprint(e))
