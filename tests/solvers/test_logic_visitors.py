"""Every pass over the proof language handles every node it must (issue 45, item 3): the Walnut
printer, its free-variable pass and the paper printers are registered
:class:`~solvers.logic.visitor.FormulaVisitor` passes, as the spec language's visitors are
(``tests/language/test_visitors.py``); a node without a handler fails loudly, here and when
visited."""

from __future__ import annotations

import pytest

import cgs_bridge as cb
import cgs_bridge.presentation.math_formula  # noqa: F401  (imports register the passes)
import solvers.automata.numeration  # noqa: F401  (the automaton builders, build.py and atoms.py)
import solvers.automata.scoping  # noqa: F401
import solvers.logic.intval  # noqa: F401  (and solvers.logic.natural)
import solvers.logic.simplify  # noqa: F401
import solvers.logic.walks  # noqa: F401
import cgs_bridge.systems.walnut.printer as walnut_printer
from cgs_bridge.presentation.proof import math_text, proof_markdown
from paths import ROOT
from solvers.logic import formula as F
from solvers.logic.visitor import ALL, VISITORS, FormulaVisitor, missing_handlers


@pytest.mark.parametrize("visitor", sorted(VISITORS, key=lambda c: c.__qualname__), ids=lambda c: c.__qualname__)
def test_every_node_type_has_a_handler(visitor):
    assert missing_handlers(visitor) == []


def test_every_proof_language_pass_is_a_registered_visitor():
    names = {c.__qualname__ for c in VISITORS}
    assert {"_Printer", "_Used", "FormulaLatex", "FormulaMathML", "_MathText", "_Folder", "FreeVars", "TermValue",
            "Truth"} <= names
    # issue 45.3: the passes of solvers/automata/build.py, atoms.py and solvers/logic/intval.py
    # (its natural terms now in natural.py)
    assert {"Builder", "NumerationBuilder", "_ScopeIn", "_Negation", "Linearizer", "_Scaled",
            "_LowerBound", "_Renamer", "_Negated"} <= names
    # and those of solvers/automata/scoping.py and formula.py's subformulas (issue 45.3, the rest)
    assert {"_Rename", "Children"} <= names
    assert all(issubclass(c, FormulaVisitor) for c in VISITORS)
    # the node classes are the language's: its terms and its formulas
    assert set(ALL) == set(F.TERM_TYPES) | set(F.FORMULA_TYPES) and len(ALL) == 17


def test_an_unhandled_node_fails_loudly():
    class Mod:   # a node planted in the language: every registered pass misses it
        pass
    grown = [type(c.__name__, (c,), {"NODES": c.NODES + (Mod,)}) for c in VISITORS]
    assert all(missing_handlers(c) == ["Mod"] for c in grown)
    printer = walnut_printer._Printer(F.Problem((), ()))
    with pytest.raises(NotImplementedError, match="_Printer cannot print Mod"):
        printer.visit(Mod(), None)
    # and a pass without one handler is named by what it misses
    without = type("NoXor", (walnut_printer._Printer,), {"print_Xor": None})
    assert missing_handlers(without) == ["Xor"]


def test_the_walnut_printer_walks_every_node():
    x, y, z = F.Var("x"), F.Var("y"), F.Var("z")
    f = F.Forall(("x",), F.Implies(F.And((F.Cmp("<=", F.Div(F.Add((x, F.Scale(2, y))), 3), F.Const(4)),
                                          F.Xor(x, y, z))),
                                   F.Or((F.Not(F.Cmp("=", x, y)), F.Iff(F.TRUE, F.Exists(("y",), F.Cmp("<", y, z)))))))
    text = walnut_printer._Printer(F.Problem((), ())).formula(f, "z")
    # written by hand from Walnut's syntax (module docstring of the printer): sums in parentheses
    # inside a product or a quotient, $xor(a,b,c), ~(...), quantifiers over used variables
    assert text == ("(A x (((x+2*y)/3 <= 4 & $xor(x,y,z)) => (~(x = y) | (0 = 0 <=> (E y y < z)))))")


def test_proof_md_states_an_automaton_claim():
    # the Markdown printer had no branch for Accepts (issue 44's node) and took it for a
    # quantifier: prove -o DIR on an automaton claim was an internal error (AttributeError)
    assert math_text(F.Accepts("ppos", None, (F.Var("x"), F.Var("y")))) == "accepts ppos(x, y)"
    r = cb.prove("maximum_nim", claims=[f'P iff accepts "{ROOT / "examples" / "maxnim_ppos.txt"}"(x)'], prover="embedded")
    assert r.rows[-1].verdict == "PROVED"
    assert "accepts maxnim\\_ppos(x)" in proof_markdown(r)


def test_an_automaton_inside_an_inlined_definition_is_renamed():
    """scoping.py's capture-avoiding rename had no branch for Accepts: a claim whose ``s`` is a
    conjunction with an automaton (inlined under a quantifier) was an internal error (TypeError
    "not a formula: Accepts(...)") instead of a verdict. ``accepts(x) and x >= 0`` is the
    automaton's own claim (PROVED above); its twin ``x >= 1`` drops the P-position 0: REFUTED."""
    ppos = ROOT / "examples" / "maxnim_ppos.txt"
    r = cb.prove("maximum_nim", claims=[f'P iff (accepts "{ppos}"(x) and x >= 0)',
                                         f'P iff (accepts "{ppos}"(x) and x >= 1)'], prover="embedded")
    assert [row.verdict for row in r.rows[-2:]] == ["PROVED", "REFUTED"]


def test_a_refused_node_is_covered_and_says_why():
    """A pass refuses a node with a reason (REFUSED) or handles it; the base automaton builder
    refuses Accepts (only the numeration-aware builder reads automaton files), the prover's
    builder handles it, and a blank reason does not count."""
    from solvers.automata.build import Builder
    from solvers.automata.limits import Budget
    from solvers.automata.numeration import NumerationBuilder
    assert missing_handlers(Builder) == [] and "Accepts" in Builder.REFUSED
    assert callable(getattr(NumerationBuilder, "_Accepts"))
    atom = F.Accepts("ppos", None, (F.Var("x"),))
    with pytest.raises(NotImplementedError, match="Builder cannot build an automaton of Accepts "
                                                   r"\(an automaton read from a file is numeration-aware"):
        Builder({}, Budget()).build(atom)
    blank = type("Blank", (Builder,), {"REFUSED": {"Accepts": " "}})
    assert missing_handlers(blank) == ["Accepts"]
    with pytest.raises(TypeError, match="not a formula"):
        Builder({}, Budget()).build(F.Var("x"))
