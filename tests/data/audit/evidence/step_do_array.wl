(* step, f(t) = floor(t/2) (written for cgs_bridge's audit tests, issue 34): Grundy numbers in an
   array g[[y + 1, z + 1]] filled by Do loops, output by Print only *)
m = 8;
g = ConstantArray[-1, {m + 1, m + 1}];
Do[If[y <= Floor[z/2],
   g[[y + 1, z + 1]] = Module[{used = Join[Table[g[[t + 1, z + 1]], {t, 0, y - 1}],
        Table[g[[Min[y, Floor[t/2]] + 1, t + 1]], {t, 0, z - 1}]], v = 0},
      While[MemberQ[used, v], v++]; v]],
  {z, 0, m}, {y, 0, m}];
Print[MatrixForm[g]]
