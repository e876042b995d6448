"""``cgs-bridge prove`` / ``cb.prove``: load the game, pick the claims, translate
(:func:`translations`), decide (:mod:`cgs_bridge.jobs.prove`)."""

from __future__ import annotations

from .checking import with_claim_args
from .prove import choose_provers, prove_translations


def translations(ruleset, claims=None) -> list:
    """``solvers.logic.translate.translate_claims(ruleset, claims)``: one ClaimTranslation per
    claim (``claim``, ``status`` ok / not_applicable / not_expressible, ``reason``, ``where``,
    ``kind``, ``problem``); every proof path reaches the translation here.

    Raises:
        EngineError: the translation is not installed in this build.
    """
    try:
        from solvers.logic.translate import translate_claims
    except ImportError as e:
        from cgs_bridge.foundation.errors import EngineError
        raise EngineError("the translation of claims into the proof language "
                          f"(solvers.logic.translate) is not available in this build: {e}") from None
    return translate_claims(ruleset, claims)


def checked_claims(checked, claims=(), claims_file=None):
    """``checked`` with the given claims added after its own (``claims``: texts; ``claims_file``: a
    file of them, :func:`.checking.claims_from_file`): the rule of every command's ``--claim``
    (issue 48.6).

    Raises:
        SpecError: a claim does not parse or does not check (``--claim`` text, or file:line:col).
    """
    if not claims and claims_file is None:
        return checked
    return with_claim_args(checked, claims, claims_file, keep=True, prefix="")


def prove_game(source, params=None, claims=(), claims_file=None, prover=None, timeout=None,
               memory=None, workdir=None, game_name=None, before=None, **options):
    """Prove the claims of ``source`` (a catalog name, a spec path, or a bound Ruleset) for all
    positions; see :func:`cgs_bridge.jobs.prove.prove_translations` for the result.

    Args:
        params: ``{name: value}`` (integers or function texts), as ``-p``.
        claims, claims_file: the claims to prove instead of the game's (spec-language texts).
        prover: a prover of the registry (:data:`cgs_bridge.systems.registry.PROVERS`: ``walnut``,
            ``embedded``), ``both`` (every available one) or None (the first available: Walnut when
            found, else embedded); :func:`cgs_bridge.jobs.prove.choose_provers`.
        timeout: seconds per prover run; memory: bytes for a prover.
        options: the provers' options (:data:`cgs_bridge.systems.registry.PROVER_OPTIONS`:
            ``walnut_home``).
        before: ``before(ruleset, provers)``, called once the game and claims are read and before
            any prover runs (``prove -o DIR`` checks its folder there).
    Raises:
        SpecError, ParameterError, InputError: bad game, parameters or claims, a ``timeout`` or
        ``memory`` outside :mod:`cgs_bridge.foundation.budget`'s rule, an option no prover takes;
        EngineError: the translation or the named prover is not available.
    """
    from cgs_bridge.foundation.budget import check_memory, check_timeout
    from cgs_bridge.model.game import Ruleset
    from cgs_bridge.model.loading import load_game
    from cgs_bridge.model.resolve import ruleset_of
    from cgs_bridge.systems.registry import prover_options
    check_timeout(timeout, "timeout=")
    check_memory(memory, "memory=")
    prover_options(options, ())   # an unknown option before any work
    provers = choose_provers(prover, options)
    if isinstance(source, Ruleset):  # a bound game (cb.game(...)): its parameters are kept
        ruleset = Ruleset(checked_claims(source.checked, claims, claims_file), dict(source.params))
    else:
        checked = checked_claims(load_game(str(source), game_name), claims, claims_file)
        ruleset = ruleset_of(checked, {k: str(v) for k, v in (params or {}).items()})
    if before is not None:
        before(ruleset, provers)
    return prove_translations(ruleset, translations(ruleset), provers, timeout=timeout,
                              memory=memory, workdir=workdir, **options)
