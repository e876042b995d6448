"""How a :class:`cgs_bridge.jobs.prove.ProveResult` looks: the text report, JSON, HTML, and the
paper-ready proof folder (``prove -o DIR``: ``proof.md``, ``proof.html``, ``proof.tex`` with a
LaTeX ``theorem`` per proved claim, and per claim the files of the provers that decided it).

Sentences are shown in mathematical notation (:func:`math_text`: ∀, ∃, ∧, ∨, ¬, ⇒, ⇔, ⊕, ⌊·⌋)
and in the input language of every prover of the registry that prints one
(:attr:`solvers.logic.prover.Prover.listing`: :func:`listings`).
"""

from __future__ import annotations

import html
import json

from cgs_bridge.jobs.prove_octal import THEOREM
from cgs_bridge.language.spec_printer import expr_text
from solvers.logic import formula as F
from solvers.logic.visitor import FormulaVisitor, register_visitor

_CMP = {"=": "=", "!=": "≠", "<": "<", "<=": "≤", ">": ">", ">=": "≥"}


@register_visitor
class _MathText(FormulaVisitor):
    """A proof-language node in mathematical notation (``proof.md``): ``visit_<Node>`` per node."""

    def visit_Var(self, t):
        return t.name

    def visit_Const(self, t):
        return str(t.value)

    def visit_Add(self, t):
        return " + ".join(self.visit(x) for x in t.terms) or "0"

    def visit_Scale(self, t):
        inner = self.visit(t.term)
        return f"{t.coef}({inner})" if isinstance(t.term, F.Add) else f"{t.coef}{inner}"

    def visit_Div(self, t):
        return f"⌊({self.visit(t.term)})/{t.den}⌋"

    def visit_Cmp(self, f):
        return f"{self.visit(f.left)} {_CMP[f.op]} {self.visit(f.right)}"

    def visit_Xor(self, f):
        return f"{f.a.name} ⊕ {f.b.name} = {f.c.name}"

    def visit_Pred(self, f):
        return f"{f.name}({', '.join(a.name for a in f.args)})"

    def visit_Accepts(self, f):
        """The automaton ``f.name`` (read from a file, issue 44) accepts the arguments."""
        return f"accepts {f.name}({', '.join(a.name for a in f.args)})"

    def visit_Bool(self, f):
        return "true" if f.value else "false"

    def visit_Not(self, f):
        return f"¬{_wrap(f.body)}"

    def visit_And(self, f):
        return " ∧ ".join(_wrap(p) for p in f.parts) or "true"

    def visit_Or(self, f):
        return " ∨ ".join(_wrap(p) for p in f.parts) or "false"

    def visit_Implies(self, f):
        return f"{_wrap(f.a)} ⇒ {_wrap(f.b)}"

    def visit_Iff(self, f):
        return f"{_wrap(f.a)} ⇔ {_wrap(f.b)}"

    def visit_Exists(self, f):
        return f"∃{', '.join(f.vars)}: {_wrap(f.body)}"

    def visit_Forall(self, f):
        return f"∀{', '.join(f.vars)}: {_wrap(f.body)}"


_MATH = _MathText()


def term_math(t) -> str:
    """A proof-language term in mathematical notation."""
    return _MATH.visit(t)


def math_text(f) -> str:
    """A proof-language formula in mathematical notation."""
    return _MATH.visit(f)


def _wrap(f) -> str:
    text = math_text(f)
    return text if isinstance(f, (F.Cmp, F.Xor, F.Pred, F.Accepts, F.Bool, F.Not)) else f"({text})"


def sentence_math(ob) -> str:
    """An obligation as its universally closed sentence."""
    return f"∀{', '.join(ob.free)}: {_wrap(ob.body)}" if ob.free else math_text(ob.body)


def paper_expr(e) -> str:
    """A spec expression for a paper: ``=`` for ``==``, and every compound operand of ``xor`` in
    parentheses (the spec's precedence binds ``-`` tighter than ``xor``; a reader should not have
    to know it)."""
    from cgs_bridge.language import ast as A
    if isinstance(e, A.BinOp) and e.op in ("xor", "⊕"):
        side = [f"({paper_expr(x)})" if isinstance(x, A.BinOp) and x.op not in ("xor", "⊕") else paper_expr(x)
            for x in (e.left, e.right)]
        return f"{side[0]} xor {side[1]}"
    if isinstance(e, A.BinOp) and e.op == "iff":
        return f"{paper_expr(e.left)} iff {paper_expr(e.right)}"
    if isinstance(e, A.Compare):
        parts = [paper_expr(e.operands[0])]
        for op, x in zip(e.ops, e.operands[1:]):
            parts += ["=" if op == "==" else op, paper_expr(x)]
        return " ".join(parts)
    return expr_text(e)


def statement(result, row) -> str:
    """The claim as a researcher states it: ``For k = 5, a position (x, y, z) of the Triangular
    chocolate bar is a P-position iff (x - 1) xor y xor (z - 1) == 0``."""
    params = ", ".join(f"{k} = {v}" for k, v in result.params.items())
    what = paper_expr(row.claim.expr) if row.claim is not None else row.name
    if what.startswith("P iff "):
        what = "is a P-position iff " + what[len("P iff "):]
    elif what.startswith("grundy = "):
        what = "has Grundy value " + what[len("grundy = "):]
    else:
        what = "satisfies " + what
    pos = f"({', '.join(result.coords)})"
    return f"{'For ' + params + ', a' if params else 'A'} position {pos} of {result.title} {what}"


def verified(result, row) -> str:
    from cgs_bridge.systems.registry import prover
    by = " and ".join(result.engines.get(p) or prover(p).title or p for p in row.provers)
    return f"verified for all positions by {by} in {row.seconds:.1f} s"


def listings(problem, document: str) -> list:
    """``[(heading, text)]``: ``problem`` in the input language of every prover of the registry
    that prints one (:attr:`~solvers.logic.prover.Prover.listing`, without notes), with its
    heading for ``document`` (``md``, ``html``, ``tex``), in registry order."""
    from cgs_bridge.systems.registry import PROVERS, prover
    return [(prover(p).listing_titles[document], prover(p).listing(problem))
            for p in PROVERS if prover(p).listing]


def position_text(p) -> str:
    """A position as the reports print it (:func:`cgs_bridge.foundation.results.position_text`:
    ``(1, 1, 2)``, and ``3`` for one coordinate); "" for none."""
    from cgs_bridge.foundation.results import position_text as text
    return "" if p is None else text(p)


def row_line(row) -> str:
    """One claim's line of the report (and, issue 50: how the counterexample was confirmed, the
    hypotheses, a prover that failed while another answered)."""
    head = f"  {row.verdict:<16} {row.name}"
    if THEOREM in row.provers and row.verdict in ("PROVED", "REFUTED"):  # issue 49: the periodicity proof
        return head + f"\n      {row.reason}" + (f"\n      by the {', '.join(row.provers)}" if row.provers else "")
    if row.verdict == "PROVED":
        times = ", ".join(f"{p} {t:.1f} s" for p, t in row.times.items() if p in row.decisions)
        agree = "both provers agree: " if len(row.decisions) > 1 else ""
        return head + f"  ({agree}{times}, {len(row.problem.obligations)} sentences)" + _notes(row)
    if row.verdict == "REFUTED":
        smallest = "smallest counterexample" if getattr(row, "least", True) else "counterexample"
        text = (head + f"\n      {smallest} {position_text(row.position)}: the claim says "
                f"{row.claim_value or '?'}, true: {row.true_value}")
        if row.obligation:
            text += f"\n      failing sentence: {row.obligation}" + (
                f" (prover's witness {position_text(row.witness)})" if row.witness == row.position else "")
        return text + (f"\n      {row.move}" if row.move else "") + _notes(row)
    return (head + (f"\n      {row.reason}" if row.reason else "") + (f" ({row.where})" if row.where else "")
            + _notes(row))


def _notes(row) -> str:
    """The lines of :func:`row_line` after its first: confirmation, hypotheses, provers' errors."""
    lines = [getattr(row, "confirmation", ""), getattr(row, "hypotheses", "")]
    lines += [f"{p} failed: {e}" for p, e in getattr(row, "errors", {}).items()]
    return "".join(f"\n      {x}" for x in lines if x)


def report_text(result) -> str:
    lines = [f"{result.describe}: prover {result.prover}"
             + (f" ({result.engine})" if result.engine else "")]
    lines += [row_line(r) for r in result.rows]
    lines.append("VERDICT: " + result.verdict())
    return "\n".join(lines)


def to_json(result) -> str:
    rows = []
    for r in result.rows:
        rows.append({"claim": r.name, "verdict": r.verdict, "reason": r.reason, "where": r.where,
                     "provers": list(r.provers), "seconds": round(r.seconds, 3), "states": r.states,
                     "obligation": r.obligation or None,
                     "witness": list(r.witness) if r.witness is not None else None,
                     "position": list(r.position) if r.position is not None else None,
                     "claim_value": r.claim_value or None, "true_value": r.true_value or None,
                     "move": r.move or None, "confirmation": getattr(r, "confirmation", "") or None,
                     "hypotheses": getattr(r, "hypotheses", "") or None,
                     "prover_errors": dict(getattr(r, "errors", {})) or None})
    return json.dumps({"game": result.game, "params": {k: str(v) for k, v in result.params.items()},
                       "prover": result.prover, "engine": result.engine, "verdict": result.verdict(),
                       "exit_code": result.exit_code, "claims": rows}, indent=2)


#: Row colours of the notebook verdict table, by verdict.
VERDICT_COLOUR = {"PROVED": "#dff0d8", "REFUTED": "#f8d7da", "ENGINE ERROR": "#fff3cd",
                  "NOT EXPRESSIBLE": "#eeeeee", "NOT APPLICABLE": "#eeeeee"}


def report_html(result) -> str:
    """The notebook view (``_repr_html_``): the verdict line and one row per claim (claim,
    verdict, provers, seconds, detail: the smallest counterexample of a refuted claim or why a
    claim was not decided), coloured by verdict."""
    from .display import CSS, table
    rows = [[r.name, r.verdict, "+".join(r.provers), f"{r.seconds:.1f}" if r.provers else "", _detail(r)]
            for r in result.rows]
    return (f"{CSS}<p><b>{html.escape(result.describe)}</b>: prover {html.escape(str(result.prover))}; "
            f"{html.escape(result.verdict())}</p>"
            + table(["claim", "verdict", "provers", "seconds", "detail"], rows,
                    [VERDICT_COLOUR.get(r.verdict) for r in result.rows]))


def _detail(r) -> str:
    if r.verdict == "PROVED":
        return f"{'+'.join(r.provers)}, {r.seconds:.1f} s"
    if r.verdict == "REFUTED":
        return f"smallest counterexample {position_text(r.position)}: claim says {r.claim_value}; true {r.true_value}"
    return f"{r.reason} {r.where}".strip()


def proof_markdown(result) -> str:
    """``proof.md``: per claim its verdict; per proved claim the theorem, the definitions and
    the sentences in mathematical notation and in each prover's language (:func:`listings`). Every text of a user (title, claim name,
    parameters, reasons) is Markdown-escaped outside code (:func:`markdown_text`: no tag, link or
    emphasis can come from it), and each listing sits in a fence no line of it can close."""
    from cgs_bridge.foundation.escape import markdown_fence, markdown_text as md
    out = [f"# Proofs: {md(result.describe)}", "", md(result.verdict()), ""]
    for i, r in enumerate(result.rows, 1):
        out += [f"## {i}. {md(r.name)}: {r.verdict}", ""]
        if r.verdict == "PROVED" and r.problem is not None:
            out += [f"**Theorem.** {md(statement(result, r))}; {md(verified(result, r))}.", "",
                    "Definitions:", ""]
            out += [f"- {md(d.name)}({', '.join(md(p) for p in d.params)}) :⇔ {md(math_text(d.body))}"
                    for d in r.problem.defines]
            out += ["", "Sentences (each TRUE):", ""]
            out += [f"{j}. {md(ob.name)} ({md(ob.meaning)}): {md(sentence_math(ob))}"
                    for j, ob in enumerate(r.problem.obligations, 1)]
            for heading, script in listings(r.problem, "md"):
                script = script.rstrip("\n")
                fence = markdown_fence(script)
                out += ["", heading, "", fence, script, fence, ""]
        else:
            out += [md(line.strip()) + "  " for line in row_line(r).splitlines()] + [""]
    return "\n".join(out) + "\n"
