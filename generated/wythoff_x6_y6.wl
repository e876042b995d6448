(* Emitted by cgs_bridge from the specification `wythoff`; do not edit below the first block.
   Wythoff's game: lower one heap, or both heaps by the same amount
   Source: W. A. Wythoff, A modification of the game of Nim, Nieuw Archief voor Wiskunde (2) 7 (1907), 199-202

   Positions: tuples (x, y) of nonnegative integers
   Moves: lower one coordinate to any smaller value t, then (spec syntax; coordinate names denote
   the lowered position, assignments are simultaneous):
     cut x to t
     cut y to t
     move s in 1..min(x, y): x = x - s, y = y - s

   Run it in a folder: wolframscript -file FILE   or   mathics -q -f FILE
   It writes the CSV named below (header x,y,grundy, one row per valid position
   in lexicographic order, as `cgs-bridge solve` writes it), then checks the claims of the spec.
   The program is the same for every parameter value and box: only the first block changes. *)

(* ---- parameters, box and output file ---- *)
xMax = 6;
yMax = 6;
csvFile = "wythoff_x6_y6.csv";

(* ---- the game ---- *)
cgsError[msg_String] := (Print["error: ", msg]; Exit[1]);
searchMax[lo_Integer, hi_Integer, cond_] := Module[{m = hi},
  While[m >= lo && !TrueQ[cond[m]], m--];
  If[m < lo, cgsError["max search in " <> ToString[lo] <> ".." <> ToString[hi] <> ": no value satisfies the condition"], m]];
Mex[s_List] := Min[Complement[Range[0, Length[s]], s]];
isqrt5[n_] := searchMax[0, 3*n, Function[{m}, m*m <= 5*n*n]];
lower[n_] := Quotient[n + isqrt5[n], 2];
validQ[_List] := True;

(* ---- values, bottom-up in lexicographic order (every option of a position comes before it) ----
   value[[x + 1, y + 1]] is the Grundy value of {x, y}. *)
value = ConstantArray[-1, {xMax + 1, yMax + 1}];
at[{x_, y_}] := value[[x + 1, y + 1]];
moveOptions[{x_, y_}] := Table[at[{x - s, y - s}], {s, 1, Min[x, y]}];
computeValue[{x_, y_}] := value[[x + 1, y + 1]] = Mex[Join[Take[value[[All, y + 1]], x], Take[value[[x + 1, All]], y], moveOptions[{x, y}]]];
positions = Select[Tuples[{Range[0, xMax], Range[0, yMax]}], validQ];

(* ---- output: the only part that writes; each row is written (and flushed) as soon as its value is known ---- *)
stream = OpenWrite[csvFile];
WriteString[stream, "x,y,grundy", "\n"];
writeRow[{x_, y_}, grundy_] := WriteString[stream, x, ",", y, ",", grundy, "\n"];
Scan[writeRow[#, computeValue[#]] &, positions];
Close[stream];
Print["wrote ", Length[positions], " positions to ", csvFile];

(* ---- claims of the specification, checked as the papers do: each prints the positions where
   it fails, {} when it holds on the box ---- *)
(* "Wythoff (1907): P-positions are (floor(n phi), floor(n phi^2)) and their mirrors": P iff min(x, y) == lower(abs(x - y)) *)
claim1Fails[{x_, y_}] := !TrueQ[Equivalent[(at[{x, y}] === 0), Min[x, y] == lower[Abs[x - y]]]];
Print[Select[positions, claim1Fails]];
