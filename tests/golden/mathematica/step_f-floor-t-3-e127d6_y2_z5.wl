(* step_f-floor-t-3-e127d6_y2_z5.wl -- emitted by cgs_bridge from the specification `step`; do not edit.
   Step chocolate bar CB(f, y, z) with a nondecreasing width function f
   Source: seed 001 (Miyadera, Nakamura, Nakaya), Definitions 2.1-2.3
   Game: step(f=floor(t/3)); box y <= 2, z <= 5.

   Positions: tuples (y, z) of nonnegative integers with
     y <= f(z)
   Moves: lower one coordinate to any smaller value t, then (spec syntax; coordinate names denote
   the lowered position, assignments are simultaneous):
     cut y to t
     cut z to t: y = min(y, f(t))

   Claims of the specification (not checked here):
     "Theorem 3.2 (seed 001): grundy = y xor z": grundy == y xor z

   Run in a folder: wolframscript -file step_f-floor-t-3-e127d6_y2_z5.wl   or   mathics -q -f step_f-floor-t-3-e127d6_y2_z5.wl
   It writes step_f-floor-t-3-e127d6_y2_z5.csv there: header y,z,grundy, one row per valid
   position in lexicographic order (the CSV of `cgs-bridge solve`). Values are computed bottom-up:
   positions in lexicographic order, so every option is already known (no deep recursion). *)

cgsError[msg_String] := (Print["error: ", msg]; Exit[1]);
Mex[s_List] := Min[Complement[Range[0, Length[s]], s]];

f[t_] := Floor[t/3];
validQ[{y_, z_}] := y <= f[z];
move[{y_, z_}] := Join[
  Table[{t, z}, {t, 0, y - 1}],
  Table[{Min[y, f[t]], t}, {t, 0, z - 1}]];

Gr[p_] := Gr[p] = Mex[Map[Gr, move[p]]];

positions = Select[Tuples[{Range[0, 2], Range[0, 5]}], validQ];
Scan[Gr, positions];

csvFile = "step_f-floor-t-3-e127d6_y2_z5.csv";
stream = OpenWrite[csvFile];
WriteString[stream, "y,z,grundy", "\n"];
Scan[WriteString[stream, StringRiffle[Map[ToString, Join[#, {Gr[#]}]], ","], "\n"] &, positions];
Close[stream];
Print["wrote ", Length[positions], " positions to ", csvFile];
