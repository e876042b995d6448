"""A game's claims in the proof language (issue 32, item 2): :func:`translate_claims`.

For each claim of a checked game bound to parameter values, either a :class:`Problem` (the
game's definitions and the claim's obligations, :mod:`solvers.logic.obligations`), or why not:
``not_applicable`` (its ``when`` is false for these parameters, or a hypothesis on a function
parameter fails on the box a check would use; where the function is linear with floors the
hypotheses are also obligations of their own, ``hypotheses``, decided for every value:
:mod:`solvers.logic.hypotheses`) or ``not_expressible`` (the construct that leaves
Büchi arithmetic, with ``file:line:col``). The game's rules: :mod:`solvers.logic.rules`;
expressions, with the sign split of values that may be negative: :mod:`solvers.logic.exprs`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cgs_bridge.foundation.errors import CgsBridgeError
from cgs_bridge.language import ast as A
from cgs_bridge.language import traversal as Tr
from cgs_bridge.language.spec_printer import expr_text
from cgs_bridge.model.box import Box
from cgs_bridge.model.fnprops import hypothesis_fails

from . import formula as F
from .exprs import Context, Translator
from .hypotheses import hypothesis_problem
from .intval import Namer, NotExpressible, conj, equals_var
from .obligations import Builder
from .rules import GameRules, proof_name

#: Every coordinate of the box on which ``when f satisfies ...`` hypotheses are checked (the
#: claim checker's rule: :func:`cgs_bridge.model.fnprops.hypothesis_fails`), unless one is given.
HYPOTHESIS_BOUND = 64


def _sums_reason(code) -> str:
    """Why a game whose options are sums of heaps is not stated in the proof language: a
    take-and-break code is left to the octal periodicity theorem (Guy and Smith 1956, Winning Ways
    ch. 4); a spawn rule (Winning Ways ch. 14) is covered by neither."""
    if getattr(code, "spawn", False):
        return ("a spawn rule moves a heap to sums of smaller heaps, not to one position: the proof "
                "language cannot state its rules, and the octal periodicity theorem does not cover "
                "it (a heap n moves to heaps up to n - 1)")
    return ("a take-and-break game moves to sums of heaps, not to one position: the proof language "
            "cannot state its rules (prove uses the octal periodicity theorem instead)")


@dataclass(frozen=True)
class ClaimTranslation:
    """One claim's translation: ``status`` is ``ok`` (``problem`` holds the definitions and the
    obligations that must ALL hold), ``not_applicable`` or ``not_expressible`` (``reason`` in
    words, ``where`` = ``file:line:col`` of the construct, "" when none). ``kind``: ``P``,
    ``grundy``, ``misere``, ``misere-P`` (what the claim states). ``hypotheses``: the
    obligations of the claim's hypotheses (None when there are none; the declared properties of
    function parameters are the game's: :func:`solvers.logic.hypotheses.declared_problem`);
    ``box_only``: ``(f, property, origin, reason)`` of those only checked on a box (the function
    is not linear with floors)."""

    claim: A.Claim
    status: str
    reason: str = ""
    where: str = ""
    kind: str = ""
    problem: F.Problem | None = None
    hypotheses: F.Problem | None = None
    box_only: tuple = ()


def translate_claims(ruleset, claims=None, box: Box | None = None) -> list:
    """Translate ``claims`` (default: the game's) of ``ruleset``.

    Args:
        ruleset: a :class:`cgs_bridge.model.game.Ruleset` (parameters bound).
        claims: :class:`cgs_bridge.language.ast.Claim` objects checked against the game.
        box: where function hypotheses (``when f satisfies halving``) are checked; default every
            coordinate up to :data:`HYPOTHESIS_BOUND`.
    Returns:
        one :class:`ClaimTranslation` per claim, in order. A claim that is not expressible is a
        status, never an exception.
    """
    claims = ruleset.game.claims if claims is None else tuple(claims)
    box = box or Box(tuple(ruleset.coords), tuple(HYPOTHESIS_BOUND for _ in ruleset.coords))
    game = _GameTranslation(ruleset)
    return [game.claim(cl, box) for cl in claims]


def claim_notes(claim, ruleset) -> list:
    """Note lines naming a claim and stating it in the spec language (the head of a prover's
    script: ``game triangular with k = 5``, ``claim NAME``, ``states EXPR``)."""
    params = ", ".join(f"{k} = {v}" for k, v in ruleset.params.items())
    return [f"game {ruleset.name}" + (f" with {params}" if params else ""),
            f"claim {claim.name}", f"states {expr_text(claim.expr)}"]


def game_problem(ruleset) -> F.Problem:
    """The rules of ``ruleset`` alone: the definitions ``valid``, one per rule, ``option``, and the
    closed obligation ``terminates``.

    Raises:
        NotExpressible: a rule leaves the fragment (``reason``, ``pos``)."""
    return _GameTranslation(ruleset).rules_problem()


class _GameTranslation:
    def __init__(self, ruleset):
        self.r = ruleset
        g = ruleset.game
        self.file = g.file or f"{g.name}.game"
        self._rules = None
        self._error = None

    def where(self, pos) -> str:
        return f"{self.file}:{pos.line}:{pos.column}" if pos is not None and pos.line else ""

    def rules_problem(self) -> F.Problem:
        """The game's definitions and its ``terminates`` obligation (no claim)."""
        ctx, rules = self.fresh_context(A.Claim("", A.Num(0)))
        return F.Problem(tuple(rules.defines), (Builder(rules, ctx.namer).terminates(),))

    def fresh_context(self, claim):
        code = getattr(self.r, "takebreak", None)
        if code is not None:  # issue 49: options are sums of heaps
            e = NotExpressible(_sums_reason(code), self.r.game.pos)
            e.origin = "game"
            raise e
        names = _spec_names(self.r.game, claim)
        taken: set = set()
        coords = {c: proof_name(c, taken) for c in self.r.coords}
        namer = Namer(names | taken)
        ctx = Context(namer, dict(self.r.int_params), dict(self.r.function_params),
                      {d.name: d for d in self.r.game.defs})
        return ctx, GameRules(self.r, ctx, coords)

    def claim(self, cl: A.Claim, box: Box) -> ClaimTranslation:
        try:
            _, applies = self.r.compile_claim(cl)
            if not applies():
                return ClaimTranslation(cl, "not_applicable", f"when {expr_text(cl.when)} is false for "
                                        f"{self.r.describe()}", cl.where(cl.when.pos, self.file))
        except (CgsBridgeError, KeyError) as e:
            return ClaimTranslation(cl, "not_expressible", f"the claim cannot be evaluated: {e}",
                                    cl.where(cl.pos, self.file))
        why = hypothesis_fails(self.r, cl, box)
        if why:
            return ClaimTranslation(cl, "not_applicable", why, cl.where(cl.pos, self.file))
        hyp = hypothesis_problem(self.r, cl, ("claim",))   # declared properties: the game's, once
        out = self._claim(cl)
        return replace(out, hypotheses=hyp[0], box_only=tuple(hyp[1]))

    def _claim(self, cl: A.Claim) -> ClaimTranslation:
        text = None   # the claim's own origin (its file, or --claim)
        try:
            kind, region, core, indicator = _shape(cl.expr)
        except NotExpressible as e:
            return self.failed(cl, e, text)
        try:
            ctx, rules = self.fresh_context(cl)
        except NotExpressible as e:  # a rule of the game
            return self.failed(cl, e, self.file)
        try:
            problem = _problem(ctx, rules, kind, region, core, indicator)
        except NotExpressible as e:
            return self.failed(cl, e, self.file if e.origin == "game" else text)
        return ClaimTranslation(cl, "ok", kind=kind, problem=problem)

    def failed(self, cl, e, file) -> ClaimTranslation:
        """``file``: the game's file for a construct of the game; None for one of the claim (its
        origin: the spec, a claims file or ``--claim``)."""
        pos = e.pos or cl.pos
        if file is None:
            where = cl.where(pos, self.file)
        else:
            where = f"{file}:{pos.line}:{pos.column}" if pos is not None and pos.line else ""
        return ClaimTranslation(cl, "not_expressible", e.reason, where)


def _spec_names(game: A.Game, claim: A.Claim) -> set:
    """Every identifier of the spec (lowercased), so fresh proof names never clash with one."""
    out = {n.lower() for n in game.coords}
    out |= {p.name.lower() for p in game.params} | {d.name.lower() for d in game.defs}
    exprs = [r.expr for r in game.requires] + [d.body for d in game.defs] + [claim.expr]
    out |= {x.lower() for d in game.defs for x in d.params}
    for c in game.cuts:
        if isinstance(c, A.Cut):
            out.add(c.var.lower())
            exprs += [a.value for a in c.assigns]
    for m in game.moves:
        out.add(m.var.lower())
        exprs += [e for e in (m.lo, m.hi, m.where) if e is not None] + list(m.values or ())
        exprs += [a.value for a in m.assigns]
    exprs += [a.value for a in (game.clamp.assigns if game.clamp else ())]
    for e in exprs:
        out |= {n.id.lower() for n in Tr.walk(e) if isinstance(n, A.Name)}
    return out


def _mentions_claim_names(e) -> bool:
    return any(isinstance(n, A.Name) and n.id in A.CLAIM_NAMES for n in Tr.walk(e))


def _indicator(e):
    """``(kind, positive)`` when ``e`` is P, N, grundy == 0, grundy != 0, misere == 0 or
    misere != 0 (either side), else None."""
    if isinstance(e, A.Name) and e.id in ("P", "N"):
        return "P", e.id == "P"
    if isinstance(e, A.Compare) and len(e.ops) == 1 and e.ops[0] in ("==", "!="):
        a, b = e.operands
        if isinstance(b, A.Name):
            a, b = b, a
        if isinstance(a, A.Name) and a.id in ("grundy", "misere") and b == A.Num(0):
            return ("P" if a.id == "grundy" else "misere-P"), e.ops[0] == "=="
    return None


def claim_shape(expr) -> tuple:
    """``(kind, region conditions, core expression, positive)`` of a claim's expression (kind
    ``P``, ``misere-P``, ``grundy`` or ``misere``; ``positive`` False for ``N iff C``).

    Raises:
        NotExpressible: a claim of another shape."""
    return _shape(expr)


def _shape(expr) -> tuple:
    """``(kind, region conditions R (the claim is ``R or ...``), core expression, positive)``.

    Raises:
        NotExpressible: a claim of another shape."""
    regions = []
    while isinstance(expr, A.BinOp) and expr.op == "or":
        left, right = _mentions_claim_names(expr.left), _mentions_claim_names(expr.right)
        if left == right:
            break
        regions.append(expr.right if left else expr.left)
        expr = expr.left if left else expr.right
    if isinstance(expr, A.BinOp) and expr.op == "iff":
        for ind, cond in ((expr.left, expr.right), (expr.right, expr.left)):
            got = _indicator(ind)
            if got and not _mentions_claim_names(cond):
                return got[0], regions, cond, got[1]
    if isinstance(expr, A.Compare) and len(expr.ops) == 1 and expr.ops[0] == "==":
        for side, other in (expr.operands, reversed(expr.operands)):
            if isinstance(side, A.Name) and side.id in ("grundy", "misere") and not _mentions_claim_names(other):
                return side.id, regions, other, True
    raise NotExpressible(f"the claim shape '{expr_text(expr)}': only 'P iff C' (N, grundy == 0, "
                         "misere == 0), 'grundy == E', 'misere == E' and 'R or CLAIM' are translated",
                         getattr(expr, "pos", None))


def _problem(ctx, rules, kind, regions, core, positive) -> F.Problem:
    p, namer = rules.p, ctx.namer
    tr = Translator(ctx, rules.base_env(p))
    claim_defs = []
    misere = kind.startswith("misere")
    if kind in ("P", "misere-P"):
        body = tr.bool_(core)
        s = body if positive else F.Not(body)
        claim_defs.append(F.Define("s", p, s, f"S, the claimed {'misère ' if misere else ''}P-positions: "
                                   f"{'' if positive else 'not '}{expr_text(core)}"))
    else:
        v = namer.fresh("v")
        claim_defs.append(F.Define("value", p + (v,), equals_var(tr.int_(core), v),
                                   f"the claimed {'misère' if misere else 'Grundy'} value {v} = {expr_text(core)}"))
    if misere:
        claim_defs.append(F.Define("terminal", p, F.Not(F.Exists(rules.q, rules.pred("option", p, rules.q))),
                                   "a terminal position: no option"))
    dom = "valid"
    if regions:
        outside = conj(*(tr.bool_(r) for r in regions))
        claim_defs.append(F.Define("region", p, conj(rules.pred("valid", p), F.Not(outside)),
                                   "the claim's region: valid and not (" + " or ".join(expr_text(r) for r in regions) + ")"))
        dom = "region"
    b = Builder(rules, namer, dom)
    obs = b.set_claim(misere) if kind in ("P", "misere-P") else b.value_claim(misere)
    if regions:
        obs.append(b.region_closed())
    obs.append(b.terminates())
    defines = tuple(rules.defines) + tuple(claim_defs)
    try:
        numeration = F.problem_numeration(defines, obs)
    except ValueError as e:
        raise NotExpressible(str(e), getattr(core, "pos", None)) from None
    return F.Problem(defines, tuple(obs), numeration)
