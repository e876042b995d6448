(* Emitted by cgs_bridge from the specification `mem`; do not edit below the first block.
   Mem: remove at least as many tokens as the previous move removed
   Source: CGSuite 2.2, game.heap.GenMem (f(k, a) := a >= k, its example Mem): options (n - a, a) for a from 1 to n where f(k, a)

   Positions: tuples (n, k) of nonnegative integers
   Moves: lower one coordinate to any smaller value t, then (spec syntax; coordinate names denote
   the lowered position, assignments are simultaneous):
     move a in 1..n where a >= k: n = n - a, k = a

   Run it in a folder: wolframscript -file FILE   or   mathics -q -f FILE
   It writes the CSV named below (header n,k,grundy, one row per valid position
   in lexicographic order, as `cgs-bridge solve` writes it), then checks the claims of the spec.
   The program is the same for every parameter value and box: only the first block changes. *)

(* ---- parameters, box and output file ---- *)
nMax = 8;
kMax = 8;
csvFile = "mem_n8_k8.csv";

(* ---- the game ---- *)
cgsError[msg_String] := (Print["error: ", msg]; Exit[1]);
Mex[s_List] := Min[Complement[Range[0, Length[s]], s]];
validQ[_List] := True;

(* ---- values, bottom-up in lexicographic order (every option of a position comes before it) ----
   value[[n + 1, k + 1]] is the Grundy value of {n, k}. *)
value = ConstantArray[-1, {nMax + 1, kMax + 1}];
at[{n_, k_}] := value[[n + 1, k + 1]];
atInBox[q_List] := If[Min[q] >= 0 && And @@ Thread[q < Take[Dimensions[value], Length[q]]], at[q], cgsError["the option " <> ToString[q] <> " lies outside the box (a move raising a coordinate); take a larger bound"]];
moveOptions[{n_, k_}] := Table[atInBox[{n - a, a}], {a, Select[Range[1, n], Function[{a}, a >= k]]}];
computeValue[{n_, k_}] := value[[n + 1, k + 1]] = Mex[Join[moveOptions[{n, k}]]];
positions = Select[Tuples[{Range[0, nMax], Range[0, kMax]}], validQ];

(* ---- output: the only part that writes; each row is written (and flushed) as soon as its value is known ---- *)
stream = OpenWrite[csvFile];
WriteString[stream, "n,k,grundy", "\n"];
writeRow[{n_, k_}, grundy_] := WriteString[stream, n, ",", k, ",", grundy, "\n"];
Scan[writeRow[#, computeValue[#]] &, positions];
Close[stream];
Print["wrote ", Length[positions], " positions to ", csvFile];
