"""Issue 36, item 7: one spelling for a claim text and one for a claims file across all commands:
``--claim TEXT`` (repeatable) and ``--claims FILE`` (spec-language claims, one per line; compare and
verify also take published claims typed from a paper, FILE.yaml). Every command's parser is checked.

Expected values: on the triangular bar at k = 3 the P-positions are those of Nim (seed 003 Theorem
7.3: P iff x xor y xor z == 0), at k = 5 they are not (seed 003 Conjecture 8.1: (x - 1) xor y xor
(z - 1)), so the same claim holds at k = 3 and fails at k = 5.
"""

from __future__ import annotations

import argparse

import pytest

from cgs_bridge.cli.main import COMMANDS, _subparsers, build_parser, main

#: The commands that take claims; ``plot --claim NAME`` selects a claim of a sweep table by name.
TAKE_CLAIMS = {"check", "compare", "verify", "sweep", "prove", "explore"}
NIM = "P iff x xor y xor z == 0"


@pytest.fixture(scope="module")
def parsers() -> dict:
    return _subparsers(build_parser())


def claim_options(p) -> dict:
    return {s: a for s, a in p._option_string_actions.items() if "claim" in s}


def test_every_command_spells_claims_the_same(parsers):
    assert set(parsers) == set(COMMANDS)
    for name, p in parsers.items():
        opts = claim_options(p)
        if name == "plot":
            assert set(opts) == {"--claim"} and opts["--claim"].metavar == "NAME"
            continue
        if name not in TAKE_CLAIMS:
            assert not opts, (name, sorted(opts))
            continue
        assert set(opts) == {"--claim", "--claims"}, (name, sorted(opts))
        text, file = opts["--claim"], opts["--claims"]
        assert isinstance(text, argparse._AppendAction) and text.metavar == "TEXT", name
        assert file.metavar == "FILE" and not isinstance(file, argparse._AppendAction), name


@pytest.mark.parametrize("name", sorted(TAKE_CLAIMS))
def test_every_claim_command_parses_both(parsers, name):
    p = parsers[name]
    argv = ["triangular", "--claim", NIM, "--claim", "grundy == 0", "--claims", "c.txt"]
    argv += [] if name == "prove" else ["--bound", "5"]
    argv += ["-o", "x.html"] if name == "explore" else []
    args = p.parse_args(argv)
    assert args.claim == [NIM, "grundy == 0"] and args.claims == "c.txt"


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out + out.err


def test_claims_file_in_check_sweep_and_compare(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "nim.claims").write_text(f"# seed 003 Theorem 7.3\n{NIM}\n")
    (tmp_path / "bad.claims").write_text(f"{NIM}\ngrundy == x + zz\n")
    code, out = run(capsys, "check", "triangular", "-p", "k=3", "--bound", "5", "--claims", "nim.claims", "--quiet")
    assert code == 0, out
    code, out = run(capsys, "check", "triangular", "-p", "k=5", "--bound", "5", "--claims", "nim.claims", "--quiet")
    assert code == 1, out
    code, out = run(capsys, "check", "triangular", "-p", "k=3", "--bound", "5", "--claims", "bad.claims")
    assert code == 2 and "bad.claims:2:" in out and "zz" in out and "Traceback" not in out, out
    code, out = run(capsys, "sweep", "triangular", "-p", "k=3,5", "--bound", "5", "--claims", "nim.claims",
                    "--workers", "0", "--quiet")
    assert code == 1, out                                   # holds at k = 3, fails at k = 5
    for k, want in (("3", 0), ("5", 1)):                    # compare: a claim text is enough
        code, out = run(capsys, "compare", "triangular", "-p", f"k={k}", "--bound", "5", "--claim", NIM, "--quiet")
        assert code == want, out


def test_published_yaml_only_where_it_is_checked(tmp_path, capsys, monkeypatch):
    from paths import DATA
    yaml_file = DATA / "claims_seed003_ex83.yaml"
    code, out = run(capsys, "check", "triangular", "-p", "k=3", "--bound", "5", "--claims", str(yaml_file))
    assert code == 2 and "published claims" in out and "compare and verify" in out, out
    for f in (yaml_file, tmp_path / "ex83.txt"):          # the same YAML under another name
        f.write_text(yaml_file.read_text()) if f != yaml_file else None
        code, out = run(capsys, "compare", "triangular", "-p", "k=3", "--bound", "20", "--claims", str(f),
                        "--quiet")
        assert code == 0, out
    code, out = run(capsys, "prove", "triangular", "-p", "k=3", "--claims", str(tmp_path / "ex83.txt"))
    assert code == 2 and "published claims" in out, out
