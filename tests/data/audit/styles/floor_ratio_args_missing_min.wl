(* floor_ratio, k = 1, with a planted bug: cutting z to t keeps Floor[t/k] squares in the y
   direction without Min[y, ...] (at (0,0,2) the cut to t = 1 gives (0,1,1) instead of (0,0,1));
   the parameter is an argument of every function (written for cgs_bridge's audit tests) *)
cases[n_, k_] := Select[Tuples[Range[0, n], 3], #[[2]] <= Floor[#[[3]]/k] &]
opts[{x_, y_, z_}, k_] := Union[Table[{t, y, z}, {t, 0, x - 1}], Table[{x, t, z}, {t, 0, y - 1}],
    Table[{x, Floor[t/k], t}, {t, 0, z - 1}]]
mex[s_] := Min[Complement[Range[0, Length[s]], s]]
gr[p_, k_] := gr[p, k] = mex[gr[#, k] & /@ opts[p, k]]
run[n_] := Block[{kk = 1}, Length[Select[cases[n, kk], gr[#, kk] == 0 &]]]
run[3]
