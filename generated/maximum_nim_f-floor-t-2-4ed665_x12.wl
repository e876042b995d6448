(* Emitted by cgs_bridge from the specification `maximum_nim`; do not edit below the first block.
   Maximum Nim: from a heap of x take at least 1 and at most f(x) tokens
   Source: L. Levine, Fractal sequences and restricted Nim, Ars Combinatoria 80 (2006), 113-127 (f(x) = floor(x/2))

   Positions: tuples (x) of nonnegative integers
   Moves: lower one coordinate to any smaller value t, then (spec syntax; coordinate names denote
   the lowered position, assignments are simultaneous):
     move t in 0..x - 1 where t >= x - f(x): x = t

   Run it in a folder: wolframscript -file FILE   or   mathics -q -f FILE
   It writes the CSV named below (header x,grundy, one row per valid position
   in lexicographic order, as `cgs-bridge solve` writes it), then checks the claims of the spec.
   The program is the same for every parameter value and box: only the first block changes. *)

(* ---- parameters, box and output file ---- *)
f = Function[{t}, Quotient[t, 2]];
xMax = 12;
csvFile = "maximum_nim_f-floor-t-2-4ed665_x12.csv";

(* ---- the game ---- *)
cgsError[msg_String] := (Print["error: ", msg]; Exit[1]);
ilog2[n_Integer] := If[n >= 1, IntegerLength[n, 2] - 1, cgsError["floor(log2(" <> ToString[n] <> ")) is undefined"]];
searchMax[lo_Integer, hi_Integer, cond_] := Module[{m = hi},
  While[m >= lo && !TrueQ[cond[m]], m--];
  If[m < lo, cgsError["max search in " <> ToString[lo] <> ".." <> ToString[hi] <> ": no value satisfies the condition"], m]];
Mex[s_List] := Min[Complement[Range[0, Length[s]], s]];
ones[n_] := searchMax[0, ilog2[n + 1], Function[{m}, Mod[n + 1, 2^m] == 0]];
validQ[_List] := True;

(* ---- values, bottom-up in lexicographic order (every option of a position comes before it) ----
   value[[x + 1]] is the Grundy value of {x}. *)
value = ConstantArray[-1, {xMax + 1}];
at[{x_}] := value[[x + 1]];
moveOptions[{x_}] := Table[at[{t}], {t, Select[Range[0, x - 1], Function[{t}, t >= x - f[x]]]}];
computeValue[{x_}] := value[[x + 1]] = Mex[Join[moveOptions[{x}]]];
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
(* "Levine (2006), f(x) = floor(x/2): g(2k) = k, g(2k + 1) = g(k)": grundy == floor(x / 2 ^ (ones(x) + 1)) *)
claim1Fails[{x_}] := !TrueQ[at[{x}] == Quotient[x, 2^(ones[x] + 1)]];
If[f[5] == 2 && f[8] == 4 && f[9] == 4, Print[Select[positions, claim1Fails]]];
