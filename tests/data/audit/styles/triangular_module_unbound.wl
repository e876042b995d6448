(* PLANTED BUG: k is never assigned. triangular, k = 3: other names (grundy, opts, mex), Module, DeleteDuplicates, no named position
   list, results only printed (written for cgs_bridge's audit tests) *)
mex[s_List] := Module[{m = 0}, While[MemberQ[s, m], m++]; m]
opts[{x_, y_, z_}] := DeleteDuplicates[Join[
    Table[{t, Min[y, Floor[(t + z)/k]], z}, {t, 0, x - 1}],
    Table[{x, t, z}, {t, 0, y - 1}],
    Table[{x, Min[y, Floor[(x + t)/k]], t}, {t, 0, z - 1}]]]
grundy[p_] := grundy[p] = mex[grundy /@ opts[p]]
n = 1;
Print["P-positions: ", Length[Select[Tuples[Range[0, n], 3], #[[2]] <= Floor[(#[[1]] + #[[3]])/k] && grundy[#] == 0 &]]]
Manipulate[ListPointPlot3D[Select[Tuples[Range[0, m], 3], #[[2]] <= Floor[(#[[1]] + #[[3]])/k] && grundy[#] == 0 &]], {m, 1, n, 1}]
