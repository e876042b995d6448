"""A game's rules in the proof language (issue 32, item 2): the definitions ``valid`` (the
``require`` lines), one relation per move rule between a position and an option (``cut_x``,
``move_1``, ``pass``), and ``option``, their union.

The relations follow :class:`cgs_bridge.model.game.Ruleset` (docs/ARCHITECTURE.md "Semantics"):

- ``cut x to t: y = E``: ``t < x``, the assignments evaluated simultaneously on the lowered point
  (``x`` there is ``t``), then the game's ``clamp`` (one simultaneous pass on the assigned point);
- ``cut x derived``: the greatest valid position ``q`` below the lowered point with ``q[x] = t``;
- a general rule (``cut x to t where C``, ``cut x, y by s in ...``, ``move s in a..b where C``, a
  second rule of a coordinate): for each value of its variable in the interval or set with the
  condition true, the assignments read the position before the move, then the clamp;
- ``pass once``: from a position with the flag 1 and some other option, the flag set to 0.

A move whose result has a negative coordinate is no option here (options are natural tuples);
the solver rejects such a move (``RuleError``), so :attr:`GameRules.escapes` states where it
happens, for the ``terminates`` obligation.
"""

from __future__ import annotations

import re

from cgs_bridge.foundation.names import take_free
from cgs_bridge.language import ast as A
from cgs_bridge.language.moves import move_text
from cgs_bridge.language.spec_printer import expr_text

from . import formula as F
from .exprs import Translator
from .intval import ZERO, Case, cmp, conj, disj, equals_var, exists, nat, negative, nonneg_known, tadd

_IDENT = re.compile(r"[a-z][a-z0-9_]*")


def proof_name(name: str, taken: set) -> str:
    """A proof-language identifier for the spec name ``name``, not in ``taken`` (then added)."""
    base = name.lower()
    if not _IDENT.fullmatch(base):
        base = "v_" + re.sub(r"[^a-z0-9_]", "_", base).strip("_")
    return take_free(base, taken, "_")


class GameRules:
    """The rules of ``ruleset`` in the proof language.

    Attributes:
        p, q: the proof names of a position's and an option's coordinates (spec order).
        defines: ``valid``, one relation per rule, ``option`` (and ``move`` under a pass).
        escapes: a formula over ``p``: some move from ``p`` gives a negative coordinate.
    Raises:
        NotExpressible: a rule leaves the fragment (the construct and its place)."""

    def __init__(self, ruleset, ctx, coord_names: dict):
        self.r, self.ctx, self.g = ruleset, ctx, ruleset.game
        self.coords = tuple(ruleset.coords)
        self.p = tuple(coord_names[c] for c in self.coords)
        self.q = tuple(ctx.namer.take(f"{x}_1") for x in self.p)
        self.index = {c: i for i, c in enumerate(self.coords)}
        self.defines: list = []
        self.escapes = F.FALSE
        self.derived: list = []   # (relation name, coordinate index) of each ``cut x derived``
        self._build()

    # ------------------------------------------------------------ helpers
    def base_env(self, names) -> dict:
        return {c: nat(F.Var(n)) for c, n in zip(self.coords, names)}

    def pred(self, name, *groups) -> F.Pred:
        return F.Pred(name, tuple(F.Var(v) for g in groups for v in g))

    def _clamped(self, vals: list) -> list:
        if self.g.clamp is None:
            return vals
        tr = Translator(self.ctx, dict(zip(self.coords, vals)))
        out = list(vals)
        for a in self.g.clamp.assigns:
            out[self.index[a.target]] = tr.int_(a.value)
        return out

    def _assigned(self, env: dict, assigns) -> list:
        tr = Translator(self.ctx, env)
        vals = [env[c] for c in self.coords]
        for a in assigns:
            vals[self.index[a.target]] = tr.int_(a.value)
        return self._clamped(vals)

    def _lands(self, final) -> F.Formula:
        return conj(*(equals_var(v, qn) for v, qn in zip(final, self.q)))

    def _escape(self, final) -> F.Formula:
        return disj(*(negative(v) for v in final if not nonneg_known(v)))

    # ------------------------------------------------------------ rules
    def _build(self) -> None:
        tr = Translator(self.ctx, self.base_env(self.p))
        req = [tr.bool_(r.expr) for r in self.g.requires]
        text = " and ".join(expr_text(r.expr) for r in self.g.requires)
        self.add("valid", self.p, conj(*req),
                 f"a valid position: every coordinate >= 0{' and ' + text if text else ''}")
        rules = []
        for c in self.g.cuts:
            name = f"cut_{self.p[self.index[c.coord]]}"
            if isinstance(c, A.DerivedCut):
                body, text = self._derived(c), f"cut {c.coord} derived (line {c.pos.line})"
                self.derived.append((name, self.index[c.coord]))
            else:
                body, text = self._explicit(c), self._cut_text(c)
            rules.append(self.add(name, self.p + self.q, body, text))
        for k, m in enumerate(self.g.moves, 1):
            cut = m.lowers[:1] if m.kind in ("cut", "cut_where") else m.lowers
            name = (f"cut_{'_'.join(self.p[self.index[c]] for c in cut)}"
                    if m.kind in ("cut", "cut_where", "cut_by") else f"move_{k}")
            name = proof_name(name, {d.name for d in self.defines} | {"valid", "option", "move", "pass"})
            rules.append(self.add(name, self.p + self.q, self._move(m),
                                  f"{move_text(m, expr_text)} (line {m.pos.line})"))
        union = disj(*(self.pred(n, self.p, self.q) for n in rules))
        if self.g.pass_once is None:
            self.add("option", self.p + self.q, union, "an option: a move by one of " + ", ".join(rules))
            return
        self.add("move", self.p + self.q, union, "a move other than the pass: " + ", ".join(rules))
        self.add("pass", self.p + self.q, self._pass(), "the pass: flag 1 -> 0, the rest unchanged, "
                 "allowed when another move exists (Inoue, Fukui, Miyadera, Integers 16 (2016) G5)")
        self.add("option", self.p + self.q, disj(self.pred("move", self.p, self.q),
                                                    self.pred("pass", self.p, self.q)),
                 "an option: a move or the pass")

    def add(self, name, params, body, meaning) -> str:
        self.defines.append(F.Define(name, tuple(params), body, meaning))
        return name

    def _cut_text(self, c: A.Cut) -> str:
        rhs = ", ".join(f"{a.target} = {expr_text(a.value)}" for a in c.assigns)
        return f"cut {c.coord} to {c.var}{': ' + rhs if rhs else ''} (line {c.pos.line})"

    def _explicit(self, c: A.Cut) -> F.Formula:
        i = self.index[c.coord]
        changed = {a.target for a in c.assigns} | {a.target for a in (self.g.clamp.assigns if self.g.clamp else ())}

        def final(tname):
            env = self.base_env(self.p)
            env[c.coord] = env[c.var] = nat(F.Var(tname))
            return self._assigned(env, c.assigns)
        t = self.ctx.namer.fresh("t")
        self.escapes = disj(self.escapes, exists((t,), conj(
            cmp("<", F.Var(t), F.Var(self.p[i])), self._escape(final(t)))))
        if c.coord not in changed:  # the option's coordinate is t itself
            return conj(cmp("<", F.Var(self.q[i]), F.Var(self.p[i])), self._lands(final(self.q[i])))
        return exists((t,), conj(cmp("<", F.Var(t), F.Var(self.p[i])), self._lands(final(t))))

    def _move(self, m: A.Move) -> F.Formula:
        pre = Translator(self.ctx, self.base_env(self.p))
        bounds = m.values if m.values is not None else (m.lo,)
        natural = all(nonneg_known(pre.int_(b)) for b in bounds)

        def branch(sval, body):
            env = self.base_env(self.p)
            env[m.var] = sval
            tr = Translator(self.ctx, env)
            if m.values is None:
                rng = conj(*(_cmp(tr, a, b) for a, b in ((m.lo, A.Name(m.var)), (A.Name(m.var), m.hi))))
            else:
                rng = disj(*(_cmp(tr, A.Name(m.var), v, "==") for v in m.values))
            where = tr.bool_(m.where) if m.where is not None else F.TRUE
            final = self._assigned(env, m.assigns)
            return conj(rng, where, body(final)), final

        s = self.ctx.namer.fresh("s")
        svals = [nat(F.Var(s))] + ([] if natural else [(Case((), F.TRUE, ZERO, tadd(F.Var(s), F.Const(1))),)])
        self.escapes = disj(self.escapes, exists((s,), disj(*(branch(v, self._escape)[0] for v in svals))))
        if natural:  # bind the variable to the option coordinate it becomes, when there is one
            _, final = branch(svals[0], self._lands)
            j = next((j for j, v in enumerate(final) if v == nat(F.Var(s))), None)
            if j is not None:
                return branch(nat(F.Var(self.q[j])), self._lands)[0]
        return exists((s,), disj(*(branch(v, self._lands)[0] for v in svals)))

    def _derived(self, c: A.DerivedCut) -> F.Formula:
        """Greatest valid q below the lowered point with q[i] = t (t = q[i] < p[i])."""
        i = self.index[c.coord]
        others = [j for j in range(len(self.coords)) if j != i]
        alt = tuple(self.ctx.namer.fresh(f"{x}_") for x in self.p)
        alt = tuple(self.q[i] if j == i else alt[j] for j in range(len(alt)))
        below = conj(*(cmp("<=", F.Var(self.q[j]), F.Var(self.p[j])) for j in others))
        alt_below = conj(*(cmp("<=", F.Var(alt[j]), F.Var(self.p[j])) for j in others))
        under = conj(*(cmp("<=", F.Var(alt[j]), F.Var(self.q[j])) for j in others))
        greatest = F.Forall(tuple(alt[j] for j in others),
                            F.Implies(conj(self.pred("valid", alt), alt_below), under)) if others else F.TRUE
        return conj(cmp("<", F.Var(self.q[i]), F.Var(self.p[i])), self.pred("valid", self.q), below, greatest)

    def _pass(self) -> F.Formula:
        f = self.index[self.g.pass_once.flag]
        other = tuple(self.ctx.namer.fresh(f"{x}_") for x in self.p)
        same = conj(*(cmp("=", F.Var(self.q[j]), F.Var(self.p[j])) for j in range(len(self.p)) if j != f))
        return conj(cmp("=", F.Var(self.p[f]), F.Const(1)), cmp("=", F.Var(self.q[f]), F.Const(0)), same,
                      F.Exists(other, self.pred("move", self.p, other)))


def _cmp(tr, a, b, op="<=") -> F.Formula:
    return tr.bool_(A.Compare((op,), (a, b)))
