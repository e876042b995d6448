(* strip_step_f-floor-t-2-4ed665_x3_y2_z6.wl -- emitted by cgs_bridge from the specification `strip_step`; do not edit.
   Strip + step bar: the disjunctive sum of a Nim heap x and CB(f, y, z)
   Source: seed 001, Definition 3.1 (move_h) and Theorem 3.1
   Game: strip_step(f=floor(t / 2)); box x <= 3, y <= 2, z <= 6.

   Positions: tuples (x, y, z) of nonnegative integers with
     y <= f(z)
   Moves: lower one coordinate to any smaller value t, then (spec syntax; coordinate names denote
   the lowered position, assignments are simultaneous):
     cut x to t
     cut y to t
     cut z to t: y = min(y, f(t))

   Claims of the specification (not checked here):
     "Theorem 3.1 (seed 001): P-position iff x xor y xor z = 0": P iff x xor y xor z == 0

   Run in a folder: wolframscript -file strip_step_f-floor-t-2-4ed665_x3_y2_z6.wl   or   mathics -q -f strip_step_f-floor-t-2-4ed665_x3_y2_z6.wl
   It writes strip_step_f-floor-t-2-4ed665_x3_y2_z6.csv there: header x,y,z,grundy, one row per valid
   position in lexicographic order (the CSV of `cgs-bridge solve`). Values are computed bottom-up:
   positions in lexicographic order, so every option is already known (no deep recursion). *)

cgsError[msg_String] := (Print["error: ", msg]; Exit[1]);
Mex[s_List] := Min[Complement[Range[0, Length[s]], s]];

f[t_] := Floor[t/2];
validQ[{x_, y_, z_}] := y <= f[z];
move[{x_, y_, z_}] := Join[
  Table[{t, y, z}, {t, 0, x - 1}],
  Table[{x, t, z}, {t, 0, y - 1}],
  Table[{x, Min[y, f[t]], t}, {t, 0, z - 1}]];

Gr[p_] := Gr[p] = Mex[Map[Gr, move[p]]];

positions = Select[Tuples[{Range[0, 3], Range[0, 2], Range[0, 6]}], validQ];
Scan[Gr, positions];

csvFile = "strip_step_f-floor-t-2-4ed665_x3_y2_z6.csv";
stream = OpenWrite[csvFile];
WriteString[stream, "x,y,z,grundy", "\n"];
Scan[WriteString[stream, StringRiffle[Map[ToString, Join[#, {Gr[#]}]], ","], "\n"] &, positions];
Close[stream];
Print["wrote ", Length[positions], " positions to ", csvFile];
