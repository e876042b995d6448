"""The real CGSuite table transcripts and what produced them, for the tests that import them.

transcript (``fixtures/cgsuite/transcripts/NAME.out``, copied in ``tests/data/cgsuite``) ->
(game, params, box, misere): the box is exactly what ``scripts/NAME.cgs`` enumerates (read off
the script), so the Python solution of that game on that box is the expected table.
"""

TABLES = {
    "tri_list.out": ("triangular", {"k": "3"}, "x=6,y=4,z=6", False),
    "tri_misere.out": ("triangular", {"k": "3"}, "x=4,y=2,z=4", True),
    "tri_strings.out": ("triangular", {"k": "3"}, "x=3,y=2,z=3", False),
    "tri_canonical.out": ("triangular", {"k": "3"}, "x=4,y=2,z=4", False),
    "repl_session.out": ("triangular", {"k": "3"}, "x=2,y=1,z=2", False),
    "step.out": ("step", {"f": "floor(t/2)"}, "y=4,z=9", False),
    "hex.out": ("hexagon", {}, "a=2,b=1,c=2,d=1,e=2,f=1", False),
}
