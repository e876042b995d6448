"""Every emitted CGSuite program of every catalog game runs unchanged in the real CGSuite 2.2
(``../shared/engines/cgsuite``, fixture ``real_cgsuite`` of tests/realcgsuite.py) and agrees with
the Python solver position by position: Grundy values, misère values, and the claim checks (the
positions where a claim fails, ``[]`` when it holds), at the default parameters (the checked-in
``generated/`` folder) and at every parameter value the catalog's kernel boxes name (integer and
function parameters), on the small ``box engine`` of each game.

The real engine is the ground truth here (issue 18): what it prints is imported by the project's
importer and compared with ``solvers.solve``; a CGSuite error anywhere fails the test. Programs
are batched: all scripts of one folder run as one worksheet input (one JVM).
"""

from __future__ import annotations

from pathlib import Path

from cgs_bridge.jobs.compare import compare_table
from cgs_bridge.jobs.generate import generate_files
from cgs_bridge.model import catalog
from cgs_bridge.model.game import Ruleset
from cgs_bridge.systems.cgsuite.files import cgsuite_script_name
from cgs_bridge.systems.cgsuite.reader import check_error_transcript, parse_transcript
from solvers import parse_bound, solve

import paths

ROOT = paths.ROOT
MARK = "== program "


def _variants():
    """(game, params, bound, misere): default parameters and every kernel-box parameter set, on
    the game's engine box, with misère values (the misère script is the normal one plus a column)."""
    out = []
    for name in catalog.names():
        bound = catalog.boxes(name, "engine")[0][1]
        seen = []
        for params, _ in [({}, None)] + catalog.boxes(name, "kernel"):
            if params not in seen:
                seen.append(params)
                out.append((name, params, bound, True))
    return out


def _batch(folder: Path, scripts: list) -> Path:
    """One worksheet running every script in turn, each announced by a printed marker line."""
    lines = []
    for s in scripts:
        lines.append(f'System.Print("{MARK}{s.name}");')
        lines += (folder / s.name).read_text(encoding="utf-8").splitlines()
    out = folder / "all_programs.cgs"
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


def _sections(stdout: str) -> dict:
    """Printed text per script name (the markers print with their quotes)."""
    out, cur = {}, None
    for line in stdout.splitlines():
        if line.startswith(f'"{MARK}'):
            cur = line.strip('"')[len(MARK):]
            out[cur] = []
        elif cur is not None:
            out[cur].append(line)
    return {k: "\n".join(v) + "\n" for k, v in out.items()}


def _agree(sol, text: str, where: str) -> None:
    t = parse_transcript(text, sol.ruleset.n, where)
    res = compare_table(sol, t, "cgsuite", where)
    assert res.differences == [] and res.compared == len(sol) > 0, where
    want = [sorted(tuple(c[0]) if isinstance(c[0], (tuple, list)) else tuple(c[:sol.ruleset.n])
                   for c in r.counterexamples)
            for r in sol.check_claims(limit=10 ** 6) if r.status != "not applicable"]
    got = [sorted(positions) for _, positions in t.checks]
    assert got == want, f"{where}: claim checks printed {got}, Python finds {want}"


def _run(real_cgsuite, folder, scripts):
    res = real_cgsuite.run(folder, _batch(folder, scripts))
    check_error_transcript(res.stdout + res.stderr, "real CGSuite")
    assert res.returncode == 0, res.stdout[-2000:] + res.stderr[-2000:]
    return _sections(res.stdout)


def test_generated_folder_runs_unchanged_and_agrees(real_cgsuite, tmp_path):
    """The checked-in generated/ programs (default parameters, their ``box generated``)."""
    import shutil
    for f in (ROOT / "generated").glob("*.cgs"):
        shutil.copy(f, tmp_path / f.name)
    plans = []
    for name in catalog.names():
        r = Ruleset(catalog.load(name), {})
        box = parse_bound(catalog.boxes(name, "generated")[0][1], r.coords)
        plans.append((r, box, tmp_path / cgsuite_script_name(r, box)))
    printed = _run(real_cgsuite, tmp_path, [p for _, _, p in plans])
    assert len(printed) == len(plans)
    for r, box, script in plans:
        _agree(solve(r, box, method="reference"), printed[script.name], script.name)


def test_every_parameter_and_misere_program_runs_and_agrees(real_cgsuite, tmp_path):
    plans = {}   # by script name: explicit parameters equal to the defaults give the same program
    for name, params, bound, misere in _variants():
        r = Ruleset(catalog.load(name), params)
        box = parse_bound(bound, r.coords)
        generate_files(r, box, targets=("cgsuite",), outdir=tmp_path, misere=misere)
        script = tmp_path / cgsuite_script_name(r, box, misere)
        plans[script.name] = (r, box, misere, script)
    plans = list(plans.values())
    assert {r.game.name for r, *_ in plans} == set(catalog.names())
    printed = _run(real_cgsuite, tmp_path, [p for *_, p in plans])
    assert len(printed) == len(plans)
    for r, box, misere, script in plans:
        _agree(solve(r, box, misere=misere, method="reference"), printed[script.name], script.name)


def test_negative_nim_sum_claim_of_triangular_k5(real_cgsuite, tmp_path):
    """Issue 18's reproduction: Conjecture 8.1 of seed 003 (k % 4 == 1) has ``x - 1`` at x = 0;
    CGSuite's NimSum refused it ("NimSum applies only to nonnegative integers."). The claim holds
    on this box (seed 003, Example 8.5), so the check prints ``[]``."""
    r = Ruleset(catalog.load("triangular"), {"k": "5"})
    box = parse_bound("6", r.coords)
    generate_files(r, box, targets=("cgsuite",), outdir=tmp_path)
    res = real_cgsuite.run(tmp_path, tmp_path / cgsuite_script_name(r, box))
    assert res.returncode == 0 and "NimSum applies" not in res.stdout, res.stdout[-500:]
    assert res.stdout.rstrip().splitlines()[-1] == "[]"


def _verify(real_cgsuite, tmp_path):
    from cgs_bridge.cli.main import main
    return main(["verify", "triangular", "-p", "k=5", "--bound", "x=3,y=2,z=3", "--misere",
                 "--mathematica-engine", "none", "--cgsuite-cmd", real_cgsuite.repl_cmd_text,
                 "--run-dir", str(tmp_path / "run")])


def test_verify_through_the_real_repl_agrees(real_cgsuite, tmp_path, capsys):
    assert _verify(real_cgsuite, tmp_path) == 0, capsys.readouterr()
    out = (tmp_path / "run" / "cgsuite.out").read_text()
    assert "Welcome to the CGSuite REPL" in out and "[]" in out   # the real REPL; the claim holds


def test_verify_of_a_crashing_cgsuite_run_is_an_engine_error(real_cgsuite, tmp_path, capsys, monkeypatch):
    """The emitted script as before issue 18 (``NimSum`` on ``x - 1``): the REPL prints CGSuite's
    error after the rows and goes on; verify exits 2 and quotes the error line."""
    from cgs_bridge.systems.cgsuite import expressions as target
    monkeypatch.setattr(target, "nonnegative", lambda node, names: True)
    assert _verify(real_cgsuite, tmp_path) == 2
    err = capsys.readouterr().err
    assert "NimSum applies only to nonnegative integers" in err and "at worksheet input" in err
    # the saved REPL transcript (rows, then the error, then more prompts) through `compare`: exit 2
    from cgs_bridge.cli.main import main
    code = main(["compare", "triangular", "-p", "k=5", "--bound", "x=3,y=2,z=3", "--misere",
                 "--cgsuite", str(tmp_path / "run" / "cgsuite.out")])
    assert code == 2 and "NimSum applies only" in capsys.readouterr().err


def test_bench_cgsuite_case_checks_the_table(real_cgsuite, capsys):
    """Not a timing test: the bench's cgsuite case runs the real REPL and finds its table equal."""
    from cgs_bridge.cli.main import main
    assert main(["bench", "--cases", "cgsuite", "--cgsuite-bound", "3",
                 "--cgsuite-cmd", real_cgsuite.repl_cmd_text]) == 0
    out = capsys.readouterr().out
    assert "cgsuite  triangular k=3 x=3,y=3,z=3" in out and "CGSuite's table equals solve" in out


def test_bench_cgsuite_case_without_a_command_is_a_usage_error(monkeypatch, capsys):
    from cgs_bridge.cli.main import main
    monkeypatch.delenv("CGS_BRIDGE_CGSUITE_CMD", raising=False)
    assert main(["bench", "--cases", "cgsuite"]) == 2
    assert "--cgsuite-cmd" in capsys.readouterr().err
