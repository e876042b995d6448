(* rectangular_x3_y3_z3.wl -- emitted by cgs_bridge from the specification `rectangular`; do not edit.
   Rectangular chocolate bar cut in three directions = three-heap Nim
   Source: seed 003 (Miyadera, Nakamura, Fukui), Section 3: Definitions 3.1-3.3, Theorem 3.1
   Game: rectangular; box x <= 3, y <= 3, z <= 3.

   Positions: tuples (x, y, z) of nonnegative integers
   Moves: lower one coordinate to any smaller value t, then (spec syntax; coordinate names denote
   the lowered position, assignments are simultaneous):
     cut x to t
     cut y to t
     cut z to t

   Claims of the specification (not checked here):
     "Theorem 3.1 (seed 003): P-position iff x xor y xor z = 0": P iff x xor y xor z == 0
     "Sprague-Grundy (seed 003 Theorem 2.1): grundy = x xor y xor z": grundy == x xor y xor z

   Run in a folder: wolframscript -file rectangular_x3_y3_z3.wl   or   mathics -q -f rectangular_x3_y3_z3.wl
   It writes rectangular_x3_y3_z3.csv there: header x,y,z,grundy, one row per valid
   position in lexicographic order (the CSV of `cgs-bridge solve`). Values are computed bottom-up:
   positions in lexicographic order, so every option is already known (no deep recursion). *)

cgsError[msg_String] := (Print["error: ", msg]; Exit[1]);
Mex[s_List] := Min[Complement[Range[0, Length[s]], s]];

validQ[_List] := True;
move[{x_, y_, z_}] := Join[
  Table[{t, y, z}, {t, 0, x - 1}],
  Table[{x, t, z}, {t, 0, y - 1}],
  Table[{x, y, t}, {t, 0, z - 1}]];

Gr[p_] := Gr[p] = Mex[Map[Gr, move[p]]];

positions = Select[Tuples[{Range[0, 3], Range[0, 3], Range[0, 3]}], validQ];
Scan[Gr, positions];

csvFile = "rectangular_x3_y3_z3.csv";
stream = OpenWrite[csvFile];
WriteString[stream, "x,y,z,grundy", "\n"];
Scan[WriteString[stream, StringRiffle[Map[ToString, Join[#, {Gr[#]}]], ","], "\n"] &, positions];
Close[stream];
Print["wrote ", Length[positions], " positions to ", csvFile];
