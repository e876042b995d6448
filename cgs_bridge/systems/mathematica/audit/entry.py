"""The Wolfram Language auditor's entry point and its own options (the record
:class:`cgs_bridge.systems.base.Auditor` of ``systems/mathematica/system.py``): ``audit`` runs a
published program as printed and judges it (:func:`.core.audit_program`; docs/audit.md)."""

from __future__ import annotations

from cgs_bridge.systems.auditing import options as common_options
from cgs_bridge.systems.mathematica.runner import ENGINES

#: Its own ``audit`` options: (flags, argparse keywords); the ``dest`` names them in ``cb.audit``,
#: except the engine choice, which is ``engines={"mathematica_engine": ...}`` there as in
#: ``cb.verify`` (one name per setting, issue 35). ``deprecated``: old spellings the CLI still
#: reads, hidden, with a one-line note.
ARGUMENTS = (
    (("--also-game",), dict(action="append", default=[], metavar="GAME",
                            help="also judge every run against this spec (another reading of an ambiguous "
                                 "text); shown in the report, not counted in the exit code; takes the -p "
                                 "values it declares; repeatable")),
    (("--subst",), dict(action="append", default=[], metavar="OLD=>NEW",
                        help="replace exact text of the normalised program (sizes written as literals, "
                             "e.g. '{a,0,20}=>{a,0,6}'); reported; repeatable")),
    (("--mathematica-engine",), dict(choices=list(ENGINES), default="auto",
                                     deprecated=("--engine",),
                                     help="the engine running the program (as verify's; auto: "
                                          "wolframscript when on PATH, else Mathics3); cb.audit: "
                                          "engines={'mathematica_engine': ...}")),
    (("--allow-unsafe",), dict(action="store_true",
                               help="skip the up-front screen of shell, network, file and code-loading "
                                    "builtins (the sandbox and the engine's removal of those builtins "
                                    "still apply)")),
    (("--no-prelude",), dict(action="store_true",
                             help="do not load the Mathics3 compatibility prelude (BitXor etc.)")),
    (("--no-moves",), dict(action="store_true", help="skip the move-function check")),
    (("--grundy",), dict(metavar="NAME|CALL",
                         help="the program's Grundy function (default: found by evidence): a name (Gr), "
                              "or a call with # where the position goes ('gr[#, 3]', 'gr[#, k]': k as "
                              "the program passed it) or ## where its coordinates go ('g[##]')")),
    (("--positions",), dict(metavar="NAME|CALL",
                            help="the program's position list (default: found by evidence): a name "
                                 "(allcases) or a call that returns it ('positions[5]', 'cases[5, 1]')")),
    (("--iteration-limit",), dict(type=int, metavar="N",
                                  help="set $IterationLimit to N for this run, before the program "
                                       "(20 to 10^8; Mathics3's default 4096)")),
    (("--recursion-limit",), dict(type=int, metavar="N",
                                  help="set $RecursionLimit to N for this run, before the program "
                                       "(20 to 100000; the prelude sets 100000, Mathics3 alone 200)")),
    (("--moves",), dict(metavar="NAME|CALL",
                        help="the program's move function (default: found by evidence): a name (move), "
                             "or a call with # or ## as for --grundy ('opts[#, k]', 'opts[##]')")),
)


def options(args, ruleset) -> dict:
    """Its own options from the parsed command line (``args.param``: the ``-p`` values, which
    ``--also-game`` specs take where they declare them)."""
    return {"also_game": [alternative_ruleset(g, args.param) for g in args.also_game],
            "subst": args.subst, "engines": {"mathematica_engine": args.mathematica_engine},
            "allow_unsafe": args.allow_unsafe,
            "no_prelude": args.no_prelude, "no_moves": args.no_moves, "grundy": args.grundy,
            "positions": args.positions, "moves": args.moves,
            "iteration_limit": args.iteration_limit, "recursion_limit": args.recursion_limit}


def alternative_ruleset(source: str, params: list):
    """A spec for ``--also-game``, bound to those ``-p NAME=VALUE`` values it declares."""
    from cgs_bridge.model.game import Ruleset
    from cgs_bridge.model.loading import load_game
    from cgs_bridge.model.params import parse_params
    checked = load_game(source)
    declared = {p.name for p in checked.game.params}
    return Ruleset(checked, {k: v for k, v in parse_params(params).items() if k in declared})


def audit(program_path: str, text: str, ruleset, **opts):
    """Audit the Wolfram Language program ``text`` (read from ``program_path``) against
    ``ruleset``. ``opts``: the common options (:mod:`cgs_bridge.systems.auditing.options`) and
    :data:`ARGUMENTS` by name (``also_game``: bound specs; ``subst``: ``"OLD=>NEW"`` texts or
    pairs; ``engines``: ``{"mathematica_engine": "auto" | "mathics" | "wolframscript"}``).
    Returns an :class:`~.core.AuditReport`. Raises InputError, EngineError (see
    :func:`.core.audit_program`)."""
    from cgs_bridge.foundation.errors import InputError

    from .core import audit_program, parse_subst
    c, own = common_options.common(opts), common_options.own(opts)
    unknown = set(own) - {"also_game", "subst", "engines", "allow_unsafe", "no_prelude", "no_moves",
                          "grundy", "positions", "moves", "iteration_limit", "recursion_limit"}
    if unknown:
        hint = "; the engine is engines={'mathematica_engine': ...}" if "engine" in unknown else ""
        raise InputError(f"unknown option(s) of a Mathematica audit: {', '.join(sorted(unknown))}{hint}")
    engine = _engine(own.get("engines") or {})
    substs = [s if isinstance(s, tuple) else parse_subst([s])[0] for s in own.get("subst", ())]
    if c["sandboxed"]:
        from cgs_bridge.systems import sandbox
        sandbox.require()
    return audit_program(
        text, ruleset, program_path=program_path, scales=c["scales"], substs=substs,
        as_printed=c["as_printed"], expect=c["expect"], engine=engine, printed=c["printed"],
        timeout=c["timeout"], memory=c["memory"], allow_unsafe=own.get("allow_unsafe", False),
        use_prelude=not own.get("no_prelude", False), grundy=own.get("grundy"),
        positions=own.get("positions"), moves=own.get("moves"), check_moves=not own.get("no_moves", False),
        alternatives=list(own.get("also_game", ())), sandboxed=c["sandboxed"], bound=c["bound"],
        limits={k: own.get(k) for k in ("iteration_limit", "recursion_limit")})


def _engine(engines: dict) -> str:
    """The engine choice of ``engines`` (``{"mathematica_engine": choice}``, the runner option's
    name as in ``cb.verify``). Raises InputError for another key or choice."""
    from cgs_bridge.foundation.errors import InputError
    other = [k for k in engines if k != "mathematica_engine"]
    if other:
        raise InputError(f"unknown engine option {other[0]!r} of a Mathematica audit; known: mathematica_engine")
    choice = engines.get("mathematica_engine") or "auto"
    if choice not in ENGINES:
        raise InputError(f"mathematica_engine {choice!r}: choose auto, mathics or wolframscript")
    return choice
