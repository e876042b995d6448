"""Emitted Mathematica programs of take-and-break codes (issue 49) in Mathics3, one batch: octal,
hexadecimal, modifiers, unbounded heap counts and repeating codes; each program's CSV (values and
misère values of single heaps) equals the Python solver's, position by position; a planted wrong
twin (the program of another code) differs."""

from __future__ import annotations

import pytest

from cgs_bridge.jobs.generate import generate_files
from cgs_bridge.systems.mathematica.files import mathematica_csv_name, mathematica_program_name
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_text
from cgs_bridge.systems.mathematica.reader import read_csv_text
from solvers import parse_bound, solve

from mathics_batch import run_programs

pytestmark = pytest.mark.mathics

CODES = ["0.77", "4!.0", "0.F", "{2+}.0", "0.[37]", "8?.0", "4=.7", "0.6?", "0.3[7]", "0.B="]


def test_emitted_programs_of_many_codes_agree_in_mathics(tmp_path):
    plans = []
    for k, code in enumerate(CODES):
        r = Ruleset(load_text(f'game c{k}\n  octal "{code}"\n  claim "bounded": grundy <= n\n', f"c{k}.game"))
        box = parse_bound("8", r.coords)
        generate_files(r, box, targets=("mathematica",), outdir=tmp_path, misere=True)
        plans.append((code, r, box))
    wrong = tmp_path / mathematica_program_name(plans[0][1], plans[0][2], True)
    twin = tmp_path / "twin.wl"   # Kayles' program with Dawson's Kayles' options: must differ
    twin.write_text(wrong.read_text().replace("parts[n - 1, ", "parts[n - 7, ").replace(
        mathematica_csv_name(plans[0][1], plans[0][2], True), "twin.csv"))
    names = [mathematica_program_name(r, box, True) for _, r, box in plans] + ["twin.wl"]
    _, outputs = run_programs(tmp_path, names, "emitted take-and-break programs")
    for (code, r, box), out in zip(plans, outputs):
        sol = solve(r, box, misere=True, method="reference")
        frame = read_csv_text((tmp_path / mathematica_csv_name(r, box, True)).read_text(), ("n",)).frame
        rows = sorted(map(tuple, frame[["c0", "grundy", "misere"]].values.tolist()))
        assert rows == [(n, int(sol.grundy[n]), int(sol.misere[n])) for n in range(9)], code
        assert out.strip().endswith("{}"), (code, out[-300:])       # the claim holds on the box
    twin = read_csv_text((tmp_path / "twin.csv").read_text(), ("n",)).frame
    kayles = solve(plans[0][1], plans[0][2], misere=True)
    assert len(twin) == 9 and any(g != int(kayles.grundy[n]) for n, g in zip(twin["c0"], twin["grundy"]))
