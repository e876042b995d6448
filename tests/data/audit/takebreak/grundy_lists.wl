(* Grundy's game: split a heap into two unequal heaps. Written for the tests in the idiom of the
   program printed with OEIS A002188: a position is a list of heaps, its value the mex over the
   lists one move away. *)
mex[list_] := mex[list] = Min[Complement[Range[0, Length[list]], list]];
move[list_] := move[list] = Union[Flatten[Table[Sort[Join[Drop[list, {i}], {list[[i]] - j, j}]],
    {i, Length[list]}, {j, Floor[(list[[i]] - 1)/2]}], 1]];
sg[list_] := sg[list] = mex[sg /@ move[list]];
Table[sg[{i}], {i, 0, 20}]
