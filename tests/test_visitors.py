"""Every expression visitor handles every AST node type (a new node type fails loudly here)."""

from __future__ import annotations

import pytest

from cgs_bridge.printing.targets import TARGETS
from cgs_bridge.printing.spec_printer import SpecPrinter
from cgs_bridge.spec import ast as A
from cgs_bridge.spec.visitor import VISITORS, ExprVisitor, missing_handlers


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
