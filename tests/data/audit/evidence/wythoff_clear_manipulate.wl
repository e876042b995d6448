(* Wythoff's game (written for cgs_bridge's audit tests, issue 34): starts with Clear, its
   functions are called only inside the Manipulate at the end *)
Clear[w, nb];
nb[{a_, b_}] := Union[Table[{i, b}, {i, 0, a - 1}], Table[{a, j}, {j, 0, b - 1}],
   Table[{a - d, b - d}, {d, 1, Min[a, b]}]];
w[p_] := w[p] = Min[Complement[Range[0, Length[nb[p]]], w /@ nb[p]]];
Manipulate[ArrayPlot[Table[Boole[w[{a, b}] == 0], {a, 0, s}, {b, 0, s}]], {s, 2, 10, 1}]
