"""A :class:`solvers.logic.formula.Problem` printed as a readable Walnut 6 script.

Layout (one block per element, in order):

- a header of notes: the game, the claim, where the script came from;
- one ``def`` per :class:`~solvers.logic.formula.Define`, named after it, its meaning in a note;
- per :class:`~solvers.logic.formula.Obligation`: an ``eval`` of the universally closed sentence
  (Walnut prints TRUE or FALSE) and a ``def`` of its counterexample set (the negation, whose free
  variables are the obligation's ``free``), so a smallest witness can be read from the saved
  automaton.

Walnut's rules the printer follows (``../shared/engines/walnut/README.md`` and Walnut's
``Prover``/``Predicate`` sources): a name is ``[a-zA-Z]\\w*`` not starting with ``A``, ``E`` or
``I`` (the quantifiers); a ``def``-ed automaton takes as arguments its free variables in
lexicographic order of their names, whatever order the formula names them (so every call lists
the used parameters in that order); a quantified variable must occur in its body; a
subformula without variables is an automaton without inputs, a constant that swallows the
connective around it (a ``def`` that collapses to it prints a TRUE/FALSE line, a quantifier around
it loses its variable), so constants are folded first (:mod:`solvers.logic.simplify`) and a
closed quantifier is tied to a variable in scope (:meth:`_Printer.quantified`); there is no
comment syntax and a command ends at the first ``;`` or ``:`` of a line, so a note is printed as
a ``macro note_N "..."`` command (stored by Walnut, never expanded) with ``;``, ``:`` and ``"``
replaced.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from solvers.logic.formula import (Accepts, And, Bool, Const, Exists, Forall, Iff, Implies, Or, Pred, Problem,
                                   Var, term_vars)
from solvers.logic.formula import Add as Sum
from solvers.logic.simplify import fold_problem
from solvers.logic.visitor import FORMULAS, TERMS, FormulaVisitor, register_visitor
from solvers.logic.walks import FreeVars

#: The automaton file of ``a xor b = c`` that every script calls as ``$xor(a,b,c)``.
XOR_NAME = "xor"
_LEGAL = re.compile(r"[a-zA-Z]\w*\Z")
_SPECIAL = {";": ",", ":": " -", '"': "'", "\n": " ", "\r": " "}


def legal(name: str) -> bool:
    """True when ``name`` is a legal Walnut variable or automaton name."""
    return bool(_LEGAL.match(name)) and name[0] not in "AEI"


def note_text(text: str) -> str:
    """``text`` safe inside a Walnut ``macro`` note (no ``;``, ``:``, ``"`` or line break)."""
    return "".join(_SPECIAL.get(ch, ch) for ch in text).strip()


@dataclass
class Names:
    """Problem names -> Walnut names: kept when legal, else ``v_``/``d_`` plus the name with every
    other character replaced by ``_`` (numbered when that collides)."""

    taken: set = field(default_factory=lambda: {XOR_NAME})
    mapping: dict = field(default_factory=dict)

    def get(self, name: str, prefix: str = "v_") -> str:
        if name not in self.mapping:
            base = name if legal(name) and name not in self.taken else prefix + re.sub(r"\W", "_", name)
            out, n = base, 1
            while out in self.taken or not legal(out):
                out, n = f"{base}_{n}", n + 1
            self.taken.add(out)
            self.mapping[name] = out
        return self.mapping[name]


@dataclass(frozen=True)
class Plan:
    """What the script computes, for the reader: ``evals`` are ``(obligation name, eval name,
    counterexample def name, Walnut names of the counterexample's variables in argument order,
    the obligation's free variables as Walnut names)`` in script order."""

    text: str
    evals: tuple
    #: ``{Walnut name: automaton file text}``: the automata of ``Accepts`` atoms, to be saved in
    #: ``Automata Library/`` (padding-invariant copies, :func:`~cgs_bridge.language.automaton_file.padded`).
    automata: dict = field(default_factory=dict)
    numeration: str = "msd_2"


@register_visitor
class _Printer(FormulaVisitor):
    """The Walnut text of proof-language nodes: ``visit(term, top)`` and ``visit(formula,
    anchor)`` (:meth:`term`, :meth:`formula`), one ``print_<Node>`` per node class."""

    PREFIX, VERB = "print_", "print"

    def __init__(self, problem: Problem):
        self.names = Names()
        self.params = {}  # define name -> Walnut argument order (problem parameter names)
        self.problem = problem
        self.notes = 0
        self.note_prefix = ""
        self.automata = {}   # AutomatonFile -> Walnut name
        self.files = {}      # Walnut name -> file text
        self.uses = _Used(self)

    def term(self, t, top: bool = False) -> str:
        """``t`` in Walnut; a sum in parentheses unless ``top`` (a side of a comparison)."""
        if type(t) not in TERMS:
            raise TypeError(f"not a term: {t!r}")
        return self.visit(t, top)

    def print_Var(self, t, top):
        return self.names.get(t.name)

    def print_Const(self, t, top):
        return str(t.value)

    def print_Add(self, t, top):
        if not t.terms:
            return "0"
        text = "+".join(self.term(x) for x in t.terms)
        return text if top or len(t.terms) == 1 else f"({text})"

    def print_Scale(self, t, top):
        return f"{t.coef}*{self._atom(t.term)}"

    def print_Div(self, t, top):
        return f"{self._atom(t.term)}/{t.den}"

    def _atom(self, t) -> str:
        text = self.term(t)
        return text if isinstance(t, (Var, Const, Sum)) else f"({text})"

    def formula(self, f, anchor: str | None = None) -> str:
        """``f`` in Walnut; ``anchor`` is the Walnut name of a variable in scope (free in the
        enclosing ``def`` or bound by an enclosing quantifier), tied to every closed quantifier
        inside (:meth:`quantified`)."""
        if type(f) not in FORMULAS:
            raise TypeError(f"not a formula: {f!r}")
        return self.visit(f, anchor)

    def print_Cmp(self, f, anchor):
        return f"{self.term(f.left, True)} {f.op} {self.term(f.right, True)}"

    def print_Xor(self, f, anchor):
        return f"${XOR_NAME}({','.join(self.names.get(v.name) for v in (f.a, f.b, f.c))})"

    def print_Pred(self, f, anchor):
        return self.call(f, anchor)

    def print_Accepts(self, f, anchor):
        return f"${self.automaton(f)}({','.join(self.names.get(v.name) for v in f.args)})"

    def print_Bool(self, f, anchor):
        return "0 = 0" if f.value else "0 = 1"

    def print_Not(self, f, anchor):
        inner = self.formula(f.body, anchor)
        wrapped = isinstance(f.body, (And, Or, Implies, Iff)) or (
            isinstance(f.body, (Exists, Forall)) and inner.startswith("("))
        return f"~{inner}" if wrapped or isinstance(f.body, Pred) else f"~({inner})"

    def print_And(self, f, anchor):
        return self._junction(f.parts, " & ", True, anchor)

    def print_Or(self, f, anchor):
        return self._junction(f.parts, " | ", False, anchor)

    def _junction(self, parts, joiner: str, empty: bool, anchor) -> str:
        if not parts:
            return self.formula(Bool(empty))
        return "(" + joiner.join(self.formula(p, anchor) for p in parts) + ")"

    def print_Implies(self, f, anchor):
        return f"({self.formula(f.a, anchor)} => {self.formula(f.b, anchor)})"

    def print_Iff(self, f, anchor):
        return f"({self.formula(f.a, anchor)} <=> {self.formula(f.b, anchor)})"

    def print_Exists(self, f, anchor):
        return self.quantified("E", f.vars, f.body, anchor)

    def print_Forall(self, f, anchor):
        return self.quantified("A", f.vars, f.body, anchor)

    def used(self, f) -> set:
        """The free variables of ``f`` that reach Walnut (:class:`_Used`)."""
        return self.uses.visit(f)

    def quantified(self, q: str, names, body, anchor: str | None = None) -> str:
        """``q`` over the variables of ``names`` that occur free in ``body`` (Walnut refuses the
        others); the body alone when none does.

        A *closed* quantifier (no variable of its body left free) is an automaton without inputs
        in Walnut, a constant that swallows the connective around it (``x < 5 & FALSE`` becomes
        FALSE: a ``def`` then prints a TRUE/FALSE line, an enclosing quantifier finds its
        variable gone, "... is not a free variable"). So inside a scope it is tied to the
        ``anchor`` variable, which keeps an input: ``E y (f & a = a)``, ``A y (a = a => f)``,
        equivalent since ``a = a`` holds."""
        free = self.used(body)
        used = [v for v in names if v in free]
        if not used:
            return self.formula(body, anchor)
        text = self.formula(body, anchor or self.names.get(used[0]))
        if anchor is not None and not free - set(used):
            text = (f"({text} & {anchor} = {anchor})" if q == "E"
                    else f"({anchor} = {anchor} => {text})")
        return f"({q} {','.join(self.names.get(v) for v in used)} {text})"

    def automaton(self, f: Accepts) -> str:
        """The Walnut name of ``f``'s automaton (its file saved under that name; a second
        automaton of the same name is renamed apart). Its inputs are called in the file's order."""
        from cgs_bridge.language.automaton_file import automaton_text, padded
        if f.automaton not in self.automata:
            base = f.name if legal(f.name) else "d_" + re.sub(r"\W", "_", f.name)
            name, n = base, 1
            while name in self.names.taken or not legal(name):
                name, n = f"{base}_{n}", n + 1
            self.names.taken.add(name)
            self.automata[f.automaton] = name
            self.files[name] = automaton_text(padded(f.automaton))
        return self.automata[f.automaton]

    def call(self, p: Pred, anchor: str | None = None) -> str:
        order = self.params.get(p.name)
        if order is None:
            raise ValueError(f"predicate {p.name!r} is called before its definition")
        d = self.problem.define(p.name)
        if not order:  # a constant: Walnut cannot call an automaton without inputs; inlined
            return f"({self.formula(d.body, anchor)})"
        bind = dict(zip(d.params, p.args))
        args = [self.names.get(bind[name].name) for name in order]
        return f"${self.names.get(p.name, 'd_')}({','.join(args)})"

    def define(self, d) -> list:
        used = self.used(d.body)
        order = sorted((n for n in d.params if n in used), key=self.names.get)
        self.params[d.name] = order
        name = self.names.get(d.name, "d_")
        head = f"{name}({', '.join(self.names.get(n) for n in order)})"
        lines = [self.note(f"{head}" + (f" - {d.meaning}" if d.meaning else ""))]
        if not order:
            return [self.note(f"{name} has no variables - its calls are replaced by its body "
                              f"{self.formula(d.body)}")]
        anchor = self.names.get(order[0])
        lines.append(f'def {name} "?{self.problem.numeration} {self.formula(d.body, anchor)}";')
        return lines

    def note(self, text: str) -> str:
        self.notes += 1
        return f'macro note_{self.note_prefix}{self.notes} "{note_text(text)}";'


@register_visitor
class _Used(FreeVars):
    """The free variables of a formula that reach Walnut: those of
    :class:`~solvers.logic.walks.FreeVars`, but a call passes only the arguments its definition
    uses (Walnut's automaton has no input for the others)."""

    NODES = FORMULAS

    def __init__(self, printer: _Printer):
        self.printer = printer

    def visit_Pred(self, f):
        d = self.printer.problem.define(f.name)
        bind = dict(zip(d.params, f.args))
        return {bind[n].name for n in self.printer.params.get(f.name, d.params)}


def print_problem(problem: Problem, notes=(), prefix: str = "") -> Plan:
    """The Walnut script of ``problem``: ``notes`` (lines of text: game, claim, source) first,
    then the definitions and the obligations (see the module). ``prefix`` is put before every
    obligation's ``eval``/``def`` name (several claims in one script).

    Raises:
        ValueError: a predicate is called before its definition, or a node is not of the proof
            language (a programming error of the translation).
    """
    folded, constants = fold_problem(problem)
    pr = _Printer(folded)
    pr.note_prefix = prefix
    lines = [pr.note(n) for n in notes]
    for d in problem.defines:
        if d.name in constants:   # its body folded to a constant: its calls were replaced by it
            lines += ["", pr.note(f"{d.name} is always {'TRUE' if constants[d.name].value else 'FALSE'}"
                                  + (f" ({d.meaning})" if d.meaning else "")
                                  + " - its calls are replaced by that constant")]
    problem = folded
    for d in problem.defines:
        lines += [""] + pr.define(d)
    evals = []
    for ob in problem.obligations:
        name = pr.names.get(prefix + ob.name, "d_")
        cex = pr.names.get(prefix + ob.name + "_fails", "d_")
        free = [v for v in ob.free if v in pr.used(ob.body)]
        closed = pr.quantified("A", free, ob.body)
        args = sorted(pr.names.get(v) for v in free)
        lines += ["", pr.note(f"obligation {ob.name}" + (f" - {ob.meaning}" if ob.meaning else "")),
                  f'eval {name} "?{problem.numeration} {closed}";']
        if free:  # a def without variables would print TRUE/FALSE like an eval
            lines += [pr.note(f"{cex}({', '.join(args)}) - the positions where {ob.name} fails"),
                      f'def {cex} "?{problem.numeration} ~({pr.formula(ob.body, pr.names.get(free[0]))})";']
        evals.append((ob.name, name, cex if free else None, tuple(args),
                      tuple(pr.names.get(v) for v in ob.free)))
    return Plan("\n".join(lines) + "\n", tuple(evals), dict(pr.files), problem.numeration)


__all__ = ["print_problem", "Plan", "legal", "note_text", "XOR_NAME", "term_vars"]
