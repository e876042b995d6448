"""``cgs-bridge catalog``: list the catalog games with coordinates, parameters and sources."""

from __future__ import annotations

from cgs_bridge.language.spec_printer import expr_text
from cgs_bridge.model import catalog


def register(sub) -> None:
    p = sub.add_parser("catalog", help="list the catalog games")
    p.add_argument("name", nargs="?", help="show the specification of one game")
    p.set_defaults(func=run)


def _params(game) -> str:
    out = []
    for p in game.params:
        text = p.name + (": int" if p.kind == "int" else ": function of t")
        if p.default is not None:
            text += f" = {expr_text(p.default)}"
        out.append(text)
    return ", ".join(out)


def run(args) -> int:
    if args.name:
        if not catalog.known(args.name):
            from cgs_bridge.foundation.errors import SpecError
            raise SpecError(catalog.unknown(args.name, "is no catalog game"))
        print(catalog.path(args.name).read_text(encoding="utf-8"), end="")
        return 0
    for name in catalog.names():
        g = catalog.load(name).game
        params = _params(g)
        print(f"{name} ({', '.join(g.coords)}){'  params: ' + params if params else ''}")
        print(f"    {g.title}")
        print(f"    source: {g.source}")
    return 0
