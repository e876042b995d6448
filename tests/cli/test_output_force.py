"""One rule for every output path (issue 36, and issue 37's "compare and verify with an existing
--html say pass --force but neither accepts --force"): an existing file is never overwritten
without ``--force``, on every command and output option; with ``--force`` it is replaced."""

from __future__ import annotations

import pytest

from cgs_bridge.cli.main import build_parser, main

SENTINEL = "a file the user wrote by hand\n"
CSV = "examples/triangular_k3_x6_y4_z6.csv"

#: (command line with {out} for the existing file, the file's name, exit status when it is written)
CASES = [
    ("solve nim --bound 3 -o {out}", "t.csv", 0),
    ("compare triangular -p k=3 --bound x=6,y=4,z=6 --mathematica {csv} --html {out}", "c.html", 0),
    ("compare triangular -p k=3 --bound x=6,y=4,z=6 --mathematica {csv} -o {dir}", "comparison.txt", 0),
    ("verify nim --bound 3 --mathematica-engine none --run-dir {run} --html {out}", "v.html", 0),
    ("sweep triangular -p k=1,3 --bound 3 --workers 0 --html {out}", "s.html", 0),
    ("plot wythoff --bound 5 -o {out}", "f.png", 0),
    ("explore nim --bound 5 -o {out}", "e.html", 0),
]


def _argv(template: str, tmp_path, name: str, run: str) -> list:
    from conftest import ROOT
    line = template.format(out=tmp_path / name, dir=tmp_path, run=tmp_path / run, csv=ROOT / CSV)
    return line.split()


@pytest.mark.parametrize("template,name,code", CASES, ids=[c[0].split(" -")[0] + " " + c[1] for c in CASES])
def test_an_existing_output_is_kept_without_force_and_replaced_with_it(template, name, code, tmp_path, capsys):
    out = tmp_path / name
    out.write_text(SENTINEL, encoding="utf-8")
    assert main(_argv(template, tmp_path, name, "run1")) == 2
    err = capsys.readouterr().err
    assert "exists" in err and "--force" in err, err
    assert out.read_text(encoding="utf-8") == SENTINEL  # untouched
    assert main(_argv(template, tmp_path, name, "run2") + ["--force"]) == code
    capsys.readouterr()
    assert out.read_bytes() != SENTINEL.encode()  # replaced


def test_every_command_with_an_output_option_takes_force():
    """The parser of every command that writes a file (``-o``, ``--output*``, ``--html``,
    ``--bfile``) has ``--force``."""
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    writing = {"-o", "--output", "--output-dir", "--html", "--bfile"}
    missing = [name for name, p in sub.choices.items()
               if writing & set(p._option_string_actions) and "--force" not in p._option_string_actions]
    assert not missing, missing
