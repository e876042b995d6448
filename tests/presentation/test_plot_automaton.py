"""The learned automaton as a figure and in the discovery report (issue 44, item 4), through the
CLI: ``discover maximum_nim --automaton --prove`` reports the 2-state automaton of "x + 1 is a
power of two" (Levine 2006: g(2k) = k, g(2k+1) = g(k), so g(x) = 0 iff x = 2^m - 1) PROVED, in
the same report as the formula findings, and draws it (states and digit labels in the SVG)."""

from __future__ import annotations

import json

from cgs_bridge.cli.main import main


def test_discover_automaton_report_and_figure(tmp_path, capsys):
    svg = tmp_path / "maxnim.svg"
    code = main(["discover", "maximum_nim", "--bound", "20", "--families", "p", "--automaton", "--prove",
                 "--prover", "embedded", "--automaton-figure", str(svg)])
    out = capsys.readouterr().out
    assert code == 0
    # the formula families find nothing on this box; the automaton is a theorem
    assert "No formula of the searched families holds" in out
    assert "Automata learned from the table" in out
    assert "P-positions (base 2): 2 states" in out and ": PROVED" in out
    assert "in words: x + 1 is a power of two" in out
    text = svg.read_text()
    assert 'id="state 0"' in text and 'id="state 1"' in text and 'id="edge 0 1"' in text
    assert 'id="state 2"' not in text                     # the dead state is not drawn


def test_discover_automaton_json_has_walnut_text(capsys):
    assert main(["discover", "subtraction", "--bound", "12", "--automaton", "--json",
                 "--families", "p"]) == 0
    rep = json.loads(capsys.readouterr().out)
    first = rep["automata"][0]
    assert first["what"] == "P-positions" and first["states"] == 3
    assert first["automaton_file"].startswith("msd_2\n")
    # Grundy values x % 4 of S = {1, 2, 3} (Winning Ways ch. 4): one automaton per value 1, 2, 3
    assert [a["what"] for a in rep["automata"][1:]] == ["grundy == 1", "grundy == 2", "grundy == 3"]
