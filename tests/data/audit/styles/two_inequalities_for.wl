(* two inequalities, k = 1, h = 3: For loops filling an array of values, Flatten[Table[If[...]]]
   options, Grid and Length at the end (written for cgs_bridge's audit tests) *)
k = 1; h = 3; m = 6;
gv = ConstantArray[-1, {m + 1, m + 1}];
For[a = 0, a <= m, a++,
  For[b = 0, b <= m, b++,
    If[a - h <= k b && k b <= a,
      opts = Union[Flatten[Table[If[t < a, {{t, Min[b, Floor[t/k]]}}, {}], {t, 0, m}], 1],
        Flatten[Table[If[t < b, {{Min[a, k t + h], t}}, {}], {t, 0, m}], 1]];
      vals = Map[gv[[#[[1]] + 1, #[[2]] + 1]] &, opts];
      gv[[a + 1, b + 1]] = Min[Complement[Range[0, Length[vals]], vals]]]]];
Length[Position[gv, 0]]
Grid[gv]
