(* written for cgs_bridge's audit tests, issue 47: Nim on two heaps: a table of lose marks by backward induction, the P-positions selected from all positions and printed *)
n = 9;
all = Tuples[Range[0, n], 2];
lose = ConstantArray[False, {n + 1, n + 1}];
Do[lose[[a + 1, b + 1]] = ! (Or @@ Join[Table[lose[[i + 1, b + 1]], {i, 0, a - 1}], Table[lose[[a + 1, j + 1]], {j, 0, b - 1}]]), {a, 0, n}, {b, 0, n}];
ps = Select[all, lose[[#[[1]] + 1, #[[2]] + 1]] &];
Print[ps]
