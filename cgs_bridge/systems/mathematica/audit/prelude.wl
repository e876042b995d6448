(* cgs_bridge audit prelude: what Mathics3 (10.0.1) lacks for the published chocolate-game programs.

   Loaded before an audited program when the engine is Mathics3 (never with wolframscript, and not
   with --no-prelude). Every definition is guarded: it is made only when the engine does not already
   have the builtin (in Wolfram Language these symbols live in System` and are protected; in Mathics3
   they are unknown and end up in Global`), so the file is harmless on an engine that has them.

   1. $RecursionLimit: 200 by default in Mathics3, too low for memoised Grundy recursions
      (Gr[pos_] := Gr[pos] = Mex[Map[Gr, move[pos]]]). Mathics3 caps it at 512 unless the
      environment variable MATHICS_MAX_RECURSION_DEPTH is set; cgs_bridge.engines sets it.
   2. BitXor, BitAnd, BitOr with any number of integer arguments (BitXor[] = 0, BitAnd[] = -1,
      BitOr[] = 0, one argument = itself) and BitNot; negative integers are two's complement
      numbers of unbounded width, as in Wolfram Language (and Python's ^ & | ~). Listable, like
      the builtins. Non-integer arguments leave the call unevaluated, as the builtins do.
   Helper names start with CGSBprelude so they cannot collide with a program's symbols. *)

$RecursionLimit = 100000;

If[Context[BitXor] =!= "System`",
  CGSBpreludeWidth[x_Integer] := Length[IntegerDigits[Abs[x], 2]] + 1;
  CGSBpreludeBitwise[column_, args_List] := Module[{width, rows, bits, value},
    width = Max[Map[CGSBpreludeWidth, args]];
    rows = Map[IntegerDigits[Mod[#, 2^width], 2, width] &, args];
    bits = Map[column, Transpose[rows]];
    value = FromDigits[bits, 2];
    If[First[bits] == 1, value - 2^width, value]];
  SetAttributes[BitXor, Listable];
  BitXor[] := 0;
  BitXor[a_Integer] := a;
  BitXor[args__Integer] := CGSBpreludeBitwise[Mod[Total[#], 2] &, {args}];
  SetAttributes[BitAnd, Listable];
  BitAnd[] := -1;
  BitAnd[a_Integer] := a;
  BitAnd[args__Integer] := CGSBpreludeBitwise[Min, {args}];
  SetAttributes[BitOr, Listable];
  BitOr[] := 0;
  BitOr[a_Integer] := a;
  BitOr[args__Integer] := CGSBpreludeBitwise[Max, {args}];
  SetAttributes[BitNot, Listable];
  BitNot[a_Integer] := -1 - a;
];
