(* floor_ratio, k = 1 (written for cgs_bridge's audit tests, issue 34): each position's options are
   gathered in a Module-local list (the engine makes rows$NNN per call), values memoised through
   Complement, the only result a printed table; the program has no list of positions *)
kk = 1; size = 3;
options[{x_, y_, z_}] := Module[{rows = {}},
   Do[AppendTo[rows, {i, y, z}], {i, 0, x - 1}];
   Do[AppendTo[rows, {x, j, z}], {j, 0, y - 1}];
   Do[AppendTo[rows, {x, Min[y, Quotient[l, kk]], l}], {l, 0, z - 1}];
   rows];
value[p_] := value[p] = First[Complement[Range[0, 99], value /@ options[p]]];
Print[Table[If[y <= Quotient[z, kk], value[{x, y, z}], "-"], {x, 0, size}, {y, 0, size}, {z, 0, size}]]
