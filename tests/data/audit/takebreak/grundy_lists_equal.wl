(* Grundy's game with a planted bug: the split may leave two equal heaps (j runs to Floor[h/2]),
   which is the octal game 4.0, not Grundy's game 4!.0. From the heap 2 the program has the move
   to {1, 1}; the spec has none; so heap 2 has Grundy value 1 in the program and 0 in the spec. *)
mex[list_] := mex[list] = Min[Complement[Range[0, Length[list]], list]];
move[list_] := move[list] = Union[Flatten[Table[Sort[Join[Drop[list, {i}], {list[[i]] - j, j}]],
    {i, Length[list]}, {j, Floor[list[[i]]/2]}], 1]];
sg[list_] := sg[list] = mex[sg /@ move[list]];
Table[sg[{i}], {i, 0, 20}]
