(* written for cgs_bridge's audit tests, issue 47: Wythoff's game: P-positions by the greedy construction (the least number a not yet used, paired with a + k for the k-th pair), printed; no function of a position *)
n = 12;
ps = {}; used = {}; k = 0;
Do[If[! MemberQ[used, a], ps = Join[ps, {{a, a + k}, {a + k, a}}]; used = Join[used, {a, a + k}]; k++], {a, 0, n}];
Print[Select[Union[ps], Max[#] <= n &]]
