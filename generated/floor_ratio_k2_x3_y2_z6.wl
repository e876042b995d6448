(* floor_ratio_k2_x3_y2_z6.wl -- emitted by cgs_bridge from the specification `floor_ratio`; do not edit.
   Chocolate satisfying y <= floor(z / k), with a strip of x squares on the left
   Source: seed 004 (Miyadera et al.), Definitions 2.4-2.6 (move2), Theorem 2.6
   Game: floor_ratio(k=2); box x <= 3, y <= 2, z <= 6.

   Positions: tuples (x, y, z) of nonnegative integers with
     y <= floor(z / k)
   Moves: lower one coordinate to any smaller value t, then (spec syntax; coordinate names denote
   the lowered position, assignments are simultaneous):
     cut x to t
     cut y to t
     cut z to t: y = min(y, floor(t / k))

   Claims of the specification (not checked here):
     "Theorem 2.6 (seed 004): L-state (P-position) iff x xor y xor z = 0" when k % 2 == 0: P iff x xor y xor z == 0

   Run in a folder: wolframscript -file floor_ratio_k2_x3_y2_z6.wl   or   mathics -q -f floor_ratio_k2_x3_y2_z6.wl
   It writes floor_ratio_k2_x3_y2_z6.csv there: header x,y,z,grundy, one row per valid
   position in lexicographic order (the CSV of `cgs-bridge solve`). Values are computed bottom-up:
   positions in lexicographic order, so every option is already known (no deep recursion). *)

cgsError[msg_String] := (Print["error: ", msg]; Exit[1]);
Mex[s_List] := Min[Complement[Range[0, Length[s]], s]];

k = 2;
validQ[{x_, y_, z_}] := y <= Floor[z/k];
move[{x_, y_, z_}] := Join[
  Table[{t, y, z}, {t, 0, x - 1}],
  Table[{x, t, z}, {t, 0, y - 1}],
  Table[{x, Min[y, Floor[t/k]], t}, {t, 0, z - 1}]];

Gr[p_] := Gr[p] = Mex[Map[Gr, move[p]]];

positions = Select[Tuples[{Range[0, 3], Range[0, 2], Range[0, 6]}], validQ];
Scan[Gr, positions];

csvFile = "floor_ratio_k2_x3_y2_z6.csv";
stream = OpenWrite[csvFile];
WriteString[stream, "x,y,z,grundy", "\n"];
Scan[WriteString[stream, StringRiffle[Map[ToString, Join[#, {Gr[#]}]], ","], "\n"] &, positions];
Close[stream];
Print["wrote ", Length[positions], " positions to ", csvFile];
