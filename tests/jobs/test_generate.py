"""cgs_bridge.jobs.generate and ``cgs-bridge generate``: file names, deterministic output, golden files,
never overwriting unasked, generated/ up to date, every emitted .cgs parses, and the emitted
CGSuite classes are the same games as the specification (and as the real CGSuite fixture classes)
when interpreted."""

from __future__ import annotations

import itertools
import os

import pytest

from cgs_bridge.cli.main import main
from cgs_bridge.foundation.errors import InputError
from cgs_bridge.jobs.generate import check_folder, emit, file_stem, generate_files
from cgs_bridge.model import catalog
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_text
from cgs_bridge.systems.cgsuite.check import CGScriptSyntaxError, parse_cgscript
from cgs_bridge.systems.cgsuite.files import cgsuite_class_file, cgsuite_script_name
from cgs_bridge.systems.mathematica.files import mathematica_csv_name
from solvers import parse_bound

import paths
from cgscript_interp import Interpreter

ROOT = paths.ROOT
GOLDEN = paths.GOLDEN
REGEN = os.environ.get("CGS_BRIDGE_REGEN_GOLDEN") == "1"


def bound(name, params=None, box="2", misere=False):
    r = Ruleset(catalog.load(name), params or {})
    return r, parse_bound(box, r.coords)


# ------------------------------------------------------------------ names
def test_file_names_follow_the_stem_rule():
    r, box = bound("triangular", {"k": "3"}, "x=4,y=2,z=4")
    assert file_stem(r, box) == "triangular_k3_x4_y2_z4"
    assert mathematica_csv_name(r, box) == "triangular_k3_x4_y2_z4.csv"
    assert mathematica_csv_name(r, box, misere=True) == "triangular_k3_x4_y2_z4_misere.csv"
    assert cgsuite_script_name(r, box) == "triangular_k3_x4_y2_z4_table.cgs"
    assert cgsuite_class_file(r) == "Triangular.cgs"
    assert set(emit(r, box, "cgsuite")) == {"Triangular.cgs", "triangular_k3_x4_y2_z4_table.cgs"}
    assert set(emit(r, box, "mathematica")) == {"triangular_k3_x4_y2_z4.wl"}
    r2, box2 = bound("two_inequalities_res", box="3")
    assert cgsuite_class_file(r2) == "TwoInequalitiesRes.cgs"


def test_function_parameters_get_distinct_safe_stems():
    a, box = bound("step", {"f": "floor(t/2)"}, "3")
    b, _ = bound("step", {"f": "floor(t*2)"}, "3")
    sa, sb = file_stem(a, box), file_stem(b, box)
    assert sa != sb and sa.startswith("step_f-floor-t-2-") and sa.endswith("_y3_z3")
    assert all(ch.isalnum() or ch in "_-" for ch in sa + sb)


def test_emit_is_deterministic_and_rejects_unknown_targets():
    r, box = bound("hexagon", box="1")
    assert emit(r, box, "cgsuite") == emit(r, box, "cgsuite")
    assert emit(r, box, "mathematica", misere=True) == emit(r, box, "mathematica", misere=True)
    with pytest.raises(InputError):
        emit(r, box, "maple")


# ------------------------------------------------------------------ writing
def test_generate_files_never_overwrites_a_different_file_unasked(tmp_path):
    r, box = bound("triangular", box="2")
    paths = generate_files(r, box, outdir=tmp_path)
    assert [p.name for p in paths] == ["Triangular.cgs", "triangular_k3_x2_y2_z2_table.cgs",
                                       "triangular_k3_x2_y2_z2.wl", "triangular_k3_x2_y2_z2_walnut.txt",
                                       "xor.txt"]
    assert generate_files(r, box, outdir=tmp_path) == paths  # same content: fine
    (tmp_path / "Triangular.cgs").write_text("mine\n")
    with pytest.raises(InputError, match="exists and differs"):
        generate_files(r, box, targets=("mathematica", "cgsuite"), outdir=tmp_path)
    assert (tmp_path / "Triangular.cgs").read_text() == "mine\n"
    generate_files(r, box, outdir=tmp_path, overwrite=True)
    assert (tmp_path / "Triangular.cgs").read_text() == emit(r, box, "cgsuite")["Triangular.cgs"]


def test_cli_generate_prints_paths_and_respects_force(tmp_path, capsys):
    out = tmp_path / "o"
    code = main(["generate", "triangular", "-p", "k=3", "--bound", "2", "--target", "mathematica", "-o", str(out)])
    printed = capsys.readouterr().out.split()
    assert code == 0 and printed == [str(out / "triangular_k3_x2_y2_z2.wl")]
    (out / "triangular_k3_x2_y2_z2.wl").write_text("x")
    assert main(["generate", "triangular", "--bound", "2", "--target", "mathematica", "-o", str(out)]) == 2
    assert main(["generate", "triangular", "--bound", "2", "--target", "mathematica", "-o", str(out), "--force"]) == 0
    assert main(["generate", "--check"]) == 2


def test_cli_all_check_lists_differences(tmp_path, capsys):
    folder = tmp_path / "gen"
    assert main(["generate", "--all", "-o", str(folder)]) == 0
    assert main(["generate", "--all", "--check", "-o", str(folder)]) == 0
    (folder / "nim_x6.wl").write_text("changed")
    (folder / "Nim.cgs").unlink()
    (folder / "stray.txt").write_text("")
    capsys.readouterr()
    assert main(["generate", "--all", "--check", "-o", str(folder)]) == 1
    out = capsys.readouterr().out
    assert f"differs: {folder / 'nim_x6.wl'}" in out and f"missing: {folder / 'Nim.cgs'}" in out
    assert f"extra: {folder / 'stray.txt'}" in out


def test_checked_in_generated_folder_is_up_to_date():
    """What CI runs as ``cgs-bridge generate --all --check``."""
    assert check_folder(ROOT / "generated") == []


@pytest.mark.parametrize("f", ["floor(t/2)", "floor(t/4)", "t", "t % 3 + floor(t / 2)"])
def test_function_parameter_is_a_procedure_class_parameter(f, tmp_path):
    """One Step.cgs serves every f (issue 9): a second f emits into the same folder; the class,
    given the procedure the script passes, has the spec's options (test interpreter)."""
    first, box = bound("step", {"f": "floor(t/2)"}, "y=3,z=8")
    generate_files(first, box, outdir=tmp_path)
    r, _ = bound("step", {"f": f}, "y=3,z=8")
    generate_files(r, box, outdir=tmp_path)  # no conflict: the class does not depend on f
    files = emit(r, box, "cgsuite")
    assert (tmp_path / "Step.cgs").read_text() == files["Step.cgs"] and "class Step(f) extends" in files["Step.cgs"]
    for name, text in files.items():
        parse_cgscript(text, name)
    it = Interpreter(files["Step.cgs"])
    R = script_ruleset(it, files, r, box)
    checked = 0
    for p in itertools.product(range(4), range(9)):
        if r.is_valid(p):
            assert sorted(set(it.options(R, p))) == r.option_set(p), p
            checked += 1
    assert checked > 8


def test_conflict_message_names_the_option_not_python(tmp_path, capsys):
    r, box = bound("step", {"f": "floor(t/2)"}, "3")
    (tmp_path / "Step.cgs").write_text("mine\n")
    assert main(["generate", "step", "--bound", "3", "--target", "cgsuite", "-o", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "pass --force to replace it" in err and "overwrite" not in err


def test_mathematica_program_differs_only_in_its_first_block():
    """One program text per game: parameters, box and CSV name are assignments at the top."""
    texts = []
    for k, b in (("3", "4"), ("5", "x=6,y=3,z=2")):
        r, box = bound("triangular", {"k": k}, b)
        texts.append(emit(r, box, "mathematica")[file_stem(r, box) + ".wl"])
    first = [t.split("(* ---- the game ---- *)") for t in texts]
    assert first[0][1] == first[1][1]
    assert "k = 3;\nxMax = 4;\nyMax = 4;\nzMax = 4;" in first[0][0] and "k = 5;" in first[1][0]


# ------------------------------------------------------------------ golden files
GOLDEN_CASES = [("triangular", {"k": "3"}, "2", False), ("hexagon", {}, "1", False),
                ("two_inequalities_res", {}, "3", True), ("step", {"f": "floor(t/3)"}, "y=2,z=5", False)]


def _check_golden(path, text: str) -> None:
    """``path`` holds ``text`` byte for byte (written first when ``CGS_BRIDGE_REGEN_GOLDEN=1``)."""
    if REGEN:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))
    assert path.exists(), f"golden file {path} missing; see test_golden_files"
    assert path.read_bytes() == text.encode("utf-8"), f"{path} differs from the emitted text"


@pytest.mark.parametrize("name,params,box,misere", GOLDEN_CASES, ids=[c[0] for c in GOLDEN_CASES])
def test_golden_files(name, params, box, misere):
    """Byte-for-byte golden files; regenerate on purpose only:
    ``CGS_BRIDGE_REGEN_GOLDEN=1 pytest tests/jobs/test_generate.py -k golden``."""
    r, b = bound(name, params, box)
    for target in ("cgsuite", "mathematica"):
        for fn, text in emit(r, b, target, misere).items():
            _check_golden(GOLDEN / target / fn, text)


def test_golden_file_of_the_papers_form():
    """The ``papers`` form of the Mathematica program (every option position listed, as seed 003's
    Example 8.3 lists them) for a game with a function parameter (step, f = floor(t/3): the cut
    of z lowers y to f(t)): byte for byte, regenerated on purpose only like the others."""
    r, b = bound("step", {"f": "floor(t/3)"}, "y=2,z=5")
    (fn, text), = emit(r, b, "mathematica", form="papers").items()
    _check_golden(GOLDEN / "mathematica" / "papers" / fn, text)


def test_the_papers_form_lists_every_option_and_the_fast_form_carries_lines():
    r, b = bound("triangular", {"k": "3"}, "3")
    (_, fast), = emit(r, b, "mathematica").items()
    (_, papers), = emit(r, b, "mathematica", form="papers").items()
    assert emit(r, b, "mathematica", form="fast") == emit(r, b, "mathematica")  # fast is the default
    # the cut of x (Definition 4.3 of seed 003): y drops to floor((t + z) / k) when that is lower
    assert "optionsX[{x_, y_, z_}] := Table[at[{t, Min[y, Quotient[t + z, k]], z}], {t, 0, x - 1}];" in papers
    assert "optionsY[{x_, y_, z_}] := Table[at[{x, t, z}], {t, 0, y - 1}];" in papers
    assert "cutX" not in papers and "Form `papers`" in papers
    assert "cutX = ConstantArray[{}, {yMax + 1, zMax + 1}];" in fast and "Form `papers`" not in fast
    # everything but the option functions and the comment is the same program
    assert papers.split("(* ---- values")[0] == fast.split("(* ---- values")[0]
    assert papers.split("positions = Select")[1] == fast.split("positions = Select")[1]


def test_an_unknown_form_is_refused(tmp_path, capsys):
    r, b = bound("nim", {}, "2")
    with pytest.raises(InputError, match="unknown mathematica program form 'quick'; known: fast, papers"):
        emit(r, b, "mathematica", form="quick")
    assert emit(r, b, "cgsuite", form="papers") == emit(r, b, "cgsuite")  # one form only: ignored
    with pytest.raises(SystemExit) as e:  # argparse: usage error
        main(["generate", "nim", "--bound", "2", "--mathematica-form", "quick", "-o", str(tmp_path)])
    assert e.value.code == 2 and "invalid choice: 'quick'" in capsys.readouterr().err
    assert main(["generate", "--all", "--mathematica-form", "papers", "-o", str(tmp_path)]) == 2
    assert "--mathematica-form" in capsys.readouterr().err and not any(tmp_path.iterdir())
    assert main(["generate", "nim", "--bound", "2", "--target", "mathematica", "--mathematica-form",
                 "papers", "-o", str(tmp_path)]) == 0
    assert "Table[at[" in next(tmp_path.glob("*.wl")).read_text()


# ------------------------------------------------------------------ CGScript static check
@pytest.mark.parametrize("name", catalog.names())
def test_every_emitted_cgs_file_parses(name):
    r, box = bound(name, box="2")
    for misere in (False, True):
        for fn, text in emit(r, box, "cgsuite", misere).items():
            tree = parse_cgscript(text, fn)
            assert tree.data == ("class_unit" if fn == cgsuite_class_file(r) else "script")
            if tree.data == "script":
                statements = [ln for ln in text.splitlines() if ln and not ln.startswith("//")]
                # one statement per line, for the line-by-line REPL: the Ruleset, the box sizes,
                # the table, then one check per claim that applies (each after its comment)
                claims = [ln for ln in text.splitlines() if ln.startswith('// "')]
                assert len(statements) == 3 + len(claims) and statements[0].startswith("R := ")
                for ln in statements:
                    parse_cgscript(ln, fn)


def test_fixture_classes_and_scripts_parse(shared):
    fx = shared / "fixtures" / "cgsuite"
    for path in sorted((fx / "classes").glob("*.cgs")) + sorted((fx / "scripts").glob("*.cgs")):
        if path.name == "err_syntax.cgs":
            continue
        parse_cgscript(path.read_text(), str(path))
    for line in (fx / "scripts" / "repl_session.in").read_text().splitlines():
        if not line.startswith(":"):
            parse_cgscript(line, "repl_session.in")


def test_reserved_v_is_a_syntax_error_like_in_cgsuite(shared):
    path = shared / "fixtures" / "cgsuite" / "scripts" / "err_syntax.cgs"
    with pytest.raises(CGScriptSyntaxError) as err:
        parse_cgscript(path.read_text(), str(path))
    # err_syntax.out: CGSuite's caret is under `v` of `for v from` on line 2
    assert (err.value.line, err.value.column) == (2, 5)
    assert "`v` is reserved" in str(err.value) and "for v from" in str(err.value)


# ------------------------------------------------------------------ behaviour of the classes
def options_of_class(text, params, coords):
    it = Interpreter(text)
    return sorted(set(it.options(it.ruleset(*params), coords)))


def script_ruleset(it, files, r, box):
    """The Ruleset object exactly as the emitted worksheet script constructs it (``R := Cls(...)``,
    procedures included), evaluated by the test interpreter."""
    script = files[cgsuite_script_name(r, box)]
    line = next(ln for ln in script.splitlines() if ln.startswith("R := "))
    call = line[len("R := "):].rstrip(";")
    args = it.evaluate("[" + call[call.index("(") + 1:-1] + "]") if "(" in call else []
    return it.ruleset(*args)


@pytest.mark.parametrize("k", [1, 2, 3, 5])
def test_emitted_triangular_is_the_fixture_trichoc(shared, k):
    fixture = (shared / "fixtures" / "cgsuite" / "classes" / "TriChoc.cgs").read_text()
    r, box = bound("triangular", {"k": str(k)}, "4")
    mine = emit(r, box, "cgsuite")["Triangular.cgs"]
    fx, me = Interpreter(fixture), Interpreter(mine)
    fr, mr = fx.ruleset(k), me.ruleset(k)
    checked = 0
    for p in itertools.product(range(5), repeat=3):
        if r.is_valid(p):
            assert sorted(set(fx.options(fr, p))) == sorted(set(me.options(mr, p))), p
            checked += 1
    assert checked > 20


def test_emitted_step_and_hexagon_are_the_fixture_classes(shared):
    cls = shared / "fixtures" / "cgsuite" / "classes"
    r, box = bound("step", {"f": "floor(t/2)"}, "y=3,z=7")
    mine = emit(r, box, "cgsuite")["Step.cgs"]
    proc = "t -> (t / 2).Floor"  # as procedure_param.cgs passes it to StepF
    for p in itertools.product(range(4), range(8)):
        if r.is_valid(p):
            ours = options_of_class(mine, [proc], p)
            assert options_of_class((cls / "StepChoc.cgs").read_text(), [2], p) == ours
            assert options_of_class((cls / "StepF.cgs").read_text(), [proc], p) == ours
    r, box = bound("hexagon", box="1")
    mine = emit(r, box, "cgsuite")["Hexagon.cgs"]
    for p in itertools.product(range(2), repeat=6):
        if r.is_valid(p):
            assert options_of_class((cls / "HexChoc.cgs").read_text(), [], p) == options_of_class(mine, [], p)


#: Take-and-break games (issue 49): their options are sums of heaps, which the test interpreter does
#: not add; the real CGSuite computes their emitted programs (tests/systems/cgsuite/test_takebreak_real.py).
HEAP_GAMES = tuple(n for n in catalog.names() if Ruleset(catalog.load(n)).takebreak is not None)


def test_heap_games_are_the_take_and_break_catalog_games():
    assert set(HEAP_GAMES) == {"kayles", "dawsons_kayles", "grundys_game", "double_kayles", "octal_127",
                               "mock_turtles", "twins", "turnips"}   # issue 47: spawn games (test_turning_real.py)


@pytest.mark.parametrize("name", [n for n in catalog.names() if n not in HEAP_GAMES])
def test_emitted_class_has_the_options_of_the_spec(name):
    r, box = bound(name, box="3" if name != "hexagon" else "1")
    files = emit(r, box, "cgsuite")
    it = Interpreter(files[cgsuite_class_file(r)])
    R = script_ruleset(it, files, r, box)
    for p in itertools.product(*[range(u + 1) for u in box.upper]):
        if r.is_valid(p):
            assert sorted(set(it.options(R, p))) == r.option_set(p), p


RENAMED = """
game awkward(end: int >= 1 = 2)
  coordinates v, x_1, is
  require x_1 <= floor((v + is) / end) and x_1 <= max m in 0..3 with m * m <= v + 1
  cut v to t: x_1 = min(x_1, floor((t + is) / end), max m in 0..3 with m * m <= t + 1)
  cut x_1 to x_1
  cut is to t: x_1 = min(x_1, floor((v + t) / end), (v + t) % 3 + v)
"""


def awkward():
    return Ruleset(load_text(RENAMED, "awkward.game", "awkward"), {})


def test_reserved_names_are_renamed_consistently():
    r = awkward()
    box = parse_bound("3", r.coords)
    files = emit(r, box, "cgsuite")
    cls = files["Awkward.cgs"]
    assert "class Awkward(end_ as Integer)" in cls and "Position(v_ as Integer, x_1 as Integer, is_ as Integer)" in cls
    assert all(f"{a} -> {b}" in cls for a, b in [("end", "end_"), ("v", "v_"), ("is", "is_")])
    for fn, text in files.items():
        parse_cgscript(text, fn)
    it = Interpreter(cls)
    R = it.ruleset(2)
    for p in itertools.product(range(4), repeat=3):
        if r.is_valid(p):
            assert sorted(set(it.options(R, p))) == r.option_set(p), p
    wl = emit(r, box, "mathematica")[file_stem(r, box) + ".wl"]
    assert "validQ[{v_, x1_, is_}]" in wl and 'WriteString[stream, "v,x_1,is,grundy", "\\n"]' in wl


CHECKS_ONLY = """
game below(k: int >= 1 = 1)
  coordinates x, y
  require y <= x * k
  cut x derived
  cut y derived
"""


def test_derived_move_with_only_checks_has_no_loop_and_the_spec_options():
    """`cut y derived` under y <= x*k can only fail (a Forbid step): emitted without a loop or
    locals (issue 9: no dead variables or empty loops), same options as the spec."""
    r = Ruleset(load_text(CHECKS_ONLY, "below.game", "below"), {"k": "2"})
    box = parse_bound("4", r.coords)
    files = emit(r, box, "cgsuite")
    cls = files["Below.cgs"]
    derive_y = cls[cls.index("def DeriveY"):].split("  end")[0]
    assert "while" not in derive_y and "var " not in derive_y
    it = Interpreter(cls)
    R = script_ruleset(it, files, r, box)
    for p in itertools.product(range(5), repeat=2):
        if r.is_valid(p):
            assert sorted(set(it.options(R, p))) == r.option_set(p), p
    wl = emit(r, box, "mathematica")[file_stem(r, box) + ".wl"]
    derive_wl = wl[wl.index("deriveY["):].split("\n")[0]
    assert "While" not in derive_wl and "Module" not in derive_wl
