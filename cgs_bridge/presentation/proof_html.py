"""``proof.html`` (issue 48): the proofs of ``prove -o DIR`` as one self-contained page, like the
compare report (:mod:`.report_html`): the verdict, the verdict table, the game as a definition, per
claim the theorem and its lemmas in MathML (presentation MathML renders in every current browser,
offline; each formula scrolls inside its box rather than running off the page), the proof, the
prover's remark, a refuted claim's smallest counterexample with its move, and the provers'
sentences folded (``<details>``). No external resource is referenced.

Every text of a user goes through the autoescaping template or
:func:`cgs_bridge.foundation.escape.html_text`; formulas come from the MathML printers
(:mod:`.math_spec`, :mod:`.math_formula`), which escape every name they print.
"""

from __future__ import annotations

import re
from pathlib import Path

from cgs_bridge.jobs.prove_octal import THEOREM
from cgs_bridge.foundation.escape import html_text

from . import proof_game as G
from .math_formula import FormulaMathML
from .math_spec import MathMLPrinter


def _html(segments) -> str:
    pr = MathMLPrinter()
    return "".join(html_text(v) if k == "text" else pr.math(v) for k, v in segments)


def _induction(r, anchors) -> str:
    def one(kind, body):
        if kind == "m":
            return f"<i>{html_text(body)}</i>"
        if body not in anchors:   # hand-made problems may lack it: say so, never pretend
            return html_text(f"the sentence {body} (not among the sentences decided here)")
        return f"<a href='#{anchors[body]}'>Lemma {html_text(body)}</a>"
    parts = re.split(r"(\{(?:m|lemma):[^}]*\})", G.induction(r))
    return "".join(one(*re.match(r"\{(m|lemma):([^}]*)\}", p).groups()) if p.startswith("{") else html_text(p)
                   for p in parts)


def _claim(result, i, r, version) -> dict:
    """The page model of one claim."""
    from markupsafe import Markup

    from .proof import listings, row_line
    from .proof_tex import _remark, prover_names, refutation
    pr, fp = MathMLPrinter(), FormulaMathML()
    out = {"number": i, "name": r.name, "verdict": r.verdict, "id": f"claim{i}", "theorem": None,
           "refutation": None, "detail": ""}
    if THEOREM in r.provers:   # decided by a theorem, not by sentences (issue 49): its argument in words
        out.update(detail=" ".join(line.strip() for line in row_line(r).splitlines()[1:]))
    elif r.verdict == "PROVED":
        anchors = {ob.name: f"claim{i}-{ob.name}" for ob in r.problem.obligations}
        by = " and by ".join(prover_names(result, r, version))
        out.update(
            theorem=Markup(_html(G.statement(pr, result, r))),
            definitions=[(Markup(fp.math(fp.definition(d))), d.meaning) for d in r.problem.defines],
            lemmas=[{"id": anchors[ob.name], "name": ob.name, "meaning": ob.meaning,
                     "sentence": Markup(fp.math(fp.sentence(ob))), "by": by} for ob in r.problem.obligations],
            proof=Markup(_induction(r, anchors)), remark=_remark(result, r, version),
            listings=[(heading, text.strip("\n")) for heading, text in listings(r.problem, "html")])
    elif r.verdict == "REFUTED":
        out.update(refutation=Markup(_html(refutation(pr, result, r))))
    else:
        out.update(detail=" ".join(line.strip() for line in row_line(r).splitlines()[1:]))
    return out


def page_model(result, version: str = "") -> dict:
    """The model ``templates/proof/proof.html.j2`` renders."""
    from markupsafe import Markup

    from .proof import position_text
    if not version:
        from cgs_bridge.foundation.version import __version__ as version
    pr = MathMLPrinter()
    rows = []
    for i, r in enumerate(result.rows, 1):
        detail = (f"smallest counterexample {position_text(r.position)}: the claim says {r.claim_value}; "
                  f"true {r.true_value}" if r.verdict == "REFUTED" else
                  f"{r.reason} ({r.where})" if r.where else r.reason)
        rows.append({"number": i, "name": r.name, "verdict": r.verdict, "provers": " + ".join(r.provers),
                     "seconds": f"{r.seconds:.1f} s" if r.provers else "", "detail": detail})
    model = {"title": f"Proofs: {result.describe}", "verdict": result.verdict(), "ok": result.exit_code == 0,
             "prover": result.prover + (f" ({result.engine})" if result.engine else ""), "version": version,
             "rows": rows, "claims": [_claim(result, i, r, version) for i, r in enumerate(result.rows, 1)],
             "play": G.PLAY, "nimsum": G.NIMSUM}
    if result.spec is not None and any(r.verdict in ("PROVED", "REFUTED") for r in result.rows):
        coords = [pr.ident(c) for c in result.coords]
        model["game"] = {
            "name": f"{result.title or result.game}",
            "positions": Markup(_html(G.positions(pr, result.spec, result.coords))),
            "params": Markup(_html(G.parameters(pr, result.spec, result.params))) if result.params else "",
            "from": Markup(pr.math(G.tuple_math(pr, coords))),
            "moves": [Markup(_html(m)) for m in G.moves(pr, result.spec, result.coords)],
            "clamp": Markup(_html(G.clamp(pr, result.spec)))}
    return model


def proof_page(result, version: str = "") -> str:
    """``proof.html`` of a :class:`cgs_bridge.jobs.prove.ProveResult`."""
    from cgs_bridge.foundation.templating import html_environment
    env = html_environment(Path(__file__).with_name("templates"))
    return env.get_template("proof/proof.html.j2").render(page=page_model(result, version))
