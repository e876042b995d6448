(* written for cgs_bridge's audit tests, issue 47: Wythoff's game: win[p] is True when the player to move wins; P-positions where it is False *)
moves[{a_, b_}] := Join[Table[{i, b}, {i, 0, a - 1}], Table[{a, j}, {j, 0, b - 1}],
   Table[{a - d, b - d}, {d, 1, Min[a, b]}]];
win[p_] := win[p] = AnyTrue[moves[p], ! win[#] &];
n = 8;
Print[Select[Tuples[Range[0, n], 2], ! win[#] &]]
