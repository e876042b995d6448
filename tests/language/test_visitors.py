"""Every expression visitor handles every AST node type (a new node type fails loudly here)."""

from __future__ import annotations

import pytest

import cgs_bridge.language.checker  # noqa: F401  (imports register the visitors)
import cgs_bridge.language.constraints  # noqa: F401
import cgs_bridge.language.evaluate  # noqa: F401
import cgs_bridge.presentation.math_spec  # noqa: F401  (the paper printers of proofs, issue 48.1)
import solvers.logic.exprs  # noqa: F401  (the translation into the proof language, issue 45.3)
import solvers.bounds  # noqa: F401
import solvers.periodicity  # noqa: F401  (issue 49: EventualPeriod)
from cgs_bridge.language import ast as A
from cgs_bridge.language.spec_printer import SpecPrinter
from cgs_bridge.language.visitor import VISITORS, ExprVisitor, missing_handlers
from cgs_bridge.systems.registry import TARGETS


def _all_visitors():
    found = {t.printer for t in TARGETS.values()} | {SpecPrinter} | set(VISITORS)
    return sorted(found, key=lambda c: c.__qualname__)


@pytest.mark.parametrize("visitor", _all_visitors(), ids=lambda c: c.__qualname__)
def test_every_node_type_has_a_handler(visitor):
    assert missing_handlers(visitor) == []


def test_unhandled_node_fails_loudly():
    class OnlyNum(ExprVisitor):
        def visit_Num(self, n):
            return n.value

    assert OnlyNum().visit(A.Num(3)) == 3
    with pytest.raises(NotImplementedError, match="OnlyNum cannot handle Name"):
        OnlyNum().visit(A.Name("x"))
    assert "Name" in missing_handlers(OnlyNum) and "Num" not in missing_handlers(OnlyNum)


def test_every_expression_pass_is_a_registered_visitor():
    """The type checker, monotonicity, the reference compiler and the int64 bounds are visitors
    (so the parametrized test above covers them)."""
    names = {c.__qualname__ for c in _all_visitors()}
    assert {"_TypeChecker", "Monotonicity", "Compiler", "_Bounds", "LatexPrinter", "MathMLPrinter",
            "Translator"} <= names
    assert all(issubclass(c, ExprVisitor) for c in _all_visitors())
