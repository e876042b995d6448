"""The spec's nim-sum in CGScript, negative operands included (issue 18).

The spec's ``xor`` / ``⊕`` / ``nimsum`` is the bitwise exclusive or of two's-complement integers
(Mathematica's ``BitXor``; docs/ARCHITECTURE.md "Semantics"), so ``(x - 1) xor y`` is defined at
``x = 0``. CGSuite 2.2's ``NimSum`` refuses negative integers ("NimSum applies only to nonnegative
integers.", checked on ../shared/engines/cgsuite). The printer therefore writes ``a NimSum b`` only
when both operands are provably nonnegative (:func:`nonnegative`) and otherwise calls a helper
method of the Ruleset class (:func:`helper_text`) or, where no class method is in reach (a
procedure passed as a class parameter), an inline expression (:func:`inline_text`), both using
the identities ``~a = -1 - a``, ``a ^ b = ~a ^ ~b`` and ``~(a ^ b) = ~a ^ b`` of two's complement.
"""

from __future__ import annotations

from cgs_bridge.language import ast as A
from cgs_bridge.language import operators


def nonnegative(node, names) -> bool:
    """True when ``node`` (spec AST) is >= 0 for every value of the names, given that each name in
    ``names`` (coordinates, move variables, nonnegative parameters) is >= 0. False means "not
    proven", never "negative"."""
    rec = lambda n: nonnegative(n, names)  # noqa: E731
    if isinstance(node, A.Num):
        return node.value >= 0
    if isinstance(node, A.Name):
        return node.id in names
    if isinstance(node, A.BinOp):  # the sign facts of the operator table
        return operators.nonnegative(node.op, [rec(node.left), rec(node.right)])
    if isinstance(node, (A.FloorDiv, A.CeilDiv)):
        return rec(node.num) and rec(node.den)
    if isinstance(node, A.Call):
        return node.func in operators.BUILTINS and operators.nonnegative(node.func, [rec(a) for a in node.args])
    if isinstance(node, A.If):
        return rec(node.then) and rec(node.orelse)
    return False


def nonneg_names(model) -> set:
    """Spec names that are >= 0 wherever they occur: coordinates, move variables, ``grundy`` and
    ``misere``, integer parameters declared ``>= 0`` (a name that is also a definition's parameter
    is left out)."""
    out = set(model.coords) | {m.var for m in model.moves} | {"grundy", "misere"}
    out |= {p.name for p in model.ruleset.game.params if p.lower is not None and p.lower >= 0}
    return out - {q for _, params, _ in model.defs for q in params}


def helper_text(name: str, a: str, b: str) -> str:
    """The Ruleset method ``name(a, b)``: the nim-sum of any two integers (a statement body whose
    value is the ``if`` branch taken)."""
    na, nb = f"(-1 - {a})", f"(-1 - {b})"
    return "\n".join([
        "  // the spec's nim-sum of any integers (two's complement for negatives, as Mathematica's",
        "  // BitXor): CGSuite's NimSum refuses negative integers",
        f"  def {name}({a} as Integer, {b} as Integer) begin",
        f"    if {a} >= 0 and {b} >= 0 then {a} NimSum {b}",
        f"    elseif {a} < 0 and {b} < 0 then {na} NimSum {nb}",
        f"    elseif {a} < 0 then -1 - ({na} NimSum {b})",
        f"    else -1 - ({a} NimSum {nb})",
        "    end",
        "  end"])


def inline_text(a: str, b: str) -> str:
    """A CGScript expression for the nim-sum of the integers ``a`` and ``b`` (texts that are
    names or parenthesised; each is evaluated up to four times)."""
    na, nb = f"(-1 - {a})", f"(-1 - {b})"
    return (f"if {a} >= 0 and {b} >= 0 then {a} NimSum {b} "
            f"else if {a} < 0 and {b} < 0 then {na} NimSum {nb} "
            f"else -1 - (if {a} < 0 then {na} NimSum {b} else {a} NimSum {nb} end) end end")
