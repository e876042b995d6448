"""Take-and-break codes against the real CGSuite 2.2 (issue 49; fixture ``real_cgsuite``): CGSuite's
own ``TakeAndBreak`` gives every code here the options our reading gives (in the same order), the
same nim-value sequences, single-heap misère values and periods (its ``CheckPeriodicity``); it
refuses the codes we call malformed; ``verify`` agrees with it on the explicit classes emitted for
codes that are not octal, and a program of another code (a planted wrong twin) is a difference."""

from __future__ import annotations

import json

import pytest

from cgs_bridge.cli.main import main
from cgs_bridge.language.takebreak import parse_code
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_text
from solvers import parse_bound, solve
from solvers.periodicity import find_period

CODES = ["0.77", "0.07", "4!.0", "4.7", "0.F", "0.[3]", "0.137", "{2+}.0", "0.{1,2!}", "0.&40;", "0.7?",
         "00.7", "0.770", "0.3[7]", "0.[37]", "8!.0", "8?.0", "0.{0+}=", "{2+}!.0", "0.6?",
         "0.{1?,2}", "4=.7", "0.4?", "0.B=", "0.{3+}?", "C.0", "0.V", "0.{1,3!+}", "0.*", "4?.0"]


def _lines(real_cgsuite, tmp_path, statements):
    script = tmp_path / "t.cgs"
    script.write_text("\n".join(statements) + "\n", encoding="utf-8")
    res = real_cgsuite.run(tmp_path, script)
    assert res.returncode == 0, res.stdout[-1500:] + res.stderr[-1500:]
    return [ln for ln in res.stdout.splitlines() if ln.startswith("[") or ln.startswith("Periodicity")]


def test_heap_options_sequences_and_misere_values_are_cgsuites(real_cgsuite, tmp_path):
    statements = []
    for c in CODES:
        canon = parse_code(c).canonical()
        statements += [f'R := game.heap.TakeAndBreak("{c}");',
                       "System.Print([R.HeapOptions(n) for n from 0 to 9]);",
                       f'System.Print([game.heap.TakeAndBreak("{canon}").HeapOptions(n) for n from 0 to 9]);',
                       "System.Print([R(n).NimValue for n from 0 to 40]);",
                       "System.Print([R(n).MisereNimValue for n from 0 to 9]);"]
    out = _lines(real_cgsuite, tmp_path, statements)
    assert len(out) == 4 * len(CODES)
    for k, c in enumerate(CODES):
        code = parse_code(c)
        options, canon, values, misere = (json.loads(x) for x in out[4 * k:4 * k + 4])
        ours = [[list(p) for _, p in code.options(n)] for n in range(10)]
        assert options == ours and canon == ours, c        # same moves, same order; canonical text read alike
        r = Ruleset(load_text(f'game g\n  octal "{c}"\n', "g.game"))
        sol = solve(r, parse_bound("40", r.coords), misere=False)
        assert sol.grundy.tolist() == values, c
        assert solve(r, parse_bound("9", r.coords), misere=True).misere.tolist() == misere, c


def test_cgsuite_refuses_the_codes_we_call_malformed(real_cgsuite, tmp_path):
    """(Codes CGSuite reads but we refuse: additive digits, d0 with bit 1, and d0 with bit 0, where
    CGSuite lists a move from heap 0 yet gives heap 0 the value 0: tested below.)"""
    for c in ["0.7]", "0..7", "0.x", "0.{", "0.{a}", "07", "0.&x;", "0.{1!,2}!"]:
        script = tmp_path / "m.cgs"
        script.write_text(f'System.Print(game.heap.TakeAndBreak("{c}").HeapOptions(3));\n', encoding="utf-8")
        res = real_cgsuite.run(tmp_path, script)
        refused = "Malformed code" in res.stdout or "NumberFormatException" in res.stdout   # 0.{a}: Java's
        assert res.returncode == 1 and refused, (c, res.stdout[-300:])


def test_d0_with_bit_0_is_where_cgsuite_contradicts_itself(real_cgsuite, tmp_path):
    out = _lines(real_cgsuite, tmp_path, ['R := game.heap.TakeAndBreak("1.0");',
                                          "System.Print([R.HeapOptions(0), [R(0).NimValue]]);"])
    assert out == ["[[[]],[0]]"]      # heap 0 has a move (to nothing), yet its nim value is 0


def test_periods_are_cgsuites(real_cgsuite, tmp_path):
    cases = [("0.77", 400), ("0.07", 400), ("0.7777", 600), ("0.137", 400)]
    out = _lines(real_cgsuite, tmp_path,
                 [f'System.Print(game.heap.TakeAndBreak("{c}").CheckPeriodicity({n}));' for c, n in cases])
    for (c, n), line in zip(cases, out):
        r = Ruleset(load_text(f'game g\n  octal "{c}"\n', "g.game"))
        found = find_period(solve(r, parse_bound(str(n), r.coords), method="fast").grundy, r.takebreak.max_removed)
        assert found.proved
        assert line == f"Periodicity(Period => {found.period}, Preperiod => {found.preperiod}, Saltus => 0)"


@pytest.mark.parametrize("code", ["4!.0", "0.F", "8?.0", "4=.7", "0.6?"])
def test_verify_agrees_on_explicit_classes(real_cgsuite, tmp_path, capsys, code):
    spec = tmp_path / "g.game"
    spec.write_text(f'game g\n  octal "{code}"\n  claim "c": grundy <= n\n', encoding="utf-8")
    assert main(["verify", str(spec), "--bound", "12", "--misere", "--mathematica-engine", "none",
                 "--cgsuite-cmd", real_cgsuite.repl_cmd_text, "--run-dir", str(tmp_path / "run")]) == 0, \
        capsys.readouterr().out[-2000:]
    assert (tmp_path / "run" / "G.cgs").exists()            # not octal: our class, not TakeAndBreak


def test_a_program_of_another_code_is_a_difference(real_cgsuite, tmp_path, capsys):
    run = tmp_path / "run"
    assert main(["generate", "kayles", "--bound", "14", "--target", "cgsuite", "-o", str(run)]) == 0
    script = run / "kayles_n14_table.cgs"
    script.write_text(script.read_text().replace('TakeAndBreak("0.77")', 'TakeAndBreak("0.07")'))
    res = real_cgsuite.run(run, script)
    out = tmp_path / "cgsuite.out"
    out.write_text(res.stdout)
    capsys.readouterr()
    assert main(["compare", "kayles", "--bound", "14", "--cgsuite", str(out)]) == 1
    assert "DIFFERS" in capsys.readouterr().out
