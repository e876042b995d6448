"""Print a program of a seed paper exactly as printed, read from ``../shared/seeds`` (nothing of the
papers is copied into this repository).

    python examples/seed_program.py 003 8.3 -o ex83.txt     # seed 003, Example 8.3 (Mathematica)
    python examples/seed_program.py 003 8.4 -o ex84.txt     # seed 003, Example 8.4 (CGScript)
    python examples/seed_program.py 003 8.2 --class -o DIR/examples/Choco3D.cgs   # the class of Ex 8.2

The program of "Example N." is, in the web-extracted text of seed 003, every line starting with the
line-break residue ``Ψ`` up to the next example, without the printed outputs (lines holding only
numbers and braces, such as ``Ψ977 Ψ`` or ``Ψ{} Ψ``); ``--class`` gives the CGScript class line
instead (Ex 8.2: ``class Choco3D ...``). In seed 000 it is the first block of lines after the
example's heading. Exit 2 when the seed or the example is not found. The extraction is the
package's own (``cgs_bridge.systems.auditing.seeds.extract``), shared with the tests and the audit's bench.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from cgs_bridge.systems.auditing.seeds import SEEDS, extract, seed_text


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], allow_abbrev=False)
    p.add_argument("seed", help="seed number, e.g. 003")
    p.add_argument("example", help="example number, e.g. 8.3")
    p.add_argument("--class", dest="class_only", action="store_true",
                   help="only the CGScript class the example prints (seed 003 Ex 8.2: Choco3D)")
    p.add_argument("-o", "--output", help="write here (the folder is created) instead of stdout")
    p.add_argument("--seeds", default=str(SEEDS), help="folder of the seed texts (default ../shared/seeds)")
    args = p.parse_args(argv)
    try:
        seed = seed_text(args.seed, Path(args.seeds))
    except LookupError as e:
        print(f"seed_program: {e}", file=sys.stderr)
        return 2
    try:
        text = extract(seed, args.example, args.class_only)
    except LookupError as e:
        print(f"seed_program: seed {args.seed}: {e}", file=sys.stderr)
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
