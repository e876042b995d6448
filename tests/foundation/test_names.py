"""The first free name (``foundation.names.take_free``), the one loop shared by the emitters'
Namer and the proof language's namers (issue 35: it was written three times). Expected names are
the rule's own statement: ``base``, else ``base<sep>2``, ``base<sep>3``, ... skipping taken ones."""

from cgs_bridge.foundation.names import take_free
from cgs_bridge.systems.printing.naming import Namer
from solvers.logic.intval import Namer as ProofNamer
from solvers.logic.rules import proof_name


def test_take_free_skips_every_taken_name_and_reserves_what_it_returns():
    taken = {"x", "x2", "x4"}
    assert take_free("y", taken) == "y" and "y" in taken
    assert take_free("x", taken) == "x3" and "x3" in taken
    assert take_free("x", taken) == "x5"
    assert take_free("t", {"t", "t_2"}, "_") == "t_3"


def test_the_three_namers_use_the_rule():
    n = Namer(["a"], valid=str.isidentifier, repair=lambda s: "v", bump=lambda s: s + "_", taken={"g", "g2"})
    assert [n.fresh("g"), n.fresh("g"), n.fresh("h")] == ["g3", "g4", "h"]
    p = ProofNamer({"x", "x_2"})
    assert [p.take("x"), p.take("x"), p.take("y")] == ["x_3", "x_4", "y"]
    taken = {"k"}
    assert [proof_name("K", taken), proof_name("k", taken), proof_name("9a", taken)] == ["k_2", "k_3", "v_9a"]
