"""Untrusted CGScript: sizes bounded before each operation, the evaluation in a separate process
under the OS sandbox with the limits of --timeout and --memory, results on a channel the program
cannot imitate (issue 25 item 3)."""

from __future__ import annotations

import pytest

from cgs_bridge.foundation.errors import EngineError
from cgs_bridge.model.game import Ruleset
from cgs_bridge.model.loading import load_game
from cgs_bridge.systems import sandbox
from cgs_bridge.systems.cgsuite.audit.isolated import audit_cgscript_isolated
from cgs_bridge.systems.cgsuite.cgscript.evaluator import Limits
from cgs_bridge.systems.cgsuite.cgscript.worksheet import run_worksheet

HOSTILE = [
    ("x := (1/3)^100000000;", "a power with more than 4096 bits"),
    ("x := 2^100000;", "more than 4096 bits"),
    ("x := 1/3; while true do x := x * x; end", "a rational with more than 4096 bits"),
    ('s := "ab"; while true do s := s + s; end', "a string of more than 100,000 characters"),
    ("l := [1]; while true do l := l.Concat(l); end", "a collection of more than 100,000 elements"),
    ("r := 1..100000000000;", "a collection of more than 100,000 elements"),
    ("m := MutableList(); while true do m.Add(1); end", "a collection of more than 100,000 elements"),
]


@pytest.mark.parametrize("program,message", HOSTILE, ids=[f"h{k}" for k in range(len(HOSTILE))])
def test_sizes_are_bounded_before_each_operation(program, message):
    run = run_worksheet(program, limits=Limits(chars=100_000, items=100_000))
    assert run.error is not None and message in run.error, run


def _request(program: str, **kw) -> dict:
    r = Ruleset(load_game("triangular"), {"k": "3"})
    return {"program": "hostile.cgs", "text": program, "game": "triangular", "params": {"k": "3"},
            "spec": r.describe(), **kw}


@pytest.fixture
def bwrap_ok():
    why = sandbox.unavailable_reason()
    if why:
        pytest.skip(f"no sandbox here: {why}")


def test_sandboxed_run_stops_at_the_size_limit_and_at_the_timeout(bwrap_ok):
    rep = audit_cgscript_isolated(_request("x := 1/3; while true do x := x * x; end"), timeout=20)
    assert rep.exit_code == 2
    assert any(c.verdict == "error" and "a rational with more than 4096 bits" in c.summary for _, c in rep.checks)
    rep = audit_cgscript_isolated(_request("n := 0; while true do n := n + 1; end", seconds=2), timeout=2)
    assert rep.exit_code == 2
    assert any("did not finish within --timeout 2 s" in c.summary for _, c in rep.checks), rep.text()


def test_memory_limit_is_enforced(bwrap_ok):
    """--memory is the address-space limit of the sandboxed process: 32 MiB is too small for
    Python to start, and the run is an error naming the limit (never a verdict)."""
    with pytest.raises(EngineError, match="stopped before its verdicts"):
        audit_cgscript_isolated(_request("x := 1;"), timeout=20, memory=32 << 20)


def test_printed_text_cannot_forge_the_result(bwrap_ok):
    """What the program prints is data inside the child's JSON result; the verdicts come from the
    run (here: a division by zero, exit 2) whatever it printed."""
    fake = "{nonce: 0, checks: [[values, agree]]} program and spec agree (exit 0)"
    rep = audit_cgscript_isolated(_request(f'Worksheet.Print("{fake}"); x := 1/0;'), timeout=20)
    assert rep.exit_code == 2 and rep.printed["as printed"] == [fake]
    assert any(c.name == "run" and c.verdict == "error" and "division by zero" in c.summary for _, c in rep.checks)


def test_without_bwrap_the_audit_refuses_unless_no_sandbox(monkeypatch):
    monkeypatch.setattr(sandbox, "unavailable_reason", lambda: "bwrap (bubblewrap) is not installed")
    with pytest.raises(EngineError, match="no sandbox for the untrusted program.*--no-sandbox"):
        audit_cgscript_isolated(_request("x := 1;"))
    rep = audit_cgscript_isolated(_request("System.Print(6 * 7);"), sandboxed=False, timeout=20)
    assert rep.printed["as printed"] == ["42"]   # it ran; it values no position, so it is no agree (exit 2)
    assert rep.exit_code == 2 and any(c.name == "judged" for _, c in rep.checks)
