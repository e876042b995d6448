(* step chocolate, f(t) = floor(t/2): a pure-function parameter, a Do loop filling the values in an
   evaluation order, options built with Reap/Sow, a table printed at the end (written for
   cgs_bridge's audit tests) *)
f = Floor[#/2] &;
n = 5;
Do[If[y <= f[z],
   opts = Flatten[Reap[Do[Sow[{t, z}], {t, 0, y - 1}]; Do[Sow[{Min[y, f[t]], t}], {t, 0, z - 1}]][[2]], 1];
   g[{y, z}] = Min[Complement[Range[0, Length[opts]], g /@ opts]]],
  {z, 0, n}, {y, 0, n}];
TableForm[Table[If[y <= f[z], g[{y, z}], ""], {y, 0, f[n]}, {z, 0, n}]]
