G[a_, b_] /; a > b := G[b, a];
G[a_, b_] := G[a, b] = Min[Complement[Range[0, a + b + 1],
    Join[Table[G[t, b], {t, 0, a - 1}], Table[G[a, t], {t, 0, b - 1}],
     Table[G[a - s, b - s], {s, 1, Min[a, b]}]]]];
tab = Table[G[a, b], {a, 0, 6}, {b, 0, 6}];
Print[tab]
