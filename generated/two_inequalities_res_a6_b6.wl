(* Emitted by cgs_bridge from the specification `two_inequalities_res`; do not edit below the first block.
   Chocolate satisfying res(a) >= b >= res2(a), moves derived from the inequalities
   Source: seed 000 (chocolate games that satisfy two inequalities), Example 7.1

   Positions: tuples (a, b) of nonnegative integers with
     res2(a) <= b <= res(a)
   Moves: lower one coordinate to any smaller value t, then (spec syntax; coordinate names denote
   the lowered position, assignments are simultaneous):
     cut a derived
     cut b derived

   Renamed for Mathematica: t -> t1, t -> t1

   Run it in a folder: wolframscript -file FILE   or   mathics -q -f FILE
   It writes the CSV named below (header a,b,grundy, one row per valid position
   in lexicographic order, as `cgs-bridge solve` writes it), then checks the claims of the spec.
   The program is the same for every parameter value and box: only the first block changes. *)

(* ---- parameters, box and output file ---- *)
aMax = 6;
bMax = 6;
csvFile = "two_inequalities_res_a6_b6.csv";

(* ---- the game ---- *)
cgsError[msg_String] := (Print["error: ", msg]; Exit[1]);
Mex[s_List] := Min[Complement[Range[0, Length[s]], s]];
res[n_] := 2*Quotient[n, 2] + 1;
res2[n_] := Max[2*Quotient[n, 2] - 2, 0];
validQ[{a_, b_}] := res2[a] <= b <= res[a];
deriveA[{a0_, b0_}] := Module[{a = a0, b = b0, changed = True, v},
  While[changed,
    changed = False;
    If[!(res2[a] <= b), cgsError["derived move of two_inequalities_res not well defined: lowering a reaches a point where the constraint at line 8 fails and would have to lower the cut coordinate a itself"]];
    If[!(b <= res[a]),
      v = res[a];
      If[v < 0, cgsError["derived move of two_inequalities_res not well defined: lowering a reaches a point where the constraint at line 8 fails and no value of b >= 0 fits"]];
      If[v < b, b = v; changed = True]];
  ];
  {a, b}];
deriveB[{a02_, b02_}] := Module[{a = a02, b = b02, changed2 = True, v2},
  While[changed2,
    changed2 = False;
    If[!(res2[a] <= b),
      v2 = a - 1;
      While[v2 >= 0 && !(res2[v2] <= b), v2--];
      If[v2 < 0, cgsError["derived move of two_inequalities_res not well defined: lowering b reaches a point where the constraint at line 8 fails and no value of a >= 0 fits"]];
      If[v2 < a, a = v2; changed2 = True]];
    If[!(b <= res[a]), cgsError["derived move of two_inequalities_res not well defined: lowering b reaches a point where the constraint at line 8 fails and would have to lower the cut coordinate b itself"]];
  ];
  {a, b}];

(* ---- values, bottom-up in lexicographic order (every option of a position comes before it) ----
   value[[a + 1, b + 1]] is the Grundy value of {a, b}. *)
value = ConstantArray[-1, {aMax + 1, bMax + 1}];
at[{a_, b_}] := value[[a + 1, b + 1]];
cutA = ConstantArray[{}, {bMax + 1}];
optionsA[{a_, b_}] := (
  If[Length[cutA[[b + 1]]] < a,
    cutA[[b + 1]] = Join[cutA[[b + 1]], Map[Function[{t1}, at[deriveA[{t1, b}]]], Range[Length[cutA[[b + 1]]], a - 1]]]];
  cutA[[b + 1]]);
cutB = ConstantArray[{}, {aMax + 1}];
optionsB[{a_, b_}] := (
  If[Length[cutB[[a + 1]]] < b,
    cutB[[a + 1]] = Join[cutB[[a + 1]], Map[Function[{t1}, at[deriveB[{a, t1}]]], Range[Length[cutB[[a + 1]]], b - 1]]]];
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
