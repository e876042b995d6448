(* nim_x6.wl -- emitted by cgs_bridge from the specification `nim`; do not edit.
   A single Nim heap (a strip of x squares beside the bitter square)
   Source: seed 001, Section 3.1 (the single strip of Definition 3.1); seed 003, Section 3
   Game: nim; box x <= 6.

   Positions: tuples (x) of nonnegative integers
   Moves: lower one coordinate to any smaller value t, then (spec syntax; coordinate names denote
   the lowered position, assignments are simultaneous):
     cut x to t

   Claims of the specification (not checked here):
     "a heap of size x has Grundy value x": grundy == x

   Run in a folder: wolframscript -file nim_x6.wl   or   mathics -q -f nim_x6.wl
   It writes nim_x6.csv there: header x,grundy, one row per valid
   position in lexicographic order (the CSV of `cgs-bridge solve`). Values are computed bottom-up:
   positions in lexicographic order, so every option is already known (no deep recursion). *)

cgsError[msg_String] := (Print["error: ", msg]; Exit[1]);
Mex[s_List] := Min[Complement[Range[0, Length[s]], s]];

validQ[_List] := True;
move[{x_}] := Table[{t}, {t, 0, x - 1}];

Gr[p_] := Gr[p] = Mex[Map[Gr, move[p]]];

positions = Select[Tuples[{Range[0, 6]}], validQ];
Scan[Gr, positions];

csvFile = "nim_x6.csv";
stream = OpenWrite[csvFile];
WriteString[stream, "x,grundy", "\n"];
Scan[WriteString[stream, StringRiffle[Map[ToString, Join[#, {Gr[#]}]], ","], "\n"] &, positions];
Close[stream];
Print["wrote ", Length[positions], " positions to ", csvFile];
