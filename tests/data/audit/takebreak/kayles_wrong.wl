(* Kayles with a planted bug: the knock-down of two pins forgets to split the row (it only
   shortens it), as a hurried transcription might. *)
mex[s_List] := Min[Complement[Range[0, Length[s]], s]];
g[0] = 0;
g[n_] := g[n] = mex[Union[
    Table[BitXor[g[i], g[n - 1 - i]], {i, 0, n - 1}],
    If[n >= 2, {g[n - 2]}, {}]]];
Table[g[n], {n, 0, 30}]
