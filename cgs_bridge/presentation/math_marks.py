"""The marks of mathematics in two output formats, for the paper printers
(:mod:`.math_spec`: spec expressions; :mod:`.math_formula`: the proof language): LaTeX (inline
math of ``amsmath``/``amssymb``, ASCII only, so ``pdflatex`` needs no font set-up and TeX may break
a long formula after a relation or binary operator) and presentation MathML (rendered by every
current browser, offline).

A printer mixes one of :class:`LatexMarks`, :class:`MathMLMarks` in; its structure (which
operand gets parentheses, how a floor is drawn) is written once against these primitives.
"""

from __future__ import annotations

import re

from cgs_bridge.foundation.escape import html_text

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*\Z")
_INDEXED = re.compile(r"([A-Za-z]+?)_?([0-9]+)\Z")


class LatexMarks:
    """LaTeX math-mode text (to be put inside ``$...$``)."""

    FORMAT = "latex"

    def row(self, *parts) -> str:
        return " ".join(p for p in parts if p)

    def group(self, text: str) -> str:
        return f"({text})"

    def mo(self, symbol: str) -> str:
        return symbol

    def number(self, value: int) -> str:
        return str(value)

    def ident(self, name: str) -> str:
        """A variable: one letter italic, ``x_1``/``m1`` with a subscript, a word in
        ``\\mathit``; anything else as upright text."""
        m = _INDEXED.match(name)
        if m and len(m.group(1)) == 1:
            return f"{m.group(1)}_{{{m.group(2)}}}"
        if len(name) == 1 and name.isalpha() and name.isascii():
            return name
        return f"\\mathit{{{self._word(name)}}}"

    def upright(self, name: str) -> str:
        """A predicate or function name (``valid``, ``cut_x``), upright."""
        return f"\\mathrm{{{self._word(name)}}}"

    def _word(self, name: str) -> str:
        from cgs_bridge.foundation.escape import tex_text
        if re.fullmatch(r"\w+", name, re.ASCII):
            return name.replace("_", "\\_")
        return f"\\text{{{tex_text(name)}}}"

    def text(self, words: str) -> str:
        from cgs_bridge.foundation.escape import tex_text
        return f"\\text{{{tex_text(words)}}}"

    def floor(self, inner: str) -> str:
        return f"\\lfloor {inner} \\rfloor"

    def ceil(self, inner: str) -> str:
        return f"\\lceil {inner} \\rceil"

    def over(self, num: str, den: str) -> str:
        """``num/den`` (the slash keeps inline math breakable and one line high)."""
        return f"{num}/{den}"

    def sup(self, base: str, exp: str) -> str:
        return f"{base}^{{{exp}}}"

    def call(self, head: str, args: list) -> str:
        sep = ", \\allowbreak "
        return f"{head}({sep.join(args)})"

    def cases(self, pairs) -> str:
        """``pairs``: ``[(value, condition or None for otherwise)]``."""
        rows = [f"{v} & \\text{{if }} {c}" if c is not None else f"{v} & \\text{{otherwise}}"
                for v, c in pairs]
        return "\\begin{cases} " + " \\\\ ".join(rows) + " \\end{cases}"

    def abs(self, inner: str) -> str:
        return f"\\lvert {inner} \\rvert"

    def setof(self, head: str, cond: str) -> str:
        return f"\\{{ {head} : {cond} \\}}"

    def math(self, body: str) -> str:
        """Inline math."""
        return f"${body}$"


class MathMLMarks:
    """Presentation MathML (each mark one element; :meth:`math` wraps the ``<math>`` element)."""

    FORMAT = "mathml"

    def row(self, *parts) -> str:
        parts = [p for p in parts if p]
        return parts[0] if len(parts) == 1 else "<mrow>" + "".join(parts) + "</mrow>"

    def group(self, text: str) -> str:
        return f"<mrow><mo>(</mo>{text}<mo>)</mo></mrow>"

    def mo(self, symbol: str) -> str:
        return f"<mo>{html_text(symbol)}</mo>"

    def number(self, value: int) -> str:
        return f"<mn>{value}</mn>" if value >= 0 else f"<mrow><mo>-</mo><mn>{-value}</mn></mrow>"

    def ident(self, name: str) -> str:
        m = _INDEXED.match(name)
        if m and len(m.group(1)) == 1:
            return f"<msub><mi>{m.group(1)}</mi><mn>{m.group(2)}</mn></msub>"
        if len(name) == 1:
            return f"<mi>{html_text(name)}</mi>"
        return f"<mi mathvariant='italic'>{html_text(name)}</mi>"

    def upright(self, name: str) -> str:
        return f"<mi mathvariant='normal'>{html_text(name)}</mi>"

    def text(self, words: str) -> str:
        return f"<mtext>{html_text(words)}</mtext>"

    def floor(self, inner: str) -> str:
        return f"<mrow><mo>⌊</mo>{inner}<mo>⌋</mo></mrow>"

    def ceil(self, inner: str) -> str:
        return f"<mrow><mo>⌈</mo>{inner}<mo>⌉</mo></mrow>"

    def over(self, num: str, den: str) -> str:
        return f"<mrow>{num}<mo>/</mo>{den}</mrow>"

    def sup(self, base: str, exp: str) -> str:
        return f"<msup>{base}{exp}</msup>"

    def call(self, head: str, args: list) -> str:
        inner = "<mo>,</mo>".join(args)
        return f"<mrow>{head}<mo>(</mo>{inner}<mo>)</mo></mrow>"

    def cases(self, pairs) -> str:
        rows = "".join(f"<mtr><mtd>{v}</mtd><mtd>{self.text('if ') + c if c is not None else self.text('otherwise')}"
                       "</mtd></mtr>" for v, c in pairs)
        return f"<mrow><mo>{{</mo><mtable columnalign='left'>{rows}</mtable></mrow>"

    def abs(self, inner: str) -> str:
        return f"<mrow><mo>|</mo>{inner}<mo>|</mo></mrow>"

    def setof(self, head: str, cond: str) -> str:
        return f"<mrow><mo>{{</mo>{head}<mo>:</mo>{cond}<mo>}}</mo></mrow>"

    def math(self, body: str) -> str:
        return f"<math>{body}</math>"
