"""Audit of published CGScript programs (issue 13).

The programs are read from ../shared/seeds (seed 003, Examples 8.2, 8.4, 8.6, 8.8) at test time;
nothing of them is copied here. Expected values: the paper's printed outputs (empty sets for
Ex 8.2/8.6 per its text, 977/2257 printed under Ex 8.3 for the same counts, the P-position list
printed under Ex 8.7 for Ex 8.8's set), the fixture restoration of Ex 8.2's class, real CGSuite 2.2
transcripts (procedure_param.out, tri_canonical.out) and the spec solver (an independent program).
"""

from __future__ import annotations

import sys

import dataclasses
import re

import pytest

from cgs_bridge.cli.main import main
from cgs_bridge.foundation.errors import EvaluationError
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_game
from cgs_bridge.systems.auditing import seeds
from cgs_bridge.systems.cgsuite.audit.core import audit_cgscript
from cgs_bridge.systems.registry import detect_language
from cgs_bridge.systems.cgsuite.audit.core import _interpreter, load_source
from cgs_bridge.systems.cgsuite.cgscript.evaluator import Limits
from cgs_bridge.systems.cgsuite.cgscript.parse import CGScriptError, parse_file_text
from cgs_bridge.systems.cgsuite.cgscript.values import to_text
from solvers import Box, solve


def ruleset(k):
    return Ruleset(load_game("triangular"), {"k": str(k)})


def seed_program(shared, example: str) -> str:
    """The program printed under 'Example 8.N.' in seed 003 (:mod:`cgs_bridge.systems.auditing.seeds`): the
    class line (8.2) or the Ψ line of the script, as printed."""
    text = seeds.program("003", example, shared / "seeds", class_only=example == "8.2")
    if text is None:
        pytest.skip(f"Example {example} not found in the seed text")
    return text.rstrip("\n")


@pytest.fixture
def classpath(shared, tmp_path):
    """A class-path folder holding Ex 8.2's class as printed (one line) in examples/Choco3D.cgs."""
    (tmp_path / "examples").mkdir()
    (tmp_path / "examples" / "Choco3D.cgs").write_text(seed_program(shared, "8.2"), encoding="utf-8")
    return tmp_path


def strip_pos(node, star_member=True):
    """``node`` as nested tuples without positions; ``star_member=False`` also drops the
    ``as_member`` mark of a nimber ``*x1`` (the port prints every such nimber as ``*(x1)``)."""
    if isinstance(node, tuple):
        return tuple(strip_pos(x, star_member) for x in node)
    if dataclasses.is_dataclass(node):
        return tuple((f.name, False if f.name == "as_member" and not star_member
                      else strip_pos(getattr(node, f.name), star_member))
                     for f in dataclasses.fields(node) if f.name not in ("pos", "file"))
    return node


def test_normalised_class_equals_fixture_restoration(shared):
    printed = seed_program(shared, "8.2")
    prog, norm = parse_file_text(printed, "ex82")
    fixture, _ = parse_file_text((shared / "fixtures/cgsuite/published/examples/Choco3D.cgs").read_text())
    assert strip_pos(prog.classes) == strip_pos(fixture.classes)
    kinds = [c.kind for c in norm.changes]
    assert kinds.count("comment-break") == 3  # // x, // y, // z swallowed the loops
    assert prog.dialect == "1.x"


@pytest.mark.parametrize("k", [3, 5, 2])
def test_class_options_and_values_agree_with_spec(classpath, k):
    rep = audit_cgscript(str(classpath / "examples" / "Choco3D.cgs"), ruleset(k),
                         box=Box(("x", "y", "z"), (5, 4, 5)))
    c = {c.name: c for _, c in rep.checks}
    assert rep.exit_code == 0, rep.text()
    assert c["moves"].verdict == "agree" and c["values"].verdict == "agree"


def test_wrong_rule_is_found(tmp_path):
    # hand-written: the cut of x keeps y (no min with floor((t+z)/k)) -> leaves the valid set
    (tmp_path / "Bad.cgs").write_text(
        "class Bad extends ImpartialGame var x,y,z,k; method Bad(x,y,z,k) end\n"
        "override method Options(Player player) result := [];\n"
        "for t from 0 to x-1 do result.Add(Bad(t,y,z,k)); end\n"
        "for t from 0 to y-1 do result.Add(Bad(x,t,z,k)); end\n"
        "for t from 0 to z-1 do result.Add(Bad(x,y.Min(((x+t)/k).Floor),t,k)); end\n"
        "return result; end end\n")
    rep = audit_cgscript(str(tmp_path / "Bad.cgs"), ruleset(3), box=Box(("x", "y", "z"), (4, 3, 4)))
    moves = {c.name: c for _, c in rep.checks}["moves"]
    assert rep.exit_code == 1 and moves.verdict == "differ"
    assert any(r["detail"] == "program-only option outside the valid set" and r["position"] == "(3,1,0)"
               and r["program"] == "(2,1,0)" for r in moves.rows)


@pytest.mark.published
def test_ex82_and_ex84_at_published_size(shared, classpath, tmp_path):
    empty = [{"printed": "{}", "statement": None, "any_size": True, "note": ""}] * 2
    rep = audit_cgscript("ex82.txt", ruleset(3), text=_script_after_class(shared), class_path=[classpath], expect=empty)
    assert rep.exit_code == 0, rep.text()
    counts = [{"printed": v, "statement": None, "any_size": False, "note": ""} for v in ("977", "2257")]
    rep = audit_cgscript("ex84.txt", ruleset(3), text=seed_program(shared, "8.4"), class_path=[classpath],
                         expect=counts)
    checks = {c.name: c for _, c in rep.checks}
    assert rep.exit_code == 0, rep.text()
    assert checks["outputs"].verdict == "agree" and checks["values"].verdict == "agree"
    assert rep.printed["as printed"][0].endswith("-> 977") and rep.printed["as printed"][1].endswith("-> 2257")


def _script_after_class(shared):
    text = seeds.program("003", "8.2", shared / "seeds")
    if text is None:
        pytest.skip("Example 8.2 not found in the seed text")
    return text.rstrip("\n")


def test_ex84_scaled_counts_equal_spec(shared, classpath):
    rep = audit_cgscript("ex84.txt", ruleset(3), text=seed_program(shared, "8.4"), class_path=[classpath],
                         scales=[{"x": "6", "y": "6", "z": "6"}])
    r = ruleset(3)
    sol = solve(r, Box(r.coords, (6, 4, 6)), method="reference")
    pos = [tuple(int(v) for v in row) for row in sol.positions()]
    equal = sum(sol.value(p) == p[0] ^ p[1] ^ p[2] for p in pos)
    assert [ln.rsplit(" ", 1)[1] for ln in rep.printed["x=6,y=6,z=6"]] == [str(equal), str(len(pos) - equal)]


def test_ex86_empty_sets_and_port_keeps_11_nimsum(shared, classpath, tmp_path):
    text = seed_program(shared, "8.6")
    rep = audit_cgscript("ex86.txt", ruleset(5), text=text, class_path=[classpath],
                         scales=[{"x": "6", "y": "3", "z": "6"}])
    assert [ln.rsplit("-> ", 1)[1] for ln in rep.printed["x=6,y=3,z=6"]] == ["{}", "{}"]  # Conjecture 8.1
    from cgs_bridge.systems.cgsuite.audit.port_check import port_report
    port_report(rep, tmp_path / "port", ruleset=ruleset(5), box=Box(("x", "y", "z"), (3, 2, 3)))
    c = {c.name: c for _, c in rep.checks}
    assert c["port-moves"].verdict == "agree"
    assert c["port-run"].verdict == "agree", c["port-run"].summary  # with NimSum1x
    assert (tmp_path / "port" / "ex86_2x.cgs").read_text().startswith("NimSum1x := a -> b -> ")
    # the port without the helper: the 2.x evaluator stops where CGSuite 2.x would
    script = load_source("raw.cgs", text.replace("Ψ", " "), dialect="1.x")
    it = _interpreter(rep.sources, "2.x", Limits(), None)
    with pytest.raises(EvaluationError, match="NimSum applies only to nonnegative integers|literal lists and sets are immutable|must implement the `Options`"):
        it.run(script.program.statements)
    assert (tmp_path / "port" / "examples" / "Choco3D.cgs").read_text().startswith(
        "class Choco3D(x, y, z, k) extends ImpartialGame")


def test_ex88_set_equals_ex87_printed_list(shared, classpath, data):
    printed = data.joinpath("seed003_ex87_ppositions.txt").read_text()
    paper = {tuple(map(int, t.split(","))) for t in re.findall(r"\((\d+,\d+,\d+)\)", printed)}
    rep = audit_cgscript("ex88.txt", ruleset(2), text=seed_program(shared, "8.8"), class_path=[classpath])
    got = {tuple(map(int, t.split(","))) for t in re.findall(r"\[(\d+,\d+,\d+)\]", rep.printed["as printed"][0])}
    assert len(paper) == 53 and got == paper


def test_cgsuite2_fixture_classes_reproduce_transcripts(shared):
    f = shared / "fixtures/cgsuite"
    sources = [load_source(str(f / "classes/StepF.cgs")), load_source(str(f / "classes/TriChoc.cgs"))]
    it = _interpreter(sources, "2.x", Limits(), None)
    script = load_source(str(f / "scripts/procedure_param.cgs"), dialect="2.x")
    assert to_text(it.run(script.program.statements)) == (f / "transcripts/procedure_param.out").read_text().strip()
    script = load_source(str(f / "scripts/tri_canonical.cgs"), dialect="2.x")
    assert to_text(it.run(script.program.statements)) == (f / "transcripts/tri_canonical.out").read_text().strip()


def test_unsupported_construct_named_with_position():
    with pytest.raises(CGScriptError) as e:
        parse_file_text("x := 3;\ny := tableof(a for a in [1]);\n", "p.cgs")
    assert "unsupported CGScript construct: `tableof` at 2:6" in str(e.value)
    with pytest.raises(CGScriptError) as e:
        parse_file_text("Worksheet.Print(1);\n    switch x end", "p.cgs")
    assert "unsupported CGScript 1.x construct: `switch` at 2:5" in str(e.value)
    with pytest.raises(CGScriptError) as e:
        parse_file_text("class A extends ImpartialGame var x; method A(x) end\n  def B := 1;\nend\n", "p.cgs")
    assert "unsupported CGScript 1.x construct: `def` at 2:7" in str(e.value)


def test_runaway_programs_are_stopped():
    prog, _ = parse_file_text("n := 0; while true do n := n + 1; end", "loop.cgs")
    it = _interpreter([], "1.x", Limits(steps=100_000), None)
    with pytest.raises(EvaluationError, match="did not finish within 100,000 evaluation steps"):
        it.run(prog.statements)
    prog, _ = parse_file_text("x := 2^100000;", "big.cgs")
    with pytest.raises(EvaluationError, match="more than 4096 bits"):
        _interpreter([], "1.x", Limits(), None).run(prog.statements)
    cls = load_source("R.cgs", "class R(n) extends ImpartialGame\n def F(m) := F(m + 1);\n"
                      " override def Options := [F(0)];\nend\n")
    it = _interpreter([cls], "2.x", Limits(depth=50), None)
    script, _ = parse_file_text("R(1).NimValue", "s.cgs", "2.x")
    with pytest.raises(EvaluationError, match="recursion deeper than 50"):
        it.run(script.statements)


def test_cli_dispatch_and_exit_codes(classpath, tmp_path, capsys):
    prog = classpath / "examples" / "Choco3D.cgs"
    assert detect_language(str(prog), prog.read_text()) == "cgscript"
    assert main(["audit", str(prog), "--game", "triangular", "-p", "k=3", "--bound", "4"]) == 0
    assert "option sets equal the spec's" in capsys.readouterr().out
    txt = tmp_path / "class.txt"
    txt.write_text(prog.read_text())
    assert detect_language(str(txt), txt.read_text()) == "cgscript"
    assert main(["audit", str(txt), "--game", "triangular", "-p", "k=2", "--bound", "4"]) == 0
    bad = tmp_path / "bad.cgs"
    bad.write_text("x := 1;\nswitch x end\n")
    assert main(["audit", str(bad), "--game", "triangular"]) == 2
    assert "unsupported CGScript construct: `switch` at 2:1" in capsys.readouterr().err
    out = tmp_path / "report"
    assert main(["audit", str(prog), "--game", "triangular", "-p", "k=3", "--bound", "3", "-o", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["differences.csv", "normalized.cgs", "report.json", "report.txt"]
    assert main(["audit", str(prog), "--game", "triangular", "-p", "k=3", "--bound", "3",
                 "--map", "q=x"]) == 2
    assert "--map names ['q']" in capsys.readouterr().err


def test_mathematica_seed_programs_still_detected_as_mathematica(data):
    for f in sorted((data / "audit").glob("seed*.txt")):
        assert detect_language(str(f), f.read_text(encoding="utf-8")) == "mathematica", f.name


def test_map_renames_constructor_arguments(tmp_path):
    # hand-written: the triangular rule with constructor arguments named a, b, c, m
    (tmp_path / "T.cgs").write_text(
        "class T extends ImpartialGame var a,b,c,m; method T(a,b,c,m) end\n"
        "override method Options(Player player) r := [];\n"
        "for t from 0 to a-1 do r.Add(T(t,b.Min(((t+c)/m).Floor),c,m)); end\n"
        "for t from 0 to b-1 do r.Add(T(a,t,c,m)); end\n"
        "for t from 0 to c-1 do r.Add(T(a,b.Min(((a+t)/m).Floor),t,m)); end\n"
        "return r; end end\n")
    from cgs_bridge.foundation.errors import InputError
    with pytest.raises(InputError, match="matches no coordinate"):
        audit_cgscript(str(tmp_path / "T.cgs"), ruleset(3), box=Box(("x", "y", "z"), (3, 3, 3)))
    rep = audit_cgscript(str(tmp_path / "T.cgs"), ruleset(3), box=Box(("x", "y", "z"), (4, 4, 4)),
                         mapping={"a": "x", "b": "y", "c": "z", "m": "k"})
    assert rep.exit_code == 0, rep.text()


@pytest.mark.parametrize("cls, game, params, bound", [
    ("TriChoc", "triangular", {"k": "3"}, (6, 6, 6)),
    ("HexChoc", "hexagon", {}, (2, 1, 2, 1, 2, 1)),
])
def test_real_cgsuite2_classes_judged_against_spec(shared, cls, game, params, bound):
    # classes that ran in a real CGSuite 2.2 (fixtures); Ruleset with a nested Position class
    r = Ruleset(load_game(game), params)
    rep = audit_cgscript(str(shared / f"fixtures/cgsuite/classes/{cls}.cgs"), r, box=Box(r.coords, bound))
    c = {c.name: c for _, c in rep.checks}
    assert rep.sources[0].program.dialect == "2.x"
    assert rep.exit_code == 0 and c["moves"].verdict == "agree", rep.text()


def test_repl_transcripts_parse_to_the_worksheet_values(shared):
    from cgs_bridge.systems.cgsuite.audit.port_check import repl_lines
    for d in sorted(p for p in (shared / "fixtures/cgsuite/emitted").iterdir() if p.is_dir()):
        repl = repl_lines((d / "repl.out").read_text())
        sheet = [ln for ln in (d / "worksheet.out").read_text().splitlines() if ln.strip() and ln != "Nothing"]
        assert repl == sheet, d.name


def test_wall_clock_limit_stops_the_run():
    prog, _ = parse_file_text("n := 0; while true do n := n + 1; end", "loop.cgs")
    with pytest.raises(EvaluationError, match="did not finish within --timeout 0.2 s"):
        _interpreter([], "1.x", Limits(seconds=0.2), None).run(prog.statements)


def test_errors_in_one_line_class_name_the_printed_column(shared):
    printed = seed_program(shared, "8.2").replace("result.Remove(this);", "result.Remove(this) ?;")
    with pytest.raises(CGScriptError) as e:
        parse_file_text(printed, "ex82")
    col = printed.index("?;") + 1
    assert f"(printed 1:{col})" in str(e.value)


def test_port_nimsum_helper_is_twos_complement_xor():
    # independent: Python's ^ on ints is two's complement (as CGSuite 1.x's Java ^ / BigInteger.xor)
    from cgs_bridge.systems.cgsuite.audit.port import HELPER_DEF
    from cgs_bridge.systems.cgsuite.cgscript.parse import parse_program
    prog = parse_program(HELPER_DEF + "\n[NimSum1x(a)(b) for a from -17 to 17 for b from -17 to 17]", "h", "2.x")
    got = _interpreter([], "2.x", Limits(), None).run(prog.statements).items
    assert got == [a ^ b for a in range(-17, 18) for b in range(-17, 18)]


def _bodies(prog):
    yield prog.statements
    for c in prog.classes:
        for k in (c,) + c.classes:
            for m in k.methods:
                if m.body:
                    yield m.body
                if m.expr is not None:
                    from cgs_bridge.systems.cgsuite.cgscript.ast import ExprStmt
                    yield (ExprStmt(m.expr),)


def test_printer_round_trips_every_published_and_fixture_program(shared):
    # the grammar is the oracle: printing a parsed body and parsing it again gives the same AST
    from pathlib import Path

    from cgs_bridge.systems.cgsuite.audit.port import Printer2x, stmts
    from cgs_bridge.systems.cgsuite.cgscript import ast as CA
    from cgs_bridge.systems.cgsuite.cgscript.parse import parse_program
    exprs = [t for t in vars(CA).values() if isinstance(t, type) and t.__module__ == CA.__name__
             and t.__name__ in ("Num", "Str", "Bool", "Name", "This", "Nimber", "Unary", "Binary", "Not",
                                "Member", "Call", "Index", "ListLit", "SetLit", "Comprehension",
                                "Lambda", "Assign")]
    assert all(hasattr(Printer2x, "visit_" + t.__name__) for t in exprs)
    texts = [seed_program(shared, n) for n in ("8.2", "8.4", "8.6", "8.8")] + [_script_after_class(shared)]
    texts += [f.read_text() for f in sorted((shared / "fixtures/cgsuite/classes").glob("*.cgs"))]
    texts += [f.read_text() for f in sorted(Path("generated").glob("*.cgs"))]
    count = 0
    for text in texts:
        prog, _ = parse_file_text(text, "t")
        for body in _bodies(prog):
            again = parse_program("\n".join(stmts(body, "")), "again", "2.x" if prog.dialect == "2.x" else None)
            # one deliberate change: `*x1` (read by CGSuite 2.2 as a member of `*`) prints as `*(x1)`
            assert strip_pos(again.statements) == strip_pos(body, star_member=False), "\n".join(stmts(body, ""))
            count += 1
    assert count > 40


STUB = """
import pathlib, sys
text = sys.stdin.read()
assert text.rstrip().endswith(":quit"), text[-50:]
folder = pathlib.Path(sys.argv[1])
assert (folder / "examples" / "Choco3D.cgs").is_file()
print("Welcome to the CGSuite REPL, Version 2.2-beta2.")
print("Adding folder to classpath: " + str(folder))
for line in text.splitlines()[:-1]:
    print("> " + (line.split(":=")[1].strip(" ;") if ":=" in line else "Nothing"))
print('> "The Set of (Grundy Number = 0 and Nim-Sum > 0) -> {}"')
print('> "The Set of (Grundy Number > 0 and Nim-Sum = 0) -> %s"')
print("> ")
"""


@pytest.mark.parametrize("second, verdict", [("{}", "agree"), ("{[1,1,1]}", "differ")])
def test_cgsuite_cmd_protocol_with_a_stub_repl(shared, classpath, tmp_path, second, verdict):
    # a stand-in for CGSuite's line REPL (no CGSuite here): the REPL format of the fixtures'
    # transcripts; checks that the port folder is the class path and the script ends with :quit
    import sys
    stub = tmp_path / "stub.py"
    stub.write_text(STUB.replace("%s", second))
    rep = audit_cgscript("ex82.txt", ruleset(3), text=_script_after_class(shared), class_path=[classpath],
                         scales=[{"x": "3", "y": "3", "z": "3"}])
    from cgs_bridge.systems.cgsuite.audit.port_check import port_report
    port_report(rep, tmp_path / "port", cgsuite_cmd=f"{sys.executable} {stub}", ruleset=ruleset(3))
    c = {c.name: c for _, c in rep.checks}
    assert c["cgsuite"].verdict == verdict, c["cgsuite"].summary


@pytest.mark.parametrize("snippet, message", [
    ("for i from \"a\" to 3 do end", "loop bounds must be numbers"),
    ("x := Min([[1], [2]]);", "Min needs a list of numbers"),
    ("x := [1, 2] + 3;", "unsupported operands for +"),
    ("x := 1 / 0;", "division by zero"),
    ("x := [1][5];", "index 5 out of range"),
    ("x := *(0 - 1);", "*n needs a nonnegative integer"),
    ("x := y + 1;", "unknown name `y`"),
    ("x := " + "[" * 3000 + "1" + "]" * 3000 + ";", "too deep"),
    ("", "nothing the program computed or printed was compared"),   # issue 47: was an agree on nothing
])
def test_bad_scripts_exit_2_without_traceback(tmp_path, capsys, snippet, message):
    f = tmp_path / "bad.cgs"
    f.write_text(snippet)
    # as in a fresh cgs-bridge process: an earlier test of this worker may have raised the
    # recursion limit (Mathics3 in-process does), which let the 3000-deep script parse
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(1000)
    try:
        code = main(["audit", str(f), "--game", "triangular"])
    finally:
        sys.setrecursionlimit(old)
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    assert code == 2 and message in out.out + out.err


def test_cli_with_expect_files(shared, classpath, tmp_path, data, capsys):
    ex88 = tmp_path / "ex88.txt"
    ex88.write_text(seed_program(shared, "8.8"), encoding="utf-8")
    code = main(["audit", str(ex88), "--game", "triangular", "-p", "k=2", "--class-path", str(classpath),
                 "--expect", str(data / "audit" / "seed003_ex88_cgs.expect.yaml")])
    out = capsys.readouterr().out
    assert code == 0 and re.search(r"outputs +as printed +AGREE: 1 printed outputs equal the paper's", out), out
    ex82 = tmp_path / "ex82.txt"
    ex82.write_text(_script_after_class(shared), encoding="utf-8")
    code = main(["audit", str(ex82), "--game", "triangular", "-p", "k=3", "--class-path", str(classpath),
                 "--scale", "x=5,y=5,z=5", "--expect", str(data / "audit" / "seed003_ex82_cgs.expect.yaml")])
    out = capsys.readouterr().out
    assert code == 0 and "AGREE: 2 printed outputs equal the paper's" in out, out
    # a wrong expectation is a difference (exit 1)
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text('outputs:\n  - printed: "{[1,0,1]}"\n    any_size: true\n  - printed: "{}"\n    any_size: true\n')
    assert main(["audit", str(ex82), "--game", "triangular", "-p", "k=3", "--class-path", str(classpath),
                 "--scale", "x=5,y=5,z=5", "--expect", str(wrong)]) == 1


def test_cli_port_of_the_class_alone(classpath, tmp_path, capsys):
    out = tmp_path / "port"
    code = main(["audit", str(classpath / "examples" / "Choco3D.cgs"), "--game", "triangular", "-p", "k=3",
                 "--bound", "4", "--port-to", "2.x", "-o", str(out)])
    text = capsys.readouterr().out
    assert code == 0, text
    assert re.search(r"port-grammar +port +AGREE", text) and re.search(r"port-moves +port +AGREE", text)
    ported = (out / "examples" / "Choco3D.cgs").read_text()
    assert "override def Options begin" in ported and "method" not in ported
    # the port is a 2.x class that this audit reads back and judges against the spec too
    assert main(["audit", str(out / "examples" / "Choco3D.cgs"), "--game", "triangular", "-p", "k=3",
                 "--bound", "4"]) == 0
    assert "CGScript 2.x" in capsys.readouterr().out
