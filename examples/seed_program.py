"""Print a program of a seed paper exactly as printed, read from ``../shared/seeds`` (nothing of the
papers is copied into this repository).

    python examples/seed_program.py 003 8.3 -o ex83.txt     # seed 003, Example 8.3 (Mathematica)
    python examples/seed_program.py 003 8.4 -o ex84.txt     # seed 003, Example 8.4 (CGScript)
    python examples/seed_program.py 003 8.2 --class -o DIR/examples/Choco3D.cgs   # the class of Ex 8.2

The program of "Example N." is, in the web-extracted text of seed 003, every line starting with the
line-break residue ``Ψ`` up to the next example, without the printed outputs (lines holding only
numbers and braces, such as ``Ψ977 Ψ`` or ``Ψ{} Ψ``); ``--class`` gives the CGScript class line
instead (Ex 8.2: ``class Choco3D ...``). In seed 000 it is the first block of lines after the
example's heading. Exit 2 when the seed or the example is not found.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

SEEDS = Path(__file__).resolve().parent.parent.parent / "shared" / "seeds"
OUTPUT_ONLY = re.compile(r"^[\d\s{},]*$")


def example_lines(text: str, example: str) -> list:
    """The lines after the heading ``Example <example>`` up to the next example's heading."""
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


def program(text: str, example: str, class_only: bool = False) -> str:
    body = example_lines(text, example)
    if class_only:
        classes = [ln for ln in body if ln.lstrip("Ψ").startswith("class ")]
        if not classes:
            raise LookupError(f"Example {example} prints no class")
        return "\n".join(classes) + "\n"
    marked = [ln for ln in body if ln.startswith("Ψ")]
    if marked:
        kept = [ln for ln in marked if not OUTPUT_ONLY.match(ln.replace("Ψ", ""))]
        return "\n".join(kept) + "\n"
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


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], allow_abbrev=False)
    p.add_argument("seed", help="seed number, e.g. 003")
    p.add_argument("example", help="example number, e.g. 8.3")
    p.add_argument("--class", dest="class_only", action="store_true",
                   help="only the CGScript class the example prints (seed 003 Ex 8.2: Choco3D)")
    p.add_argument("-o", "--output", help="write here (the folder is created) instead of stdout")
    p.add_argument("--seeds", default=str(SEEDS), help="folder of the seed texts (default ../shared/seeds)")
    args = p.parse_args(argv)
    found = sorted(Path(args.seeds).glob(f"{args.seed}_*.txt"))
    if not found:
        print(f"seed_program: no seed {args.seed} in {args.seeds}", file=sys.stderr)
        return 2
    try:
        text = program(found[0].read_text(encoding="utf-8"), args.example, args.class_only)
    except LookupError as e:
        print(f"seed_program: {found[0].name}: {e}", file=sys.stderr)
        return 2
    if args.output:
        out = Path(args.output)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
