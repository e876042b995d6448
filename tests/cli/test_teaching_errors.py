"""Errors that teach (issue 36): a misspelt option, keyword or name gets "did you mean" (difflib);
an unknown option prints the command's own usage; a claim's ``when`` that names a coordinate says
that it takes parameters only and how to state a region. Each case has a twin that gets no hint."""

from __future__ import annotations

import pytest

from cgs_bridge.cli.main import main


def _run(capsys, *argv) -> tuple:
    try:
        code = main(list(argv))
    except SystemExit as e:  # argparse's usage errors
        code = e.code
    return code, capsys.readouterr().err


def test_unknown_option_prints_the_commands_usage_and_the_closest_option(capsys):
    code, err = _run(capsys, "solve", "nim", "--bound", "3", "--forse")
    # the hint first, then the error, then the usage (issue 48.10)
    assert code == 2 and err.startswith("cgs-bridge solve: unknown option --forse: did you mean --force?\n")
    assert err.index("error: unrecognized arguments: --forse") < err.index("usage: cgs-bridge solve ")
    code, err = _run(capsys, "solve", "nim", "--bounds", "3")  # a required option misspelt
    assert code == 2 and err.startswith("cgs-bridge solve: unknown option --bounds: did you mean --bound?")
    code, err = _run(capsys, "compare", "nim", "--bound", "3", "--zzzzzz")  # twin: nothing close
    assert code == 2 and err.startswith("cgs-bridge compare: error: ") and "did you mean" not in err
    assert "usage: cgs-bridge compare " in err


def _spec(tmp_path, body: str) -> str:
    path = tmp_path / "g.game"
    path.write_text(body, encoding="utf-8")
    return str(path)


def test_misspelt_keyword_gets_did_you_mean(tmp_path, capsys):
    code, err = _run(capsys, "solve", _spec(tmp_path, "game g\n  coordinates x, y\n  requre y <= x\n  cut x to t\n"),
                     "--bound", "3")
    assert code == 2 and "g.game:3:3: did you mean `require`?" in err


def test_misspelt_name_gets_did_you_mean(tmp_path, capsys):
    body = "game g\n  coordinates x, y\n  cut x to t\n  cut y to t\n  claim \"c\": P iff x xor {} == 0\n"
    code, err = _run(capsys, "solve", _spec(tmp_path, body.format("yy")), "--bound", "3")
    assert code == 2 and "unknown name 'yy' (did you mean 'y'?)" in err
    code, err = _run(capsys, "solve", _spec(tmp_path, body.format("y")), "--bound", "3")  # twin
    assert code == 0, err


@pytest.mark.parametrize("when,ok", [("y == 0", False), ("k == 1", True)])
def test_when_takes_parameters_only_and_says_how_to_state_a_region(tmp_path, capsys, when, ok):
    body = f"game g(k: int = 1)\n  coordinates x, y\n  cut x to t\n  cut y to t\n  claim \"c\" when {when}: P iff x == y\n"
    code, err = _run(capsys, "check", _spec(tmp_path, body), "--bound", "3")
    if ok:
        assert code == 0, err
    else:
        assert code == 2 and "a claim's 'when' takes parameters only (y is not one" in err
        assert "State a region in the claim itself" in err
