"""What a researcher meets around ``prove`` (issue 48): claim locations (48.3), one claim syntax and
one rule for ``--claim`` in every command (48.6), ``cb.prove`` as ``cb.verify`` is called (48.7),
a missing Java said as such (48.8), discovery's findings on their way to the prover (48.9), and
the small things of 48.10. Expected verdicts: Bouton's theorem for two-heap Nim (P iff x xor y =
0) and a planted false twin; locations counted by hand in the texts written here."""

from __future__ import annotations

import re

import pytest

import cgs_bridge as cb
from cgs_bridge.cli.main import main
from cgs_bridge.foundation.errors import InputError, SpecError

pytest.importorskip("solvers.automata", reason="the embedded prover is not installed")
NIM2 = 'game nim2\n  coordinates x, y\n  cut x to t\n  cut y to t\n  claim "Bouton": P iff x xor y == 0\n'


@pytest.fixture
def nim2(tmp_path):
    path = tmp_path / "nim2.game"
    path.write_text(NIM2)
    return str(path)


#: Not expressible (a product of two variables) and true on the box the solver checks first (side
#: 11 for three coordinates: x * y <= 121 there, and the rest is Conjecture 8.1, which holds at k = 5),
#: so the box cannot refute it and its location is what the row reports.
UNSTATABLE = "P iff x * y < 1000000 and (x - 1) xor y xor (z - 1) == 0"


def test_claim_locations_name_where_the_claim_was_written(tmp_path):
    r = cb.prove("triangular", k=5, claims=[UNSTATABLE], prover="embedded")
    assert r.rows[-1].verdict == "NOT EXPRESSIBLE" and r.rows[-1].where == "--claim:1:9"   # the product's '*' at column 9
    claims = tmp_path / "claims.txt"
    claims.write_text(f"# two claims\n{UNSTATABLE}\n")
    r = cb.prove("triangular", k=5, claims_file=str(claims), prover="embedded")
    assert r.rows[-1].where == f"{claims}:2:9"
    # a catalog claim: the real file, whose line 10 column 86 is the claim's `when`
    where = r.rows[0].where
    path, line, col = where.rsplit(":", 2)
    assert path.endswith("cgs_bridge/model/catalog/triangular.game")
    assert open(path).read().splitlines()[int(line) - 1][int(col) - 1:].startswith("k % 4 == 3")


def test_a_claim_outside_the_provers_language_that_fails_on_the_box_is_refuted():
    """The twin of the test above under issue 48.5's box check: x * y == z is not expressible either,
    but false on the box, so it is REFUTED at its least failing position (brute force by seed 003's
    rules: the least position, by coordinate sum then lexicographically, whose P-status differs)."""
    import logic_problems as lp
    r = cb.prove("triangular", k=5, claims=["P iff x * y == z"], prover="embedded")
    truth = lp.p_positions(5, 12)
    want = min((p for p, is_p in truth.items() if (p[0] * p[1] == p[2]) != is_p), key=lambda p: (sum(p), p))
    row = r.rows[-1]
    assert row.verdict == "REFUTED" and row.position == want and row.least and r.exit_code == 1


def test_a_claims_file_takes_the_lines_discover_prints(nim2, tmp_path, capsys):
    claims = tmp_path / "found.txt"
    claims.write_text('claim "discovered 1: P iff x xor y == 0 (nim2, box 6)": P iff x xor y == 0\n'
                      'claim "wrong twin": P iff x == 0\n')
    r = cb.prove(nim2, claims_file=str(claims), prover="embedded")
    assert [(row.name, row.verdict) for row in r.rows] == [
        ("Bouton", "PROVED"), ("discovered 1: P iff x xor y == 0 (nim2, box 6)", "PROVED"), ("wrong twin", "REFUTED")]
    claims.write_text('P iff x xor y == 0\nclaim "bad": P iff x ** 2\n')
    with pytest.raises(SpecError) as e:
        cb.prove(nim2, claims_file=str(claims), prover="embedded")
    assert (e.value.file, e.value.line, e.value.column) == (str(claims), 2, 23)   # the second '*'


@pytest.mark.parametrize("command", ["check", "prove"])
def test_claim_adds_to_the_games_claims_in_every_command(nim2, command, capsys):
    extra = ["--bound", "4"] if command == "check" else ["--prover", "embedded"]
    code = main([command, nim2, "--claim", "P iff x == y", *extra])
    out = capsys.readouterr().out
    assert code == 0 and "Bouton" in out and "P iff x == y" in out


def test_cb_prove_is_called_as_cb_verify_and_prints_its_rows():
    import subprocess
    import sys
    code = ("import cgs_bridge as cb\n"      # a fresh process: no renderer module loaded before
            "r = cb.prove('triangular', k=3, claims='P iff (x - 1) xor y xor (z - 1) == 0', prover='embedded')\n"
            "print(r)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120).stdout
    assert "PROVED           Theorem 7.3" in out and "REFUTED" in out and "smallest counterexample (1, 1, 2)" in out
    with pytest.raises(InputError, match="already bound"):
        cb.prove(cb.game("triangular", k=3), k=5)


def test_java_missing_is_said_with_how_to_install_it(monkeypatch, nim2, tmp_path):
    import shutil
    from cgs_bridge.systems.walnut import runner
    home = tmp_path / "walnut"
    (home / "bin").mkdir(parents=True)
    (home / "bin" / "walnut-run").write_text("#!/bin/sh\njava -jar x\n")
    (home / "bin" / "walnut-run").chmod(0o755)
    real = shutil.which
    monkeypatch.setattr(shutil, "which", lambda name, *a, **k: None if name == "java" else real(name, *a, **k))
    r = cb.prove(nim2, prover="walnut", walnut_home=str(home))
    reason = r.rows[0].reason
    assert r.rows[0].verdict == "ENGINE ERROR" and r.exit_code == 2
    assert reason == runner.JAVA_MISSING
    assert "Java is missing" in reason and "apt-get install openjdk-17-jre-headless" in reason
    assert "--prover embedded" in reason and "needs no Java" in reason


def test_prove_without_claims_is_an_input_error(capsys):
    assert main(["prove", "two_inequalities", "--prover", "embedded"]) == 2
    assert "has no claims to prove: give one with --claim TEXT" in capsys.readouterr().err


def test_game_names_get_did_you_mean(capsys):
    assert main(["check", "triangualr", "--bound", "3"]) == 2
    err = capsys.readouterr().err
    assert "did you mean 'triangular'?" in err
    assert main(["check", "zzzzzz", "--bound", "3"]) == 2           # twin: nothing close, no hint
    assert "did you mean" not in capsys.readouterr().err


def test_generate_walnut_needs_no_bound(tmp_path, capsys):
    assert main(["generate", "triangular", "-p", "k=5", "--target", "walnut", "-o", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["triangular_k5_walnut.txt", "xor.txt"]
    assert main(["generate", "triangular", "-p", "k=5", "--target", "cgsuite", "-o", str(tmp_path)]) == 2
    assert "--bound is required" in capsys.readouterr().err      # twin: a table needs its box


def test_differs_counts_are_words():
    from cgs_bridge.jobs.compare import SideResult
    side = SideResult.__new__(SideResult)
    side.differences = [type("D", (), {"kind": k})() for k in ("value", "value", "missing", "duplicate")]
    assert side.counts_text() == "2 values, 1 missing, 1 duplicate"


def test_progress_rates_are_scaled():
    from cgs_bridge.foundation import progress
    from tqdm import tqdm
    import io
    stream = io.StringIO()
    bar = tqdm(total=10**6, unit=" positions", unit_scale=True, file=stream, bar_format=progress._format(10**6))
    bar.n = 10**6
    bar.refresh()
    line = stream.getvalue().split("\r")[-1]
    assert "1000000/1000000" in line and not re.search(r"\d{5,}\.\d\d positions/s", line)


def test_discovery_findings_reach_the_prover():
    from types import SimpleNamespace
    from cgs_bridge.jobs.discover.proofs import findings
    rep = SimpleNamespace(formulas=[], regions=[], sweep=None,
                          lines=[{"claim": 'claim "row": ...', "condition": "not (y == 0) or grundy == x"},
                                 {"claim": None, "same_as": "x"}],
                          slices=[{"conditions": ["not (x == 1) or P iff y == 2"]}],
                          partners={"lines": [{"claim": 'claim "partner 1": ...', "condition": "not (y == 0) or (P iff x == z)"},
                                              {"claim": None, "claim_failed": "..."}]})
    assert findings(rep, None) == [("row or column", "not (y == 0) or grundy == x", {}),
                                   ("partner", "not (y == 0) or (P iff x == z)", {}),
                                   ("slice", "not (x == 1) or P iff y == 2", {})]


def test_a_periodic_gap_gives_a_claim_line_that_a_recursion_confirms():
    """triangular k = 2, y = 2 (seed 003 Example 8.7: no generic formula): the partner x of z is
    arithmetic-periodic from z = 3 with period 4 and saltus 4 (issue 21's finding); its claim line
    states exactly that, and a plain mex recursion written here agrees on z = 3..14."""
    import sys
    from functools import lru_cache
    from cgs_bridge.jobs.discover.partners import PartnerLine
    line = PartnerLine(c=0, a=2, fixed={1: 2}, first=3, length=36, start=3, period=4, saltus=4)
    seq = [5, 6, 3, 4] + [9, 10, 7, 8]
    cond = line.condition(("x", "y", "z"), seq)
    assert cond == ("not (y == 2 and z >= 3) or (P iff x == (if (z - 3) % 4 == 0 then 5 else if (z - 3) % 4 == 1 "
                    "then 6 else if (z - 3) % 4 == 2 then 3 else 4) + 4 * floor((z - 3) / 4))")
    sys.setrecursionlimit(10000)

    @lru_cache(maxsize=None)
    def g(x, y, z):
        opts = {g(t, min(y, (t + z) // 2), z) for t in range(x)} | {g(x, t, z) for t in range(y)}
        opts |= {g(x, min(y, (x + t) // 2), t) for t in range(z)}
        return next(m for m in range(len(opts) + 1) if m not in opts)
    partner = lambda z: [5, 6, 3, 4][(z - 3) % 4] + 4 * ((z - 3) // 4)   # noqa: E731
    for z in range(3, 15):
        assert [x for x in range(max(0, 4 - z), 30) if g(x, 2, z) == 0] == [partner(z)]
