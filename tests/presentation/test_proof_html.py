"""``proof.html`` in headless chromium (issue 48.2): the verdict and the verdict table read back from
the DOM, every theorem and lemma a MathML formula that chromium lays out as mathematics (its
``display`` is ``math``, its box is not empty), nothing wider than the window, the counterexample of
a refuted claim with its move, the provers' sentences folded, a screenshot that is not blank.

Expected verdicts: seed 003's Conjecture 8.1 at k = 5 (proved), and the unshifted formula at k = 5,
false at the smallest position where a plain mex recursion written here disagrees with it."""

from __future__ import annotations

import json
import re
from functools import lru_cache

import pytest

import cgs_bridge as cb
from browser import browse, needs_chromium

pytest.importorskip("solvers.automata", reason="the embedded prover is not installed")

MEASURE = """<script>
const maths = [...document.querySelectorAll('math')].map(m => {
  const r = m.getBoundingClientRect();
  return {display: getComputedStyle(m).display, w: r.width, h: r.height,
          where: m.closest('[id]') ? m.closest('[id]').id : ''};
});
const pre = [...document.querySelectorAll('details')].map(d => [d.open, d.getBoundingClientRect().height]);
document.body.setAttribute('data-measure', JSON.stringify({maths, pre,
  page: document.documentElement.scrollWidth, window: window.innerWidth}));
</script>"""


@lru_cache(maxsize=None)
def grundy(x, y, z, k=5):
    opts = {grundy(t, min(y, (t + z) // k), z) for t in range(x)} | {grundy(x, t, z) for t in range(y)}
    opts |= {grundy(x, min(y, (x + t) // k), t) for t in range(z)}
    return next(m for m in range(len(opts) + 1) if m not in opts)


@needs_chromium
def test_proof_page_in_chromium(tmp_path):
    r = cb.prove("triangular", k=5, claims=["P iff x xor y xor z == 0"], prover="embedded", output=tmp_path / "p")
    assert [row.verdict for row in r.rows] == ["NOT APPLICABLE", "PROVED", "REFUTED"]
    text = (tmp_path / "p" / "proof.html").read_text()
    assert "<script" not in text and "<link" not in text and " src=" not in text   # nothing fetched
    (tmp_path / "measured.html").write_text(text.replace("</body>", MEASURE + "</body>"))
    dom, shot = browse(tmp_path / "measured.html", tmp_path, width=900)
    assert re.search(r'id="verdict">\s*triangular\(k=5\): 3 claim\(s\): 1 not applicable, 1 proved, 1 refuted', dom)
    rows = re.findall(r'<tr class="v-([A-Z-]+)">', dom)
    assert rows == ["NOT-APPLICABLE", "PROVED", "REFUTED"]
    m = json.loads(re.search(r"data-measure=\"([^\"]*)\"", dom).group(1).replace("&quot;", '"'))
    # every formula is laid out as MathML (not raw text), theorem and lemmas included
    assert m["maths"] and all(x["display"] in ("inline math", "math", "block math") for x in m["maths"]), m["maths"][:3]
    assert all(x["w"] > 0 and x["h"] > 0 for x in m["maths"])
    assert {x["where"] for x in m["maths"]} >= {"game", "claim2-closed", "claim2-reach", "claim2-terminates"}
    assert m["page"] <= m["window"], "the page is wider than the window: a line runs off it"
    assert m["pre"] and all(not is_open and h < 40 for is_open, h in m["pre"]), m["pre"]   # folded
    # the counterexample with its move, the smallest where the recursion and the formula disagree
    smallest = min(((x, y, z) for x in range(10) for z in range(10) for y in range((x + z) // 5 + 1)
                    if (grundy(x, y, z) == 0) != (x ^ y ^ z == 0)), key=lambda p: (sum(p), p))
    assert r.rows[-1].position == smallest
    note = re.search(r'class="env remark refuted">(.*?)</div>', dom, re.S).group(1)
    assert f"is {smallest[0]}, {smallest[1]}, {smallest[2]}".replace("is ", "is (") + ")" in re.sub(r"\s+", " ", note)
    assert "Deciding move:" in note and "&lt;math" not in note and "<math" in note
    import numpy as np
    from PIL import Image
    assert len(np.unique(np.asarray(Image.open(shot).convert("L")))) > 8   # not blank
