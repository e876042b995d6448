(* hexagon_a2_b1_c2_d1_e2_f1.wl -- emitted by cgs_bridge from the specification `hexagon`; do not edit.
   Hexagonal chocolate cut in six directions, with the published one-pass clamp
   Source: seed 002, Example 2.1 (Graph 2.1) and the program of Example 2.2 (function pos)
   Game: hexagon; box a <= 2, b <= 1, c <= 2, d <= 1, e <= 2, f <= 1.

   Positions: tuples (a, b, c, d, e, f) of nonnegative integers with
     b <= a + c + 1
     c <= b + d
     d <= c + e + 1
     e <= d + f
     f <= e + a + 1
     a <= f + b
   Moves: lower one coordinate to any smaller value t, then (spec syntax; coordinate names denote
   the lowered position, assignments are simultaneous):
     cut a to t
     cut b to t
     cut c to t
     cut d to t
     cut e to t
     cut f to t
   then one simultaneous clamp: a = min(f + b, a), b = min(a + c + 1, b), c = min(b + d, c), d = min(c + e + 1, d), e = min(d + f, e), f = min(e + a + 1, f)

   Run in a folder: wolframscript -file hexagon_a2_b1_c2_d1_e2_f1.wl   or   mathics -q -f hexagon_a2_b1_c2_d1_e2_f1.wl
   It writes hexagon_a2_b1_c2_d1_e2_f1.csv there: header a,b,c,d,e,f,grundy, one row per valid
   position in lexicographic order (the CSV of `cgs-bridge solve`). Values are computed bottom-up:
   positions in lexicographic order, so every option is already known (no deep recursion). *)

cgsError[msg_String] := (Print["error: ", msg]; Exit[1]);
Mex[s_List] := Min[Complement[Range[0, Length[s]], s]];

validQ[{a_, b_, c_, d_, e_, f_}] := b <= a + c + 1 && c <= b + d && d <= c + e + 1 && e <= d + f && f <= e + a + 1 && a <= f + b;
clamp[{a_, b_, c_, d_, e_, f_}] := {Min[f + b, a], Min[a + c + 1, b], Min[b + d, c], Min[c + e + 1, d], Min[d + f, e], Min[e + a + 1, f]};
move[{a_, b_, c_, d_, e_, f_}] := Join[
  Table[clamp[{t, b, c, d, e, f}], {t, 0, a - 1}],
  Table[clamp[{a, t, c, d, e, f}], {t, 0, b - 1}],
  Table[clamp[{a, b, t, d, e, f}], {t, 0, c - 1}],
  Table[clamp[{a, b, c, t, e, f}], {t, 0, d - 1}],
  Table[clamp[{a, b, c, d, t, f}], {t, 0, e - 1}],
  Table[clamp[{a, b, c, d, e, t}], {t, 0, f - 1}]];

Gr[p_] := Gr[p] = Mex[Map[Gr, move[p]]];

positions = Select[Tuples[{Range[0, 2], Range[0, 1], Range[0, 2], Range[0, 1], Range[0, 2], Range[0, 1]}], validQ];
Scan[Gr, positions];

csvFile = "hexagon_a2_b1_c2_d1_e2_f1.csv";
stream = OpenWrite[csvFile];
WriteString[stream, "a,b,c,d,e,f,grundy", "\n"];
Scan[WriteString[stream, StringRiffle[Map[ToString, Join[#, {Gr[#]}]], ","], "\n"] &, positions];
Close[stream];
Print["wrote ", Length[positions], " positions to ", csvFile];
