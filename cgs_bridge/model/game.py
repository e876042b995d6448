"""A checked game bound to parameter values: valid positions, move rules, options and claims.

Positions are tuples of nonnegative integers in the game's coordinate order. A move lowers one
coordinate ``i`` to any ``t < p[i]`` (the *lowered point* ``p'``) and then

- explicit rule (``cut x to t: y = ...``): applies the rule's assignments simultaneously to
  ``p'`` (every coordinate name in the rule denotes ``p'``), then the game's ``clamp`` (one pass,
  simultaneous, as the hexagon's published ``pos`` function: seed 002, Example 2.2);
- derived rule (``cut x derived``): the largest valid position ``q <= p'`` with ``q[i] = t``,
  computed as the greatest fixpoint of clamping each violated inequality's bounded coordinate
  (``shared/design-notes.md``, "derived"). Where lowering would need ``q[i] < t`` or no value fits,
  the rule is not well defined there and :class:`~cgs_bridge.foundation.errors.RuleError` names the point.

Since the rule depends only on the lowered point, the options of ``p`` along ``i`` are those of
``p - e_i`` plus one: the fact the fast kernel (``solvers.kernel``) relies on.
"""

from __future__ import annotations

from typing import Callable, Optional

from cgs_bridge.foundation.errors import RuleError
from cgs_bridge.language import ast as A
from cgs_bridge.language import traversal as Tr
from cgs_bridge.language.checker import CheckedGame
from cgs_bridge.language.derive import ClampTo, Forbid, derive_program
from cgs_bridge.language.evaluate import Compiler, FunctionValue, compile_function

from .heaps import bind_code, check_heap_option, heap_options
from .order import raise_reason
from .params import bind_params  # noqa: F401  (public here too)


class Ruleset:
    """A checked, flat game bound to parameter values.

    Args:
        checked: the output of :func:`cgs_bridge.language.checker.check_game`.
        params: parameter values as accepted by :func:`bind_params`.
    Raises:
        ParameterError: see :func:`bind_params`.
    """

    def __init__(self, checked: CheckedGame, params: Optional[dict] = None):
        self.checked = checked
        self.game = g = checked.game
        self.params = bind_params(g, params or {})
        self.coords = g.coords
        self.n = len(g.coords)
        self.index = {c: i for i, c in enumerate(g.coords)}
        consts = {k: v for k, v in self.params.items() if isinstance(v, int)}
        funcs: dict = {}
        for name, v in self.params.items():
            if isinstance(v, FunctionValue):
                funcs[name] = compile_function((v.var,), v.body, {}, {})
        for d in g.defs:
            funcs[d.name] = compile_function(d.params, d.body, consts, dict(funcs))
        self._functions = funcs
        comp = Compiler(self.index, consts, funcs)
        self._require = [comp.compile(r.expr) for r in g.requires]
        self._rules = {}
        for c in g.cuts:
            i = self.index[c.coord]
            if isinstance(c, A.DerivedCut):
                self._rules[i] = ("derived", None)
            else:
                slots = dict(self.index)
                slots[c.var] = i
                cc = Compiler(slots, consts, funcs)
                self._rules[i] = ("explicit", [(self.index[a.target], cc.compile(a.value)) for a in c.assigns])
        self._clamp = ([(self.index[a.target], comp.compile(a.value)) for a in g.clamp.assigns]
                       if g.clamp else [])
        self._atoms = [(self.index[a.coord], comp.compile(a.left), comp.compile(a.right),
                        isinstance(a.left, A.Name), a.monotone, a) for a in checked.atoms if a.coord]
        self._derive = {i: self._compile_derive(comp, g.coords[i])
                        for i, (kind, _) in self._rules.items() if kind == "derived"}
        self._moves = [self._compile_move(m, consts, funcs) for m in g.moves]
        self._pass = self.index[g.pass_once.flag] if g.pass_once is not None else None
        #: the take-and-break code (issue 49; :mod:`cgs_bridge.model.heaps`), None for other games
        self.takebreak = bind_code(g, lambda e: Compiler({}, consts, funcs).compile(e)([]),
                                   lambda e, slots: Compiler(slots, consts, funcs).compile(e))
        claim_slots = dict(self.index)
        for k, name in enumerate(("grundy", "misere", "P", "N")):
            claim_slots[name] = self.n + k
        cc = Compiler(claim_slots, consts, funcs)
        wc = Compiler({}, consts, funcs)
        self.claims = [(cl, cc.compile(cl.expr), wc.compile(cl.when) if cl.when is not None else None)
                       for cl in g.claims]

    def _compile_move(self, m: A.Move, consts: dict, funcs: dict) -> tuple:
        """A general rule compiled: ``(m, lo, hi, values, where, assigns)`` (closures over
        ``list(p) + [v]``; ``values`` a list of closures or None)."""
        slots = dict(self.index)
        slots[m.var] = self.n
        cc = Compiler(slots, consts, funcs)
        opt = lambda e: None if e is None else cc.compile(e)  # noqa: E731
        return (m, opt(m.lo), opt(m.hi), None if m.values is None else [cc.compile(v) for v in m.values],
                opt(m.where), [(self.index[a.target], cc.compile(a.value)) for a in m.assigns])

    @property
    def general(self) -> bool:
        """True when the game has rules beyond one lowering per coordinate (issue 22: general
        moves, several rules for a coordinate, a pass), which the fast kernel declines."""
        return bool(self._moves) or self._pass is not None

    @property
    def pass_index(self):
        """Index of the pass flag coordinate (``pass once``), or None."""
        return self._pass

    # ---------------------------------------------------------------- basics
    @property
    def name(self) -> str:
        return self.game.name

    def function(self, name: str):
        """The compiled function parameter or definition ``name`` (a Python callable)."""
        return self._functions[name]

    def is_valid(self, p) -> bool:
        """True when every coordinate is >= 0 and every ``require`` holds at ``p``."""
        if any(v < 0 for v in p):
            return False
        env = list(p)
        return all(r(env) for r in self._require)

    def has_rule(self, i: int) -> bool:
        return i in self._rules

    @property
    def int_params(self) -> dict:
        """Integer parameters and their values, in declaration order (name -> int)."""
        return {k: v for k, v in self.params.items() if isinstance(v, int)}

    @property
    def function_params(self) -> dict:
        """Function parameters, in declaration order (name -> :class:`FunctionValue`)."""
        return {k: v for k, v in self.params.items() if isinstance(v, FunctionValue)}

    # ---------------------------------------------------------------- moves
    def cut_coordinates(self) -> list:
        """Indices of the coordinates with a plain cut rule (a move to each smaller value)."""
        return sorted(self._rules)

    def after_cut(self, i: int, lowered) -> tuple:
        """The option reached by the move rule of coordinate ``i`` from the lowered point
        ``lowered`` (the position with coordinate ``i`` already set to the new value ``t``).

        Raises:
            RuleError: derived rule not well defined at this point.
            EvaluationError: an expression cannot be evaluated here.
        """
        kind, assigns = self._rules[i]
        if kind == "derived":
            return self._derived(i, list(lowered))
        return self._assign(list(lowered), assigns, list(lowered))

    def _assign(self, q: list, assigns, env) -> tuple:
        """``q`` with the simultaneous assignments ``assigns`` (evaluated on ``env``), then the
        game's one-pass ``clamp`` (evaluated on the assigned point), as a tuple."""
        for j, f in assigns:
            q[j] = f(env)
        if self._clamp:
            e2 = list(q)
            for j, f in self._clamp:
                q[j] = f(e2)
        return tuple(q)

    def _compile_derive(self, comp: Compiler, cut: str) -> list:
        """The :class:`~cgs_bridge.language.derive.Derive` steps of ``cut <cut> derived`` with their
        expressions compiled: ``[(step, j, left, right, value)]`` where ``j`` is the index of the
        coordinate the step lowers (None for ``Forbid``) and ``value`` the compiled right side of
        a ``ClampTo`` (None otherwise)."""
        out = []
        for s in derive_program(self, cut).steps:
            left, right = (comp.compile(x) for x in s.cond.operands)
            value = comp.compile(s.value) if isinstance(s, ClampTo) else None
            out.append((s, None if isinstance(s, Forbid) else self.index[s.coord], left, right, value))
        return out

    def _derived(self, i: int, q: list) -> tuple:
        """Run the derived-move step list of coordinate ``i`` on the lowered point ``q`` (the
        greatest fixpoint: :class:`cgs_bridge.language.derive.Derive`, the one description every
        target prints). ``SearchDown`` searches in binary when the step is ``monotone``."""
        changed = True
        while changed:
            changed = False
            for step, c, left, right, value in self._derive[i]:
                if left(q) <= right(q):
                    continue
                if c is None:  # Forbid
                    raise RuleError(self._derived_msg(i, q, step))
                v = value(q) if value is not None else self._largest_fit(q, c, left, right, step.monotone)
                if v is None or v < 0:
                    raise RuleError(self._derived_msg(i, q, step))
                if v < q[c]:
                    q[c] = v
                    changed = True
        return tuple(q)

    @staticmethod
    def _largest_fit(q, c, left, right, monotone):
        """Largest v < q[c] with left <= right after setting q[c] = v (binary search when the
        constraint is proved monotone, linear otherwise); None if none."""
        old = q[c]
        try:
            def ok(v):
                q[c] = v
                return left(q) <= right(q)
            if monotone:
                lo, hi = 0, old - 1
                if hi < 0 or not ok(0):
                    return None
                while lo < hi:
                    mid = (lo + hi + 1) // 2
                    if ok(mid):
                        lo = mid
                    else:
                        hi = mid - 1
                return lo
            for v in range(old - 1, -1, -1):
                if ok(v):
                    return v
            return None
        finally:
            q[c] = old

    def _derived_msg(self, i, q, step):
        return (f"derived move of {self.game.name} not well defined: lowering {self.coords[i]} "
                f"reaches {tuple(q)} where the constraint at line {step.line} fails and {step.why}")

    def options(self, p) -> list:
        """All moves from ``p``: a list of ``(i, t, option)`` for each coordinate ``i`` with a rule
        and each ``t < p[i]``, then ``(rule, v, option)`` for each general rule (a
        :class:`~cgs_bridge.language.ast.Move`) and value ``v`` of its variable, then the pass
        (duplicates kept; see :meth:`option_set`)."""
        if self.takebreak is not None:  # options are sums of heaps (HeapSum)
            return heap_options(self.takebreak, p)
        out = []
        for i in sorted(self._rules):
            lowered = list(p)
            for t in range(p[i]):
                lowered[i] = t
                out.append((i, t, self.after_cut(i, tuple(lowered))))
        if self._moves or self._pass is not None:
            self._general_options(p, out)
        return out

    #: Largest number of values a general rule's variable may take at one position.
    MAX_MOVE_RANGE = 10 ** 7

    def _general_options(self, p, out: list) -> None:
        """Append the options of the general rules (``(Move, v, option)``), then the pass
        (``(PassOnce, 1, p with the flag 0)``) when the flag is 1 and ``out`` is not empty: the
        pass is never a move from a terminal position (Inoue, Fukui, Miyadera, Integers 16 (2016)
        G5)."""
        base = list(p)
        for m, lo, hi, values, where, assigns in self._moves:
            env = base + [0]
            if values is None:
                a, b = lo(env), hi(env)
                if b - a >= self.MAX_MOVE_RANGE:
                    raise RuleError(f"{self._rule_where(m)}: {m.var} ranges over {a}..{b} at {tuple(p)}, "
                                    f"more than {self.MAX_MOVE_RANGE} values")
                vs = range(a, b + 1)
            else:
                vs = [f(env) for f in values]
            for v in vs:
                env[self.n] = v
                if where is not None and not where(env):
                    continue
                out.append((m, v, self._assign(list(p), assigns, env)))
        if self._pass is not None and p[self._pass] == 1 and out:
            q = list(p)
            q[self._pass] = 0
            out.append((self.game.pass_once, 1, tuple(q)))

    def _rule_where(self, rule) -> str:
        """``file:line:col: game: the rule ...`` naming a general rule or the pass."""
        loc = f"{self.game.file or self.game.name}:{rule.pos.line}:{rule.pos.column}"
        if isinstance(rule, A.PassOnce):
            return f"{loc}: {self.game.name}: the pass"
        return f"{loc}: {self.game.name}: the rule assigning {', '.join(rule.lowers)}"

    def option_set(self, p) -> list:
        """The distinct options of ``p``, sorted lexicographically."""
        return sorted({q for _, _, q in self.options(p)})

    def check_option(self, p, i, t, q) -> None:
        """Raise :class:`RuleError` unless ``q`` is a valid position lexicographically smaller than
        ``p`` in the coordinates' declaration order (issue 47): a coordinate may rise only when an
        earlier one falls, as in CGSuite's ``game.heap.GenMem`` (options ``(n - a, a)`` of
        ``(n, k)``). Lexicographic order on tuples of naturals is a well-order, so every play ends
        and lexicographic order is an evaluation order."""
        if self.takebreak is not None:
            return check_heap_option(p, t, q)
        if isinstance(i, (A.Move, A.PassOnce)):
            var = "pass" if isinstance(i, A.PassOnce) else f"{i.var} = {t}"
            where = f"{self._rule_where(i)} ({var}) from {tuple(p)} reaches {q}"
        else:
            where = f"{self.game.name}: the move lowering {self.coords[i]} to {t} from {tuple(p)} reaches {q}"
        if tuple(q) == tuple(p):
            raise RuleError(f"{where}, the same position")
        if tuple(q) > tuple(p):
            raise RuleError(f"{where}, {raise_reason(self.coords, p, q)}")
        if not self.is_valid(q):
            raise RuleError(f"{where}, which is not a valid position")

    # ---------------------------------------------------------------- claims
    def claim_holds(self, k: int, p, grundy: int, misere: Optional[int] = None) -> bool:
        _, f, _ = self.claims[k]
        return bool(f(list(p) + [grundy, misere, grundy == 0, grundy != 0]))

    def claim_applies(self, k: int) -> bool:
        _, _, when = self.claims[k]
        return True if when is None else bool(when([]))

    def compile_claim(self, claim: A.Claim) -> tuple:
        """Reference evaluation of a checked claim (of this game or added to it):
        ``(holds, applies)`` with ``holds(p, grundy, misere=None) -> bool`` and
        ``applies() -> bool`` (its ``when`` condition on the parameters).

        Raises:
            EvaluationError: from ``holds`` or ``applies``, where an expression fails.
        """
        slots = dict(self.index)
        for k, name in enumerate(("grundy", "misere", "P", "N")):
            slots[name] = self.n + k
        f = Compiler(slots, self.int_params, self._functions).compile(claim.expr)
        w = (Compiler({}, self.int_params, self._functions).compile(claim.when)
             if claim.when is not None else None)

        def holds(p, grundy: int, misere: Optional[int] = None) -> bool:
            return bool(f(list(p) + [grundy, misere, grundy == 0, grundy != 0]))
        return holds, (lambda: True if w is None else bool(w([])))

    def compile_value(self, expr) -> Callable:
        """``value(p) -> int``: the reference evaluation of the integer expression ``expr`` over
        the coordinates and parameters at position ``p`` (a claim's ``E`` in ``grundy == E``).

        Raises:
            EvaluationError: from ``value``, where the expression fails.
        """
        f = Compiler(dict(self.index), self.int_params, self._functions).compile(expr)
        return lambda p: int(f(list(p)))

    def describe(self) -> str:
        ps = ", ".join(f"{k}={v}" for k, v in self.params.items())
        return f"{self.game.name}({ps})" if ps else self.game.name


def claim_uses_misere(cl: A.Claim) -> bool:
    """True when the claim mentions ``misere`` (so misère values must be computed)."""
    return any(isinstance(n, A.Name) and n.id == "misere" for n in Tr.walk(cl.expr))


__all__ = ["Ruleset", "FunctionValue", "bind_params", "claim_uses_misere"]
