(* written for cgs_bridge's audit tests, issue 47: subtraction game S = {1, 2, 3}: P-positions by a sieve (a heap is a P-position when no P-position is 1, 2 or 3 below it), printed *)
n = 30;
ps = {};
Do[If[Intersection[ps, x - {1, 2, 3}] == {}, AppendTo[ps, x]], {x, 0, n}];
Print[Select[ps, # <= n &]]
