"""The notebook frame of the explorer (issue 48.10) is tall enough for the page inside it: the page
is laid out in headless chromium at the frame's width and the bottom of its content is measured
(the fixed 560 px frame cut the last rows of a 21-row grid)."""

from __future__ import annotations

import json
import re

import cgs_bridge as cb
from browser import browse, needs_chromium

MEASURE = ("<script>document.body.setAttribute('data-h', JSON.stringify("
           "{page: Math.ceil(document.body.getBoundingClientRect().bottom) + 12, rows: document.querySelectorAll('table.g tr').length}));"
           "</script>")


@needs_chromium
def test_the_frame_holds_the_whole_grid(tmp_path):
    solved = cb.game("triangular", k=1).solve(20)
    frame = solved.explore()
    page = frame.html.replace("</body>", MEASURE + "</body>")
    page = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", page)   # let the measurement run
    (tmp_path / "page.html").write_text(page)
    dom, _ = browse(tmp_path / "page.html", tmp_path, width=900)
    m = json.loads(re.search(r"data-h=\"([^\"]*)\"", dom).group(1).replace("&quot;", '"'))
    assert m["rows"] >= 21                       # the grid was drawn: 21 rows and its header
    assert m["page"] <= frame.height(), (m, frame.height())
    assert f"height:{frame.height()}px" in frame._repr_html_()
