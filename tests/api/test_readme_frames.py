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


def test_a_sweep_result_in_a_notebook_shows_its_cells_styled_by_status():
    """Issue 36: SweepResult's notebook view had only an unstyled summary. Seed 003 Theorem 7.3
    holds at k = 3 (k = 4m + 3) and is not applicable at k = 1; the extra nim-sum claim fails at
    k = 1 and holds at k = 3 (Theorem 7.3 itself)."""
    import cgs_bridge as cb
    from cgs_bridge.presentation.display import STATUS_STYLE
    t = cb.sweep("triangular", {"k": "1,3"}, bound=5, workers=0, claims=["P iff x xor y xor z == 0"])
    page = t._repr_html_()
    assert 'class="cgsb-sweep-cells"' in page and "claim3_status" in page and "spec_hash" not in page
    for status in ("fails", "holds"):  # the k = 1 and k = 3 cells
        assert STATUS_STYLE[status].split(";")[0].split(": ")[1] in page
