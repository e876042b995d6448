(* Emitted by cgs_bridge from the specification `nim_pass`; do not edit below the first block.
   Nim with a pass: three heaps, and one pass for either player, never from a terminal position
   Source: M. Inoue, M. Fukui, R. Miyadera, Impartial chocolate bar games with a pass, Integers 16 (2016), G5 (the pass); seed 003 Section 3 (the bar = Nim)

   Positions: tuples (x, y, z, passes) of nonnegative integers with
     passes <= 1
   Moves: lower one coordinate to any smaller value t, then (spec syntax; coordinate names denote
   the lowered position, assignments are simultaneous):
     cut x to t
     cut y to t
     cut z to t
     pass once: from a non-terminal position with passes = 1, the same position with passes = 0 (at most once in the game, never from a terminal position)

   Run it in a folder: wolframscript -file FILE   or   mathics -q -f FILE
   It writes the CSV named below (header x,y,z,passes,grundy, one row per valid position
   in lexicographic order, as `cgs-bridge solve` writes it), then checks the claims of the spec.
   The program is the same for every parameter value and box: only the first block changes. *)

(* ---- parameters, box and output file ---- *)
xMax = 3;
yMax = 3;
zMax = 3;
passesMax = 1;
csvFile = "nim_pass_x3_y3_z3_passes1.csv";

(* ---- the game ---- *)
cgsError[msg_String] := (Print["error: ", msg]; Exit[1]);
nimSumDigits[args__Integer] := Module[{w, r},
  w = Max[IntegerLength[Abs[{args}], 2]] + 1;
  r = FromDigits[Mod[Total[Map[IntegerDigits[Mod[#, 2^w], 2, w] &, {args}]], 2], 2];
  If[r >= 2^(w - 1), r - 2^w, r]];
xorTable = {{0}};
While[Length[xorTable] < 64, xorTable = With[{h = xorTable + Length[xorTable]},
  Join[MapThread[Join, {xorTable, h}], MapThread[Join, {h, xorTable}]]]];
nimSum[] := 0;
nimSum[a_Integer] := a;
nimSum[a_Integer, b_Integer, c___Integer] :=
  nimSum[If[a >= 0 && b >= 0 && a < 64 && b < 64, xorTable[[a + 1, b + 1]], nimSumDigits[a, b]], c];
Mex[s_List] := Min[Complement[Range[0, Length[s]], s]];
validQ[{x_, y_, z_, passes_}] := passes <= 1;

(* ---- values, bottom-up in lexicographic order (every option of a position comes before it) ----
   value[[x + 1, y + 1, z + 1, passes + 1]] is the Grundy value of {x, y, z, passes}. *)
value = ConstantArray[-1, {xMax + 1, yMax + 1, zMax + 1, passesMax + 1}];
at[{x_, y_, z_, passes_}] := value[[x + 1, y + 1, z + 1, passes + 1]];
withPass[{x_, y_, z_, passes_}, opts_] := If[passes == 1 && opts =!= {}, Append[opts, at[{x, y, z, 0}]], opts];
computeValue[{x_, y_, z_, passes_}] := value[[x + 1, y + 1, z + 1, passes + 1]] = Mex[withPass[{x, y, z, passes}, Join[Take[value[[All, y + 1, z + 1, passes + 1]], x], Take[value[[x + 1, All, z + 1, passes + 1]], y], Take[value[[x + 1, y + 1, All, passes + 1]], z]]]];
positions = Select[Tuples[{Range[0, xMax], Range[0, yMax], Range[0, zMax], Range[0, passesMax]}], validQ];

(* ---- output: the only part that writes; each row is written (and flushed) as soon as its value is known ---- *)
stream = OpenWrite[csvFile];
WriteString[stream, "x,y,z,passes,grundy", "\n"];
writeRow[{x_, y_, z_, passes_}, grundy_] := WriteString[stream, x, ",", y, ",", z, ",", passes, ",", grundy, "\n"];
Scan[writeRow[#, computeValue[#]] &, positions];
Close[stream];
Print["wrote ", Length[positions], " positions to ", csvFile];

(* ---- claims of the specification, checked as the papers do: each prints the positions where
   it fails, {} when it holds on the box ---- *)
(* "after the pass: grundy = x xor y xor z": passes == 1 or grundy == x xor y xor z *)
claim1Fails[{x_, y_, z_, passes_}] := !TrueQ[passes == 1 || at[{x, y, z, passes}] == nimSum[x, y, z]];
Print[Select[positions, claim1Fails]];
