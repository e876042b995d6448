(* Dawson's Kayles (octal game .07): remove two adjacent pins. Written for the tests with a Do
   loop filling a table of values, as many published programs do. *)
nmax = 30;
gv = ConstantArray[0, nmax + 1];
mex[s_List] := Min[Complement[Range[0, Length[s]], s]];
Do[gv[[n + 1]] = mex[Table[BitXor[gv[[a + 1]], gv[[n - 2 - a + 1]]], {a, 0, n - 2}]], {n, 2, nmax}];
gv
