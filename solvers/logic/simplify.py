"""Constant folding in the proof language (issue 33): a comparison without variables
(``3 < 5``, ``0/2 >= 1 + 1``) becomes TRUE or FALSE, the constants are propagated through the
connectives, a quantifier keeps only the variables that still occur in its body, and a call of a
definition whose body folds to a constant becomes that constant.

Every rule is an equivalence of first-order logic over the natural numbers (a non-empty domain,
so ``E v. TRUE`` is TRUE and ``A v. FALSE`` is FALSE), so the simplified formula has the same
meaning; tests/solvers/test_simplify.py checks it against :func:`~solvers.logic.formula.evaluate`
on random formulas. The Walnut printer needs it: Walnut turns a subformula without variables into
an automaton without inputs, then prints a TRUE/FALSE line for a ``def`` that collapses to it or
refuses a quantified variable that no longer occurs ("... is not a free variable").
"""

from __future__ import annotations

from .formula import (FALSE, TRUE, Bool, Define, Iff, Implies, Not, Obligation, Problem, evaluate,
                      free_vars, term_vars)
from .visitor import FORMULAS, FormulaVisitor, register_visitor


def simplify(f, constants: dict | None = None):
    """``f`` with its constant parts folded (see the module). ``constants`` maps a definition's
    name to the :class:`Bool` its body folded to: its calls are replaced by it.

    Raises TypeError on a node that is not a formula."""
    if type(f) not in FORMULAS:
        raise TypeError(f"not a formula: {f!r}")
    return _Folder(constants or {}).visit(f)


@register_visitor
class _Folder(FormulaVisitor):
    """The folding pass of :func:`simplify`: one ``visit_<Node>`` per formula node."""

    NODES = FORMULAS

    def __init__(self, constants: dict):
        self.constants = constants

    def visit_Cmp(self, f):
        if term_vars(f.left) or term_vars(f.right):
            return f
        return Bool(evaluate(f, {}, 0))

    def _kept(self, f):
        return f

    visit_Xor = visit_Bool = visit_Accepts = _kept

    def visit_Pred(self, f):
        return self.constants.get(f.name, f)

    def visit_Not(self, f):
        body = self.visit(f.body)
        return Bool(not body.value) if isinstance(body, Bool) else Not(body)

    def visit_And(self, f):
        return self._connective(f, True)          # TRUE is And's unit, FALSE Or's

    def visit_Or(self, f):
        return self._connective(f, False)

    def _connective(self, f, unit: bool):
        parts = []
        for p in f.parts:
            p = self.visit(p)
            if isinstance(p, Bool):
                if p.value != unit:
                    return p                      # FALSE in an And, TRUE in an Or
                continue
            parts.append(p)
        if not parts:
            return Bool(unit)
        return parts[0] if len(parts) == 1 else type(f)(tuple(parts))

    def visit_Implies(self, f):
        a, b = self.visit(f.a), self.visit(f.b)
        if a == FALSE or b == TRUE:
            return TRUE
        if a == TRUE:
            return b
        return Not(a) if b == FALSE else Implies(a, b)

    def visit_Iff(self, f):
        a, b = self.visit(f.a), self.visit(f.b)
        if isinstance(a, Bool) and isinstance(b, Bool):
            return Bool(a.value == b.value)
        if isinstance(a, Bool) or isinstance(b, Bool):
            const, other = (a, b) if isinstance(a, Bool) else (b, a)
            return other if const.value else _negate(other)
        return Iff(a, b)

    def visit_Exists(self, f):
        body = self.visit(f.body)
        names = tuple(v for v in dict.fromkeys(f.vars) if v in free_vars(body))
        if not names:
            return body
        return type(f)(names, body)

    visit_Forall = visit_Exists


def _negate(f):
    return f.body if isinstance(f, Not) else Not(f)


def fold_problem(problem: Problem) -> tuple:
    """``(simplified problem, {name: Bool})``: every definition and obligation body simplified; a
    definition whose body folds to TRUE or FALSE is dropped, its calls replaced by the constant
    (the dict). Obligations keep their name and free variables (so their witnesses are read in
    the same order)."""
    constants: dict = {}
    defines = []
    for d in problem.defines:
        body = simplify(d.body, constants)
        if isinstance(body, Bool):
            constants[d.name] = body
            continue
        defines.append(Define(d.name, d.params, body, d.meaning))
    obligations = tuple(Obligation(o.name, o.free, simplify(o.body, constants), o.meaning)
                        for o in problem.obligations)
    return Problem(tuple(defines), obligations, problem.numeration), constants


def simplify_problem(problem: Problem) -> Problem:
    """The simplified problem of :func:`fold_problem`."""
    return fold_problem(problem)[0]
