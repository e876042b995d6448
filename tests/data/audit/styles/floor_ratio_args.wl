(* floor_ratio, k = 1: the parameter is an argument of every function (opts[p, k], gr[p, k]), the
   position list is what a function returns (cases[n, k]), the run is inside a Block whose local
   kk holds the parameter (written for cgs_bridge's audit tests) *)
cases[n_, k_] := Select[Tuples[Range[0, n], 3], #[[2]] <= Floor[#[[3]]/k] &]
opts[{x_, y_, z_}, k_] := Union[Table[{t, y, z}, {t, 0, x - 1}], Table[{x, t, z}, {t, 0, y - 1}],
    Table[{x, Min[y, Floor[t/k]], t}, {t, 0, z - 1}]]
mex[s_] := Min[Complement[Range[0, Length[s]], s]]
gr[p_, k_] := gr[p, k] = mex[gr[#, k] & /@ opts[p, k]]
run[n_] := Block[{kk = 1}, Length[Select[cases[n, kk], gr[#, kk] == 0 &]]]
run[2]
