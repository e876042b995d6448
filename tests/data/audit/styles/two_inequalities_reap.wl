(* two inequalities, k = 1, h = 3: options with Reap/Sow and Union, memoised values named sg, a
   position list named valid, results printed with Grid (written for cgs_bridge's audit tests) *)
k = 1; h = 3; s = 6;
options[{a_, b_}] := Union[Flatten[Reap[Do[Sow[{t, Min[b, Floor[t/k]]}], {t, 0, a - 1}];
     Do[Sow[{Min[a, k t + h], t}], {t, 0, b - 1}]][[2]], 1]]
sg[p_] := sg[p] = Min[Complement[Range[0, Length[options[p]]], sg /@ options[p]]]
valid = Select[Flatten[Table[{a, b}, {a, 0, s}, {b, 0, s}], 1], #[[1]] - h <= k #[[2]] && k #[[2]] <= #[[1]] &];
Print[Grid[Map[{#, sg[#]} &, valid]]]
