With[{k = 2, n = 6},
 Module[{nx, gv, all, lose},
  nx[{x_, y_, z_}] := Join[Table[{t, y, z}, {t, 0, x - 1}], Table[{x, t, z}, {t, 0, y - 1}],
     Table[{x, Min[y, Floor[t/k]], t}, {t, 0, z - 1}]];
  gv[p_] := gv[p] = Min[Complement[Range[0, Length[nx[p]]], gv /@ nx[p]]];
  all = Select[Tuples[Range[0, n], 3], #[[2]] <= Floor[#[[3]]/k] &];
  lose = Select[all, gv[#] == 0 &];
  Print["P-positions: ", lose]]]
