"""Wolfram Language symbols for specification names (the Mathematica target's rules for
:class:`~cgs_bridge.systems.printing.naming.Namer`).

Mathematica: an identifier is ``[a-z][A-Za-z0-9]*`` (``_`` is a pattern, capitalised names are
System symbols) and not a helper name (``Gr``, ``Mex``, ``move`` ...). Otherwise underscores are
dropped with the next letter capitalised (``x_1`` -> ``x1``, ``my_var`` -> ``myVar``), the first
letter is lower-cased, and a digit is appended until unique.
"""

from __future__ import annotations

import re

from cgs_bridge.language.printer import spelled_names

from .spelling import SPELLINGS, USES

MMA_TAKEN = frozenset("""Gr Mis Mex move nimSum nimSumDigits xorTable validQ positions rows stream writeRow cgsError
searchMax searchMin ilog2 power derive clamp csvFile value at computeValue options Quotient""".split()) | spelled_names(SPELLINGS) | set(USES.values())
_MMA_ID = re.compile(r"^[a-z][A-Za-z0-9]*$")


def mma_valid(name: str) -> bool:
    return bool(_MMA_ID.match(name)) and name not in MMA_TAKEN


def mma_repair(name: str) -> str:
    parts = [p for p in name.split("_") if p]
    if not parts:
        return "v"
    out = parts[0] + "".join(p[:1].upper() + p[1:] for p in parts[1:])
    out = out[:1].lower() + out[1:]
    if not out[:1].isalpha():
        out = "v" + out
    return out


def mma_bump(c: str) -> str:
    m = re.match(r"^(.*?)(\d*)$", c)
    return m.group(1) + str(int(m.group(2) or "0") + 1)
