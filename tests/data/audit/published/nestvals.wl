(* written for cgs_bridge's audit tests, issue 47: subtraction game S = {1, 2, 3}: the Grundy values of heaps 0..n built by Nest and printed; no function of a position *)
n = 30;
Print[Nest[Append[#, Min[Complement[Range[0, 3], Take[#, -Min[3, Length[#]]]]]] &, {0}, n]]
