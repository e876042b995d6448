(* two_inequalities, k = 1, h = 3 (written for cgs_bridge's audit tests, issue 34): a validity
   predicate, the board by Cases over a flattened Table, the P-positions by Pick *)
k = 1; h = 3; top = 6;
ok[{a_, b_}] := a - h <= k b <= a;
succ[{a_, b_}] := Join[Table[{t, Min[b, Floor[t/k]]}, {t, 0, a - 1}],
   Table[{Min[a, k t + h], t}, {t, 0, b - 1}]];
nimber[p_] := nimber[p] = Block[{seen = nimber /@ succ[p], m = 0}, While[MemberQ[seen, m], m++]; m];
board = Cases[Flatten[Table[{a, b}, {a, 0, top}, {b, 0, top}], 1], _?ok];
zeros = Pick[board, nimber /@ board, 0];
Print[zeros]
