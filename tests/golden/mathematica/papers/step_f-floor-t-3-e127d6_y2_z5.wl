(* Emitted by cgs_bridge from the specification `step`; do not edit below the first block.
   Step chocolate bar CB(f, y, z) with a nondecreasing width function f
   Source: seed 001 (Miyadera, Nakamura, Nakaya), Definitions 2.1-2.3

   Positions: tuples (y, z) of nonnegative integers with
     y <= f(z)
   Moves: lower one coordinate to any smaller value t, then (spec syntax; coordinate names denote
   the lowered position, assignments are simultaneous):
     cut y to t
     cut z to t: y = min(y, f(t))

   Run it in a folder: wolframscript -file FILE   or   mathics -q -f FILE
   It writes the CSV named below (header y,z,grundy, one row per valid position
   in lexicographic order, as `cgs-bridge solve` writes it), then checks the claims of the spec.
   The program is the same for every parameter value and box: only the first block changes. *)

(* ---- parameters, box and output file ---- *)
f = Function[{t}, Quotient[t, 3]];
yMax = 2;
zMax = 5;
csvFile = "step_f-floor-t-3-e127d6_y2_z5.csv";

(* ---- the game ---- *)
cgsError[msg_String] := (Print["error: ", msg]; Exit[1]);
Mex[s_List] := Min[Complement[Range[0, Length[s]], s]];
validQ[{y_, z_}] := y <= f[z];

(* ---- values, bottom-up in lexicographic order (every option of a position comes before it) ----
   value[[y + 1, z + 1]] is the Grundy value of {y, z}. *)
(* Form `papers` (as the published programs do it): each option function lists every option
   position of a position and reads its value from `value`, computed before it; the form `fast`
   (cgs-bridge generate --mathematica-form fast, the default) keeps the values along each
   coordinate per line instead and gives the same values. *)
value = ConstantArray[-1, {yMax + 1, zMax + 1}];
at[{y_, z_}] := value[[y + 1, z + 1]];
optionsY[{y_, z_}] := Table[at[{t, z}], {t, 0, y - 1}];
optionsZ[{y_, z_}] := Table[at[{Min[y, f[t]], t}], {t, 0, z - 1}];
computeValue[{y_, z_}] := value[[y + 1, z + 1]] = Mex[Join[optionsY[{y, z}], optionsZ[{y, z}]]];
positions = Select[Tuples[{Range[0, yMax], Range[0, zMax]}], validQ];

(* ---- output: the only part that writes; each row is written (and flushed) as soon as its value is known ---- *)
stream = OpenWrite[csvFile];
WriteString[stream, "y,z,grundy", "\n"];
writeRow[{y_, z_}, grundy_] := WriteString[stream, y, ",", z, ",", grundy, "\n"];
Scan[writeRow[#, computeValue[#]] &, positions];
Close[stream];
Print["wrote ", Length[positions], " positions to ", csvFile];

(* ---- claims of the specification, checked as the papers do: each prints the positions where
   it fails, {} when it holds on the box ---- *)
(* "Theorem 3.2 (seed 001): grundy = y xor z": not applicable: f(t) = floor(t/3) is not halving on the box: floor(2/2^1) = floor(3/2^1) but floor(f(2)/2^0) = 0 != floor(f(3)/2^0) = 1 *)
