"""How a :class:`cgs_bridge.jobs.prove.ProveResult` looks: the text report, JSON, HTML, and the
paper-ready proof folder (``prove -o DIR``: ``proof.md``, ``proof.html``, ``proof.tex`` with a
LaTeX ``theorem`` per proved claim, and per claim the Walnut script and Walnut's output).

Sentences are shown twice: in mathematical notation (:func:`math_text`: ∀, ∃, ∧, ∨, ¬, ⇒, ⇔, ⊕,
⌊·⌋) and as Walnut prints them (:func:`cgs_bridge.systems.walnut.printer.print_problem`).
"""

from __future__ import annotations

import html
import json
from pathlib import Path

from cgs_bridge.foundation.errors import InputError
from cgs_bridge.foundation.escape import tex_text
from cgs_bridge.foundation.io import atomic_write_text
from cgs_bridge.language.spec_printer import expr_text
from solvers.logic import formula as F

_CMP = {"=": "=", "!=": "≠", "<": "<", "<=": "≤", ">": ">", ">=": "≥"}


def term_math(t) -> str:
    if isinstance(t, F.Var):
        return t.name
    if isinstance(t, F.Const):
        return str(t.value)
    if isinstance(t, F.Add):
        return " + ".join(term_math(x) for x in t.terms) or "0"
    if isinstance(t, F.Scale):
        inner = term_math(t.term)
        return f"{t.coef}({inner})" if isinstance(t.term, F.Add) else f"{t.coef}{inner}"
    return f"⌊({term_math(t.term)})/{t.den}⌋"


def math_text(f) -> str:  # noqa: C901  (one branch per node type)
    """A proof-language formula in mathematical notation."""
    if isinstance(f, F.Cmp):
        return f"{term_math(f.left)} {_CMP[f.op]} {term_math(f.right)}"
    if isinstance(f, F.Xor):
        return f"{f.a.name} ⊕ {f.b.name} = {f.c.name}"
    if isinstance(f, F.Pred):
        return f"{f.name}({', '.join(a.name for a in f.args)})"
    if isinstance(f, F.Bool):
        return "true" if f.value else "false"
    if isinstance(f, F.Not):
        return f"¬{_wrap(f.body)}"
    if isinstance(f, (F.And, F.Or)):
        sep = " ∧ " if isinstance(f, F.And) else " ∨ "
        return sep.join(_wrap(p) for p in f.parts) or math_text(F.Bool(isinstance(f, F.And)))
    if isinstance(f, (F.Implies, F.Iff)):
        op = " ⇒ " if isinstance(f, F.Implies) else " ⇔ "
        return f"{_wrap(f.a)}{op}{_wrap(f.b)}"
    q = "∃" if isinstance(f, F.Exists) else "∀"
    return f"{q}{', '.join(f.vars)}: {_wrap(f.body)}"


def _wrap(f) -> str:
    text = math_text(f)
    return text if isinstance(f, (F.Cmp, F.Xor, F.Pred, F.Bool, F.Not)) else f"({text})"


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
    by = " and ".join(result.engine if p == "walnut" and result.engine else
                      ("the embedded automata prover" if p == "embedded" else p) for p in row.provers)
    return f"verified for all positions by {by} in {row.seconds:.1f} s"


def row_line(row) -> str:
    """One claim's line of the report."""
    head = f"  {row.verdict:<16} {row.name}"
    if row.problem is None and row.verdict in ("PROVED", "REFUTED"):  # issue 49: the periodicity proof
        return head + f"\n      {row.reason}" + (f"\n      by the {', '.join(row.provers)}" if row.provers else "")
    if row.verdict == "PROVED":
        times = ", ".join(f"{p} {t:.1f} s" for p, t in row.times.items())
        agree = "both provers agree: " if len(row.times) > 1 else ""
        return head + f"  ({agree}{times}, {len(row.problem.obligations)} sentences)"
    if row.verdict == "REFUTED":
        return (head + f"\n      smallest counterexample {row.position}: the claim says {row.claim_value}, "
                f"true: {row.true_value}\n      failing sentence: {row.obligation} "
                f"(prover's witness {row.witness})" + (f"\n      {row.move}" if row.move else ""))
    return head + (f"\n      {row.reason}" if row.reason else "") + (f" ({row.where})" if row.where else "")


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
                     "move": r.move or None})
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
        return f"smallest counterexample {r.position}: claim says {r.claim_value}; true {r.true_value}"
    return f"{r.reason} {r.where}".strip()


def proof_markdown(result) -> str:
    """``proof.md``: per claim its verdict; per proved claim the theorem, the definitions and
    the sentences in mathematical notation and in Walnut."""
    from cgs_bridge.systems.walnut.printer import print_problem
    out = [f"# Proofs: {result.describe}", "", result.verdict(), ""]
    for i, r in enumerate(result.rows, 1):
        out += [f"## {i}. {r.name}: {r.verdict}", ""]
        if r.verdict == "PROVED" and r.problem is not None:
            out += [f"**Theorem.** {statement(result, r)}; {verified(result, r)}.", "",
                    "Definitions:", ""]
            out += [f"- {d.name}({', '.join(d.params)}) :⇔ {math_text(d.body)}" for d in r.problem.defines]
            out += ["", "Sentences (each TRUE):", ""]
            out += [f"{j}. {ob.name} ({ob.meaning}): {sentence_math(ob)}"
                    for j, ob in enumerate(r.problem.obligations, 1)]
            out += ["", "In Walnut (with xor.txt in Automata Library/):", "", "```",
                    print_problem(r.problem).text.rstrip("\n"), "```", ""]
        else:
            out += [row_line(r).strip(), ""]
    return "\n".join(out) + "\n"


def proof_latex(result) -> str:
    """``proof.tex``: a LaTeX ``theorem`` per proved claim (needs ``\\newtheorem{theorem}``)."""
    out = []
    for r in result.rows:
        if r.verdict == "PROVED":
            out += [f"\\begin{{theorem}}[{tex_text(r.name)}]",
                    tex_text(f"{statement(result, r)}; {verified(result, r)}."), "\\end{theorem}", ""]
    return "\n".join(out) or "% no claim proved\n"


def write_folder(result, folder, force: bool = False) -> list:
    """Write the proof folder (module); returns the paths.

    Raises:
        InputError: a file exists with other content and ``force`` is false (checked for every
            file before anything is written).
    """
    folder = Path(folder)
    files = {"proof.md": proof_markdown(result),
             "proof.html": f"<!DOCTYPE html><html><meta charset='utf-8'><title>{html.escape(result.describe)}"
                           f"</title><body>{report_html(result)}<pre>{html.escape(proof_markdown(result))}"
                           "</pre></body></html>\n",
             "proof.tex": proof_latex(result), "proof.json": to_json(result) + "\n"}
    from cgs_bridge.systems.walnut.automata import xor_automaton
    for i, r in enumerate(result.rows, 1):
        if r.problem is not None and "walnut" in r.decisions:
            files[f"claim{i}_walnut.txt"] = r.script
            files[f"claim{i}_walnut.out"] = r.decisions["walnut"][0].output
            files["xor.txt"] = xor_automaton()
    for name, text in files.items():
        path = folder / name
        if path.exists() and not force and path.read_text(encoding="utf-8", errors="replace") != text:
            raise InputError(f"{path} exists and differs from what would be written; "
                             "pass --force to replace it")
    return [atomic_write_text(folder / n, t, overwrite=True, make_parent=True) for n, t in files.items()]
