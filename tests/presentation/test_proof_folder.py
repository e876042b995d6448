"""The proof folder of ``prove -o`` and the table of ``prove --sweep -o`` by the project's one
overwrite rule, decided before the work (issues 48.4, 46.4, 46.5): a rerun of the same proof
succeeds though its run times differ; a user's edit is kept without --force and the verdict is
printed anyway; a FIFO is never opened; a folder, a dangling symbolic link or a file where a proof
file or the folder goes is refused with what it is, before any prover runs."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import cgs_bridge as cb
from cgs_bridge.cli.main import main
from cgs_bridge.foundation.errors import InputError
from cgs_bridge.jobs import prove as P

pytest.importorskip("solvers.automata", reason="the embedded prover is not installed")
NIM2 = 'game nim2\n  coordinates x, y\n  cut x to t\n  cut y to t\n  claim "Bouton": P iff x xor y == 0\n'


@pytest.fixture
def spec(tmp_path):
    path = tmp_path / "nim2.game"
    path.write_text(NIM2)
    return str(path)


@pytest.fixture
def no_work(monkeypatch):
    """The provers must not run: a refusal is decided before the work."""
    def boom(*a, **k):
        raise AssertionError("the provers ran before the output was checked")
    monkeypatch.setattr(P, "prove_translations", boom)
    monkeypatch.setattr("cgs_bridge.jobs.prove_run.prove_translations", boom)


def test_a_rerun_with_other_run_times_succeeds_and_an_edit_is_kept(spec, tmp_path, capsys):
    out = tmp_path / "proof"
    first = cb.prove(spec, prover="embedded", output=out)
    assert first.rows[0].verdict == "PROVED"
    tex = (out / "proof.tex").read_text()
    # another run's times: every file differs from this run's in its run times only
    for name in ("proof.md", "proof.tex", "proof.json", "proof.html"):
        text = (out / name).read_text()
        (out / name).write_text(text.replace(f"{first.rows[0].seconds:.1f} s", "99.9 s")
                                .replace('"seconds": ', '"seconds": 1234'))
    assert "99.9 s" in (out / "proof.tex").read_text()
    assert main(["prove", spec, "--prover", "embedded", "-o", str(out)]) == 0   # the README's rerun
    assert "99.9 s" not in (out / "proof.tex").read_text() and (out / "proof.tex").read_text().count("run time") == 1
    assert tex.split("run time")[0] == (out / "proof.tex").read_text().split("run time")[0]
    # planted twin: a user's edit is more than run times: kept, the verdict printed, exit 2
    (out / "proof.tex").write_text(tex.replace("Theorem", "My theorem"))
    capsys.readouterr()
    assert main(["prove", spec, "--prover", "embedded", "-o", str(out)]) == 2
    got = capsys.readouterr()
    assert "PROVED" in got.out and "VERDICT:" in got.out                      # nothing lost
    assert "proof.tex" in got.err and "--force" in got.err
    assert "My theorem" in (out / "proof.tex").read_text()
    assert main(["prove", spec, "--prover", "embedded", "-o", str(out), "--force"]) == 0
    assert "My theorem" not in (out / "proof.tex").read_text()


def test_another_proofs_folder_is_refused_before_the_work(spec, tmp_path, monkeypatch):
    out = tmp_path / "proof"
    cb.prove("triangular", k=5, prover="embedded", output=out)
    monkeypatch.setattr(P, "prove_translations", lambda *a, **k: pytest.fail("ran before the check"))
    monkeypatch.setattr("cgs_bridge.jobs.prove_run.prove_translations", lambda *a, **k: pytest.fail("ran"))
    with pytest.raises(InputError, match=r"holds the proof of triangular\(k=5\).*--force"):
        cb.prove(spec, prover="embedded", output=out)
    held = json.loads((out / "proof.json").read_text())
    assert held["proof"]["game"] == "triangular(k=5)"


@pytest.mark.parametrize("make, words", [
    (lambda p: p.mkdir(), "proof.json is a folder"),
    (lambda p: os.symlink(p.parent / "nowhere", p), "proof.json is a symbolic link"),
])
def test_a_target_that_is_not_a_file_is_refused_before_the_work(spec, tmp_path, no_work, make, words):
    out = tmp_path / "proof"
    out.mkdir()
    make(out / "proof.json")
    with pytest.raises(InputError, match=words):
        cb.prove(spec, prover="embedded", output=out, force=True)
    assert sorted(p.name for p in out.iterdir()) == ["proof.json"]          # nothing half-written


def test_o_naming_a_file_says_so(spec, tmp_path, no_work):
    afile = tmp_path / "afile"
    afile.write_text("mine")
    with pytest.raises(InputError, match="exists and is a file, not a folder"):
        cb.prove(spec, prover="embedded", output=afile)
    assert afile.read_text() == "mine"


def test_a_fifo_named_proof_md_is_never_opened(spec, tmp_path):
    out = tmp_path / "proof"
    out.mkdir()
    os.mkfifo(out / "proof.md")
    run = subprocess.run([sys.executable, "-m", "cgs_bridge.cli.main", "prove", spec, "--prover", "embedded",
                          "-o", str(out), "--force"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and "proof.md is a FIFO" in run.stderr, run.stderr
    assert "PROVED" not in run.stdout                                         # refused before the work


def test_sweep_plot_and_table_targets_are_checked_before_the_sweep(tmp_path, monkeypatch, capsys):
    import cgs_bridge.jobs.prove_sweep as S
    monkeypatch.setattr(S, "prove_sweep", lambda *a, **k: pytest.fail("the sweep ran"))
    base = ["prove", "triangular", "--sweep", "k=1..2", "--workers", "0", "--prover", "embedded"]
    for extra, words in ((["--plot", str(tmp_path / "v.jpg")], ".png, .svg or .pdf"),
                         (["--plot", str(tmp_path / "nodir" / "v.png")], "does not exist"),
                         (["-o", str(tmp_path / "t.txt")], "FILE.csv or FILE.parquet")):
        assert main(base + extra) == 2
        assert words in capsys.readouterr().err
    (tmp_path / "t.csv").write_text("mine")
    assert main(base + ["-o", str(tmp_path / "t.csv")]) == 2
    assert "exists; pass --force" in capsys.readouterr().err and (tmp_path / "t.csv").read_text() == "mine"


def test_ctrl_c_on_a_proof_sweep_keeps_the_finished_values(tmp_path, monkeypatch, capsys):
    import cgs_bridge.jobs.prove_sweep as S
    real = S.prove_cell

    def cell(options, spec, c, *a, **k):
        if dict(c.params)["k"] == 3:
            raise KeyboardInterrupt
        return real(options, spec, c, *a, **k)
    monkeypatch.setattr(S, "prove_cell", cell)
    table = tmp_path / "verdicts.csv"
    code = main(["prove", "triangular", "--sweep", "k=1..4", "--workers", "0", "--prover", "embedded",
                 "-o", str(table)])
    got = capsys.readouterr()
    assert code == 130 and "interrupted after 2 parameter value(s)" in got.err
    # Conjecture 8.1 (k % 4 == 1) proved at k = 1; nothing applies at k = 2 (the catalog's `when`)
    assert "PROVED" in got.out and "2 parameter value(s)" in got.out
    import pandas as pd
    kept = pd.read_csv(table)
    assert list(kept["k"]) == [1, 2] and list(kept["claim2_verdict"]) == ["PROVED", "NOT APPLICABLE"]


def test_a_claim_name_with_dollars_draws(tmp_path):
    from cgs_bridge.jobs.prove_sweep import prove_sweep
    from cgs_bridge.presentation.plot import save_figure
    from cgs_bridge.presentation.plot_proofs import proof_sweep_figure
    res = prove_sweep("triangular", {"k": "1..2"}, provers=("embedded",), workers=0)
    res.claims[0] = "costs $5 or $x^{2 and \\frac{ " + "a very long formula (x - 1) xor y xor (z - 1) == 0 " * 2
    fig = proof_sweep_figure(res)
    save_figure(fig, tmp_path / "v.png")                 # mathtext would fail on the unbalanced $
    labels = [t.get_text() for t in fig.axes[0].get_yticklabels()]
    assert labels[0].replace("\n", " ").replace("\\$", "$").startswith("costs $5 or $x^{2")
    assert labels[0].replace("\n", " ").rstrip().endswith("(z - 1) == 0")   # never cut


def test_an_output_file_that_is_a_dangling_link_is_named_so(tmp_path):
    """46.5: the message said "a device, FIFO or folder" for a symbolic link to nowhere."""
    from cgs_bridge.foundation.io import check_output_path
    os.symlink(tmp_path / "nowhere", tmp_path / "out.csv")
    with pytest.raises(InputError, match="is not a regular file \\(it is a symbolic link to nowhere\\)"):
        check_output_path(tmp_path / "out.csv")
    os.mkfifo(tmp_path / "fifo.csv")
    with pytest.raises(InputError, match="it is a FIFO"):
        check_output_path(tmp_path / "fifo.csv")
