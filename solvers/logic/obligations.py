"""The obligations of a claim (issue 32, item 2): sentences whose truth for every position proves
the claim, by induction on the coordinate sum (the ``terminates`` obligation gives the induction).

Normal play, ``S`` the claimed P-positions (P = grundy == 0):
  closed           no option of a position in S is in S;
  reach            every position outside S has an option in S.
``grundy == E``:
  nonnegative      E >= 0;
  no_equal         no option q has E(q) = E(p);
  smaller_reached  every v < E(p) is E(q) of some option q
(so E(p) = mex of the options' E, which are their Grundy values by induction).
Misère (1 at a terminal position, else the mex of the options' misère values):
  ``misere == E``: nonnegative, terminal_one (E = 1 at a terminal position), and no_equal and
  smaller_reached at the other positions; ``misere == 0 iff C``: closed, reach from non-terminal
  positions, terminal_outside (no terminal position in S).
``R or CLAIM``: the same over the region G = valid and not R, plus ``region_closed`` (every option
of a position of G is in G): a failing ``region_closed`` means the claim cannot be decided this
way, never that it is false.
``terminates`` (closed): every option of a valid position is a valid position, no coordinate
raised, none negative, with a smaller coordinate sum (the solver's rule check, and the game ends);
under ``cut x derived`` also every lowering of x has its derived option (else RuleError).
"""

from __future__ import annotations

from . import formula as F
from .intval import conj, tadd


class Builder:
    """Obligations over the position ``p`` and option ``q`` names of a
    :class:`~solvers.logic.rules.GameRules`; ``dom`` is ``valid`` or ``region``."""

    def __init__(self, rules, namer, dom: str = "valid"):
        self.rules, self.namer, self.dom = rules, namer, dom
        self.p, self.q = rules.p, rules.q

    def call(self, name, *groups) -> F.Pred:
        return self.rules.pred(name, *groups)

    def ob(self, name, body, meaning) -> F.Obligation:
        return F.Obligation(name, self.p, body, meaning)

    def _at(self, *extra) -> F.Formula:
        return conj(self.call(self.dom, self.p), *extra)

    def _options(self, body) -> F.Formula:
        return F.Forall(self.q, F.Implies(self.call("option", self.p, self.q), body))

    def _some_option(self, body) -> F.Formula:
        return F.Exists(self.q, conj(self.call("option", self.p, self.q), body))

    def set_claim(self, misere: bool) -> list:
        s_p, s_q = self.call("s", self.p), self.call("s", self.q)
        out = [self.ob("closed", F.Implies(self._at(s_p), self._options(F.Not(s_q))),
                       "no option of a position in S is in S")]
        if not misere:
            out.append(self.ob("reach", F.Implies(self._at(F.Not(s_p)), self._some_option(s_q)),
                               "every position outside S has an option in S"))
            return out
        term = self.call("terminal", self.p)
        out.append(self.ob("reach", F.Implies(self._at(F.Not(s_p), F.Not(term)), self._some_option(s_q)),
                           "every non-terminal position outside S has an option in S"))
        out.append(self.ob("terminal_outside", F.Implies(self._at(term), F.Not(s_p)),
                           "no terminal position is in S (its misère value is 1)"))
        return out

    def value_claim(self, misere: bool) -> list:
        v, w = self.namer.fresh("v"), self.namer.fresh("w")
        val = lambda pos, x: self.call("value", pos, (x,))  # noqa: E731
        term = self.call("terminal", self.p) if misere else None
        rest = F.Not(term) if misere else F.TRUE
        out = [self.ob("nonnegative", F.Implies(self._at(), F.Exists((v,), val(self.p, v))),
                       "the claimed value is >= 0")]
        if misere:
            one = F.Exists((v,), conj(val(self.p, v), F.Cmp("=", F.Var(v), F.Const(1))))
            out.append(self.ob("terminal_one", F.Implies(self._at(term), one),
                               "the claimed value of a terminal position is 1"))
        out.append(self.ob("no_equal", F.Implies(self._at(rest), F.Forall((v,), F.Implies(
            val(self.p, v), self._options(F.Not(val(self.q, v)))))), "no option has the same claimed value"))
        out.append(self.ob("smaller_reached", F.Implies(self._at(rest), F.Forall((v, w), F.Implies(
            conj(val(self.p, w), F.Cmp("<", F.Var(v), F.Var(w))), self._some_option(val(self.q, v))))),
            "every smaller value is the claimed value of an option"))
        return out

    def region_closed(self) -> F.Obligation:
        return self.ob("region_closed", F.Implies(self.call("region", self.p),
                                                  self._options(self.call("region", self.q))),
                       "every option of a position in the claim's region is in the region (if this "
                       "fails the claim is not decided this way: it is not refuted)")

    def _derived_total(self, name: str, i: int) -> F.Formula:
        """Every lowering of coordinate ``i`` from a valid position has its derived option (the
        solver raises RuleError where the greatest valid position below does not exist)."""
        p, q, t = self.p, self.q, self.namer.fresh("t")
        lowered = F.Exists(q, conj(self.call(name, p, q), F.Cmp("=", F.Var(q[i]), F.Var(t))))
        return F.Forall(p + (t,), F.Implies(conj(self.call("valid", p), F.Cmp("<", F.Var(t), F.Var(p[i]))),
                                            lowered))

    def terminates(self) -> F.Obligation:
        p, q = self.p, self.q
        fine = conj(self.call("valid", q), *(F.Cmp("<=", F.Var(b), F.Var(a)) for a, b in zip(p, q)),
                      F.Cmp("<", tadd(*map(F.Var, q)), tadd(*map(F.Var, p))))
        moves = F.Forall(p + q, F.Implies(conj(self.call("valid", p), self.call("option", p, q)), fine))
        escapes = self.rules.escapes
        body = moves if escapes == F.FALSE else conj(
            moves, F.Forall(p, F.Implies(self.call("valid", p), F.Not(escapes))))
        body = conj(body, *(self._derived_total(name, i) for name, i in self.rules.derived))
        return F.Obligation("terminates", (), body,
                            "every move from a valid position reaches a valid position with no "
                            "coordinate raised or negative and a smaller coordinate sum (the game "
                            "ends; if this fails the claim is not decided this way)")
