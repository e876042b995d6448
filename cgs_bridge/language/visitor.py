"""One way to walk an expression: :class:`ExprVisitor`, dispatch on the node class name.

Every pass over spec expressions (type checking, monotonicity, the reference evaluator, interval
bounds, the kernel's code generator, the printers) subclasses :class:`ExprVisitor` and defines one
``visit_<NodeClass>`` method per class of :data:`cgs_bridge.language.ast.EXPR_TYPES` (the printers use
the sympy spelling ``_print_<NodeClass>``, set by :attr:`ExprVisitor.PREFIX`). A node class without
a handler raises :class:`NotImplementedError` naming the visitor and the node, never a silent
fallback; :func:`missing_handlers` lets a test assert that every visitor handles every node type,
so a new AST node fails loudly everywhere it is not yet handled.
"""

from __future__ import annotations

from . import ast as A


class ExprVisitor:
    """Base class of every expression pass.

    ``visit(node, *args)`` calls ``self.<PREFIX><ClassName>(node, *args)``.

    Raises:
        NotImplementedError: the visitor has no handler for the node's class.
    """

    #: method-name prefix of the handlers.
    PREFIX = "visit_"

    def visit(self, node, *args):
        method = getattr(self, self.PREFIX + type(node).__name__, None)
        if method is None:
            raise NotImplementedError(f"{type(self).__name__} cannot handle {type(node).__name__} "
                                      f"(no {self.PREFIX}{type(node).__name__})")
        return method(node, *args)


def missing_handlers(visitor_class) -> list:
    """Names of the expression node classes that ``visitor_class`` has no handler for."""
    prefix = visitor_class.PREFIX
    return [t.__name__ for t in A.EXPR_TYPES
            if not callable(getattr(visitor_class, prefix + t.__name__, None))]


#: Every expression visitor of the project registers here (``register_visitor``), so that one test
#: can check them all (``tests/test_visitors.py``).
VISITORS: list = []


def register_visitor(cls):
    """Class decorator: record ``cls`` as a visitor that must handle every expression node type."""
    VISITORS.append(cls)
    return cls
