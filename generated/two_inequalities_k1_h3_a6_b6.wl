(* two_inequalities_k1_h3_a6_b6.wl -- emitted by cgs_bridge from the specification `two_inequalities`; do not edit.
   Chocolate satisfying a / k >= b >= (a - h) / k (the right part of Fig. 7.11)
   Source: seed 000 (chocolate games that satisfy two inequalities), Example 7.2
   Game: two_inequalities(k=1, h=3); box a <= 6, b <= 6.

   Positions: tuples (a, b) of nonnegative integers with
     a - h <= k * b
     k * b <= a
   Moves: lower one coordinate to any smaller value t, then (spec syntax; coordinate names denote
   the lowered position, assignments are simultaneous):
     cut a to t: b = min(b, floor(t / k))
     cut b to t: a = min(a, k * t + h)

   Run in a folder: wolframscript -file two_inequalities_k1_h3_a6_b6.wl   or   mathics -q -f two_inequalities_k1_h3_a6_b6.wl
   It writes two_inequalities_k1_h3_a6_b6.csv there: header a,b,grundy, one row per valid
   position in lexicographic order (the CSV of `cgs-bridge solve`). Values are computed bottom-up:
   positions in lexicographic order, so every option is already known (no deep recursion). *)

cgsError[msg_String] := (Print["error: ", msg]; Exit[1]);
Mex[s_List] := Min[Complement[Range[0, Length[s]], s]];

k = 1;
h = 3;
validQ[{a_, b_}] := a - h <= k*b && k*b <= a;
move[{a_, b_}] := Join[
  Table[{t, Min[b, Floor[t/k]]}, {t, 0, a - 1}],
  Table[{Min[a, k*t + h], t}, {t, 0, b - 1}]];

Gr[p_] := Gr[p] = Mex[Map[Gr, move[p]]];

positions = Select[Tuples[{Range[0, 6], Range[0, 6]}], validQ];
Scan[Gr, positions];

csvFile = "two_inequalities_k1_h3_a6_b6.csv";
stream = OpenWrite[csvFile];
WriteString[stream, "a,b,grundy", "\n"];
Scan[WriteString[stream, StringRiffle[Map[ToString, Join[#, {Gr[#]}]], ","], "\n"] &, positions];
Close[stream];
Print["wrote ", Length[positions], " positions to ", csvFile];
