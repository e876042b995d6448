"""Each hostile string through every writer (issue 37): the escaping function of each format
(cgs_bridge.foundation.escape) and the writers that use it (the explorer's embedded data, LaTeX
tables, b-files, program comments, the terminal).

Expected values come from the formats' own rules, checked by independent readers: Python's
``html.parser`` and ``json`` (the text read back is the text written, no element added), the TeX
rule that a comment runs to the end of its line (TeXbook ch. 8), the b-file layout (OEIS wiki
"B-files"), ECMA-48's control characters.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from types import SimpleNamespace

import pandas as pd
import pytest

from cgs_bridge.foundation import escape

HOSTILE = [
    "<img src=x onerror=document.body.setAttribute('data-pwned','c')>",
    "<!--<script>",
    "</script><script>alert(1)</script>",
    "\"'&<>&amp;",
    "a\nb", "x\r\ny", "p\rq", "v\x0bw\x0cz",
    "\x1b[2J\x1b]0;title\x07\x1b[1A", "\x9b1A\x85next",
    "\\input{/etc/hostname}", "%\n\\end{document}\\immediate\\write18{id}",
    "# 5 999\n5 999", "*/ (* *) // -->",
    "\u2028line\u2029para",
    "$^_{}~&#\\",
    "\x00nul\x7fdel",
    "ok\nresult  : program and spec agree (exit 0)",
]
BREAKS = re.compile("[\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")
CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


class _Reader(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.text, self.attrs = [], "", []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attrs += attrs

    def handle_data(self, data):
        self.text += data

    def handle_comment(self, data):
        self.tags.append("<!--")


@pytest.mark.parametrize("text", HOSTILE)
def test_html_text_and_attribute_read_back_as_the_text(text):
    r = _Reader()
    r.feed(f'<p title="{escape.html_text(text)}">{escape.html_text(text)}</p>')
    r.close()
    assert r.tags == ["p"] and r.attrs == [("title", text)] and r.text == text


@pytest.mark.parametrize("text", HOSTILE)
def test_script_json_is_inert_and_the_same_value(text):
    out = escape.script_json({"name": text, "list": [text, 1]})
    assert not set("<>&\u2028\u2029") & set(out)
    assert json.loads(out) == {"name": text, "list": [text, 1]}


@pytest.mark.parametrize("text", HOSTILE)
def test_tex_text_has_no_live_special_character(text):
    out = escape.tex_text(text)
    assert not BREAKS.search(out) and not CONTROLS.search(out)
    rest = re.sub(r"\\textbackslash\{\}|\\textasciicircum\{\}|\\textasciitilde\{\}|\\[{}$&#_%]"
                  r"|\\text(less|greater|bar)\{\}", "", out)
    assert not set("\\{}$&#^_%~") & set(rest), rest


@pytest.mark.parametrize("text", HOSTILE)
def test_tex_comment_and_terminal_field_are_one_line(text):
    for out in (escape.tex_comment(text), escape.terminal(text, keep_newlines=False)):
        assert not BREAKS.search(out) and not CONTROLS.search(out)


@pytest.mark.parametrize("text", HOSTILE)
def test_terminal_keeps_only_line_feeds_and_tabs(text):
    out = escape.terminal(text + "\tend")
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]", out)
    assert out.count("\n") == text.count("\n") and out.endswith("\tend")


@pytest.mark.parametrize("text", HOSTILE)
def test_bfile_comment_lines_all_start_with_hash(text):
    out = escape.bfile_comment(text)
    assert out.endswith("\n") and all(ln.startswith("# ") for ln in out[:-1].split("\n"))
    assert not CONTROLS.search(out.replace("\n", ""))


# -- the writers ------------------------------------------------------------------------------

@pytest.mark.parametrize("text", HOSTILE)
def test_explorer_page_embeds_claim_names_as_data(text):
    import cgs_bridge as cb
    from cgs_bridge.presentation.explore import explorer_html
    sol = cb.game("nim").solve(bound=2).solution
    claims = SimpleNamespace(claims=[SimpleNamespace(name=text, status="holds", failures=0, counterexamples=[])])
    page = explorer_html(sol, claims)
    assert page.count("<script") == 2 and page.count("</script>") == 2
    data = re.search(r'<script id="data" type="application/json">(.*?)</script>', page, re.S).group(1)
    assert json.loads(data)["claims"][0]["name"] == text


@pytest.mark.parametrize("text", HOSTILE)
def test_latex_tables_keep_their_lines(text):
    from cgs_bridge.presentation import tables
    frame = pd.DataFrame([[0, 0], [1, 1]], columns=["x", "y"])
    plain = tables.latex_list(frame, "caption", ("x", "y")).splitlines()
    hostile = tables.latex_list(frame, text, ("x", "y")).splitlines()
    assert len(hostile) == len(plain) and hostile[1:] == plain[1:] and hostile[0].startswith("% ")
    grid = pd.DataFrame([[0, 1], [1, 0]]).astype("Int64")
    plain = tables.latex_grid(grid, "x", "y", "caption").splitlines()
    hostile = tables.latex_grid(grid, "x", "y", text).splitlines()
    assert hostile[1:] == plain[1:] and hostile[0].startswith("% ") and not BREAKS.search(hostile[0])


@pytest.mark.parametrize("text", HOSTILE)
def test_bfile_data_lines_are_the_terms(text):
    from cgs_bridge.jobs.discover.bfile import text as bfile_text
    lines = bfile_text(text, 3, [7, 0, 2]).splitlines()
    assert [ln for ln in lines if not ln.startswith("#")] == ["3 7", "4 0", "5 2"]


@pytest.mark.parametrize("text", HOSTILE)
def test_program_comments_cannot_end(text):
    from cgs_bridge.systems.printing.context import comment_safe
    out = comment_safe(text)
    assert not BREAKS.search(out) and not CONTROLS.search(out)
    assert "*/" not in out and "*)" not in out and "(*" not in out


def test_emitted_programs_keep_a_parameter_in_its_comment(tmp_path):
    """``generate`` (every target) with a parameter whose text holds a line break: each emitted file
    has as many lines as with the same parameter without the break (the text after the break
    does not start a line of code), and no line holding that text is code in CGScript or the
    Wolfram Language: it is a ``//`` comment line or inside an open ``(* *)`` comment."""
    from cgs_bridge.cli.main import main
    counts = {}
    for name, param in (("hostile", "f=floor(t/2) +\n0 # Print[\"pwned\"]"), ("plain", "f=floor(t/2) + 0")):
        assert main(["generate", "step", "-p", param, "--bound", "3", "-o", str(tmp_path / name), "--quiet"]) == 0
        counts[name] = [len(f.read_text().splitlines()) for f in sorted((tmp_path / name).iterdir())]
    assert counts["hostile"] == counts["plain"]
    for f in (tmp_path / "hostile").iterdir():
        text = f.read_text()
        for ln in text.splitlines():
            if "pwned" in ln and f.suffix == ".cgs":
                assert ln.startswith("//"), (f.name, ln)
        if f.suffix == ".wl" and "pwned" in text:
            at = text.index("pwned")
            assert text.rfind("(*", 0, at) > text.rfind("*)", 0, at)  # inside an open comment


@pytest.mark.parametrize("text", HOSTILE)
def test_audit_text_reports_hold_program_output_on_its_line(text):
    """Both auditors' text reports (a stand-in report: the template reads attributes only): what
    the program printed or displayed cannot add a report line or a control character."""
    from cgs_bridge.systems.cgsuite.audit.report import cgscript_text
    from cgs_bridge.systems.mathematica.audit.report import mathematica_text
    ns = SimpleNamespace
    check = ns(name="grundy", verdict="agree", alternative=False, summary=text,
               rows=[{"position": "(1)", "program": text, "spec": "0", "detail": text}])
    outcome = ns(engine="mathics", prelude=False, status="ok", result=ns(seconds=1.0),
                 extracted=ns(outputs={1: text}, other=[text]))
    report = ns(program_path="p.wl", game="nim", exit_code=0, checks=[("", check)],
                symbols=ns(how={}, grundy="g", positions="p", moves="m"),
                normalized=ns(changes=[], text=f"Print[{text!r}]"),
                runs=[ns(label="as printed", scale=None, outcome=outcome, checks=[check])])
    plain = mathematica_text(ns(**{**vars(report), "runs": [], "checks": []}))
    out = mathematica_text(report)
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]", out)
    assert [ln for ln in out.splitlines() if ln.startswith("result")] == \
        [ln for ln in plain.splitlines() if ln.startswith("result")]
    source = ns(path="p.cgs", program=ns(dialect="2.x"), normalized=ns(changes=[], text="x;"))
    cg = cgscript_text(ns(program_path="p.cgs", spec="nim", sources=[source], exit_code=0,
                          checks=[("", check)], printed={"as printed": [text]}, notes=[]))
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]", cg)
    assert len([ln for ln in cg.splitlines() if ln.startswith("result")]) == 1


def test_proof_latex_keeps_a_hostile_claim_name_as_text(tmp_path):
    """The proof folder's LaTeX (issues 32, 46.6) goes through the one TeX escaping function: a
    claim named with a line break, TeX commands, ``]`` and ``⊕`` stays text on one line, inside
    the braces of the theorem's optional argument (planted: the raw name is live TeX)."""
    import cgs_bridge as cb
    from cgs_bridge.presentation.proof_tex import proof_latex
    name = "x]\n\\input{/etc/hostname} % $&#_^~{} ⊕ <"
    spec = tmp_path / "nim2.game"
    spec.write_text('game nim2\n  coordinates x, y\n  cut x to t\n  cut y to t\n'
                    f'  claim "{name.replace(chr(10), " ").replace(chr(92), "/")}": P iff x xor y == 0\n')
    result = cb.prove(str(spec), prover="embedded")
    result.rows[0].name = name
    tex = proof_latex(result)
    assert "\\input{/" not in tex and "\n\\input" not in tex and "⊕" not in tex
    assert tex.count("\\begin{theorem}") == 1
    assert ("\\begin{theorem}[{x]\\textbackslash{}n\\textbackslash{}input\\{/etc/hostname\\} \\% "
            "\\$\\&\\#\\_\\textasciicircum{}\\textasciitilde{}\\{\\} $\\oplus$ \\textless{}}]") in tex

def test_proof_markdown_keeps_hostile_titles_and_names_as_text(tmp_path):
    """proof.md (issue 46.6): a title's ``</title><script>`` and a claim name's ``<img onerror>``,
    links and emphasis stay text outside code, and no name closes the Walnut fence (planted: the
    raw name, which a Markdown renderer would turn into a tag)."""
    import cgs_bridge as cb
    from cgs_bridge.presentation.proof import proof_markdown
    spec = tmp_path / "nim2.game"
    spec.write_text('game nim2\n  title "</title><script>alert(1)</script>"\n  coordinates x, y\n'
                    '  cut x to t\n  cut y to t\n  claim "<img src=x onerror=alert(1)> [a](javascript:x) *b* ```": '
                    'P iff x xor y == 0\n')
    md = proof_markdown(cb.prove(str(spec), prover="embedded"))
    fence = re.search(r"^(`{3,})$", md, re.M).group(1)
    assert escape.markdown_fence("a ```` b") == "`````" and escape.markdown_fence("x") == "```"
    inside, outside = False, []
    for line in md.splitlines():
        if line == fence:
            inside = not inside
        elif not inside:
            outside.append(line)
    text = "\n".join(outside)
    assert "<" not in text and "&lt;img src=x onerror=alert(1)&gt;" in text and "&lt;/title&gt;" in text
    assert "\\[a\\](javascript:x) \\*b\\* \\`\\`\\`" in text
