"""The programs printed in the seed papers (Mathematica and CGScript), read from their text at run time
(``../shared/seeds``; nothing of them is copied into the project). Each is returned exactly as the
seed's text holds it, artifacts included (``Ψ``, curly quotes, ``≥``, lost line breaks).

The one extractor of the seeds' programs (Mathematica and CGScript): used by the tests
(``tests/seed_programs.py``, ``tests/test_audit_cgscript.py``), by ``examples/seed_program.py`` and
by ``cgs-bridge bench --cases mathics`` (seed 003, Example 8.3).
"""

from __future__ import annotations

import re
from pathlib import Path

#: ``../shared/seeds`` beside the project folder, as in CI.
SEEDS = Path(__file__).resolve().parents[4] / "shared" / "seeds"

#: The seven published Mathematica programs, by the file names of their former copies:
#: name -> (seed, example).
PROGRAMS = {
    "seed000_ex71.txt": ("000", "7.1"), "seed000_ex72.txt": ("000", "7.2"),
    "seed002_ex22.txt": ("002", "2.2"), "seed003_ex81.txt": ("003", "8.1"),
    "seed003_ex83.txt": ("003", "8.3"), "seed003_ex85.txt": ("003", "8.5"),
    "seed003_ex87.txt": ("003", "8.7"),
}


#: a line of printed outputs only (``Ψ977 Ψ``, ``Ψ{} Ψ``), not program text
OUTPUT_ONLY = re.compile(r"^[\d\s{},]*$")


def example_lines(text: str, example: str) -> list:
    """The lines after the heading ``Example <example>.`` (seed 003) or ``Example <example> ...
    program ...`` (seed 000) up to the next example's heading.

    Raises:
        LookupError: no such heading.
    """
    lines = text.split("\n")
    start = next((i for i, ln in enumerate(lines) if ln.strip() == f"Example {example}."), None)
    if start is None:  # seed 000: "Example 7.1 Mathematica program to create Fig 7.9."
        start = next((i for i, ln in enumerate(lines)
                      if re.match(rf"Example {re.escape(example)} \S+ program", ln)), None)
    if start is None:
        raise LookupError(f"no 'Example {example}' heading")
    body = []
    for ln in lines[start + 1:]:
        if re.match(r"^Example \d", ln):
            break
        body.append(ln)
    return body


def extract(text: str, example: str, class_only: bool = False) -> str:
    """The program printed under Example ``example`` of a seed ``text``, ending in a newline: with
    ``class_only`` the CGScript class line (seed 003 Ex 8.2: ``class Choco3D ...``); else every line
    of the example starting with the line-break residue ``Ψ`` without the printed outputs (seed
    003, Mathematica and CGScript alike); else (seed 000) the first block of lines after the heading.
    Seed 002 prints its program (Example 2.2) with no heading: the line starting ``Clear[ss, al,
    allcases]``.

    Raises:
        LookupError: no such example, class or program.
    """
    if example == "2.2" and not any(ln.strip() == "Example 2.2." for ln in text.split("\n")):
        found = next((ln for ln in text.split("\n") if ln.startswith("Clear[ss, al, allcases]")), None)
        if found is not None and not class_only:
            return found + "\n"
    body = example_lines(text, example)
    if class_only:
        classes = [ln for ln in body if ln.lstrip("Ψ").startswith("class ")]
        if not classes:
            raise LookupError(f"Example {example} prints no class")
        return "\n".join(classes) + "\n"
    marked = [ln for ln in body if ln.startswith("Ψ")]
    if marked:
        return "\n".join(ln for ln in marked if not OUTPUT_ONLY.match(ln.replace("Ψ", ""))) + "\n"
    block, started = [], False
    for ln in body:
        if ln.strip():
            started = True
            block.append(ln)
        elif started:
            break
    if not block:
        raise LookupError(f"Example {example} holds no program")
    return "\n".join(block) + "\n"


def seed_text(seed: str, folder: Path | None = None) -> str:
    """The text of seed ``seed`` (``"003"``) in ``folder`` (default :data:`SEEDS`).

    Raises:
        LookupError: no such seed file.
    """
    files = sorted(Path(folder or SEEDS).glob(f"{seed}_*.txt"))
    if not files:
        raise LookupError(f"no seed {seed} in {folder or SEEDS}")
    return files[0].read_text(encoding="utf-8")


def program(seed: str, example: str, folder: Path | None = None, class_only: bool = False) -> str | None:
    """The program printed under Example ``example`` of seed ``seed`` (``"003", "8.3"``) in the seed
    texts of ``folder`` (default :data:`SEEDS`), as :func:`extract` gives it; None when the seed
    text or the example is absent."""
    try:
        return extract(seed_text(seed, folder), example, class_only)
    except (LookupError, OSError, UnicodeDecodeError):
        return None
