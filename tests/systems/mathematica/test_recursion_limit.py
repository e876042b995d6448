"""Mathics3 runs are clean of ``$RecursionLimit::limset`` (issue 35): the audit prelude asks for
``$RecursionLimit = 100000``, above Mathics3's default cap of 512 (mathics/settings.py
DEFAULT_MAX_RECURSION_DEPTH); every Mathics3 child gets ``MATHICS_MAX_RECURSION_DEPTH`` from
``systems.mathematica.settings.CHILD_VARIABLES``, and the in-process runs of the tests get it from
tests/conftest.py before Mathics3 is imported. A planted twin without the variable prints the
message and keeps the low limit."""

import re
import subprocess
from pathlib import Path

import pytest

from cgs_bridge.systems.mathematica import runner
from cgs_bridge.systems.mathematica import settings as config

PRELUDE = Path(runner.__file__).with_name("audit") / "prelude.wl"
PROGRAM = '$RecursionLimit = {limit};\nPrint["R ", $RecursionLimit];\n'


def test_the_prelude_asks_for_the_limit_the_children_are_allowed():
    asked = re.search(r"^\$RecursionLimit = (\d+);", PRELUDE.read_text(), re.M)
    assert asked and int(asked.group(1)) == config.MATHICS_RECURSION_LIMIT
    assert config.CHILD_VARIABLES[config.MATHICS_RECURSION] == str(config.MATHICS_RECURSION_LIMIT)


@pytest.fixture
def mathics():
    if runner.mathics_command() is None:
        pytest.skip("Mathics3 is not installed")


def test_a_mathics_child_takes_the_limit_without_a_message(tmp_path, mathics):
    program = tmp_path / "limit.wl"
    program.write_text(PROGRAM.format(limit=config.MATHICS_RECURSION_LIMIT))
    res = runner.run_mathematica_file(program, tmp_path, "mathics", timeout=300)
    assert "limset" not in res.stdout + res.stderr
    assert f"R {config.MATHICS_RECURSION_LIMIT}" in res.stdout


@pytest.mark.parametrize("with_variable", [True, False])
def test_mathics_takes_the_limit_only_with_the_variable(tmp_path, with_variable, mathics):
    # Mathics3 started by hand, with or without the variable: the twin without it prints the
    # message and keeps its cap (Mathics3 10.0.1: 512)
    import os
    program = tmp_path / "limit.wl"
    program.write_text(PROGRAM.format(limit=config.MATHICS_RECURSION_LIMIT))
    env = {k: v for k, v in os.environ.items() if k != config.MATHICS_RECURSION}
    if with_variable:
        env.update(config.CHILD_VARIABLES)
    out = subprocess.run(runner.mathics_command() + [str(program)], env=env, capture_output=True,
                         text=True, timeout=600, cwd=tmp_path)
    printed = out.stdout + out.stderr
    assert ("limset" in printed) != with_variable, printed
    assert (f"R {config.MATHICS_RECURSION_LIMIT}" in printed) == with_variable, printed


def test_an_in_process_audit_prints_no_limset(monkeypatch, mathics):
    # the symptom: every in-process audit's output held $RecursionLimit::limset
    import cgs_bridge as cb
    from cgs_bridge.systems.mathematica.audit import runner as audit_runner

    import audit_inprocess
    import paths
    outputs = []

    def spy(*a, **k):
        res = audit_inprocess._run(*a, **k)
        outputs.append(res.stdout)
        return res
    monkeypatch.setattr(audit_runner, "run_mathematica_file", spy)
    res = cb.audit(paths.DATA / "audit" / "styles" / "wythoff_spread.wl", cb.game("wythoff"),
                   engines={"mathematica_engine": "mathics"}, no_sandbox=True, grundy="g[##]", moves="moves[##]")
    assert res.agree and outputs
    assert not any("limset" in out for out in outputs)
