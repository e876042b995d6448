k = 3; n = 5;
nxt[{x_, y_, z_}] := Union[Table[{i, Min[y, Floor[(i + z)/k]], z}, {i, 0, x - 1}],
   Table[{x, j, z}, {j, 0, y - 1}], Table[{x, Min[y, Floor[(x + l)/k]], l}, {l, 0, z - 1}]];
gr[p_] := gr[p] = Module[{s = gr /@ nxt[p], m = 0}, While[MemberQ[s, m], m++]; m];
states = Select[Tuples[Range[0, n], 3], #[[2]] <= Floor[(#[[1]] + #[[3]])/k] &];
losing = Select[states, gr[#] == 0 &];
Print[Length[losing]]
