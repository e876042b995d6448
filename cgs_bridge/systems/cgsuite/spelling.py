"""How CGScript (CGSuite 2.x) spells each operator and builtin of the specification language, and
how tightly each binds: the CGSuite printer's own table, one entry per row of
:mod:`cgs_bridge.language.operators` (a test fails naming the operator and the target when one is
missing).

Precedences (``Cgsuite.g`` of github aaron-siegel/cgsuite, ``Ops.scala``), higher binds tighter:
``or`` < ``and`` < ``not`` < relational < infix method (``a NimSum b``) < ``+ -`` < ``* /`` <
unary ``-`` < ``^``; ``%`` and ``iff`` are printed by helper methods, so they bind as atoms or
as comparisons. Spellings: an infix word with its spaces, a template (``{args}`` the arguments
joined by ``, ``; ``{0}``, ``{1}`` one argument; ``{atom0}`` the first argument parenthesised
unless it is an atom) or ``helper:NAME`` (the printer's method ``NAME(node)``).
"""

from __future__ import annotations

from cgs_bridge.language.printer import ATOM

#: precedence key (an operator, ``cmp`` for the comparisons, ``if``) -> binding strength.
PRECEDENCE = {"if": ATOM, "iff": 5, "or": 1, "and": 2, "not": 3, "cmp": 5, "xor": 6, "+": 8, "-": 8,
              "*": 10, "%": ATOM, "neg": 11, "^": 12}

#: operator or builtin -> CGScript spelling.
SPELLINGS = {
    "iff": "helper:_iff", "or": " or ", "and": " and ", "not": "not ", "neg": "-",
    "<=": "<=", "<": "<", ">=": ">=", ">": ">", "==": "==", "!=": "!=",
    "+": " + ", "-": " - ", "*": " * ", "^": " ^ ", "floor/": "Floor", "ceil/": "Ceiling",
    # nim-sum: CGSuite's NimSum for provably nonnegative operands, else a helper method
    "xor": "helper:_nimsum_binop", "nimsum": "helper:_nimsum_call",
    # CGScript's % truncates: the spec's remainder (sign of the divisor) is the method FloorMod
    "%": "helper:_floor_mod", "mod": "helper:_floor_mod",
    "min": "Min([{args}])", "max": "Max([{args}])", "abs": "{atom0}.Abs", "ilog2": "{atom0}.Lb",
}
