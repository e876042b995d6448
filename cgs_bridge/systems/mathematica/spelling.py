"""How the Wolfram Language (Mathematica, and Mathics3) spells each operator and builtin of the
specification language, how tightly each binds, and the helper functions some spellings need: the
Mathematica printer's own table, one entry per row of :mod:`cgs_bridge.language.operators` (a
test fails naming the operator and the target when one is missing).

Precedences, higher binds tighter: ``||`` < ``&&`` < ``!`` < comparisons < ``+ -`` < ``*`` <
unary ``-`` < ``^``; calls (``Mod``, ``Equivalent``, ``nimSum``) are atoms. Spellings: as in
:mod:`cgs_bridge.language.printer` (an infix word, a template, ``helper:NAME``).

Nim-sum without ``BitXor`` (Mathics3 10.0.1 has none): pairwise, from the table of ``a xor b``
for 0 <= a, b < 64 (built once by doubling: the xor with the high bit n of the blocks
[[T, T + n], [T + n, T]]), otherwise from binary digits in two's complement (as Python's ``^``
and Wolfram's ``BitXor``; seed 001 Def 1.1). In Mathics3 a table look-up costs ~7 ms per
three-argument call against ~12 ms from digits (issue 24; README "Benchmarks").
"""

from __future__ import annotations

from cgs_bridge.language.printer import ATOM

#: precedence key (an operator, ``cmp`` for the comparisons, ``if``) -> binding strength.
PRECEDENCE = {"if": ATOM, "iff": ATOM, "or": 2, "and": 3, "not": 4, "cmp": 5, "xor": ATOM, "+": 7,
              "-": 7, "*": 8, "%": ATOM, "neg": 9, "^": 10}

#: operator or builtin -> Wolfram Language spelling.
SPELLINGS = {
    "iff": "Equivalent[{args}]", "or": " || ", "and": " && ", "not": "!",
    "<=": "<=", "<": "<", ">=": ">=", ">": ">", "==": "==", "!=": "!=",
    "xor": "helper:_nimsum_binop", "+": " + ", "-": " - ", "*": "*", "%": "Mod[{args}]",
    "neg": "-", "^": "helper:_power", "floor/": "Quotient", "ceil/": "Ceiling",
    "min": "Min[{args}]", "max": "Max[{args}]", "mod": "Mod[{args}]", "abs": "Abs[{args}]",
    "ilog2": "ilog2[{args}]", "nimsum": "nimSum[{args}]",
}

#: operator or builtin -> the helper function its spelling calls (emitted when used).
USES = {"xor": "nimSum", "^": "power", "ilog2": "ilog2", "nimsum": "nimSum"}

#: helper -> its Wolfram Language definition, in the order they are emitted.
DEFINITIONS = {
    "nimSum": """nimSumDigits[args__Integer] := Module[{w, r},
  w = Max[IntegerLength[Abs[{args}], 2]] + 1;
  r = FromDigits[Mod[Total[Map[IntegerDigits[Mod[#, 2^w], 2, w] &, {args}]], 2], 2];
  If[r >= 2^(w - 1), r - 2^w, r]];
xorTable = {{0}};
While[Length[xorTable] < 64, xorTable = With[{h = xorTable + Length[xorTable]},
  Join[MapThread[Join, {xorTable, h}], MapThread[Join, {h, xorTable}]]]];
nimSum[] := 0;
nimSum[a_Integer] := a;
nimSum[a_Integer, b_Integer, c___Integer] :=
  nimSum[If[a >= 0 && b >= 0 && a < 64 && b < 64, xorTable[[a + 1, b + 1]], nimSumDigits[a, b]], c];""",
    "power": """power[a_Integer, b_Integer] := If[b == 0, 1, a^b];""",
    "ilog2": """ilog2[n_Integer] := If[n >= 1, IntegerLength[n, 2] - 1, cgsError["floor(log2(" <> ToString[n] <> ")) is undefined"]];""",
}
