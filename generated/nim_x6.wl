(* Emitted by cgs_bridge from the specification `nim`; do not edit below the first block.
   A single Nim heap (a strip of x squares beside the bitter square)
   Source: seed 001, Section 3.1 (the single strip of Definition 3.1); seed 003, Section 3

   Positions: tuples (x) of nonnegative integers
   Moves: lower one coordinate to any smaller value t, then (spec syntax; coordinate names denote
   the lowered position, assignments are simultaneous):
     cut x to t

   Run it in a folder: wolframscript -file FILE   or   mathics -q -f FILE
   It writes the CSV named below (header x,grundy, one row per valid position
   in lexicographic order, as `cgs-bridge solve` writes it), then checks the claims of the spec.
   The program is the same for every parameter value and box: only the first block changes. *)

(* ---- parameters, box and output file ---- *)
xMax = 6;
csvFile = "nim_x6.csv";

(* ---- the game ---- *)
cgsError[msg_String] := (Print["error: ", msg]; Exit[1]);
Mex[s_List] := Min[Complement[Range[0, Length[s]], s]];
validQ[_List] := True;

(* ---- values, bottom-up in lexicographic order (every option of a position comes before it) ----
   value[[x + 1]] is the Grundy value of {x}. *)
value = ConstantArray[-1, {xMax + 1}];
at[{x_}] := value[[x + 1]];
computeValue[{x_}] := value[[x + 1]] = Mex[Join[Take[value[[All]], x]]];
positions = Select[Tuples[{Range[0, xMax]}], validQ];

(* ---- output: the only part that writes; each row is written (and flushed) as soon as its value is known ---- *)
stream = OpenWrite[csvFile];
WriteString[stream, "x,grundy", "\n"];
writeRow[{x_}, grundy_] := WriteString[stream, x, ",", grundy, "\n"];
Scan[writeRow[#, computeValue[#]] &, positions];
Close[stream];
Print["wrote ", Length[positions], " positions to ", csvFile];

(* ---- claims of the specification, checked as the papers do: each prints the positions where
   it fails, {} when it holds on the box ---- *)
(* "a heap of size x has Grundy value x": grundy == x *)
claim1Fails[{x_}] := !TrueQ[at[{x}] == x];
Print[Select[positions, claim1Fails]];
