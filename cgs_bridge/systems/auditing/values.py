"""Values as an audit reads them, without evaluating anything: nested lists of integers
(``{{0, 1}, {2}}``, a paper's ``{(0,0,0),(1,0,1)}``); any other element is kept as
:class:`Symbolic` text. Shared by the audits' judging (:mod:`.judge`, :mod:`.printed`) and the Wolfram Language
auditor's reading of a run's tagged lines (``systems/mathematica/audit/extract.py``)."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Symbolic:
    """A value that is not an integer or a list (an unevaluated call, a symbol, a real...)."""

    text: str

    def __str__(self):
        return self.text


def parse_wl(text: str, paper: bool = False):
    """Parse an ``InputForm`` value: nested lists (``{...}``) of integers; any other element becomes
    :class:`Symbolic` (its raw text). With ``paper``, ``(...)`` also delimits a list (the extracted
    text of seed 003 prints ``{(0,0,0),(1,0,1),...}``). Never evaluates anything.

    Raises:
        ValueError: unbalanced brackets.
    """
    text = text.strip()
    opens, closes = ("{(", "})") if paper else ("{", "}")

    def element(i):
        while i < len(text) and text[i].isspace():
            i += 1
        if i < len(text) and text[i] in opens:
            items, i = [], i + 1
            while True:
                while i < len(text) and text[i].isspace():
                    i += 1
                if i >= len(text):
                    raise ValueError(f"unbalanced list in {text[:80]!r}")
                if text[i] in closes:
                    return items, i + 1
                v, i = element(i)
                items.append(v)
                while i < len(text) and text[i].isspace():
                    i += 1
                if i < len(text) and text[i] == ",":
                    i += 1
        m = re.compile(r"-?\d+").match(text, i)
        j = _raw_end(text, i, closes)
        if m and m.end() == j:
            return int(m.group(0)), j
        return Symbolic(text[i:j].strip()), j

    value, end = element(0)
    if text[end:].strip():
        return Symbolic(text)
    return value


def _raw_end(text: str, i: int, closes: str) -> int:
    depth = 0
    while i < len(text):
        ch = text[i]
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            if depth == 0:
                return i
            depth -= 1
        elif ch == "," and depth == 0:
            return i
        i += 1
    return i


def symbolic_parts(value) -> list:
    """Every :class:`Symbolic` element inside ``value`` (depth-first)."""
    if isinstance(value, Symbolic):
        return [value]
    if isinstance(value, list):
        out = []
        for v in value:
            out += symbolic_parts(v)
        return out
    return []
