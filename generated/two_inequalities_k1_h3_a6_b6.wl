(* Emitted by cgs_bridge from the specification `two_inequalities`; do not edit below the first block.
   Chocolate satisfying a / k >= b >= (a - h) / k (the right part of Fig. 7.11)
   Source: seed 000 (chocolate games that satisfy two inequalities), Example 7.2

   Positions: tuples (a, b) of nonnegative integers with
     a - h <= k * b
     k * b <= a
   Moves: lower one coordinate to any smaller value t, then (spec syntax; coordinate names denote
   the lowered position, assignments are simultaneous):
     cut a to t: b = min(b, floor(t / k))
     cut b to t: a = min(a, k * t + h)

   Run it in a folder: wolframscript -file FILE   or   mathics -q -f FILE
   It writes the CSV named below (header a,b,grundy, one row per valid position
   in lexicographic order, as `cgs-bridge solve` writes it), then checks the claims of the spec.
   The program is the same for every parameter value and box: only the first block changes. *)

(* ---- parameters, box and output file ---- *)
k = 1;
h = 3;
aMax = 6;
bMax = 6;
csvFile = "two_inequalities_k1_h3_a6_b6.csv";

(* ---- the game ---- *)
cgsError[msg_String] := (Print["error: ", msg]; Exit[1]);
Mex[s_List] := Min[Complement[Range[0, Length[s]], s]];
validQ[{a_, b_}] := a - h <= k*b && k*b <= a;

(* ---- values, bottom-up in lexicographic order (every option of a position comes before it) ----
   value[[a + 1, b + 1]] is the Grundy value of {a, b}. *)
value = ConstantArray[-1, {aMax + 1, bMax + 1}];
at[{a_, b_}] := value[[a + 1, b + 1]];
cutA = ConstantArray[{}, {bMax + 1}];
optionsA[{a_, b_}] := (
  If[Length[cutA[[b + 1]]] < a,
    cutA[[b + 1]] = Join[cutA[[b + 1]], Map[Function[{t}, value[[t + 1, Min[b, Quotient[t, k]] + 1]]], Range[Length[cutA[[b + 1]]], a - 1]]]];
  cutA[[b + 1]]);
cutB = ConstantArray[{}, {aMax + 1}];
optionsB[{a_, b_}] := (
  If[Length[cutB[[a + 1]]] < b,
    cutB[[a + 1]] = Join[cutB[[a + 1]], Map[Function[{t}, value[[Min[a, k*t + h] + 1, t + 1]]], Range[Length[cutB[[a + 1]]], b - 1]]]];
  cutB[[a + 1]]);
computeValue[{a_, b_}] := value[[a + 1, b + 1]] = Mex[Join[optionsA[{a, b}], optionsB[{a, b}]]];
positions = Select[Tuples[{Range[0, aMax], Range[0, bMax]}], validQ];

(* ---- output: the only part that writes; each row is written (and flushed) as soon as its value is known ---- *)
stream = OpenWrite[csvFile];
WriteString[stream, "a,b,grundy", "\n"];
writeRow[{a_, b_}, grundy_] := WriteString[stream, a, ",", b, ",", grundy, "\n"];
Scan[writeRow[#, computeValue[#]] &, positions];
Close[stream];
Print["wrote ", Length[positions], " positions to ", csvFile];
