"""The Mathematica programs printed in the seed papers, read from their text at run time
(``../shared/seeds``; nothing of them is copied into the project). Each is returned exactly as the
seed's text holds it, artifacts included (``Ψ``, curly quotes, ``≥``, lost line breaks).

Used by the tests (``tests/seed_programs.py``) and by ``cgs-bridge bench --cases mathics`` (seed
003, Example 8.3).
"""

from __future__ import annotations

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


def _seed003(lines: list, example: str) -> list:
    """The code lines (``Ψ``-led, holding a bracket) between ``Example N.`` and the next example;
    CGScript lines (``x:=``, ``class``) are left out."""
    start = lines.index(f"Example {example}.")
    out = []
    for ln in lines[start + 1:]:
        if ln.startswith("Example "):
            break
        if ln.startswith("Ψ") and "[" in ln and not ln.lstrip("Ψ ").startswith(("x:=", "class ")):
            out.append(ln)
    return out


def _seed000(lines: list, example: str) -> list:
    """From the ``Clear[`` line after ``Example N`` to the line before the next blank line."""
    start = next(i for i, ln in enumerate(lines) if ln.startswith(f"Example {example} "))
    first = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("Clear["))
    end = next(i for i in range(first, len(lines)) if not lines[i].strip())
    return lines[first:end]


def _seed002(lines: list, example: str) -> list:
    return [next(ln for ln in lines if ln.startswith("Clear[ss, al, allcases]"))]


def program(seed: str, example: str, folder: Path | None = None) -> str | None:
    """The program printed under Example ``example`` of seed ``seed`` (``"003", "8.3"``) in the seed
    texts of ``folder`` (default :data:`SEEDS`), as text ending in a newline; None when the seed
    text or the example is absent."""
    files = sorted(Path(folder or SEEDS).glob(f"{seed}_*.txt"))
    extract = {"000": _seed000, "002": _seed002, "003": _seed003}.get(seed)
    if not files or extract is None:
        return None
    lines = files[0].read_text(encoding="utf-8").split("\n")
    try:
        code = extract(lines, example)
    except (ValueError, StopIteration):
        return None
    return "\n".join(code) + "\n" if code else None
