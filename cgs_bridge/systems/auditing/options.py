"""The options every auditor's entry point takes (:attr:`cgs_bridge.systems.base.Auditor.audit`),
named as the ``audit`` command's: ``--bound``, ``--scale``, ``--as-printed``, ``--expect``,
``--printed``, ``--timeout``, ``--memory``, ``--no-sandbox``; and the spec as the user named it (``game``: a
catalog name or a spec file, ``game_name``, ``params``: ``{name: value}``), for an auditor that
loads it again in a child process. The CLI and ``cb.audit`` pass them by these names;
:func:`common` turns them into what the auditors use."""

from __future__ import annotations

#: The common options and their defaults (the CLI's).
DEFAULTS = {"bound": None, "scale": (), "as_printed": False, "expect": None, "timeout": 600.0,
            "memory": 4.0, "no_sandbox": False, "game": None, "game_name": None, "params": {},
            "printed": None}


def common(options: dict) -> dict:
    """The common options of ``options`` (missing ones take :data:`DEFAULTS`), converted:
    ``scales`` (a list of dicts name -> int text, from ``"NAME=N"`` texts or dicts), ``as_printed``
    (True or None), ``expect`` (entries of the YAML file, or None), ``printed`` (what the program
    printed, :data:`cgs_bridge.systems.auditing.declared.PRINTED`, or None), ``memory`` in bytes,
    ``sandboxed``; ``bound``, ``timeout``, ``game``, ``game_name`` and ``params`` as given.

    Raises:
        InputError: a malformed ``--scale`` item or ``--expect`` file, a ``--printed`` that is not
            one of the choices. ParameterError: a ``timeout`` or ``memory`` outside
            :mod:`cgs_bridge.foundation.budget`'s rule.
    """
    from cgs_bridge.foundation.budget import GIB, check_memory, check_timeout

    from .declared import check_printed
    from .judge import load_expect  # the solver's modules: loaded when an audit runs
    from .scale import parse_scale
    o = {**DEFAULTS, **{k: v for k, v in options.items() if k in DEFAULTS}}
    check_timeout(o["timeout"], "timeout=")
    if isinstance(o["memory"], (int, float)) and not isinstance(o["memory"], bool):
        check_memory(o["memory"] * GIB, "memory=", given=o["memory"])
    scale = o["scale"]
    scale = [scale] if isinstance(scale, (dict, str)) else list(scale or ())
    texts = [s for s in scale if not isinstance(s, dict)]
    scales = [{k: int(v) for k, v in s.items()} for s in scale if isinstance(s, dict)] + parse_scale(texts)
    return {"bound": o["bound"], "scales": scales, "as_printed": True if o["as_printed"] else None,
            "expect": load_expect(o["expect"]) if o["expect"] else None, "timeout": float(o["timeout"]),
            "memory": int(float(o["memory"]) * (1 << 30)), "sandboxed": not o["no_sandbox"],
            "game": o["game"], "game_name": o["game_name"], "params": dict(o["params"] or {}),
            "printed": check_printed(o["printed"])}


def own(options: dict) -> dict:
    """The options of ``options`` that are not common ones (an auditor's own)."""
    return {k: v for k, v in options.items() if k not in DEFAULTS}
