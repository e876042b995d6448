"""The recipe docs/recipes/new-system.md, followed in a scratch copy of the package: a toy system
(one folder: its own printer target, a Lisp-like prefix notation with its own spellings, emitting
a plain-text listing from the Target record; a reader of the toy's ``x : g`` table; an auditor
judging a published ``x : g`` table) plus one line in the registry's ``NAMES`` is enough for
``generate --target toy`` to emit it, ``compare --toy FILE`` and ``verify --toy FILE`` to compare
it, position by position, and ``audit PROGRAM.toy`` (CLI, ``--html``, ``-o``, and ``cb.audit``) to
judge a program in its language, with nothing else edited; with its prover (``prover.py`` plus one
line of the registry's ``PROVERS``), ``prove --prover toy`` decides with it, ``--prover both``
compares it with the embedded prover, and ``prove -o DIR`` writes its files.

Expected values: a single Nim heap of size x has Grundy value x (Bouton's theorem; the claim of
``nim.game``, seed 001 Section 3.1), so its only P-position is 0 and ``P iff x == 0 or x == 500``
is false at 500; the toy spelling of triangular's ``require`` is written out by hand from the
spec's text ``y <= floor((x + z) / k)``. The toy prover decides by brute force on the box 0..8
(a bounded search: never a proof, never offered to users; it lives only in this test's copy).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap

from paths import ROOT

TOY_SYSTEM = '''
"""A toy system: it prints a table ``x : g`` per line; its emitted "program" is a listing with
its expressions in prefix notation; its published programs are ``x : g`` tables."""

import re
from dataclasses import dataclass, field
from pathlib import Path

from cgs_bridge.foundation.errors import InputError
from cgs_bridge.foundation.io import atomic_write_text, read_input_text
from cgs_bridge.language.printer import Printer
from cgs_bridge.systems.auditing.judge import Check
from cgs_bridge.systems.auditing.report import ProgramAudit
from cgs_bridge.systems.base import Auditor, System
from cgs_bridge.systems.imported import ImportedTable, in_int64
from cgs_bridge.systems.printing.context import Target, common_context


class ToyPrinter(Printer):
    """Prefix notation: ``(+ x 1)``; no precedence is needed."""

    TARGET = "toy"
    PRECEDENCE = {k: 0 for k in ("if", "iff", "or", "and", "not", "cmp", "xor", "+", "-", "*", "%",
                                 "neg", "^")}
    SPELLINGS = {"iff": "iff", "or": "or", "and": "and", "not": "not", "<=": "<=", "<": "<",
                 ">=": ">=", ">": ">", "==": "=", "!=": "/=", "xor": "nim-sum", "+": "+", "-": "-",
                 "*": "*", "%": "mod", "neg": "-", "^": "expt", "floor/": "floor",
                 "ceil/": "ceiling", "min": "min", "max": "max", "mod": "mod", "abs": "abs",
                 "ilog2": "integer-log2", "nimsum": "nim-sum"}

    def infix(self, n, word, assoc):
        return f"({word} {self.doprint(n.left)} {self.doprint(n.right)})"

    def call(self, head, args):
        return "(" + " ".join([head, *args]) + ")"

    def _print_BinOp(self, n):
        return self.spell(n)

    def _print_Neg(self, n):
        return self.call(self.spelling("neg"), [self.doprint(n.operand)])

    def _print_Not(self, n):
        return self.call(self.spelling("not"), [self.doprint(n.operand)])

    def _print_Compare(self, n):
        parts = [self.call(self.spelling(op), [self.doprint(a), self.doprint(b)])
                 for a, op, b in zip(n.operands, n.ops, n.operands[1:])]
        return parts[0] if len(parts) == 1 else self.call("and", parts)

    def _print_FloorDiv(self, n):
        return self.call(self.spelling("floor/"), [self.doprint(n.num), self.doprint(n.den)])

    def _print_CeilDiv(self, n):
        return self.call(self.spelling("ceil/"), [self.doprint(n.num), self.doprint(n.den)])

    def _print_If(self, n):
        return self.call("if", [self.doprint(n.cond), self.doprint(n.then), self.doprint(n.orelse)])

    def _print_Search(self, n):
        return self.call(n.kind + "-search", [n.var, self.doprint(n.lo), self.doprint(n.hi),
                                              self.doprint(n.cond)])


def files(stem, model):
    return {"listing.txt.j2": stem + ".toy.txt"}


def context(model, box, misere, files):
    toy = ToyPrinter()
    return {**common_context(model, box), "output": files["csv"],
            "toy_requires": [toy.doprint(e) for e in model.requires]}


def table(text, where, n):
    """``[(position, value)]`` of an ``x : g`` text (``where``: its name in messages)."""
    rows = []
    for i, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        left, sep, right = line.partition(":")
        try:
            row = [in_int64(int(v), f"{where}:{i}") for v in left.split()] + [int(right)]
        except ValueError:
            raise InputError(f"{where}:{i}: expected 'c1 c2 ... : g', got {line!r}") from None
        if not sep or len(row) != n + 1:
            raise InputError(f"{where}:{i}: expected {n} coordinates, ':', a value")
        rows.append((tuple(row[:-1]), row[-1], i))
    return rows


def read(path, ruleset, partial, options):
    import pandas as pd
    rows = table(read_input_text(path, "toy output"), path, ruleset.n)
    cols = [f"c{k}" for k in range(ruleset.n)] + ["grundy"]
    return ImportedTable(pd.DataFrame([[*p, g] for p, g, _ in rows], columns=cols, dtype="int64"),
                         [i for _, _, i in rows])


@dataclass
class ToyAudit(ProgramAudit):
    language = "toylang"
    program_path: str
    game: str
    checks: list = field(default_factory=list)

    @property
    def exit_code(self):
        return 1 if any(c.verdict == "differ" for _, c in self.checks) else 0

    def verdict(self):
        return "program and spec agree" if self.exit_code == 0 else "differences found"

    @property
    def frame(self):
        import pandas as pd
        return pd.DataFrame([r for _, c in self.checks for r in c.rows])


def audit(program_path, text, ruleset, **options):
    from cgs_bridge.model.resolve import box_of
    from solvers import solve
    rows = table(text, program_path, ruleset.n)
    bound = options.get("bound") or str(max(max(p) for p, _, _ in rows))
    sol = solve(ruleset, box_of(ruleset, bound))
    wrong = [{"position": str(p), "program": g, "spec": sol.value(p), "detail": f"line {i}"}
             for p, g, i in rows if sol.value(p) != g]
    check = Check("values", "differ" if wrong else "agree",
                  f"{len(wrong)} of {len(rows)} values differ" if wrong else f"all {len(rows)} values agree",
                  wrong)
    return ToyAudit(program_path, ruleset.describe(), [("", check)])


def text(report):
    return f"toy audit of {report.program_path}: {report.verdict()}\\n" + "".join(
        f"{c.name}: {c.verdict.upper()}: {c.summary}\\n" for _, c in report.checks)


def write(report, folder, force=False):
    return [atomic_write_text(Path(folder) / "report.txt", text(report), overwrite=force, make_parent=True)]


TARGET = Target("toy", ToyPrinter, files, context, Path(__file__).with_name("templates"))
SYSTEM = System("toy", TARGET, read, "what the toy system printed: 'x : g' lines",
                auditor=Auditor("toylang", (".toy",), re.compile(r"^\\s*\\d+( \\d+)* : \\d+$", re.M),
                                audit, text, write))
'''

TOY_PROVER = '''
"""The toy system's prover: a brute force on the box 0..BOX of every variable (a bounded search,
never a proof: a recipe's example, not a prover to offer)."""

from itertools import product

from solvers.logic import formula as F
from solvers.logic.formula import Decision
from solvers.logic.prover import Prover

BOX = 8
OPS = {"=": int.__eq__, "!=": int.__ne__, "<": int.__lt__, "<=": int.__le__, ">": int.__gt__,
       ">=": int.__ge__}


def term(t, env):
    if isinstance(t, F.Var):
        return env[t.name]
    if isinstance(t, F.Const):
        return t.value
    if isinstance(t, F.Add):
        return sum(term(x, env) for x in t.terms)
    if isinstance(t, F.Scale):
        return t.coef * term(t.term, env)
    return term(t.term, env) // t.den


def holds(f, env, pb):
    if isinstance(f, F.Cmp):
        return OPS[f.op](term(f.left, env), term(f.right, env))
    if isinstance(f, F.Xor):
        return env[f.a.name] ^ env[f.b.name] == env[f.c.name]
    if isinstance(f, F.Pred):
        d = pb.define(f.name)
        return holds(d.body, {p: env[a.name] for p, a in zip(d.params, f.args)}, pb)
    if isinstance(f, F.Bool):
        return f.value
    if isinstance(f, F.Not):
        return not holds(f.body, env, pb)
    if isinstance(f, (F.And, F.Or)):
        return (all if isinstance(f, F.And) else any)(holds(p, env, pb) for p in f.parts)
    if isinstance(f, F.Implies):
        return not holds(f.a, env, pb) or holds(f.b, env, pb)
    if isinstance(f, F.Iff):
        return holds(f.a, env, pb) == holds(f.b, env, pb)
    values = (holds(f.body, {**env, **dict(zip(f.vars, v))}, pb)
              for v in product(range(BOX + 1), repeat=len(f.vars)))
    return any(values) if isinstance(f, F.Exists) else all(values)


def decide(problem, limits):
    out = []
    for ob in problem.obligations:
        tuples = sorted(product(range(BOX + 1), repeat=len(ob.free)), key=lambda v: (sum(v), v))
        bad = next((v for v in tuples if not holds(ob.body, dict(zip(ob.free, v)), problem)), None)
        out.append(Decision(ob.name, bad is None, bad if ob.free else None))
    return out


def listing(problem, notes=()):
    return "".join(f"{ob.name}: for all {', '.join(ob.free)} in 0..{BOX}\\n" for ob in problem.obligations)


PROVER = Prover("toy", decide, title="the toy prover", label="Toy prover", listing=listing,
                listing_titles={"md": "The toy prover's box:", "html": "The toy prover's box",
                                "tex": "The toy prover's box."},
                files=lambda number, row, text: {f"claim{number}_toy.txt": text}, owns=r"claim[0-9]+_toy\\.txt")
'''

TOY_TEMPLATE = """\
# {{ game }}: {{ title }}
# box: {{ box_text }}
{% for rule in rule_texts %}
rule {{ rule }}
{% endfor %}
{% for r in toy_requires %}
require {{ r }}
{% endfor %}
print table to {{ output }}
"""


def _scratch(tmp_path):
    """The scratch copy with the recipe applied: the folder, then the one registry line."""
    ignore = shutil.ignore_patterns("__pycache__")
    for pkg in ("cgs_bridge", "solvers"):
        shutil.copytree(ROOT / pkg, tmp_path / pkg, ignore=ignore)
    toy = tmp_path / "cgs_bridge" / "systems" / "toy"
    (toy / "templates").mkdir(parents=True)
    (toy / "__init__.py").write_text('"""A toy system (docs/recipes/new-system.md)."""\n')
    (toy / "system.py").write_text(textwrap.dedent(TOY_SYSTEM))
    (toy / "templates" / "listing.txt.j2").write_text(TOY_TEMPLATE)
    registry = tmp_path / "cgs_bridge" / "systems" / "registry.py"
    text = registry.read_text()
    assert text.count('    "mathematica",\n') == 1
    registry.write_text(text.replace('    "mathematica",\n', '    "mathematica",\n    "toy",\n'))
    return tmp_path


def _with_prover(copy):
    """The recipe's prover step: the folder's ``prover.py``, then one line of ``PROVERS``."""
    (copy / "cgs_bridge" / "systems" / "toy" / "prover.py").write_text(textwrap.dedent(TOY_PROVER))
    registry = copy / "cgs_bridge" / "systems" / "registry.py"
    text = registry.read_text()
    line = '    "embedded": "solvers.automata.prover",\n'
    assert text.count(line) == 1
    registry.write_text(text.replace(line, line + '    "toy": "cgs_bridge.systems.toy.prover",\n'))
    return copy


def _cli(copy, *args, cwd):
    env = {**os.environ, "PYTHONPATH": str(copy)}
    env.pop("CGS_BRIDGE_CGSUITE_CMD", None)
    env.pop("CGS_BRIDGE_WALNUT_HOME", None)   # Walnut is not found from the scratch folder
    return subprocess.run([sys.executable, "-m", "cgs_bridge.cli.main", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def _tables(work, right: str, wrong: str, header: str = "") -> None:
    """A Nim table ``x : g`` for x <= 4 (Grundy value x, Bouton) and the same with g(3) = 1."""
    (work / right).write_text(header + "".join(f"{x} : {x}\n" for x in range(5)))
    (work / wrong).write_text("".join(f"{x} : {x if x != 3 else 1}\n" for x in range(5)))


def _expect(run, code: int, text: str) -> None:
    assert run.returncode == code, run.stdout + run.stderr
    assert text in run.stdout, run.stdout


def _python(copy, code, cwd):
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, env={**os.environ, "PYTHONPATH": str(copy)},
                          capture_output=True, text=True, timeout=300)


def test_a_new_system_is_one_folder_plus_one_registry_line(tmp_path):
    copy = _scratch(tmp_path / "copy")
    work = tmp_path / "work"
    work.mkdir()
    # generate: --target toy is a choice; the toy's file, named by the stem rule, rendered from the Target record
    out = _cli(copy, "generate", "nim", "--bound", "4", "--target", "toy", "-o", "out", cwd=work)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["out/nim_x4.toy.txt"]
    listing = (work / "out" / "nim_x4.toy.txt").read_text()
    assert "# box: x <= 4" in listing and "print table to nim_x4.csv" in listing
    assert listing.count("\nrule ") == 1
    # compare: the toy's side, position by position (Grundy value of a Nim heap x is x)
    _tables(work, "right.txt", "wrong.txt", header="# toy output\n")
    agree = _cli(copy, "compare", "nim", "--bound", "4", "--toy", "right.txt", cwd=work)
    _expect(agree, 0, "VERDICT: all sources agree with python")
    assert "toy" in agree.stdout
    _expect(_cli(copy, "compare", "nim", "--bound", "4", "--toy", "wrong.txt", cwd=work), 1,
            "3: python 3, toy 1 [line 4]")
    # the API loops over the registry too
    api = _python(copy, "import cgs_bridge as cb; c = cb.compare('nim', 4, sources={'toy': 'wrong.txt'}); "
                  "print([s.side for s in c.sides], c.agree)", cwd=work)
    assert api.stdout.split("\n")[0] == "['toy'] False", api.stdout + api.stderr
    # verify: emits every registered target (the toy's listing too) and compares --toy FILE
    run = _cli(copy, "verify", "nim", "--bound", "4", "--mathematica-engine", "none", "--toy",
               "right.txt", "--run-dir", "run", cwd=work)
    assert run.returncode == 0, run.stdout + run.stderr
    assert (work / "run" / "nim_x4.toy.txt").read_text() == listing
    assert (work / "run" / "nim_x4.wl").exists()
    assert "VERDICT: all sources agree with python" in run.stdout
    # the toy's own spellings: triangular's require, written out by hand in prefix notation
    tri = _cli(copy, "generate", "triangular", "--bound", "3", "--target", "toy", "-o", "tri", cwd=work)
    assert tri.returncode == 0, tri.stderr
    listing = (work / tri.stdout.split()[0]).read_text()
    assert "require (<= y (floor (+ x z) k))" in listing


def test_a_new_system_brings_its_auditor_in_the_same_folder(tmp_path):
    copy = _scratch(tmp_path / "copy")
    work = tmp_path / "work"
    work.mkdir()
    _tables(work, "right.toy", "wrong.toy")
    _expect(_cli(copy, "audit", "right.toy", "--game", "nim", "--no-sandbox", "--html", "a.html",
                 "-o", "rep", cwd=work), 0, "toy audit of right.toy: program and spec agree")
    assert "values: AGREE: all 5 values agree" in (work / "rep" / "report.txt").read_text()
    assert "right.toy judged against nim" in (work / "a.html").read_text()
    _expect(_cli(copy, "audit", "wrong.toy", "--game", "nim", "--language", "toylang", cwd=work), 1,
            "values: DIFFER: 1 of 5 values differ")
    api = _python(copy, "import cgs_bridge as cb; a = cb.audit('wrong.toy', cb.game('nim')); "
                  "print(a.agree, len(a.frame), a.frame.loc[0, 'position'])", cwd=work)
    assert api.stdout.split("\n")[0] == "False 1 (3,)", api.stdout + api.stderr


def test_a_new_system_brings_its_prover_in_the_same_folder(tmp_path):
    copy = _with_prover(_scratch(tmp_path / "copy"))
    work = tmp_path / "work"
    work.mkdir()
    assert "{walnut,embedded,toy,both}" in _cli(copy, "prove", "--help", cwd=work).stdout
    # Bouton: the heap x has Grundy value x, decided by the toy prover
    run = _cli(copy, "prove", "nim", "--prover", "toy", "-o", "proof", cwd=work)
    _expect(run, 0, "PROVED           a heap of size x has Grundy value x  (toy ")
    assert "nim: prover toy\n" in run.stdout
    # its files and its listing come from its record
    assert (work / "proof" / "claim1_toy.txt").read_text().startswith("nonnegative: for all x in 0..8\n")
    md = (work / "proof" / "proof.md").read_text()
    assert "verified for all positions by the toy prover" in md and "The toy prover's box:" in md
    # both: every available prover (the embedded one and the toy; Walnut is not found here),
    # compared: false at x = 500, beyond the toy's box and the solver's first box, so the provers
    # disagree (exit 2, never a verdict) ...
    wrong = _cli(copy, "prove", "nim", "--prover", "both", "--claim", "P iff x == 0 or x == 500", cwd=work)
    assert wrong.returncode == 2, wrong.stdout + wrong.stderr
    assert "the provers disagree: embedded says" in wrong.stdout and "toy says" in wrong.stdout
    # ... the twin, false at x = 5: refuted at its smallest counterexample
    refuted = _cli(copy, "prove", "nim", "--prover", "both", "--claim", "P iff x == 0 or x == 5", cwd=work)
    _expect(refuted, 1, "smallest counterexample 5")
