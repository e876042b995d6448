"""A CGScript class that overrides its own game values (issue 25 item 2, CGScript half) is judged by
what those overrides compute (check ``own-values``), not only by the values derived from Options.

Expected values: the position (0, 0, 1), a single heap of size 1, has Grundy value 1 (the mex of {0});
three-heap Nim's Grundy value is x xor y xor z (seed 003, Theorem 2.1 / Bouton).
"""

from __future__ import annotations

from cgs_bridge.cli.main import main

NIM3 = ("class Nim3 extends ImpartialGame var x,y,z; method Nim3(x,y,z) end\n"
        "override method Options(Player player) result := [];\n"
        "for t from 0 to x-1 do result.Add(Nim3(t,y,z)); end\n"
        "for t from 0 to y-1 do result.Add(Nim3(x,t,z)); end\n"
        "for t from 0 to z-1 do result.Add(Nim3(x,y,t)); end\n"
        "return result; end\n"
        "override property NimValue.get return VALUE; end end\n")


def _audit(tmp_path, value, *extra):
    (tmp_path / "Nim3.cgs").write_text(NIM3.replace("VALUE", value), encoding="utf-8")
    return main(["audit", str(tmp_path / "Nim3.cgs"), "--game", "rectangular", *extra])


def test_a_nimvalue_override_that_prints_0_is_a_difference(tmp_path, capsys):
    assert _audit(tmp_path, "0", "--bound", "2") == 1
    out = capsys.readouterr().out
    assert "own-values" in out and "(0, 0, 1): the class's own NimValue 0, spec 1" in out
    assert "values        box          AGREE" in out   # the Options alone are right


def test_a_correct_override_agrees(tmp_path, capsys):
    assert _audit(tmp_path, "x.NimSum(y).NimSum(z)", "--bound", "3") == 0, capsys.readouterr().out
    assert "own-values    box          AGREE" in capsys.readouterr().out


def test_an_override_without_a_box_gets_no_verdict(tmp_path, capsys):
    (tmp_path / "s.txt").write_text("Worksheet.Print(Nim3(1,0,0).NimValue);\n", encoding="utf-8")
    (tmp_path / "cp").mkdir()
    (tmp_path / "cp" / "Nim3.cgs").write_text(NIM3.replace("VALUE", "0"), encoding="utf-8")
    code = main(["audit", str(tmp_path / "s.txt"), "--language", "cgscript", "--game", "rectangular",
                 "--class-path", str(tmp_path / "cp")])
    out = capsys.readouterr().out
    assert code == 2 and "own-values" in out and "give --bound" in out
