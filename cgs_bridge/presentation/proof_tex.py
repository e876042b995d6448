"""``proof.tex`` (issue 48): the proofs of ``prove -o DIR`` as a paper's appendix states them.

Per proved claim: the theorem in mathematics; the game as a definition (positions, moves); the
translation's definitions; one lemma per obligation, stated in mathematics and decided by the
prover named in its proof; the proof of the theorem (induction on the coordinate sum, docs/prove.md
"Soundness"); a remark with the prover's name, version, automaton sizes and run time; the
prover's script as an appendix listing. A refuted claim gets a remark with its smallest
counterexample and the move that decides it.

The file compiles with ``pdflatex`` alone (``article``, ``amsmath``, ``amssymb``, ``amsthm``) and
is also a fragment to ``\\input`` after ``\\begin{document}`` of a paper: it tests whether a document
has begun (LaTeX makes ``\\documentclass`` an error then) and defines ``theorem``, ``lemma``,
``definition`` and ``remark`` only where the paper has not. Text is ASCII: every user text goes
through :func:`cgs_bridge.foundation.escape.tex_text`; every formula through the paper printers.
"""

from __future__ import annotations

from cgs_bridge.jobs.prove_octal import THEOREM
from cgs_bridge.foundation.escape import tex_comment, tex_text, tex_typewriter

from . import proof_game as G
from .math_formula import FormulaLatex
from .math_spec import LatexPrinter

HEAD = r"""%% proof.tex: {what}, written by cgs-bridge {version}.
%% Compile it alone:  pdflatex proof.tex
%% or \input{{proof.tex}} after \begin{{document}} of a paper whose preamble has
%%   \usepackage{{amsmath,amssymb,amsthm}}
%% (the environments theorem, lemma, definition and remark are defined here when the paper has none).
\makeatletter
\ifx\documentclass\@twoclasseserror\makeatother\else\makeatother
\documentclass[11pt]{{article}}
\usepackage{{amsmath,amssymb,amsthm}}
\expandafter\def\csname cgsbProofAlone\endcsname{{}}
\begin{{document}}
\fi
\ifdefined\theorem\else\newtheorem{{theorem}}{{Theorem}}\fi
\ifdefined\lemma\else\newtheorem{{lemma}}[theorem]{{Lemma}}\fi
\theoremstyle{{definition}}
\ifdefined\definition\else\newtheorem{{definition}}[theorem]{{Definition}}\fi
\theoremstyle{{remark}}
\ifdefined\remark\else\newtheorem{{remark}}[theorem]{{Remark}}\fi
\theoremstyle{{plain}}
\begingroup\emergencystretch=3em\relax
"""
TAIL = r"""\endgroup
\ifdefined\cgsbProofAlone\def\cgsbNext{\end{document}}\else\def\cgsbNext{}\fi\cgsbNext
"""


def _render(segments) -> str:
    return "".join(tex_text(v) if k == "text" else f"${v}$" for k, v in segments)


def _label(result, *parts) -> str:
    """A label unique to this game and these parameters (two proofs \\input into one paper keep
    their references apart): ``cgsb:triangular-k5:1:closed``."""
    import re
    key = re.sub(r"[^A-Za-z0-9]+", "-", result.describe).strip("-")
    return ":".join(["cgsb", key, *map(str, parts)])


def proof_latex(result, version: str = "") -> str:
    """``proof.tex`` of a :class:`cgs_bridge.jobs.prove.ProveResult` (module docstring)."""
    if not version:
        from cgs_bridge.foundation.version import __version__ as version
    out = [HEAD.format(what=tex_comment(f"proofs for {result.describe}"), version=tex_comment(version))]
    pr = LatexPrinter()
    proved = [(i, r) for i, r in enumerate(result.rows, 1) if r.verdict == "PROVED"]
    if result.spec is not None and any(r.verdict in ("PROVED", "REFUTED") for r in result.rows):
        out += _definition(pr, result)
    for i, r in enumerate(result.rows, 1):
        out += _proved(pr, result, i, r, version) if r.verdict == "PROVED" else _other(pr, result, i, r)
    if any(r.problem is not None for _, r in proved):
        out += _appendix(result, proved)
    return "\n".join(out) + "\n" + TAIL


def _definition(pr, result) -> list:
    spec, coords = result.spec, result.coords
    head = f"{result.title or result.game}" + (", " + ", ".join(f"{k} = {v}" for k, v in result.params.items())
                                               if result.params else "")
    lines = [f"\\begin{{definition}}[{{{tex_text(head)}}}]\\label{{{_label(result, 'game')}}}",
             _render(G.positions(pr, spec, coords)) + (" Parameters: " + _render(G.parameters(pr, spec, result.params)) + "."
                                                       if result.params else ""),
             "From a position " + _render([("math", G.tuple_math(pr, [pr.ident(c) for c in coords]))])
             + " a move leads to one of its \\emph{options}:", "\\begin{itemize}"]
    lines += [f"\\item {_render(m)};" for m in G.moves(pr, spec, coords)]
    lines += ["\\end{itemize}", _render(G.clamp(pr, spec)), tex_text(G.PLAY), tex_text(G.NIMSUM),
              "\\end{definition}", ""]
    return lines


def _by_theorem(pr, result, i, r) -> list:
    """A row decided by a theorem rather than by sentences (issue 49: a take-and-break game's
    period, and claims read off it): the statement and the argument, in words."""
    head = (_render(G.statement(pr, result, r)) if r.claim is not None else
            tex_text(f"The Grundy values g(n) of {result.title or result.game}: " + r.reason.split(":")[0] + "."))
    env = "theorem" if r.verdict == "PROVED" else "remark"
    out = [f"\\begin{{{env}}}[{{{tex_text(r.name)}}}]\\label{{{_label(result, i)}}}", head]
    if r.verdict == "PROVED":
        why = r.reason[:1].upper() + r.reason[1:]
        return out + ["\\end{theorem}", "", "\\begin{proof}" + tex_text(f"{why}; by the {', '.join(r.provers)}.")
                      + "\\end{proof}", ""]
    return out + [tex_text(f"The claim is false: it {r.reason} (by the {', '.join(r.provers)})."), "\\end{remark}", ""]


def _proved(pr, result, i, r, version) -> list:
    if THEOREM in r.provers:
        return _by_theorem(pr, result, i, r)
    fp, thm = FormulaLatex(), _label(result, i)
    out = [f"\\begin{{theorem}}[{{{tex_text(r.name)}}}]\\label{{{thm}}}",
           _render(G.statement(pr, result, r)), "\\end{theorem}", "",
           "\\noindent The proof states the game and the claim in B\\\"uchi arithmetic (first-order "
           "logic over the natural numbers with addition, comparisons, floors of quotients by constants and "
           "bitwise $\\oplus$), which is decidable. It uses these definitions, each the meaning of the spec "
           "line named:", "\\begin{itemize}"]
    out += [f"\\item ${fp.definition(d)}$" + (f" ({tex_text(d.meaning)})" if d.meaning else "") + ";"
            for d in r.problem.defines]
    out += ["\\end{itemize}", ""]
    labels = {}
    for ob in r.problem.obligations:
        labels[ob.name] = _label(result, i, ob.name)
        out += [f"\\begin{{lemma}}[{{{tex_text(ob.name)}}}]\\label{{{labels[ob.name]}}}",
                tex_text(_sentence_case(ob.meaning)) + ": $" + fp.sentence(ob) + "$.", "\\end{lemma}",
                f"\\begin{{proof}}{tex_text(_decided_by(result, r, ob.name, version))} (Remark~\\ref{{{_label(result, i, 'remark')}}}).\\end{{proof}}", ""]
    out += [f"\\begin{{proof}}[Proof of Theorem~\\ref{{{thm}}}]", _induction(r, labels), "\\end{proof}", "",
            f"\\begin{{remark}}\\label{{{_label(result, i, 'remark')}}}", tex_text(_remark(result, r, version)),
            "The sentences as the provers read them are listed in the appendix at the end.",
            "\\end{remark}", ""]
    return out


def _sentence_case(text: str) -> str:
    text = text.split(" (")[0] if text.endswith(")") and " (" in text else text
    return text[:1].upper() + text[1:]


def prover_names(result, r, version) -> list:
    """``["the embedded automata prover of cgs-bridge 0.9", "Walnut 6 (commit ...)"]``: each
    prover's version line, else its title (:class:`~solvers.logic.prover.Prover`), "of cgs-bridge
    VERSION" after the title of a prover written for this project."""
    from cgs_bridge.systems.registry import prover
    names = []
    for p in r.provers:
        entry = prover(p)
        names.append(result.engines.get(p) or (entry.title or p) + (f" of cgs-bridge {version}" if entry.ours else ""))
    return names


def _decided_by(result, r, name, version) -> str:
    return f"The sentence was decided TRUE for all natural numbers by {' and by '.join(prover_names(result, r, version))}"


def _remark(result, r, version) -> str:
    """The prover's name, version, the automaton sizes and the run time."""
    from cgs_bridge.systems.registry import prover
    parts = [f"Decided by {' and by '.join(prover_names(result, r, version))}, each sentence by automata "
             "reading its variables in base 2 (never by a bounded search)."]
    for p, decisions in r.decisions.items():
        sizes = "; ".join(f"{d.obligation}: TRUE" + (f", largest automaton {d.states:,} states" if d.states else "")
                          for d in decisions)
        parts.append(f"{prover(p).label or p}: {sizes}; run time "
                     f"{r.times.get(p, r.seconds):.1f} s.")
    if len(r.decisions) > 1:
        parts.append("Both provers gave the same verdict on every sentence.")
    return " ".join(parts)


def _induction(r, labels) -> str:
    """The proof of the theorem (:func:`.proof_game.induction`) in LaTeX."""
    import re

    def one(m):
        if m.group(1) == "m":
            return "\\textit{" + tex_text(m.group(2)) + "}"
        if m.group(2) not in labels:   # hand-made problems may lack it: say so, never pretend
            return tex_text(f"the sentence {m.group(2)} (not among the sentences decided here)")
        return f"Lemma~\\ref{{{labels[m.group(2)]}}}"
    parts = re.split(r"(\{(?:m|lemma):[^}]*\})", G.induction(r))
    return "".join(one(re.match(r"\{(m|lemma):([^}]*)\}", p)) if p.startswith("{") else tex_text(p)
                   for p in parts)


def _other(pr, result, i, r) -> list:
    """A claim not proved: a remark (for a refutation, a referee's note with the counterexample)."""
    name = f"\\begin{{remark}}[{{{tex_text(r.name)}}}]\\label{{{_label(result, i)}}}"
    if r.verdict == "REFUTED" and THEOREM in r.provers:
        return _by_theorem(pr, result, i, r)
    if r.verdict == "REFUTED":
        return [name, _render(refutation(pr, result, r)), "\\end{remark}", ""]
    head = {"NOT APPLICABLE": "does not apply to these parameters",
            "NOT EXPRESSIBLE": "was not decided: it is not expressible in the provers' language",
            "ENGINE ERROR": "was not decided: the prover failed"}.get(r.verdict, r.verdict)
    why = f"{r.reason} ({r.where})" if r.where else r.reason
    return [name, tex_text(f"The claim {head}" + (f": {why}" if why else "") + "."), "\\end{remark}", ""]


def refutation(pr, result, r) -> list:
    """Segments of a refuted claim's note: the statement, its smallest counterexample, the
    values there, the failing sentence and the deciding move."""
    from .proof import position_text
    said = G.statement(pr, result, r)[:-1]
    said[0] = G.T(said[0][1][:1].lower() + said[0][1][1:])   # "For k = 5, ..." inside a sentence
    out = [G.T("The claim that ")] + said
    out += [G.T(f" is false. Its smallest counterexample (least coordinate sum, then lexicographic) is "
                f"{position_text(r.position)}: the claim says {r.claim_value}, but it is {r.true_value}. "
                f"The failing sentence is {r.obligation}")]
    if r.witness is not None:
        out.append(G.T(f" (the prover's witness: {position_text(r.witness)})"))
    out.append(G.T("." + (f" Deciding move: {r.move}." if r.move else "")))
    return out


def _appendix(result, proved) -> list:
    """The provers' sentences, as listings (:func:`.proof.listings`): each line escaped (no text of
    a claim can end the listing or become TeX), long lines broken at spaces."""
    from .proof import listings
    out = ["\\par\\bigskip\\noindent\\textbf{Appendix: the sentences as the provers read them}", ""]
    for _, r in proved:
        for heading, text in (listings(r.problem, "tex") if r.problem is not None else ()):
            out += [f"\\par\\medskip\\noindent\\textbf{{{tex_text(r.name)}}}. {heading}",
                    "\\begin{flushleft}\\footnotesize\\ttfamily"]
            out += [tex_typewriter(line) + "\\\\" if line.strip() else "\\mbox{}\\\\"
                    for line in text.strip("\n").splitlines()]
            out += ["\\end{flushleft}", ""]
    return out
