(* triangular_k3_x6_y4_z6.wl -- emitted by cgs_bridge from the specification `triangular`; do not edit.
   Triangular chocolate bar: positions with y <= floor((x + z) / k)
   Source: seed 003 (Miyadera, Nakamura, Fukui), Definition 4.3; programs of Section 8
   Game: triangular(k=3); box x <= 6, y <= 4, z <= 6.

   Positions: tuples (x, y, z) of nonnegative integers with
     y <= floor((x + z) / k)
   Moves: lower one coordinate to any smaller value t, then (spec syntax; coordinate names denote
   the lowered position, assignments are simultaneous):
     cut x to t: y = min(y, floor((t + z) / k))
     cut y to t
     cut z to t: y = min(y, floor((x + t) / k))

   Claims of the specification (not checked here):
     "Theorem 7.3 (seed 003, Example 8.1): P-position iff x xor y xor z = 0" when k % 4 == 3: P iff x xor y xor z == 0
     "Conjecture 8.1 (seed 003, Example 8.5): P-position iff (x - 1) xor y xor (z - 1) = 0" when k % 4 == 1: P iff x - 1 xor y xor z - 1 == 0

   Run in a folder: wolframscript -file triangular_k3_x6_y4_z6.wl   or   mathics -q -f triangular_k3_x6_y4_z6.wl
   It writes triangular_k3_x6_y4_z6.csv there: header x,y,z,grundy, one row per valid
   position in lexicographic order (the CSV of `cgs-bridge solve`). Values are computed bottom-up:
   positions in lexicographic order, so every option is already known (no deep recursion). *)

cgsError[msg_String] := (Print["error: ", msg]; Exit[1]);
Mex[s_List] := Min[Complement[Range[0, Length[s]], s]];

k = 3;
validQ[{x_, y_, z_}] := y <= Floor[(x + z)/k];
move[{x_, y_, z_}] := Join[
  Table[{t, Min[y, Floor[(t + z)/k]], z}, {t, 0, x - 1}],
  Table[{x, t, z}, {t, 0, y - 1}],
  Table[{x, Min[y, Floor[(x + t)/k]], t}, {t, 0, z - 1}]];

Gr[p_] := Gr[p] = Mex[Map[Gr, move[p]]];

positions = Select[Tuples[{Range[0, 6], Range[0, 4], Range[0, 6]}], validQ];
Scan[Gr, positions];

csvFile = "triangular_k3_x6_y4_z6.csv";
stream = OpenWrite[csvFile];
WriteString[stream, "x,y,z,grundy", "\n"];
Scan[WriteString[stream, StringRiffle[Map[ToString, Join[#, {Gr[#]}]], ","], "\n"] &, positions];
Close[stream];
Print["wrote ", Length[positions], " positions to ", csvFile];
