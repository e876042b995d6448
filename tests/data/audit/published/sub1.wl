(* written for cgs_bridge's audit tests, issue 47: subtraction game S = {1, 2, 3}: memoised one-argument values *)
a[n_] := a[n] = Min[Complement[Range[0, 3], Table[a[n - s], {s, Select[{1, 2, 3}, # <= n &]}]]];
Table[a[n], {n, 0, 20}]
