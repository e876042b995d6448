(* Kayles (octal game .77): a row of n pins; knock down one pin or two adjacent pins.
   Written for the tests in the memoised idiom of the published programs. *)
mex[s_List] := Min[Complement[Range[0, Length[s]], s]];
g[0] = 0;
g[n_] := g[n] = mex[Union[
    Table[BitXor[g[i], g[n - 1 - i]], {i, 0, n - 1}],
    Table[BitXor[g[i], g[n - 2 - i]], {i, 0, n - 2}]]];
Table[g[n], {n, 0, 30}]
