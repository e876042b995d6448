(* written for cgs_bridge's audit tests, issue 47: subtraction game S = {1, 2, 3}: values by a recursion Mathics3 rewrites many times *)
n = 30;
v[0] = 0;
v[m_] := v[m] = Min[Complement[Range[0, 3], v /@ Select[m - {1, 2, 3}, # >= 0 &]]];
$IterationLimit = 20;
f[x_] := f[x + 1];
f[1];
Print[Table[v[m], {m, 0, n}]]
