(* two_inequalities_res_a6_b6.wl -- emitted by cgs_bridge from the specification `two_inequalities_res`; do not edit.
   Chocolate satisfying res(a) >= b >= res2(a), moves derived from the inequalities
   Source: seed 000 (chocolate games that satisfy two inequalities), Example 7.1
   Game: two_inequalities_res; box a <= 6, b <= 6.

   Positions: tuples (a, b) of nonnegative integers with
     res2(a) <= b <= res(a)
   Moves: lower one coordinate to any smaller value t, then (spec syntax; coordinate names denote
   the lowered position, assignments are simultaneous):
     cut a derived
     cut b derived

   Renamed for Mathematica: t -> t1, t -> t1

   Run in a folder: wolframscript -file two_inequalities_res_a6_b6.wl   or   mathics -q -f two_inequalities_res_a6_b6.wl
   It writes two_inequalities_res_a6_b6.csv there: header a,b,grundy, one row per valid
   position in lexicographic order (the CSV of `cgs-bridge solve`). Values are computed bottom-up:
   positions in lexicographic order, so every option is already known (no deep recursion). *)

cgsError[msg_String] := (Print["error: ", msg]; Exit[1]);
Mex[s_List] := Min[Complement[Range[0, Length[s]], s]];

res[n_] := 2*Floor[n/2] + 1;
res2[n_] := Max[2*Floor[n/2] - 2, 0];
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
move[{a_, b_}] := Join[
  Table[deriveA[{t1, b}], {t1, 0, a - 1}],
  Table[deriveB[{a, t1}], {t1, 0, b - 1}]];

Gr[p_] := Gr[p] = Mex[Map[Gr, move[p]]];

positions = Select[Tuples[{Range[0, 6], Range[0, 6]}], validQ];
Scan[Gr, positions];

csvFile = "two_inequalities_res_a6_b6.csv";
stream = OpenWrite[csvFile];
WriteString[stream, "a,b,grundy", "\n"];
Scan[WriteString[stream, StringRiffle[Map[ToString, Join[#, {Gr[#]}]], ","], "\n"] &, positions];
Close[stream];
Print["wrote ", Length[positions], " positions to ", csvFile];
