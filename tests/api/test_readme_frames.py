"""Frames the README prints are shown whole (issue 36: ``print(s5.check().frame)`` was truncated
by pandas, hiding the status column). The README's first two Python blocks (no engine) are run
under pandas' default display width and their output must name every column of the claim table
and the spec's claim statuses (seed 003: Theorem 7.3 not applicable at k = 5, Conjecture 8.1
holds on the box of Example 8.5)."""

from __future__ import annotations

import re

from conftest import ROOT


def test_the_readme_claim_table_prints_every_column(capsys):
    blocks = re.findall(r"^```python\n(.*?)^```", (ROOT / "README.md").read_text(encoding="utf-8"), flags=re.S | re.M)
    namespace: dict = {}
    for block in blocks[:2]:
        exec(compile(block, "README.md", "exec"), namespace)
    out = capsys.readouterr().out
    table = out[out.index("claim "):] if "claim " in out else out
    assert "..." not in table.splitlines()[0], table
    for column in ("claim", "status", "checked", "failures", "first_counterexample"):
        assert column in table, table
    assert "not applicable" in table and "holds" in table
