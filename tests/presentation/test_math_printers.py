"""The paper printers (issue 48.1): spec expressions and proof-language formulas in LaTeX and MathML.
Expected texts are written here from the mathematics: the grouping of ∧/∨ as parsed, every compound
operand of ⊕ in parentheses, ``a % m == c`` as a congruence only where it is one (planted twins:
``c >= m`` and a non-constant modulus stay ``mod``), and every node of both languages handled."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from cgs_bridge.language import ast as A
from cgs_bridge.language.parser import parse_expr
from cgs_bridge.language.visitor import missing_handlers
from cgs_bridge.presentation import math_formula as MF
from cgs_bridge.presentation.math_spec import LatexPrinter, MathMLPrinter, latex, mathml
from solvers.logic import formula as F


@pytest.mark.parametrize("text, want", [
    ("x == y and x % 3 == 0 or x % 3 == 1 and y == x + 1",
     r"(x = y \wedge x \equiv 0 \pmod{3}) \vee (x \equiv 1 \pmod{3} \wedge y = x + 1)"),
    ("x == y and (x % 3 == 0 or x % 3 == 1)", r"x = y \wedge (x \equiv 0 \pmod{3} \vee x \equiv 1 \pmod{3})"),
    ("P iff (x - 1) xor y xor (z - 1) == 0", r"\mathsf{P} \iff (x - 1) \oplus y \oplus (z - 1) = 0"),
    ("y <= floor((x + z) / k)", r"y \le \lfloor (x + z)/k \rfloor"),
    ("x % 3 == 5", r"x \bmod 3 = 5"),                 # twin: not a congruence (5 is no residue mod 3)
    ("x % k == 1", r"x \bmod k = 1"),                 # twin: the modulus is not a constant
    ("grundy == min(y, nimsum(x, y + 1))", r"\mathcal{G} = \min(y, \allowbreak x \oplus (y + 1))"),
    ("x - (y - 1) - -3 == 2 ^ (x + 1)", r"x - (y - 1) - (-3) = 2^{x + 1}"),
])
def test_latex(text, want):
    assert latex(parse_expr(text)) == want


def test_mathml_is_well_formed_and_keeps_the_grouping():
    out = mathml(parse_expr("x == y and x % 3 == 0 or x < 2 and y >= x"))
    root = ET.fromstring(out)                      # one well-formed <math> element
    assert root.tag == "math"
    ops = [e.text for e in root.iter("mo")]
    assert ops.count("∨") == 1 and ops.count("∧") == 2 and "≡" in ops and "&lt;" not in out.replace("<mo>&lt;</mo>", "")
    assert ops.index("(") < ops.index("∧") < ops.index(")") < ops.index("∨")


@pytest.mark.parametrize("printer", [LatexPrinter, MathMLPrinter])
def test_every_spec_node_is_handled(printer):
    assert missing_handlers(printer) == []
    e = A.Search("max", "m", A.Num(0), A.Name("x"), parse_expr("2 * m <= x"))
    assert printer().doprint(A.If(parse_expr("x < 1"), e, A.Neg(A.Name("x"))))   # no node unprinted


@pytest.mark.parametrize("printer", [MF.FormulaLatex, MF.FormulaMathML])
def test_every_formula_node_is_handled(printer):
    assert MF.missing_handlers(printer) == []
    x, y = F.Var("x"), F.Var("y_1")
    f = F.Forall(("x",), F.Implies(F.And((F.Cmp("<=", F.Div(F.Add((x, F.Scale(2, y))), 3), F.Const(4)),
                                          F.Xor(x, y, F.Var("m2")))),
                                   F.Or((F.Not(F.Pred("s", (x, y))), F.Iff(F.TRUE, F.Exists(("y_1",), F.FALSE))))))
    text = printer().doprint(f)
    if printer is MF.FormulaLatex:
        assert text.startswith(r"\forall x \in \mathbb{N} \colon ((\lfloor (x + 2 y_{1})/3 \rfloor \le 4 \wedge "
                               r"x \oplus y_{1} = m_{2}) \Rightarrow (\neg \mathrm{s}(x, \allowbreak y_{1}) \vee")
    else:
        ET.fromstring(f"<math>{text}</math>")


def test_an_unknown_node_fails_loudly():
    class Odd:
        pass
    with pytest.raises(NotImplementedError, match="cannot print Odd"):
        MF.FormulaLatex().doprint(Odd())
