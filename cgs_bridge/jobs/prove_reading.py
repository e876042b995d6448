"""What a claim says at a position, for the counterexample of a refuted claim (issues 32, 50):
the set S it calls (misère) P-positions, or the value it claims, and from those: whether it fails
with given true values, which obligation fails at the least failing position, the move from S to S
or the missing move, and the true value of a position from its options' claimed values.

The obligations (:mod:`solvers.logic.obligations`), at the least failing position ``w`` (every
option of ``w`` satisfies the claim): a P-claim that calls ``w`` P fails ``closed`` there (an
option is truly P, so in S), one that calls it N fails ``reach`` (no option in S); a value claim
fails ``nonnegative`` (a negative value), ``no_equal`` (an option with the same claimed value) or
else ``smaller_reached``; misère claims fail ``terminal_one`` / ``terminal_outside`` at a terminal
position.
"""

from __future__ import annotations

from cgs_bridge.language import ast as A

from cgs_bridge.language import traversal as Tr
from solvers.reference import mex


class Reading:
    """The claim ``claim`` of ``ruleset`` read at positions; ``kind`` is the translation's
    (``P``, ``misere-P``, ``grundy``, ``misere``; "" when the claim has another shape: then only
    :meth:`fails` is meaningful).

    Raises:
        NotExpressible: from the claim's shape when ``kind`` is a value kind and the shape is not.
    """

    def __init__(self, ruleset, claim, kind: str = ""):
        self.holds, _ = ruleset.compile_claim(claim)
        self.kind, self.value = kind, None
        if kind in ("grundy", "misere"):
            from solvers.logic.translate import claim_shape
            self.value = ruleset.compile_value(claim_shape(claim.expr)[2])

    def fails(self, p, g, m) -> bool:
        """The claim is false at ``p`` with Grundy value ``g`` (None: nonzero, unknown) and misère
        value ``m`` (None: nonzero or not computed)."""
        return not self.holds(p, 1 if g is None else g, 1 if m is None and self.kind == "misere-P" else m)

    def in_s(self, q) -> bool:
        """P-claims: the claim calls ``q`` a (misère, for ``misere-P``) P-position."""
        return bool(self.holds(q, 0, 0))

    def says(self, w) -> str:
        """What the claim states at ``w``: ``P-position``, ``N-position``, ``grundy = 3``, ..."""
        if self.kind == "P":
            return "P-position" if self.in_s(w) else "N-position"
        if self.kind == "misere-P":
            return "misère P-position" if self.in_s(w) else "misère N-position"
        return f"{self.kind} = {self.value(w)}"

    def from_options(self, w, options) -> tuple:
        """``(g, m, text)``: the true values of ``w`` from its options' claimed values (right when
        the claim holds at every option), ``g`` None for an N-position of unknown value."""
        if self.kind == "P":
            to_s = [q for q in options if self.in_s(q)]
            return (None, None, f"N-position (its option {to_s[0]} is a P-position)") if to_s else (
                0, None, "P-position (no option is a P-position)")
        if self.kind == "misere-P":
            if not options:
                return 0, 1, "misère N-position (terminal: misère value 1)"
            to_s = [q for q in options if self.in_s(q)]
            return (0, None, f"misère N-position (its option {to_s[0]} is a misère P-position)") if to_s \
                else (0, 0, "misère P-position (no option is one)")
        vals = [self.value(q) for q in options]
        if self.kind == "grundy":
            g = mex(vals)
            return g, None, f"grundy = {g} ({'P' if g == 0 else 'N'}-position)"
        m = mex(vals) if options else 1
        return 0, m, f"misere = {m}"

    def obligation(self, w, options) -> str:
        """The obligation that fails at the least failing position ``w`` (module docstring)."""
        if self.kind in ("P", "misere-P"):
            if self.kind == "misere-P" and not options:
                return "terminal_outside"
            return "closed" if self.in_s(w) else "reach"
        if self.kind == "misere" and not options:
            return "terminal_one"
        v = self.value(w)
        if v < 0:
            return "nonnegative"
        return "no_equal" if v in {self.value(q) for q in options} else "smaller_reached"

    def move(self, w, options) -> str:
        """For a P-claim at its least failing position: the move from S to S (``closed``) or the
        missing move (``reach``); "" for other claims."""
        if self.kind != "P":
            return ""
        to_s = [q for q in options if self.in_s(q)]
        if self.in_s(w):
            return f"the move {tuple(w)} -> {to_s[0]} leads from S to S" if to_s else ""
        return "" if to_s else f"no move from {tuple(w)} (outside S) reaches S"


def claim_value(ruleset, claim, p, g, m) -> str:
    """What the claim says at a failing position when its shape is not translated: the outcome
    for a claim naming P or N (the opposite of the true one there), else ``false``."""
    if any(isinstance(n, A.Name) and n.id in ("P", "N") for n in Tr.walk(claim.expr)):
        return "N-position" if g == 0 else "P-position"
    return "false"
