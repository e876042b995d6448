(* written for cgs_bridge's audit tests, issue 47: subtraction game S = {1, ..., k}: memoised values T[n, k] *)
T[n_, k_] := T[n, k] = Min[Complement[Range[0, k], Table[T[n - s, k], {s, 1, Min[n, k]}]]];
Table[T[n, 3], {n, 0, 15}]
