(* Emitted by cgs_bridge from the specification `turnips`; do not edit below the first block.
   Turnips: turn exactly three equally spaced coins, the rightmost from heads to tails (heap form)
   Source: E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways, ch. 14 (Turnips); CGSuite game.strip.Turning with the turning code 3E

   A coin-turning game in its heap form (spawn n into a, b where a >= 1 and a < b and b - a == n - b): a position is one heap n (a head at coin
   n); a move replaces it by the sum of heaps a and b, each 0..n-1 (0: no heap), whose
   Grundy value is the nim-sum of the heaps' values (Winning Ways ch. 14). heapOptions[n]
   lists the heaps each move leaves, one list per move.

   Run it in a folder: wolframscript -file FILE   or   mathics -q -f FILE
   It writes the CSV named below (header n,grundy, one row per heap
   from 0 on, as `cgs-bridge solve` writes it), then checks the claims of the spec.
   The program is the same for every box: only the first block changes. *)

(* ---- parameters, box and output file ---- *)
nMax = 20;
csvFile = "turnips_n20.csv";

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
parts[s_Integer, 0, _] := If[s == 0, {{}}, {}];
parts[s_Integer, 1, m_String] := If[s >= If[m === "?", 2, 1], {{s}}, {}];
parts[s_Integer, h_Integer, m_String] := If[s < h, {}, Select[Sort /@ IntegerPartitions[s, {h}], partsOK[m]]];
partsOK[""] = (True &);
partsOK["!"] = (Length[Union[#]] == Length[#] &);
partsOK["="] = (Length[Union[#]] == 1 &);
partsOK["?"] = (Length[Union[#]] > 1 &);
heapOptions[n_Integer] := heapOptions[n] = Union[Join[
  DeleteCases[#, 0] & /@ Select[Flatten[Table[{a, b}, {b, 0, n - 1}, {a, 0, b}], 1], Function[{a, b}, (a >= 1 && a < b && b - a == n - b) || (b >= 1 && b < a && a - b == n - a)] @@ # &]]];

(* ---- values, bottom-up: every option's heaps are smaller than the heap ---- *)
g = ConstantArray[-1, nMax + 1];
grundyOf[n_Integer] := Mex[Union[Map[nimSum @@ g[[# + 1]] &, heapOptions[n]]]];
at[{n_}] := g[[n + 1]];
positions = Table[{n}, {n, 0, nMax}];

(* ---- output: the only part that writes; each row is written (and flushed) as soon as its value is known ---- *)
stream = OpenWrite[csvFile];
WriteString[stream, "n,grundy", "\n"];
Do[g[[n + 1]] = grundyOf[n];
  WriteString[stream, n, ",", g[[n + 1]], "\n"], {n, 0, nMax}];
Close[stream];
Print["wrote ", Length[positions], " positions to ", csvFile];
