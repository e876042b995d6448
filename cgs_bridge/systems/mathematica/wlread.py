"""Reading Wolfram Language text with Mathics3's own parser (issue 34): top-level statements,
the symbols a program defines, its scoping constructs and the bounds of its iterators.

Nothing here evaluates anything: :class:`mathics.core.parser.parser.Parser` builds a syntax tree
(heads and children) from the text, as the engine does before it evaluates; every construct the
parser accepts (``/;`` conditions, ``:=`` inside ``Module``, comments, strings holding ``;``,
line continuations) is therefore read as the engine reads it. The repairs of text damaged by a
copy out of a PDF stay in :mod:`.normalize`; what is a statement is decided here.
"""

from __future__ import annotations

import re
from functools import lru_cache

from cgs_bridge.systems.auditing import scale

from .wlscan import CODE, Lexed

#: Heads that assign: ``lhs = rhs``, ``lhs := rhs`` and their tagged/up forms.
ASSIGN = {"Set", "SetDelayed", "UpSet", "UpSetDelayed", "TagSet", "TagSetDelayed"}
#: Scoping constructs whose first argument lists local symbols (``{k = 2, n}``).
SCOPES = {"Module", "Block", "With"}
#: Heads whose iterators ``{i, lo, hi}`` span the program's positions.
ITERATING = {"Table", "Do", "Sum", "Product", "Array"}


@lru_cache(maxsize=1)
def _parser_parts():
    """Mathics3's parser classes, imported once. The import (sympy, mpmath: about 100 MiB of
    address space) is the toolkit's own, not the program's reading: :func:`load_parser` runs it
    before a reading budget starts, so that ``--memory`` measures the reading alone."""
    from mathics.core.parser.parser import Parser
    from mathics_scanner.feed import MultiLineFeeder
    return Parser, MultiLineFeeder


def load_parser() -> None:
    """Import the parser now (before a reading budget; see :func:`_parser_parts`)."""
    _parser_parts()


def parse_all(text: str) -> list:
    """The top-level expressions of ``text`` as ``(first line, last line, node)`` (0-based line
    offsets into ``text``; ``node`` None where the parser refused the text: the engine reports
    that part as a syntax error)."""
    parser_class, feeder_class = _parser_parts()
    lines = text.splitlines(True)
    feeder = feeder_class(lines, "<audit>")
    parser, out = parser_class(), []
    while not feeder.empty():
        start = feeder.lineno
        try:
            node = parser.parse(feeder)
        except MemoryError:  # the reading's --memory (systems/auditing/reading.py), not a syntax error
            raise
        except Exception:  # the scanner's SyntaxError family: this part does not parse
            node = None
            if feeder.lineno == start:
                feeder.lineno += 1
        end = max(feeder.lineno, start + 1)
        if node is not None or "".join(lines[start:end]).strip():
            out.append((start, end - 1, node))
    return out


@lru_cache(maxsize=None)
def parse_one(text: str):
    """The single expression ``text`` parses to, or None (a syntax error, or more than one).
    Every text is parsed once while one program is read (the reading asks again for each
    statement; a bounded cache would parse a long program's statements again and again):
    :func:`cgs_bridge.systems.mathematica.normalize.normalize` empties the cache (:func:`forget`)."""
    found = parse_all(text)
    if len(found) != 1:
        return None
    return found[0][2]


def forget() -> None:
    """Empty :func:`parse_one`'s cache (a new program is being read)."""
    parse_one.cache_clear()


def name(node) -> str | None:
    """The name of a symbol node, else None."""
    if node is not None and node.get_head_name() == "Symbol" and not node.children:
        return node.value
    return None


def head(node) -> str | None:
    """The head's name of a call node (``f`` of ``f[x]``), else None."""
    if node is None or not node.children and name(node) is not None:
        return None
    return node.get_head_name() or None


def compound_parts(node) -> list:
    """The statements of ``a; b; c`` (a ``CompoundExpression``), else ``[node]``; a trailing
    ``Null`` (the ``;`` at the end) is kept as None."""
    if node is None or node.get_head_name() != "CompoundExpression":
        return [node]
    return [None if name(c) == "Null" else c for c in node.children]


def defined_symbol(lhs) -> str | None:
    """The symbol an assignment to ``lhs`` defines: ``f`` of ``f[x_]``, ``f[x_] /; c``,
    ``f[a][b]``, ``HoldPattern[f[x]]``, ``g[[i, j]]`` (Part), or the symbol itself."""
    for _ in range(20):
        if lhs is None:
            return None
        own = name(lhs)
        if own is not None:
            return own
        h = lhs.get_head_name()
        if h in ("Condition", "HoldPattern", "Part", "Pattern") and lhs.children:
            lhs = lhs.children[0] if h != "Pattern" else lhs.children[-1]
        elif h and h not in ("Symbol", "String", "Number"):
            return h
        else:
            lhs = lhs.head if not isinstance(lhs.head, str) else None
    return None


def walk(node):
    """Every node of the tree (depth-first, the node first)."""
    stack = [node]
    while stack:
        n = stack.pop()
        if n is None:
            continue
        yield n
        stack.extend(reversed(n.children))
        if n.children and name(n.head) is None and n.head is not None and n.head.children:
            stack.append(n.head)


def assigned_symbol(node) -> str | None:
    """The symbol a top-level assignment ``node`` defines (``f`` of ``f[x_] := ...``), or None."""
    if node is not None and node.get_head_name() in ASSIGN and node.children:
        return defined_symbol(node.children[0] if not node.get_head_name().startswith("Tag")
                              else node.children[1])
    return None


def definitions(node) -> set:
    """Every symbol an assignment anywhere in ``node`` defines (inside ``Module``, ``Do``, ...)."""
    return {s for n in walk(node) for s in [assigned_symbol(n)] if s}


def scope_locals(node) -> dict:
    """The locals of every ``Module``/``Block``/``With`` in ``node``: name -> its integer
    initial value (``{k = 2}``) or None."""
    out: dict = {}
    for n in walk(node):
        if n.get_head_name() in SCOPES and n.children and n.children[0].get_head_name() == "List":
            for spec in n.children[0].children:
                own = name(spec)
                if own:
                    out.setdefault(own, None)
                elif spec.get_head_name() in ("Set", "SetDelayed") and name(spec.children[0]):
                    out[name(spec.children[0])] = integer(spec.children[1], {})
    return out


def per_call_locals(node) -> set:
    """Locals of a ``Module``/``Block``/``With`` inside a function's definition (``f[p_] :=
    Module[{rows}, ...]``): one instance per call, never a list of the program."""
    out = set()
    for n in walk(node):
        if n.get_head_name() in ("SetDelayed", "Set") and len(n.children) == 2 and head(n.children[0]):
            for inner in walk(n.children[1]):
                if inner.get_head_name() in SCOPES and inner.children:
                    out |= {name(s) or name(s.children[0]) for s in inner.children[0].children
                            if name(s) or (s.children and name(s.children[0]))}
    out.discard(None)
    return out


#: The largest integer read as a value and what a larger one is read as (issue 46:
#: :data:`cgs_bridge.systems.auditing.scale.LARGEST`, ``BEYOND``).
LARGEST, BEYOND = scale.LARGEST, scale.BEYOND


def _capped(v):
    """``v`` when it is an int of at most :data:`LARGEST` in magnitude, else ±:data:`BEYOND`
    (NaN stays NaN: ``BEYOND - BEYOND`` is no number)."""
    if isinstance(v, int) and abs(v) > LARGEST:
        return BEYOND if v > 0 else -BEYOND
    return v


def number(node):
    """The integer a ``Number`` node writes: ``12``, ``-5``, ``2^^1010`` (base 2), ``10*^3``
    (times 10^3); ±:data:`BEYOND` past :data:`LARGEST`; None for a real (``3.``, ``3```) or a
    negative exponent (``10*^-3``, a rational)."""
    text = str(node.value)
    base, exp = getattr(node, "base", 10) or 10, getattr(node, "exp", 0) or 0
    if getattr(node, "suffix", None) is not None or exp < 0 or not 2 <= base <= 36:
        return None
    negative = text.startswith("-") != (getattr(node, "sign", 1) < 0)
    digits = text.lstrip("-").lstrip("0") or "0"
    if not re.fullmatch(r"[0-9a-zA-Z]+", digits) or any(int(d, 36) >= base for d in digits[:70]):
        return None
    if len(digits) > 64 or (exp > 64 and digits != "0"):
        v = BEYOND
    else:
        v = _capped(int(digits, base) * base ** exp)
    return -v if negative else v


def integer(node, env: dict):
    """The integer ``node`` denotes: a literal (:func:`number`), a name bound in ``env``,
    ``a + b``, ``a * b``, ``-a``; ±:data:`BEYOND` past :data:`LARGEST`; else None. Evaluates
    nothing of the program."""
    if node is None:
        return None
    if node.get_head_name() == "Number":
        return number(node)
    own = name(node)
    if own is not None:
        return env.get(own)
    h = node.get_head_name()
    if h not in ("Plus", "Times") or not node.children:
        return None
    vals = [integer(c, env) for c in node.children]
    if None in vals:
        return None
    total = 0 if h == "Plus" else 1
    for v in vals:
        total = _capped(total + v if h == "Plus" else total * v)
    return total


def integer_bindings(nodes) -> dict:
    """Names bound to an integer: top-level ``n = 5`` and ``With``/``Module``/``Block`` locals
    ``{n = 6}`` (the latest wins), as name -> int."""
    env: dict = {}
    for node in nodes:
        for part in compound_parts(node):
            if part is not None and part.get_head_name() == "Set" and name(part.children[0]):
                v = integer(part.children[1], env)
                if v is not None:
                    env[name(part.children[0])] = v
            per_call = per_call_locals(part)
            for local, value in scope_locals(part).items():
                if value is not None and local not in per_call:
                    env[local] = value
    return env


def iterator_bounds(nodes, env: dict) -> list:
    """The upper bounds (ints, or ±:data:`BEYOND`) of the iterators the program writes:
    ``{i, lo, hi}`` and ``{i, hi}`` of ``Table``/``Do``/``Sum``, ``Range[hi]``, ``Range[lo, hi]``
    (``Tuples[Range[0, n], 3]``), each bound read with ``env`` (:func:`integer_bindings`); bounds
    that depend on another iterator (``{t, 0, a - 1}``) are left out."""
    out = []
    for node in nodes:
        for n in walk(node):
            h = n.get_head_name()
            if h == "Range" and 1 <= len(n.children) <= 3:
                v = integer(n.children[0 if len(n.children) == 1 else 1], env)
                if v is not None:
                    out.append(v)
            elif h in ITERATING:
                for it in n.children[1:]:
                    if it.get_head_name() == "List" and 2 <= len(it.children) <= 4 and name(it.children[0]):
                        v = integer(it.children[1 if len(it.children) == 2 else 2], env)
                        if v is not None:
                            out.append(v)
    return out


def parsed_statements(chunk: str, line: int) -> list:
    """The top-level statements of ``chunk`` (repaired text starting at printed ``line``) as
    Mathics3's parser reads them (:mod:`.wlread`): each expression, and each part of ``a; b; c``
    whose text the parser reads back as that part (a ``;`` inside ``/;``, a string or a comment
    is never a break). A part the parser refuses stays whole: the engine reports it. Returns
    ``[(text, printed line, terminated by ";")]`` (the fields of :class:`.normalize.Statement`)."""
    lines = chunk.split("\n")
    out = []
    for first, last, node in parse_all(chunk):
        text = "\n".join(lines[first:last + 1]).strip()
        parts = compound_parts(node)
        pieces = _split_parts(text, parts) if len(parts) > 1 else None
        if pieces is None:
            term = node is None and text.endswith(";") and not text.endswith(";;")
            pieces = [(text[:-1].rstrip() if term else text, term, 0)]
        seen, at = 0, 0  # newlines before each piece, counted once over the text (issue 46)
        for piece, term, offset in pieces:
            seen, at = seen + text.count("\n", at, offset), offset
            out.append((piece, line + first + seen, term))
    return out


def _split_parts(text: str, parts: list):
    """``text`` cut at ``;`` so each piece parses to the next of ``parts`` (a ``CompoundExpression``'s
    statements, a final None for a trailing ``;``): ``[(piece, terminated, offset)]``, or None."""
    lex = Lexed(text)
    cuts = [m.start() for m in re.finditer(";", text)
            if lex.states[m.start()] == CODE and lex.depths[m.start()] == 0
            and text[m.start() - 1:m.start()] != "/"]  # the ; of /; (Condition) ends nothing
    out, start, k = [], 0, 0
    for c in cuts:
        if k >= len(parts) or parts[k] is None:
            return None
        piece = text[start:c]
        node = parse_one(piece) if piece.strip() else None
        if node is not None and node == parts[k]:
            out.append((piece.strip(), True, start + len(piece) - len(piece.lstrip())))
            start, k = c + 1, k + 1
    rest = text[start:]
    if k == len(parts) - 1 and parts[k] is None and not rest.strip():
        return out
    if k == len(parts) - 1 and rest.strip() and parts[k] is not None and parse_one(rest) == parts[k]:
        return out + [(rest.strip(), False, start + len(rest) - len(rest.lstrip()))]
    return None
