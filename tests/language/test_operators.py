"""The operator table is complete: every operator and builtin has each target's spelling, an
evaluation, kernel code and a magnitude bound; every ``helper:NAME`` spelling names a method of
that target's printer; the spec precedences follow the grammar (loosest first: if, iff, or, and,
not, comparisons, xor, + -, * %, unary minus, ^)."""

from __future__ import annotations

import pytest

from cgs_bridge.language import operators
from cgs_bridge.language.spec_printer import SpecPrinter
from cgs_bridge.systems.registry import TARGETS

PRINTERS = {"spec": SpecPrinter, **{name: t.printer for name, t in TARGETS.items()}}


@pytest.mark.parametrize("op", [o for o in operators.OPS if o.kind in ("infix", "builtin", "compare")],
                         ids=lambda o: o.name)
def test_every_row_is_complete(op):
    assert set(op.spell) == set(operators.TARGETS)
    assert op.kernel and op.bound is not None
    assert op.python is not None or op.name in ("and", "or", "iff")   # lazy: the evaluator's own
    for target, sp in op.spell.items():
        if sp.startswith("helper:"):
            assert callable(getattr(PRINTERS[target], sp[len("helper:"):], None)), (target, sp)


def test_spec_precedence_follows_the_grammar():
    p = operators.precedence("spec")
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
