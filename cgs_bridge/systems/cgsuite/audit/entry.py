"""The CGScript auditor's entry point and its own options (the record
:class:`cgs_bridge.systems.base.Auditor` of ``systems/cgsuite/system.py``): ``audit`` evaluates a
published CGScript program (CGSuite 1.1.1 / 2.x) in a sandboxed child process and judges its
class's options and values against the spec (issue 13; docs/audit.md)."""

from __future__ import annotations

from cgs_bridge.foundation.errors import InputError
from cgs_bridge.systems.auditing import options as common_options

#: Its own ``audit`` options: (flags, argparse keywords); the ``dest`` names them in ``cb.audit``.
ARGUMENTS = (
    (("--class",), dict(dest="classes", action="append", default=[], metavar="FILE",
                        help="a CGScript class file the script uses (repeatable)")),
    (("--class-path",), dict(action="append", default=[], metavar="DIR",
                             help="folder searched like CGSuite's class path: DIR/examples/Choco3D.cgs "
                                  "is examples.Choco3D (repeatable)")),
    (("--class-name",), dict(metavar="NAME", help="which class to judge when several define Options")),
    (("--map",), dict(action="append", default=[], metavar="ARG=NAME",
                      help="constructor argument ARG is the spec's coordinate or parameter NAME, or a "
                           "constant: an integer, a set {1,3,4} or a list [1,3,4] (repeatable)")),
    (("--max-steps",), dict(type=int, default=200_000_000, metavar="N",
                            help="stop the evaluation after N steps (default 200,000,000)")),
    (("--port-to",), dict(choices=["2.x"], help="write a CGSuite 2.x translation into -o DIR")),
    (("--package",), dict(default="examples", metavar="NAME",
                          help="with --port-to: package folder of ported classes not read from a class "
                               "path (default examples, as in examples.Choco3D(...))")),
    (("--cgsuite-cmd",), dict(metavar="CMD", help="with --port-to: the command that starts CGSuite's "
                                                  "REPL; the port is run and compared")),
)

OWN = ("classes", "class_path", "class_name", "map", "max_steps", "port_to", "package", "cgsuite_cmd",
       "output", "force")


def options(args, ruleset) -> dict:
    """Its own options from the parsed command line (``output``/``force``: ``-o``/``--force``,
    where ``--port-to`` writes)."""
    return {name: getattr(args, name) for name in OWN}


def parse_map(items) -> dict:
    """``--map ARG=NAME`` (or ``ARG=CONSTANT``: an integer, ``{1,3,4}``, ``[1,3,4]``) values as
    ``{ARG: NAME}``. Raises InputError when one is malformed."""
    from .judge import map_constant
    out = {}
    for item in items or []:
        a, eq, b = str(item).partition("=")
        if not eq or not a.strip().isidentifier() or not b.strip():
            raise InputError(f"--map expects ARG=NAME or ARG=CONSTANT, got {item!r}")
        map_constant(b)  # a name, or a constant: an integer, {1,3,4} or [1,3,4] (else InputError)
        out[a.strip()] = b.strip()
    return out


def audit(program_path: str, text: str, ruleset, **opts):
    """Audit the CGScript program ``text`` (read from ``program_path``) against ``ruleset``: the
    untrusted program runs in a separate, sandboxed process (issue 25 item 3). ``opts``: the
    common options (:mod:`cgs_bridge.systems.auditing.options`; ``game`` names the spec for the
    child) and :data:`ARGUMENTS` by name. Returns a :class:`~.core.CGScriptReport`.

    Raises:
        InputError: ``--port-to`` without ``output``, ``--cgsuite-cmd`` without ``--port-to``, a
            spec given only as an object (the child needs its name or file), a malformed option.
        EngineError: no sandbox, the child failed.
    """
    from cgs_bridge.model.resolve import box_of

    from .isolated import audit_cgscript_isolated
    c, own = common_options.common(opts), {k: None for k in OWN} | common_options.own(opts)
    if set(own) - set(OWN):
        raise InputError(f"unknown option(s) of a CGScript audit: {', '.join(sorted(set(own) - set(OWN)))}")
    if own["port_to"] and not own["output"]:
        raise InputError("--port-to needs -o DIR (the folder the translation is written to)")
    if own["cgsuite_cmd"] and not own["port_to"]:
        raise InputError("--cgsuite-cmd needs --port-to 2.x")
    if own["port_to"]:  # a package is folder names under -o: identifiers only, before anything runs
        from .port import package_parts
        package_parts(own["package"] or "examples")
    if c["game"] is None:
        raise InputError("a CGScript audit needs the spec by catalog name or file (cb.game(NAME) or "
                         "--game), to load it again in the sandboxed child")
    box = box_of(ruleset, c["bound"]) if c["bound"] else None
    mapping = parse_map(own["map"])
    request = {"program": program_path, "text": text, "game": c["game"], "game_name": c["game_name"],
               "params": c["params"], "spec": ruleset.describe(), "classes": own["classes"] or [],
               "class_path": own["class_path"] or [],
               "box": [list(box.coords), list(box.upper)] if box is not None else None,
               "scales": c["scales"], "as_printed": c["as_printed"], "expect": c["expect"], "printed": c["printed"],
               "mapping": mapping, "class_name": own["class_name"],
               "max_steps": own["max_steps"] or 200_000_000, "seconds": c["timeout"]}
    report = audit_cgscript_isolated(request, sandboxed=c["sandboxed"], timeout=c["timeout"],
                                     memory=c["memory"])
    if own["port_to"]:
        from .port_check import port_report
        port_report(report, own["output"], force=bool(own["force"]), cgsuite_cmd=own["cgsuite_cmd"],
                    timeout=c["timeout"], ruleset=ruleset, box=box, mapping=mapping,
                    package=own["package"] or "examples", memory=c["memory"], sandboxed=c["sandboxed"])
    return report
