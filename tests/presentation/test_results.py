"""The result protocol (cgs_bridge.foundation.results) and its renderers (cgs_bridge.presentation.results):
every result type is a Result with verdict/exit_code/frame, and each registered format is served."""

from __future__ import annotations

import pytest

import cgs_bridge  # noqa: F401  (arranges the loading of the renderers)
from cgs_bridge import api
from cgs_bridge.foundation import results as R
from cgs_bridge.jobs.checking import CheckResult
from cgs_bridge.jobs.compare import Comparison, Difference, SideResult
from cgs_bridge.presentation import results as P
from cgs_bridge.presentation import results_audit as A
from cgs_bridge.presentation import results_compare as C
from cgs_bridge.presentation import results_search as S
from cgs_bridge.systems.auditing.report import ProgramAudit
from cgs_bridge.systems.cgsuite.audit.core import CGScriptReport
from cgs_bridge.systems.mathematica.audit.core import AuditReport

#: Every concrete result type (the auditors' reports are rendered through their base, ProgramAudit).
TYPES = {**P.REGISTERED, **C.REGISTERED, **{c: f for c, f in A.REGISTERED.items() if c is not ProgramAudit},
         **S.REGISTERED, api.Solved: ("html",), AuditReport: A.REGISTERED[ProgramAudit],
         CGScriptReport: A.REGISTERED[ProgramAudit]}


@pytest.mark.parametrize("cls", list(TYPES), ids=lambda c: c.__name__)
def test_every_result_type_follows_the_protocol(cls):
    assert issubclass(cls, R.Result)
    for member in R.Result.PROTOCOL:
        assert hasattr(cls, member) or member in getattr(cls, "__dataclass_fields__", {}), (cls, member)
    for fmt in TYPES[cls] + ("text",):
        assert any(R.RENDERERS.get((c, fmt)) for c in cls.__mro__) or fmt == "text", (cls, fmt)


def test_renderers_are_keyed_by_class_not_by_name():
    assert R.RENDERERS and all(isinstance(k, type) for k, _ in R.RENDERERS)


def test_a_comparison_through_the_protocol():
    """A value difference: verdict, exit code 1, the frame's row, the report and the notebook HTML."""
    side = SideResult("cgsuite", "t.out", 2, 2, [Difference("cgsuite", "value", (1, 2), 3, 4, line=7)])
    comp = Comparison("nim", "x=2,y=2", 2, [side])
    assert comp.verdict() == "DIFFERENCES FOUND" and comp.exit_code == 1
    assert comp.frame.loc[0, "other"] == 4 and str(comp) == repr(comp)
    text = comp.render(shown=5)
    assert "(1, 2): python 3, cgsuite 4 [line 7]" in text and "DIFFERS: 1 value" in text
    assert "VERDICT: DIFFERENCES FOUND" in comp._repr_html_()
    agree = Comparison("nim", "x=2,y=2", 2, [SideResult("cgsuite", "t.out", 2, 2)])
    assert agree.exit_code == 0 and agree.frame.empty


def test_a_check_result_through_the_protocol():
    class Claim:  # the fields of solvers.ClaimResult that the renderers read
        def __init__(self, name, status, failures=0, ces=()):
            self.name, self.status, self.checked, self.failures = name, status, 9, failures
            self.counterexamples, self.note = list(ces), ""
    r = CheckResult("nim", "x=2", 9, [Claim("a", "holds"), Claim("b", "fails", 1, [((1, 0), 1)])])
    assert r.exit_code == 1 and r.verdict().startswith("rules closed; 1 claims hold, 1 fail")
    assert R.render(r, "report").splitlines() == [
        "claim 'a': holds on all 9 positions", "claim 'b': FAILS at 1 of 9 positions; first:",
        "    (1, 0): grundy 1"]
    assert "<table" in r._repr_html_() and list(r.frame["status"]) == ["holds", "fails"]


def test_a_missing_renderer_is_named():
    class Lone(R.Result):
        pass
    with pytest.raises(LookupError, match="no 'report' renderer is registered for .*Lone"):
        R.render(Lone(), "report")
