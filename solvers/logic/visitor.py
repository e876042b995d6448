"""One way to walk the proof language (:mod:`solvers.logic.formula`, issue 45 item 3):
:class:`FormulaVisitor`, dispatch on the node class name, as the spec language's
:class:`cgs_bridge.language.visitor.ExprVisitor`.

Every pass over proof-language nodes that must know every node (the Walnut printer, the paper
printers, the free-variable pass Walnut's calls need) subclasses :class:`FormulaVisitor` and
defines one ``<PREFIX><NodeClass>`` method per class of its :attr:`~FormulaVisitor.NODES`
(:data:`~solvers.logic.formula.TERM_TYPES`, :data:`~solvers.logic.formula.FORMULA_TYPES` or both).
A pass may instead *refuse* a node class with a reason (:attr:`~FormulaVisitor.REFUSED`, e.g. the
base automaton builder refuses ``Accepts``, which only the numeration-aware builder reads); a
handler of a subclass wins over an inherited refusal. A node class neither handled nor refused
raises :class:`NotImplementedError` naming the pass and the node, never a silent fallback;
:func:`missing_handlers` lets a test assert that every registered pass (:data:`VISITORS`) handles
or refuses every node it must, so a node added to the language fails loudly everywhere it is not
yet handled (``tests/solvers/test_logic_visitors.py``).
"""

from __future__ import annotations

from . import nodes as F

#: The node classes of the proof language: its terms and its formulas.
TERMS, FORMULAS = F.TERM_TYPES, F.FORMULA_TYPES
ALL = TERMS + FORMULAS


class FormulaVisitor:
    """Base class of every pass over proof-language nodes.

    ``visit(node, *args)`` calls ``self.<PREFIX><ClassName>(node, *args)``.

    Raises:
        NotImplementedError: the pass has no handler for the node's class.
    """

    #: method-name prefix of the handlers.
    PREFIX = "visit_"
    #: the node classes the pass must handle.
    NODES = ALL
    #: what the pass does, in its error message (``... cannot print Odd``).
    VERB = "handle"
    #: node class name -> why the pass does not handle it (a visit raises NotImplementedError
    #: with the reason; :func:`missing_handlers` counts the class as covered).
    REFUSED: dict = {}

    def visit(self, node, *args):
        try:
            handler = type(self).__dict__["_handlers"][type(node)]
        except KeyError:
            handler = self._handler(type(node))
        return handler(self, node, *args)

    @classmethod
    def _handler(cls, kind):
        """The handler of node class ``kind``, remembered per pass class (the dispatch of every
        node of a deep formula is one dict lookup)."""
        method = getattr(cls, cls.PREFIX + kind.__name__, None)
        if not callable(method):
            reason = cls.REFUSED.get(kind.__name__) or f"no {cls.PREFIX}{kind.__name__}"
            raise NotImplementedError(f"{cls.__name__} cannot {cls.VERB} {kind.__name__} "
                                      f"({reason})")
        if "_handlers" not in cls.__dict__:
            cls._handlers = {}
        cls._handlers[kind] = method
        return method


def missing_handlers(visitor_class) -> list:
    """Names of the node classes of ``visitor_class.NODES`` it neither handles nor refuses with a
    reason (a non-empty string in ``REFUSED``)."""
    prefix, refused = visitor_class.PREFIX, getattr(visitor_class, "REFUSED", {})
    return [t.__name__ for t in visitor_class.NODES
            if not callable(getattr(visitor_class, prefix + t.__name__, None))
            and not (isinstance(refused.get(t.__name__), str) and refused[t.__name__].strip())]


#: Every pass over the proof language registers here (:func:`register_visitor`), so that one test
#: checks them all.
VISITORS: list = []


def register_visitor(cls):
    """Class decorator: record ``cls`` as a pass that must handle every node of its ``NODES``."""
    VISITORS.append(cls)
    return cls
