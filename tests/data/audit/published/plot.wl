(* written for cgs_bridge's audit tests, issue 47: Wythoff's game: memoised values, shown as an array plot *)
g[x_, y_] := g[x, y] = Min[Complement[Range[0, x + y + 1],
    Join[Table[g[i, y], {i, 0, x - 1}], Table[g[x, j], {j, 0, y - 1}], Table[g[x - d, y - d], {d, 1, Min[x, y]}]]]];
ArrayPlot[Table[g[x, y], {x, 0, 7}, {y, 0, 7}], ColorFunction -> "Rainbow"]
