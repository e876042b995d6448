(* Wythoff's game: the coordinates as separate arguments (g[x, y], moves[x, y]), the options
   mapped with Apply at level 1 (g @@@ ...), only a count printed at the end (written for
   cgs_bridge's audit tests) *)
moves[x_, y_] := Join[Table[{t, y}, {t, 0, x - 1}], Table[{x, t}, {t, 0, y - 1}],
    Table[{x - s, y - s}, {s, 1, Min[x, y]}]]
g[x_, y_] := g[x, y] = Min[Complement[Range[0, x + y + 1], g @@@ moves[x, y]]]
n = 4;
Length[Select[Tuples[Range[0, n], 2], g @@ # == 0 &]]
