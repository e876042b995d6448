(* Emitted by cgs_bridge from the specification `step_pass`; do not edit below the first block.
   Step chocolate bar CB(f, y, z) with a pass, used at most once by either player
   Source: M. Inoue, M. Fukui, R. Miyadera, Impartial chocolate bar games with a pass, Integers 16 (2016), G5; the bar: seed 001 Definitions 2.1-2.3

   Positions: tuples (y, z, passes) of nonnegative integers with
     y <= f(z)
     passes <= 1
   Moves: lower one coordinate to any smaller value t, then (spec syntax; coordinate names denote
   the lowered position, assignments are simultaneous):
     cut y to t
     cut z to t: y = min(y, f(t))
     pass once: from a non-terminal position with passes = 1, the same position with passes = 0 (at most once in the game, never from a terminal position)

   Run it in a folder: wolframscript -file FILE   or   mathics -q -f FILE
   It writes the CSV named below (header y,z,passes,grundy, one row per valid position
   in lexicographic order, as `cgs-bridge solve` writes it), then checks the claims of the spec.
   The program is the same for every parameter value and box: only the first block changes. *)

(* ---- parameters, box and output file ---- *)
f = Function[{t}, Quotient[t, 2]];
yMax = 3;
zMax = 8;
passesMax = 1;
csvFile = "step_pass_f-floor-t-2-4ed665_y3_z8_passes1.csv";

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
validQ[{y_, z_, passes_}] := y <= f[z] && passes <= 1;

(* ---- values, bottom-up in lexicographic order (every option of a position comes before it) ----
   value[[y + 1, z + 1, passes + 1]] is the Grundy value of {y, z, passes}. *)
value = ConstantArray[-1, {yMax + 1, zMax + 1, passesMax + 1}];
at[{y_, z_, passes_}] := value[[y + 1, z + 1, passes + 1]];
cutZ = ConstantArray[{}, {yMax + 1, passesMax + 1}];
optionsZ[{y_, z_, passes_}] := (
  If[Length[cutZ[[y + 1, passes + 1]]] < z,
    cutZ[[y + 1, passes + 1]] = Join[cutZ[[y + 1, passes + 1]], Map[Function[{t}, value[[Min[y, f[t]] + 1, t + 1, passes + 1]]], Range[Length[cutZ[[y + 1, passes + 1]]], z - 1]]]];
  cutZ[[y + 1, passes + 1]]);
withPass[{y_, z_, passes_}, opts_] := If[passes == 1 && opts =!= {}, Append[opts, at[{y, z, 0}]], opts];
computeValue[{y_, z_, passes_}] := value[[y + 1, z + 1, passes + 1]] = Mex[withPass[{y, z, passes}, Join[Take[value[[All, z + 1, passes + 1]], y], optionsZ[{y, z, passes}]]]];
positions = Select[Tuples[{Range[0, yMax], Range[0, zMax], Range[0, passesMax]}], validQ];

(* ---- output: the only part that writes; each row is written (and flushed) as soon as its value is known ---- *)
stream = OpenWrite[csvFile];
WriteString[stream, "y,z,passes,grundy", "\n"];
writeRow[{y_, z_, passes_}, grundy_] := WriteString[stream, y, ",", z, ",", passes, ",", grundy, "\n"];
Scan[writeRow[#, computeValue[#]] &, positions];
Close[stream];
Print["wrote ", Length[positions], " positions to ", csvFile];

(* ---- claims of the specification, checked as the papers do: each prints the positions where
   it fails, {} when it holds on the box ---- *)
(* "after the pass, Theorem 3.2 (seed 001): grundy = y xor z": passes == 1 or grundy == y xor z *)
claim1Fails[{y_, z_, passes_}] := !TrueQ[passes == 1 || at[{y, z, passes}] == nimSum[y, z]];
Print[Select[positions, claim1Fails]];
