"""Strips and coin-turning games in CGScript (issue 47): ``cgsuite.util.Strip`` (computed by the
interpreter), map comprehensions, and CGSuite's own ``game.strip.Turning`` / ``StripRuleset``
read from ``../shared/engines/cgsuite/lib/cgsuite-core.jar`` at run time (nothing copied), audited
against the catalog's spawn specs (check ``strips``).

Before this change the interpreter stopped at ``Strip`` (unknown name) and at every map
comprehension, so each audit here was exit 2.

Expected values: the lines the real CGSuite 2.2 printed (the engine tests print them again and
compare); Mock Turtles' heap values odious(n - 1) (Winning Ways ch. 14, OEIS A000069); and a brute
force over strips of coins written here (the Grundy value of a strip by the mex of its options,
each option a set of coins turned whose rightmost is heads), independent of the specs, the heap
form and CGSuite.
"""

from __future__ import annotations

import itertools
from functools import cache

import pytest

from cgs_bridge.model.box import Box
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_game
from cgs_bridge.systems.cgsuite.audit.core import audit_cgscript
from cgs_bridge.systems.cgsuite.cgscript.worksheet import run_worksheet

import cgsuite_jar
from cgsuite_jar import check, mex, summaries
import paths

DATA = paths.DATA / "audit" / "strips"


def audit(program, game, library, **kw):
    return audit_cgscript(str(program), Ruleset(load_game(str(game)), {}), class_path=[str(library)], **kw)


# ---------------------------------------------------------------- the brute force over coin strips
def coin_sets(n: int, code: str) -> list:
    """The coin sets (numbered from 1, rightmost ``n``) a move of ``code`` turns, from its definition:
    "1-3" one to three coins, "1-2" one or two, "2" two, "3E" three equally spaced."""
    counts = {"1-3": (1, 2, 3), "1-2": (1, 2), "2": (2,), "3E": (3,)}[code]
    out = []
    for k in counts:
        for rest in itertools.combinations(range(1, n), k - 1):
            c = rest + (n,)
            if code != "3E" or c[1] - c[0] == c[2] - c[1]:
                out.append(c)
    return out


def brute_options(s: tuple, code: str) -> set:
    """The strips a move of ``code`` reaches from the strip ``s`` (a tuple of 0/1, coin 1 first)."""
    out = set()
    for n in range(1, len(s) + 1):
        if s[n - 1] == 1:
            for c in coin_sets(n, code):
                t = list(s)
                for k in c:
                    t[k - 1] ^= 1
                out.add(tuple(t))
    return out


@cache
def brute(s: tuple, code: str) -> int:
    return mex({brute(t, code) for t in brute_options(s, code)})


def strips(top: int) -> list:
    return [bits for n in range(top + 1) for bits in itertools.product((0, 1), repeat=n)]


#: The strips turning_values.cgs values (h heads 1, t tails 0): judged besides a --bound's.
VALUED = [tuple(int(c == "h") for c in w) for w in ["h", "th", "tth", "ttth", "htth", "hhhh", "thththt", "tttttth"]]


def judged(top: int) -> list:
    """The strips a --bound top judges for turning_values.cgs: those of the box and those valued."""
    return strips(top) + [s for s in VALUED if len(s) > top]


def text(s: tuple) -> str:
    return "Strip([" + ",".join(map(str, s)) + "])"


# ---------------------------------------------------------------- cgsuite.util.Strip as CGSuite 2.2 prints it
#: (expression, what the real CGSuite 2.2 printed), after `s := Strip.Parse("htth", "th");`
STRIP_LINES = [
    ("s", "Strip([1,0,0,1])"), ("s[1]", "1"), ("s[0]", "Nothing"), ("s[5]", "Nothing"), ("s[-1]", "Nothing"),
    ("s.Length", "4"), ("s.Updated(2, 1)", "Strip([1,1,0,1])"), ("s.Updated({2 => 1, 4 => 0})", "Strip([1,1,0,0])"),
    ("s Updated {2 => 1} Updated {1 => 0}", "Strip([0,1,0,1])"), ("s.UpdatedRange(1, 3, 1)", "Strip([1,1,1,1])"),
    ("s.UpdatedRange(3, 6, 1)", "Strip([1,0,1,1])"), ("s.UpdatedRange(0, 2, 1)", "Strip([1,1,0,1])"),
    ("s.UpdatedRange(3, 2, 1)", "Strip([1,0,0,1])"), ("s.UpdatedRange(5, 8, 1)", "Strip([1,0,0,1])"),
    ("s.UpdatedRange(1, 0, 1)", "Strip([1,0,0,1])"), ("s.UpdatedRange(2, 2, 200)", "Strip([1,-56,0,1])"),
    ("Strip.Empty(0).UpdatedRange(0, 5, 1)", "Strip([])"), ("s.Substrip(2, 3)", "Strip([0,0])"),
    ("s.Substrip(3, 2)", "Strip([])"), ("s.FindAll(1)", "[1,4]"), ("s.FindAll(0)", "[2,3]"), ("s.FindAll(7)", "[]"),
    ("s.Decomposition(0)", "[Strip([1]),Strip([1])]"), ("s.Decomposition(1)", "[Strip([0,0])]"),
    ('Strip.Parse("hhthhtht", "th").Decomposition(0)', "[Strip([1,1]),Strip([1,1]),Strip([1])]"),
    ('Strip.Parse("tttt", "th").Decomposition(0)', "[]"), ('s.ToString("th")', '"htth"'), ('s.ToString(".x")', '"x..x"'),
    ("Strip.Empty(3)", "Strip([0,0,0])"), ('s == Strip.Parse("htth", "th")', "true"), ("s == s.Updated(1, 0)", "false"),
    ('{s, Strip.Parse("htth", "th")}', "{Strip([1,0,0,1])}"), ('Strip.Parse("", "th")', "Strip([])"),
    ("s.Updated(1, 127)", "Strip([127,0,0,1])"), ("s.Updated(1, -128)", "Strip([-128,0,0,1])"),
    ("s.Updated({1 => 1, 1 => 0})", "Strip([0,0,0,1])"),
    ('{Strip.Parse("hh", "th"), Strip.Parse("t", "th"), Strip.Parse("ht", "th"), Strip.Parse("th", "th")}',
     "{Strip([0]),Strip([0,1]),Strip([1,0]),Strip([1,1])}"),
    ('{Strip.Parse("h", "th"), Strip.Parse("tt", "th"), Strip.Parse("t", "th")}', "{Strip([0]),Strip([1]),Strip([0,0])}"),
    # map comprehensions (Turning.cgs, GenFoxAndGeese.cgs)
    ("{ j => j * j for j in [3, 1, 2] }", "{1 => 1, 2 => 4, 3 => 9}"), ("{ j => 0 for j in [1, 1, 2] }", "{1 => 0, 2 => 0}"),
    ("{ (r, c) => r + c for r from 1 to 2 for c from 1 to 2 where r != c }", "{(1,2) => 3, (2,1) => 3}"),
    ("{ j => j for j in [] }", "{=>}"), ("{ k => j for j in [1, 2] for k in [5] }", "{5 => 2}"),
]
#: Expressions on which CGSuite 2.2 stops with an error (its words in the comment).
STRIP_ERRORS = [
    "s.Updated(5, 1)",            # Index is out of bounds: 5
    "s.Updated(0, 1)",            # Index is out of bounds: 0
    "s.UpdatedRange(4, 2, 1)",    # fromIndex(3) > toIndex(2)
    "s.UpdatedRange(6, 8, 1)",    # fromIndex(5) > toIndex(4)
    "s.UpdatedRange(0, -1, 1)",   # fromIndex(0) > toIndex(-1)
    "s.Updated({5 => 1})",        # Index is out of bounds: 5
    "s.Updated(1, 128)",          # Value is out of range (must satisfy -128 <= x <= 127): 128
    "s.Updated(1, -129)",
    "s.Substrip(0, 2)",           # arraycopy: source index -1 out of bounds
    "s.Substrip(3, 5)",
    'Strip.Parse("hxh", "th")',   # The position may only contain the following characters: th
    'Strip.Parse("ht|th", "th")',
    "s.Updated({1 => 2/3})",      # RationalNumberImpl cannot be cast to Integer
    "Strip.Empty(-1)",
    "s < s",                      # No operation `<` for arguments of types cgsuite.util.Strip
    's.Updated(1, 5).ToString("th")',  # String index out of range: 5
]
PREFIX = 's := Strip.Parse("htth", "th");\n'


def test_the_strip_api_prints_what_cgsuite_prints():
    run = run_worksheet(PREFIX + "".join(f"System.Print({e});\n" for e, _ in STRIP_LINES))
    assert run.error is None, run.error
    assert run.printed == [line for _, line in STRIP_LINES]


@pytest.mark.parametrize("expr", STRIP_ERRORS)
def test_what_cgsuite_refuses_stops_the_run(expr):
    run = run_worksheet(PREFIX + f"System.Print({expr});\n")
    assert run.error is not None and run.printed == [], (expr, run.printed)


def test_the_real_cgsuite_prints_the_same_strip_lines(real_cgsuite, tmp_path):
    (tmp_path / "run").mkdir()
    script = tmp_path / "run" / "strip_lines.cgs"
    script.write_text(PREFIX + "".join(f"System.Print({e});\n" for e, _ in STRIP_LINES), encoding="utf-8")
    out = real_cgsuite.run(tmp_path / "run", script)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.splitlines() == [line for _, line in STRIP_LINES]
    for expr in STRIP_ERRORS:
        script.write_text(PREFIX + f"System.Print({expr});\n", encoding="utf-8")
        out = real_cgsuite.run(tmp_path / "run", script)
        assert out.returncode == 1 and not out.stdout.startswith(("Strip", "[", "{", '"')), (expr, out.stdout)


# ---------------------------------------------------------------- game.strip.Turning from the class path
#: (expression, what the real CGSuite 2.2 printed)
TURNING_LINES = [
    ('game.strip.Turning("1-3")("htth")', 'Turning.Position("htth")'),
    ('game.strip.Turning("1-3")("htth").Options',
     "[" + ",".join(f'Turning.Position("{p}")' for p in
                    ["ttth", "httt", "tttt", "hhtt", "htht", "thtt", "ttht", "hhht"]) + "]"),
    ('game.strip.Turning("1-3")("htth").NimValue', "6"),
    ('game.strip.Turning("1-3")("htth").CanonicalForm', "*6"),
    ('game.strip.Turning("1-3")(Strip.Parse("hth", "th")).Options',
     "[" + ",".join(f'Turning.Position("{p}")' for p in ["tth", "htt", "ttt", "hht", "tht"]) + "]"),
    ('game.strip.Turning(game.heap.Spawning("1-2"))("thh").Options',
     "[" + ",".join(f'Turning.Position("{p}")' for p in ["tth", "hth", "tht", "hht", "ttt"]) + "]"),
    ('game.strip.Turning(game.heap.Spawning("1-2"))("thh").NimValue', "1"),
    ('game.strip.Turning("2")("hhh").Options',
     "[" + ",".join(f'Turning.Position("{p}")' for p in ["tth", "tht", "htt"]) + "]"),
    ('game.strip.Turning("1-3")("").NimValue', "0"),
    ('game.strip.Turning("1-3")("").Options', "[]"),
    ('game.strip.Turning("1-3")(Strip.Empty(2))', 'Turning.Position("tt")'),
    ('game.strip.Turning("1-3")("htth").Options.Length', "8"),
    ('game.strip.Turning(game.heap.Kayles)("tthh").Options',
     "[" + ",".join(f'Turning.Position("{p}")' for p in ["thth", "htth", "htth", "tttt", "hhht", "thht", "htht"]) + "]"),
    ('game.strip.Turning(game.heap.Kayles)("tthh").NimValue', "2"),
]


def turning_script(tmp_path):
    (tmp_path / "run").mkdir(exist_ok=True)
    path = tmp_path / "run" / "turning.cgs"
    path.write_text("".join(f"System.Print({e});\n" for e, _ in TURNING_LINES), encoding="utf-8")
    return path


def test_turning_runs_as_the_jar_writes_it(library, tmp_path):
    rep = audit(turning_script(tmp_path), "mock_turtles", library)
    assert check(rep, "run").verdict == "ok", summaries(rep)
    assert rep.printed["as printed"] == [line for _, line in TURNING_LINES]


def test_the_real_cgsuite_prints_the_same_turning_lines(real_cgsuite, tmp_path):
    out = real_cgsuite.run(tmp_path / "run", turning_script(tmp_path))
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.splitlines() == [line for _, line in TURNING_LINES]


def test_a_code_spawning_refuses_stays_refused_with_its_reason(library, tmp_path):
    (tmp_path / "f.cgs").write_text('System.Print(game.strip.Turning("1F")("hh").NimValue);\n', encoding="utf-8")
    rep = audit(tmp_path / "f.cgs", "mock_turtles", library)
    assert rep.exit_code == 2 and "modifier F is not interpreted" in check(rep, "run").summary, summaries(rep)


# ---------------------------------------------------------------- the audit: check strips
MOCK = [0] + [[m for m in range(64) if m.bit_count() % 2][n - 1] for n in range(1, 20)]


@pytest.mark.parametrize("code, game", [("1-3", "mock_turtles"), ("2", "twins"), ("3E", "turnips")])
def test_a_turning_program_agrees_with_its_spawn_spec(library, tmp_path, code, game):
    body = (DATA / "turning_values.cgs").read_text(encoding="utf-8").replace('"1-3"', f'"{code}"')
    (tmp_path / "p.cgs").write_text(body, encoding="utf-8")
    for box in (None, Box(("n",), (7,))):
        rep = audit(tmp_path / "p.cgs", game, library, box=box)
        strips_check = check(rep, "strips")
        assert rep.exit_code == 0 and strips_check.verdict == "agree", summaries(rep)
        assert ("255 strips" if box else "8 strips") in strips_check.summary
    if code == "1-3":   # Winning Ways ch. 14: the nim-sum of odious(n - 1) over the heads
        want = [MOCK[1], MOCK[2], MOCK[3], MOCK[4], MOCK[1] ^ MOCK[4], MOCK[1] ^ MOCK[2] ^ MOCK[3] ^ MOCK[4],
                MOCK[2] ^ MOCK[4] ^ MOCK[6], MOCK[7]]
        assert rep.printed["as printed"][0] == "[" + ",".join(map(str, want)) + "]"


def test_a_planted_twin_differs_exactly_where_the_brute_force_says(library, tmp_path):
    """Turning Turtles (1-2) judged against Mock Turtles (1-3) on every strip of length <= 6: the
    values differ on the strips where the two brute forces differ, the options on the strips
    where the brute-force option sets differ."""
    body = (DATA / "turning_values.cgs").read_text(encoding="utf-8").replace('"1-3"', '"1-2"')
    (tmp_path / "p.cgs").write_text(body, encoding="utf-8")
    rep = audit(tmp_path / "p.cgs", "mock_turtles", library, box=Box(("n",), (6,)))
    strips_check = check(rep, "strips")
    assert rep.exit_code == 1 and strips_check.verdict == "differ", summaries(rep)
    values = {r["position"] for r in strips_check.rows if r["detail"].startswith("value")}
    options = {r["position"] for r in strips_check.rows if "option" in r["detail"]}
    assert values == {text(s) for s in judged(6) if brute(s, "1-2") != brute(s, "1-3")} != set()
    assert options == {text(s) for s in judged(6) if brute_options(s, "1-2") != brute_options(s, "1-3")}


def test_strips_the_program_valued_beyond_the_box_are_judged_too(library, tmp_path):
    """--bound 2 with the twin (1-2): the strips of length <= 2 and the eight the program valued
    (up to length 7) are judged; `tttttth` differs by value (heap 7: Turning Turtles 7, Mock Turtles
    odious(6) = 13)."""
    body = (DATA / "turning_values.cgs").read_text(encoding="utf-8").replace('"1-3"', '"1-2"')
    (tmp_path / "p.cgs").write_text(body, encoding="utf-8")
    rep = audit(tmp_path / "p.cgs", "mock_turtles", library, box=Box(("n",), (2,)))
    strips_check = check(rep, "strips")
    values = {r["position"] for r in strips_check.rows if r["detail"].startswith("value")}
    assert rep.exit_code == 1 and text((0, 0, 0, 0, 0, 0, 1)) in values, summaries(rep)
    assert values == {text(s) for s in judged(2) if brute(s, "1-2") != brute(s, "1-3")}
    assert f"on {len(judged(2))} strips of Turning" in strips_check.summary


def test_the_brute_force_is_the_spec_on_mock_turtles():
    """The brute force over strips and the heap values of Winning Ways agree (a check of the test)."""
    for s in strips(8):
        v = 0
        for k, c in enumerate(s, 1):
            v ^= MOCK[k] if c else 0
        assert brute(s, "1-3") == v


def edited_library(library, old: str, new: str):
    source = library / "game" / "strip" / "Turning.cgs"
    body = source.read_text(encoding="utf-8")
    assert body.count(old) == 1
    source.write_text(body.replace(old, new), encoding="utf-8")


def test_an_edited_turning_that_forgets_to_turn_the_rightmost_coin_differs(library, tmp_path):
    """Turning.cgs with `Updated { n => 0 }` edited away: every move leaves the rightmost coin heads,
    so every strip with a head has options the spec has not (its NimValue, from the heap form,
    still agrees: the options show the fault)."""
    edited_library(library, " Updated { n => 0 })", ")")
    rep = audit(DATA / "turning_values.cgs", "mock_turtles", library, box=Box(("n",), (5,)))
    strips_check = check(rep, "strips")
    assert rep.exit_code == 1, summaries(rep)
    assert {r["position"] for r in strips_check.rows} == {text(s) for s in judged(5) if any(s)}
    assert not any(r["detail"].startswith("value") for r in strips_check.rows)


def test_turning_without_its_nim_value_override_takes_the_mex_and_agrees(library):
    """Turning.cgs without `override def NimValue`: the value is the mex of the options' values."""
    source = library / "game" / "strip" / "Turning.cgs"
    body = source.read_text(encoding="utf-8")
    start = body.index("    override def NimValue begin")
    end = body.index("      value\n      \n    end\n", start) + len("      value\n      \n    end\n")
    source.write_text(body[:start] + body[end:], encoding="utf-8")
    rep = audit(DATA / "turning_values.cgs", "mock_turtles", library, box=Box(("n",), (6,)))
    assert rep.exit_code == 0 and check(rep, "strips").verdict == "agree", summaries(rep)


def test_a_strip_class_of_ones_own_agrees_and_its_twin_differs(library, tmp_path):
    rep = audit(DATA / "coins_values.cgs", "mock_turtles", library, classes=[str(DATA / "Coins.cgs")],
                box=Box(("n",), (6,)))
    assert rep.exit_code == 0 and check(rep, "strips").verdict == "agree", summaries(rep)
    assert rep.printed["as printed"] == ["[1,2,4,6,0]"]   # printed by the real CGSuite (test below)
    twin = (DATA / "Coins.cgs").read_text(encoding="utf-8").replace("b == 0 or b > a", "b == 0")
    (tmp_path / "Coins.cgs").write_text(twin, encoding="utf-8")   # three coins never turned: 1-2
    rep = audit(DATA / "coins_values.cgs", "mock_turtles", library, classes=[str(tmp_path / "Coins.cgs")],
                box=Box(("n",), (6,)))
    values = {r["position"] for r in check(rep, "strips").rows if r["detail"].startswith("value")}
    assert rep.exit_code == 1 and values == {text(s) for s in strips(6) if brute(s, "1-2") != brute(s, "1-3")}


@pytest.mark.parametrize("program, game, words", [
    ('System.Print(game.strip.Turning("1-3")("hh").MisereNimValue);', "mock_turtles", "misère play is not its heap form"),
    ('System.Print(game.strip.Turning("1-3")("hh").NimValue);', "wythoff", "not a heap game"),
    ('T := game.strip.Turning("1-3"); U := game.strip.Turning("2");\nSystem.Print([T("hh").NimValue, U("hh").NimValue]);',
     "mock_turtles", "2 rulesets"),
])
def test_what_cannot_be_judged_is_refused_with_its_reason(library, tmp_path, program, game, words):
    (tmp_path / "p.cgs").write_text(program + "\n", encoding="utf-8")
    rep = audit(tmp_path / "p.cgs", game, library)
    assert rep.exit_code == 2 and any(words in s for s in summaries(rep)), summaries(rep)


def test_the_real_cgsuite_gives_every_strip_the_interpreters_value_and_options(library, real_cgsuite, tmp_path):
    """Every strip of length <= 8 of Turning("1-3") and Turning("3E"): CGSuite's nim value and number
    of options equal the interpreter's; the audit of the same program on --bound 8 agrees."""
    run = tmp_path / "run"
    run.mkdir()
    for code, game in (("1-3", "mock_turtles"), ("3E", "turnips")):
        text_ = (DATA / "all_strips.cgs").read_text(encoding="utf-8").replace('"1-3"', f'"{code}"')
        (run / "all.cgs").write_text(text_, encoding="utf-8")
        out = real_cgsuite.run(run, run / "all.cgs")
        assert out.returncode == 0, out.stdout + out.stderr
        rep = audit(run / "all.cgs", game, library, box=Box(("n",), (8,)))
        assert rep.exit_code == 0 and check(rep, "strips").verdict == "agree", summaries(rep)
        assert out.stdout.splitlines() == rep.printed["as printed"]


def test_the_real_cgsuite_runs_the_strip_class_of_ones_own(real_cgsuite, tmp_path):
    run = tmp_path / "run"
    run.mkdir()
    (run / "Coins.cgs").write_text((DATA / "Coins.cgs").read_text(encoding="utf-8"), encoding="utf-8")
    out = real_cgsuite.run(run, DATA / "coins_values.cgs")
    assert out.returncode == 0 and out.stdout.splitlines() == ["[1,2,4,6,0]"], out.stdout + out.stderr


# ---------------------------------------------------------------- Toppling Dominoes (CGSuite's example)
def test_toppling_dominoes_is_refused_as_partizan_naming_the_line(shared, library, tmp_path):
    cgsuite_jar.extract(shared, tmp_path / "ex" / "examples", "org/cgsuite/lang/examples/")
    (tmp_path / "td.cgs").write_text('System.Print(examples.TopplingDominoes("lrlrreelr").CanonicalForm);\n',
                                     encoding="utf-8")
    rep = audit_cgscript(str(tmp_path / "td.cgs"), Ruleset(load_game("nim"), {}),
                         class_path=[str(tmp_path / "ex"), str(library)],
                         class_name="examples.TopplingDominoes.Position")
    run = check(rep, "run")
    assert rep.exit_code == 2 and "partizan" in run.summary, summaries(rep)
    assert "Options(player) at line 23, the player read at line 25" in run.summary


def grey_audit(tmp_path, examples_dir, library):
    ruleset = Ruleset(load_game("nim"), {})
    return audit_cgscript(str(DATA / "grey_dominoes.cgs"), ruleset, class_path=[str(examples_dir), str(library)],
                          class_name="examples.TopplingDominoes.Position", box=Box(ruleset.coords, (8,)),
                          printed="grundy")


def test_rows_of_grey_dominoes_are_nim_and_a_twin_that_cannot_topple_them_differs(shared, library, tmp_path):
    """A row of n grey dominoes: toppling the k-th removes it and every domino on one side, leaving
    k - 1 or n - k greys, so any row of 0..n-1 is reachable: a Nim heap of n (value n, Bouton).
    The printed values (CanonicalForm.NimValue of rows 0..8) are judged with --printed grundy
    against the catalog's nim; the strips check has no heap form for dominoes and is skipped. The
    twin, the example edited so that greys cannot be toppled, has no moves: all values 0."""
    ex = cgsuite_jar.extract(shared, tmp_path / "ex" / "examples", "org/cgsuite/lang/examples/").parent
    rep = grey_audit(tmp_path, ex, library)
    assert rep.exit_code == 0 and check(rep, "printed").verdict == "agree", summaries(rep)
    assert check(rep, "strips").verdict == "skipped"
    assert rep.printed["as printed"] == ["[" + ",".join(str(n) for n in range(9)) + "]"]
    source = ex / "examples" / "TopplingDominoes.cgs"
    body = source.read_text(encoding="utf-8")
    assert body.count("strip[n] == us or strip[n] == 3") == 1
    source.write_text(body.replace("strip[n] == us or strip[n] == 3", "strip[n] == us"), encoding="utf-8")
    rep = grey_audit(tmp_path, ex, library)
    printed = check(rep, "printed")
    assert rep.exit_code == 1 and printed.verdict == "differ", summaries(rep)
    assert {r["position"] for r in printed.rows} == {f"({n})" for n in range(1, 9)}


def test_the_real_cgsuite_prints_the_grey_rows_as_nim(shared, real_cgsuite, tmp_path):
    run = cgsuite_jar.extract(shared, tmp_path / "run" / "examples", "org/cgsuite/lang/examples/").parent
    out = real_cgsuite.run(run, DATA / "grey_dominoes.cgs")
    assert out.returncode == 0 and out.stdout.splitlines() == ["[0,1,2,3,4,5,6,7,8]"], out.stdout + out.stderr


def random_strip_lines(seed: int = 47, count: int = 150) -> list:
    """Strip expressions CGSuite 2.2 accepts, drawn at random (fixed seed): strips of entries 0..3
    and length 0..6, and members with arguments inside and outside the strip (where CGSuite gives
    `Nothing` or clips a range rather than stopping)."""
    import random
    rnd = random.Random(seed)
    out = []
    for _ in range(count):
        n = rnd.randint(0, 6)
        s = f'Strip.Parse("{"".join(rnd.choice(".abc") for _ in range(n))}", ".abc")'
        i, j = rnd.randint(-1, 8), rnd.randint(-1, 8)
        if max(i, 1) - 1 > min(j, n):   # CGSuite stops when i - 1 passes min(j, n) (STRIP_ERRORS)
            i, j = 1, j if j >= 0 else n
        picks = [f"{s}[{i}]", f"{s}.UpdatedRange({i}, {j}, {rnd.randint(-3, 3)})", f"{s}.FindAll({rnd.randint(0, 3)})",
                 f"{s}.Decomposition({rnd.randint(0, 3)})", f'{s}.ToString(".abc")', f"{s}.Length"]
        if n:
            k = rnd.randint(1, n)
            a = rnd.randint(1, n + 1)
            picks += [f"{s}.Updated({k}, {rnd.randint(-128, 127)})", f"{s}.Substrip({a}, {rnd.randint(a - 1, n)})",
                      f"{s} Updated {{ {k} => {rnd.randint(0, 3)}, {rnd.randint(1, n)} => 2 }}",
                      f"{s}.Updated({{ p => 3 - {s}[p] for p in 1..{n} where p % 2 == 1 }})"]
        out.append(rnd.choice(picks))
    return out


def test_the_real_cgsuite_prints_what_the_interpreter_prints_on_random_strip_expressions(real_cgsuite, tmp_path):
    lines = random_strip_lines()
    body = "".join(f"System.Print({e});\n" for e in lines)
    run = run_worksheet(body)
    assert run.error is None, run.error
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "random_strips.cgs").write_text(body, encoding="utf-8")
    out = real_cgsuite.run(tmp_path / "run", tmp_path / "run" / "random_strips.cgs")
    assert out.returncode == 0, out.stdout + out.stderr
    for expr, engine, ours in zip(lines, out.stdout.splitlines(), run.printed):
        assert engine == ours, expr
    assert len(out.stdout.splitlines()) == len(run.printed) == len(lines)


def test_turning_of_kayles_is_not_its_heap_form_where_a_move_leaves_two_equal_heaps(library, tmp_path):
    """CGSuite's Turning.cgs turns the coins of a heap move through a map `{ j => 1 - strip[j] for j
    in heaps }`, so a move leaving two equal heaps turns that coin once. On `tthh` (Kayles heaps 3
    and 4, code 0.77), 4 -> 1 + 1 (two middle pins) and 3 -> 1 + 1 (the middle pin) are, with
    parity collapse, the strips with heads {3} and {4}; CGSuite's options (printed by the engine:
    thth, htth, htth, tttt, hhht, thht, htht) have neither, and {1, 3} (htht) instead. The
    values agree (Turning's NimValue is the heap form's), the options show the difference."""
    (tmp_path / "k.cgs").write_text('System.Print(game.strip.Turning(game.heap.Kayles)("tthh").Options);\n'
                                    'System.Print(game.strip.Turning(game.heap.Kayles)("tthh").NimValue);\n',
                                    encoding="utf-8")
    rep = audit(tmp_path / "k.cgs", "kayles", library)
    rows = check(rep, "strips").rows
    assert rep.exit_code == 1 and check(rep, "heaps").verdict == "agree", summaries(rep)
    assert rep.printed["as printed"][0] == "[" + ",".join(f'Turning.Position("{p}")' for p in
                                                          ["thth", "htth", "htth", "tttt", "hhht", "thht", "htht"]) + "]"
    assert {(r["detail"], r["program"], r["spec"]) for r in rows} == {
        ("program-only option (heads)", "{1,3}", ""), ("spec-only option (heads)", "", "{3}"),
        ("spec-only option (heads)", "", "{4}")}
