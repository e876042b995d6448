(* written for cgs_bridge's audit tests, issue 47: Nim, three heaps: a 1-based array g[[a, b, c]] for heaps a-1, b-1, c-1 *)
g = Array[0 &, {5, 5, 5}];
Do[g[[a, b, c]] = Min[Complement[Range[0, a + b + c],
     Join[Table[g[[i, b, c]], {i, 1, a - 1}], Table[g[[a, j, c]], {j, 1, b - 1}],
      Table[g[[a, b, k]], {k, 1, c - 1}]]]], {a, 1, 5}, {b, 1, 5}, {c, 1, 5}];
Print[Position[g, 0] - 1]
