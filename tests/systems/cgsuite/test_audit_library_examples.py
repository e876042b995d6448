"""CGScript as CGSuite's own example library writes it (issue 47, item 6): the 2.x examples inside
``../shared/engines/cgsuite/lib/cgsuite-core.jar`` (``org/cgsuite/lang/examples/``), read from the
jar at run time (nothing of them is copied into the project). Nim (impartial) is judged against the
nim spec; PartizanSubtraction (Options(player), ``player == Left``) is judged when its two
subtraction sets are equal (then it is the subtraction game) and refused as partizan, naming the
line where it reads the player, when they differ. The real CGSuite 2.2 runs the same classes and
prints the values the spec gives (Nim: n; S = {1, 2, 3}: *(n mod 4)) and the partizan value 1 of a
heap of 1 under L = {1, 3}, R = {2, 3}.
"""

from __future__ import annotations

import zipfile

import pytest

from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_game
from cgs_bridge.systems.cgsuite.audit.core import audit_cgscript
from solvers import Box

EXAMPLES = "org/cgsuite/lang/examples/"


@pytest.fixture
def examples(shared, tmp_path):
    jar = shared / "engines" / "cgsuite" / "lib" / "cgsuite-core.jar"
    if not jar.is_file():
        pytest.skip(f"{jar} is absent")
    with zipfile.ZipFile(jar) as z:
        for name in z.namelist():
            if name.startswith(EXAMPLES) and name.endswith(".cgs"):
                (tmp_path / name[len(EXAMPLES):]).write_bytes(z.read(name))
    return tmp_path


def test_nim_example_agrees_with_the_nim_spec(examples):
    rep = audit_cgscript(str(examples / "Nim.cgs"), Ruleset(load_game("nim"), {}), box=Box(("x",), (10,)),
                         mapping={"heapSize": "x"})
    assert rep.exit_code == 0, [c.summary for _, c in rep.checks]


def test_partizan_subtraction_with_equal_sets_is_the_subtraction_game(examples):
    rep = audit_cgscript(str(examples / "PartizanSubtraction.cgs"), Ruleset(load_game("subtraction"), {}),
                         box=Box(("x",), (12,)), mapping={"heapSize": "x", "leftSet": "{1,2,3}",
                                                           "rightSet": "{1,2,3}"})
    assert rep.exit_code == 0, [c.summary for _, c in rep.checks]
    rep = audit_cgscript(str(examples / "PartizanSubtraction.cgs"), Ruleset(load_game("subtraction"), {}),
                         box=Box(("x",), (12,)), mapping={"heapSize": "x", "leftSet": "{1,2}",
                                                           "rightSet": "{1,2}"})
    moves = next(c for _, c in rep.checks if c.name == "moves")  # the planted twin: S = {1, 2}
    assert rep.exit_code == 1 and {r["position"] for r in moves.rows} == {f"({x})" for x in range(3, 13)}


def test_partizan_subtraction_with_different_sets_is_refused_naming_the_line(examples):
    rep = audit_cgscript(str(examples / "PartizanSubtraction.cgs"), Ruleset(load_game("subtraction"), {}),
                         box=Box(("x",), (8,)), mapping={"heapSize": "x", "leftSet": "{1,3}",
                                                          "rightSet": "{2,3}"})
    assert rep.exit_code == 2
    text = " | ".join(c.summary for _, c in rep.checks)
    assert "partizan: PartizanSubtraction.Position(1) has Left options" in text
    source = (examples / "PartizanSubtraction.cgs").read_text(encoding="utf-8").splitlines()
    line = next(i for i, s in enumerate(source, 1) if "player == Left" in s)
    assert f"the player read at line {line}" in text


def test_the_real_cgsuite_prints_the_values_the_specs_give(examples, real_cgsuite, tmp_path):
    (tmp_path / "run").mkdir()
    script = tmp_path / "run" / "check.cgs"
    script.write_text("R := PartizanSubtraction([1,2,3],[1,2,3]);\n"
                      "System.Print([R(n).CanonicalForm for n from 0 to 8]);\n"
                      "System.Print([Nim(n).NimValue for n from 0 to 8]);\n"
                      "System.Print(PartizanSubtraction([1,3],[2,3])(1).CanonicalForm)\n", encoding="utf-8")
    out = real_cgsuite.run(examples, script)
    star = lambda v: "0" if v == 0 else "*" if v == 1 else f"*{v}"  # noqa: E731
    lines = out.stdout.splitlines()
    assert lines[0] == "[" + ",".join(star(n % 4) for n in range(9)) + "]"
    assert lines[1] == "[" + ",".join(str(n) for n in range(9)) + "]"
    assert lines[2] == "1"  # Left moves to 0, Right cannot move: not impartial
