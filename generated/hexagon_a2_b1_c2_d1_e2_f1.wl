(* Emitted by cgs_bridge from the specification `hexagon`; do not edit below the first block.
   Hexagonal chocolate cut in six directions, with the published one-pass clamp
   Source: seed 002, Example 2.1 (Graph 2.1) and the program of Example 2.2 (function pos)

   Positions: tuples (a, b, c, d, e, f) of nonnegative integers with
     b <= a + c + 1
     c <= b + d
     d <= c + e + 1
     e <= d + f
     f <= e + a + 1
     a <= f + b
   Moves: lower one coordinate to any smaller value t, then (spec syntax; coordinate names denote
   the lowered position, assignments are simultaneous):
     cut a to t
     cut b to t
     cut c to t
     cut d to t
     cut e to t
     cut f to t
   then one simultaneous clamp: a = min(f + b, a), b = min(a + c + 1, b), c = min(b + d, c), d = min(c + e + 1, d), e = min(d + f, e), f = min(e + a + 1, f)

   Run it in a folder: wolframscript -file FILE   or   mathics -q -f FILE
   It writes the CSV named below (header a,b,c,d,e,f,grundy, one row per valid position
   in lexicographic order, as `cgs-bridge solve` writes it), then checks the claims of the spec.
   The program is the same for every parameter value and box: only the first block changes. *)

(* ---- parameters, box and output file ---- *)
aMax = 2;
bMax = 1;
cMax = 2;
dMax = 1;
eMax = 2;
fMax = 1;
csvFile = "hexagon_a2_b1_c2_d1_e2_f1.csv";

(* ---- the game ---- *)
cgsError[msg_String] := (Print["error: ", msg]; Exit[1]);
Mex[s_List] := Min[Complement[Range[0, Length[s]], s]];
validQ[{a_, b_, c_, d_, e_, f_}] := b <= a + c + 1 && c <= b + d && d <= c + e + 1 && e <= d + f && f <= e + a + 1 && a <= f + b;
clamp[{a_, b_, c_, d_, e_, f_}] := {Min[f + b, a], Min[a + c + 1, b], Min[b + d, c], Min[c + e + 1, d], Min[d + f, e], Min[e + a + 1, f]};

(* ---- values, bottom-up in lexicographic order (every option of a position comes before it) ----
   value[[a + 1, b + 1, c + 1, d + 1, e + 1, f + 1]] is the Grundy value of {a, b, c, d, e, f}. *)
value = ConstantArray[-1, {aMax + 1, bMax + 1, cMax + 1, dMax + 1, eMax + 1, fMax + 1}];
at[{a_, b_, c_, d_, e_, f_}] := value[[a + 1, b + 1, c + 1, d + 1, e + 1, f + 1]];
cutA = ConstantArray[{}, {bMax + 1, cMax + 1, dMax + 1, eMax + 1, fMax + 1}];
optionsA[{a_, b_, c_, d_, e_, f_}] := (
  If[Length[cutA[[b + 1, c + 1, d + 1, e + 1, f + 1]]] < a,
    cutA[[b + 1, c + 1, d + 1, e + 1, f + 1]] = Join[cutA[[b + 1, c + 1, d + 1, e + 1, f + 1]], Map[Function[{t}, at[clamp[{t, b, c, d, e, f}]]], Range[Length[cutA[[b + 1, c + 1, d + 1, e + 1, f + 1]]], a - 1]]]];
  cutA[[b + 1, c + 1, d + 1, e + 1, f + 1]]);
cutB = ConstantArray[{}, {aMax + 1, cMax + 1, dMax + 1, eMax + 1, fMax + 1}];
optionsB[{a_, b_, c_, d_, e_, f_}] := (
  If[Length[cutB[[a + 1, c + 1, d + 1, e + 1, f + 1]]] < b,
    cutB[[a + 1, c + 1, d + 1, e + 1, f + 1]] = Join[cutB[[a + 1, c + 1, d + 1, e + 1, f + 1]], Map[Function[{t}, at[clamp[{a, t, c, d, e, f}]]], Range[Length[cutB[[a + 1, c + 1, d + 1, e + 1, f + 1]]], b - 1]]]];
  cutB[[a + 1, c + 1, d + 1, e + 1, f + 1]]);
cutC = ConstantArray[{}, {aMax + 1, bMax + 1, dMax + 1, eMax + 1, fMax + 1}];
optionsC[{a_, b_, c_, d_, e_, f_}] := (
  If[Length[cutC[[a + 1, b + 1, d + 1, e + 1, f + 1]]] < c,
    cutC[[a + 1, b + 1, d + 1, e + 1, f + 1]] = Join[cutC[[a + 1, b + 1, d + 1, e + 1, f + 1]], Map[Function[{t}, at[clamp[{a, b, t, d, e, f}]]], Range[Length[cutC[[a + 1, b + 1, d + 1, e + 1, f + 1]]], c - 1]]]];
  cutC[[a + 1, b + 1, d + 1, e + 1, f + 1]]);
cutD = ConstantArray[{}, {aMax + 1, bMax + 1, cMax + 1, eMax + 1, fMax + 1}];
optionsD[{a_, b_, c_, d_, e_, f_}] := (
  If[Length[cutD[[a + 1, b + 1, c + 1, e + 1, f + 1]]] < d,
    cutD[[a + 1, b + 1, c + 1, e + 1, f + 1]] = Join[cutD[[a + 1, b + 1, c + 1, e + 1, f + 1]], Map[Function[{t}, at[clamp[{a, b, c, t, e, f}]]], Range[Length[cutD[[a + 1, b + 1, c + 1, e + 1, f + 1]]], d - 1]]]];
  cutD[[a + 1, b + 1, c + 1, e + 1, f + 1]]);
cutE = ConstantArray[{}, {aMax + 1, bMax + 1, cMax + 1, dMax + 1, fMax + 1}];
optionsE[{a_, b_, c_, d_, e_, f_}] := (
  If[Length[cutE[[a + 1, b + 1, c + 1, d + 1, f + 1]]] < e,
    cutE[[a + 1, b + 1, c + 1, d + 1, f + 1]] = Join[cutE[[a + 1, b + 1, c + 1, d + 1, f + 1]], Map[Function[{t}, at[clamp[{a, b, c, d, t, f}]]], Range[Length[cutE[[a + 1, b + 1, c + 1, d + 1, f + 1]]], e - 1]]]];
  cutE[[a + 1, b + 1, c + 1, d + 1, f + 1]]);
cutF = ConstantArray[{}, {aMax + 1, bMax + 1, cMax + 1, dMax + 1, eMax + 1}];
optionsF[{a_, b_, c_, d_, e_, f_}] := (
  If[Length[cutF[[a + 1, b + 1, c + 1, d + 1, e + 1]]] < f,
    cutF[[a + 1, b + 1, c + 1, d + 1, e + 1]] = Join[cutF[[a + 1, b + 1, c + 1, d + 1, e + 1]], Map[Function[{t}, at[clamp[{a, b, c, d, e, t}]]], Range[Length[cutF[[a + 1, b + 1, c + 1, d + 1, e + 1]]], f - 1]]]];
  cutF[[a + 1, b + 1, c + 1, d + 1, e + 1]]);
computeValue[{a_, b_, c_, d_, e_, f_}] := value[[a + 1, b + 1, c + 1, d + 1, e + 1, f + 1]] = Mex[Join[optionsA[{a, b, c, d, e, f}], optionsB[{a, b, c, d, e, f}], optionsC[{a, b, c, d, e, f}], optionsD[{a, b, c, d, e, f}], optionsE[{a, b, c, d, e, f}], optionsF[{a, b, c, d, e, f}]]];
positions = Select[Tuples[{Range[0, aMax], Range[0, bMax], Range[0, cMax], Range[0, dMax], Range[0, eMax], Range[0, fMax]}], validQ];

(* ---- output: the only part that writes; each row is written (and flushed) as soon as its value is known ---- *)
stream = OpenWrite[csvFile];
WriteString[stream, "a,b,c,d,e,f,grundy", "\n"];
writeRow[{a_, b_, c_, d_, e_, f_}, grundy_] := WriteString[stream, a, ",", b, ",", c, ",", d, ",", e, ",", f, ",", grundy, "\n"];
Scan[writeRow[#, computeValue[#]] &, positions];
Close[stream];
Print["wrote ", Length[positions], " positions to ", csvFile];
