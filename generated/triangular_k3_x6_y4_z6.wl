(* Emitted by cgs_bridge from the specification `triangular`; do not edit below the first block.
   Triangular chocolate bar: positions with y <= floor((x + z) / k)
   Source: seed 003 (Miyadera, Nakamura, Fukui), Definition 4.3; programs of Section 8

   Positions: tuples (x, y, z) of nonnegative integers with
     y <= floor((x + z) / k)
   Moves: lower one coordinate to any smaller value t, then (spec syntax; coordinate names denote
   the lowered position, assignments are simultaneous):
     cut x to t: y = min(y, floor((t + z) / k))
     cut y to t
     cut z to t: y = min(y, floor((x + t) / k))

   Run it in a folder: wolframscript -file FILE   or   mathics -q -f FILE
   It writes the CSV named below (header x,y,z,grundy, one row per valid position
   in lexicographic order, as `cgs-bridge solve` writes it), then checks the claims of the spec.
   The program is the same for every parameter value and box: only the first block changes. *)

(* ---- parameters, box and output file ---- *)
k = 3;
xMax = 6;
yMax = 4;
zMax = 6;
csvFile = "triangular_k3_x6_y4_z6.csv";

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
validQ[{x_, y_, z_}] := y <= Quotient[x + z, k];

(* ---- values, bottom-up in lexicographic order (every option of a position comes before it) ----
   value[[x + 1, y + 1, z + 1]] is the Grundy value of {x, y, z}. *)
value = ConstantArray[-1, {xMax + 1, yMax + 1, zMax + 1}];
at[{x_, y_, z_}] := value[[x + 1, y + 1, z + 1]];
cutX = ConstantArray[{}, {yMax + 1, zMax + 1}];
optionsX[{x_, y_, z_}] := (
  If[Length[cutX[[y + 1, z + 1]]] < x,
    cutX[[y + 1, z + 1]] = Join[cutX[[y + 1, z + 1]], Map[Function[{t}, value[[t + 1, Min[y, Quotient[t + z, k]] + 1, z + 1]]], Range[Length[cutX[[y + 1, z + 1]]], x - 1]]]];
  cutX[[y + 1, z + 1]]);
cutZ = ConstantArray[{}, {xMax + 1, yMax + 1}];
optionsZ[{x_, y_, z_}] := (
  If[Length[cutZ[[x + 1, y + 1]]] < z,
    cutZ[[x + 1, y + 1]] = Join[cutZ[[x + 1, y + 1]], Map[Function[{t}, value[[x + 1, Min[y, Quotient[x + t, k]] + 1, t + 1]]], Range[Length[cutZ[[x + 1, y + 1]]], z - 1]]]];
  cutZ[[x + 1, y + 1]]);
computeValue[{x_, y_, z_}] := value[[x + 1, y + 1, z + 1]] = Mex[Join[optionsX[{x, y, z}], Take[value[[x + 1, All, z + 1]], y], optionsZ[{x, y, z}]]];
positions = Select[Tuples[{Range[0, xMax], Range[0, yMax], Range[0, zMax]}], validQ];

(* ---- output: the only part that writes; each row is written (and flushed) as soon as its value is known ---- *)
stream = OpenWrite[csvFile];
WriteString[stream, "x,y,z,grundy", "\n"];
writeRow[{x_, y_, z_}, grundy_] := WriteString[stream, x, ",", y, ",", z, ",", grundy, "\n"];
Scan[writeRow[#, computeValue[#]] &, positions];
Close[stream];
Print["wrote ", Length[positions], " positions to ", csvFile];

(* ---- claims of the specification, checked as the papers do: each prints the positions where
   it fails, {} when it holds on the box ---- *)
(* "Theorem 7.3 (seed 003, Example 8.1): P-position iff x xor y xor z = 0": P iff x xor y xor z == 0 *)
claim1Fails[{x_, y_, z_}] := !TrueQ[Equivalent[(at[{x, y, z}] === 0), nimSum[x, y, z] == 0]];
If[Mod[k, 4] == 3, Print[Select[positions, claim1Fails]]];
(* "Conjecture 8.1 (seed 003, Example 8.5): P-position iff (x - 1) xor y xor (z - 1) = 0": P iff x - 1 xor y xor z - 1 == 0 *)
claim2Fails[{x_, y_, z_}] := !TrueQ[Equivalent[(at[{x, y, z}] === 0), nimSum[x - 1, y, z - 1] == 0]];
If[Mod[k, 4] == 1, Print[Select[positions, claim2Fails]]];
