"""The operator table is complete: every operator and builtin has an evaluation, kernel code and a
magnitude bound; every printer (the spec language and each registered target) spells every row
and knows the precedence of every operator, and a missing spelling names the operator and the
target; every ``helper:NAME`` spelling names a method of that target's printer; the spec
precedences follow the grammar (loosest first: if, iff, or, and, not, comparisons, xor, + -,
* %, unary minus, ^)."""

from __future__ import annotations

import pytest

from cgs_bridge.language import operators
from cgs_bridge.language.spec_printer import SpecPrinter
from cgs_bridge.presentation.math_spec import LatexPrinter, MathMLPrinter
from cgs_bridge.systems.registry import TARGETS

#: every printer: the spec, each registered target, and the paper printers of proofs (issue 48.1)
PRINTERS = {"spec": SpecPrinter, **{name: t.printer for name, t in TARGETS.items()},
            "latex": LatexPrinter, "mathml": MathMLPrinter}


@pytest.mark.parametrize("op", [o for o in operators.OPS if o.kind in ("infix", "builtin", "compare")],
                         ids=lambda o: o.name)
def test_every_row_is_complete(op):
    assert op.kernel and op.bound is not None
    assert op.python is not None or op.name in ("and", "or", "iff")   # lazy: the evaluator's own


@pytest.mark.parametrize("target", sorted(PRINTERS))
def test_every_printer_spells_every_row(target):
    printer = PRINTERS[target]
    spelled = [o for o in operators.OPS if o.kind != "node" or o.name != "if"]
    missing = [o.name for o in spelled if o.name not in printer.SPELLINGS]
    assert not missing, f"target {target!r} has no spelling of operator(s) {missing}"
    ranked = [o.key for o in operators.OPS if o.kind in ("infix", "compare", "unary")] + ["if"]
    assert not [k for k in ranked if k not in printer.PRECEDENCE], (target, "precedence")
    for name, sp in printer.SPELLINGS.items():
        assert name in operators.TABLE, f"target {target!r} spells {name!r}, which is no operator"
        if sp.startswith("helper:"):
            assert callable(getattr(printer, sp[len("helper:"):], None)), (target, sp)


def test_a_missing_spelling_names_the_operator_and_the_target():
    from cgs_bridge.language.parser import parse_expr

    class Partial(SpecPrinter):
        TARGET = "partial"
        SPELLINGS = {k: v for k, v in SpecPrinter.SPELLINGS.items() if k != "abs"}

    assert Partial().doprint(parse_expr("min(x, 1)")) == "min(x, 1)"
    with pytest.raises(LookupError, match="operator 'abs' has no spelling in target 'partial'"):
        Partial().doprint(parse_expr("abs(x) + 1"))


def test_spec_precedence_follows_the_grammar():
    p = SpecPrinter.PRECEDENCE
    order = ["if", "iff", "or", "and", "not", "cmp", "xor", "+", "*", "neg", "^"]
    assert [p[k] for k in order] == sorted(p[k] for k in order)
    assert len({p[k] for k in order}) == len(order)
    assert p["-"] == p["+"] and p["%"] == p["*"]


def test_builtins_and_arity_messages():
    assert set(operators.BUILTINS) == {"min", "max", "mod", "abs", "ilog2", "nimsum"}
    assert operators.arity_problem("mod", 3) == "mod takes 2 arguments; 3 given"
    assert operators.arity_problem("abs", 1) is None
    assert operators.sugar_of("floor", "log2") == "ilog2"


def test_kernel_code_of_each_arity():
    assert operators.kernel_code("min", ["a"]) == "a"
    assert operators.kernel_code("min", ["a", "b"]) == "min(a, b)"
    assert operators.kernel_code("nimsum", ["a", "b", "c"]) == "(a ^ b ^ c)"
    assert operators.kernel_code("%", ["a", "b"]) == "_mod(a, b, err)"
    assert "def _mod(" in operators.kernel_helpers() and operators.kernel_helpers().count("def _mod(") == 1
