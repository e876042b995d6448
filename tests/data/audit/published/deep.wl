(* written for cgs_bridge's audit tests, issue 47: subtraction game S = {1, 2, 3}: memoised values, heap 60 asked first (a recursion 60 heaps deep), then a table *)
v[0] = 0;
v[m_] := v[m] = Min[Complement[Range[0, 3], v /@ Select[m - {1, 2, 3}, # >= 0 &]]];
Print[v[60]];
Print[Table[v[m], {m, 0, 20}]]
