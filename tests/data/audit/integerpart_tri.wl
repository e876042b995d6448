(* The triangular chocolate bar of seed 003 (Definition 4.3) with k = 3, written for this test in
   the style of the seeds' programs, with IntegerPart (a builtin of mathics.builtin.numbers) where
   they write Floor: both agree on nonnegative numbers. *)
k = 3; ss = 4;
allcases = Select[Flatten[Table[{x, y, z}, {x, 0, ss}, {y, 0, ss}, {z, 0, ss}], 2],
  #[[2]] <= IntegerPart[(#[[1]] + #[[3]])/k] &];
move[{x_, y_, z_}] := Union[
  Table[{u, Min[y, IntegerPart[(u + z)/k]], z}, {u, 0, x - 1}],
  Table[{x, v, z}, {v, 0, y - 1}],
  Table[{x, Min[y, IntegerPart[(x + w)/k]], w}, {w, 0, z - 1}]];
Mex[L_] := Min[Complement[Range[0, Length[L]], L]];
Gr[pos_] := Gr[pos] = Mex[Map[Gr, move[pos]]];
Length[Select[allcases, Gr[#] == 0 &]]
