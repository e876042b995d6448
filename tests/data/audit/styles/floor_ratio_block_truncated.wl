(* floor_ratio, k = 1: the whole computation inside a function, a Block-local parameter k,
   called at the end with the size (written for cgs_bridge's audit tests) *)
ppo[ss_] := Block[{k}, k = 1;
  al = Flatten[Table[{a, b, c}, {a, 0, ss}, {b, 0, ss}, {c, 0, ss}], 2];
  allcases = Select[al, #[[2]] <= Floor[#[[3]]/k] &];
  move[z_] := Union[Table[{t, z[[2]], z[[3]]}, {t, 0, z[[1]] - 1}],
    Table[{z[[1]], t, z[[3]