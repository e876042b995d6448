"""An audit never says "agree" when it checked nothing (issue 10): an empty program, a program
without a Grundy function or position list, and a program with a syntax error are exit 2 with
the reason."""


import pytest

from cgs_bridge.cli.main import main
from cgs_bridge.systems import sandbox

import paths
from seed_programs import by_name

ROOT = paths.ROOT


def _audit(tmp_path, capsys, text, *extra):
    prog = tmp_path / "program.txt"
    prog.write_text(text, encoding="utf-8")
    code = main(["audit", str(prog), "--game", "triangular", "-p", "k=3", *extra])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("text", ["", "\n\n", "(* only a comment *)\n"])
def test_empty_program_is_an_input_error(tmp_path, capsys, text):
    code, _, err = _audit(tmp_path, capsys, text, "--no-sandbox")
    assert code == 2 and "the program is empty" in err and "Traceback" not in err


def test_program_without_grundy_function_or_positions_is_an_input_error(tmp_path, capsys):
    code, _, err = _audit(tmp_path, capsys, "x = 3;\nPrint[x]\n", "--no-sandbox")
    assert code == 2
    # named as what the program has (issue 47, item 4), never names it does not have (Gr, allcases)
    assert "it defines no function (f[x_] := ...)" in err and "it defines data: x:" in err
    assert "--grundy" in err and "Gr'" not in err and "allcases" not in err


@pytest.mark.skipif(sandbox.unavailable_reason() is not None, reason="no sandbox here")
def test_syntax_error_is_exit_2_with_the_engine_message(tmp_path, capsys):
    text = by_name("seed003_ex83.txt").rstrip("\n") + "\ny = Table[a, {a, 1, 3]] ;\n"
    code, out, _ = _audit(tmp_path, capsys, text, "--scale", "ss=2")
    assert code == 2
    assert "syntax        ss=2         ERROR: the engine could not parse part of the program" in out
    assert "Syntax::sntxf" in out and "program and spec agree" not in out
