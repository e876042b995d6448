"""The Walnut script of a game's claims (what ``generate --target walnut`` writes) and the one
guarded import of the claim translation (``solvers.logic.translate``, issue 32).

:func:`translations` is the only place the translation is imported: until it is installed, it
raises :class:`~cgs_bridge.foundation.errors.EngineError` (exit 2), and the emitted script says so.
"""

from __future__ import annotations

from cgs_bridge.foundation.errors import EngineError
from cgs_bridge.language.spec_printer import expr_text

from .printer import XOR_NAME, note_text, print_problem


def translations(ruleset, claims=None) -> list:
    """``solvers.logic.translate.translate_claims(ruleset, claims)``: one ClaimTranslation per
    claim (``claim``, ``status`` ok / not_applicable / not_expressible, ``reason``, ``where``,
    ``kind``, ``problem``).

    Raises:
        EngineError: the translation is not installed in this build.
    """
    try:
        from solvers.logic.translate import translate_claims
    except ImportError as e:
        raise EngineError("the translation of claims into the proof language "
                          f"(solvers.logic.translate) is not available in this build: {e}") from None
    return translate_claims(ruleset, claims)


def claim_notes(claim, ruleset) -> list:
    """Note lines naming a claim and stating it in the spec language."""
    params = ", ".join(f"{k} = {v}" for k, v in ruleset.params.items())
    return [f"game {ruleset.name}" + (f" with {params}" if params else ""),
            f"claim {claim.name}", f"states {expr_text(claim.expr)}"]


def game_script(ruleset) -> str:
    """The Walnut script of every claim of ``ruleset``: a header, then per claim its notes and,
    when it is expressible and applicable, its definitions and sentences (obligation names
    prefixed ``c1_``, ``c2_``, ...). Deterministic; never raises for a claim that cannot be
    stated (it says why in a note)."""
    head = [f"Walnut 6 script of the claims of {ruleset.name} written by cgs-bridge",
            f"needs {XOR_NAME}.txt (a xor b = c) in the folder Automata Library/ beside it",
            "each eval prints TRUE or FALSE, each def NAME_fails saves the failing positions"]
    lines = [f'macro note_{i} "{note_text(t)}";' for i, t in enumerate(head, 1)]
    try:
        found = translations(ruleset)
    except EngineError as e:
        return "\n".join(lines + [f'macro note_none "{note_text(str(e))}";']) + "\n"
    for i, tr in enumerate(found, 1):
        notes = claim_notes(tr.claim, ruleset)
        if tr.status != "ok" or tr.problem is None:
            notes.append(f"{tr.status.replace('_', ' ')} - {tr.reason} ({tr.where})")
            lines += [""] + [f'macro note_c{i}_{j} "{note_text(t)}";' for j, t in enumerate(notes, 1)]
            continue
        plan = print_problem(tr.problem, notes, prefix=f"c{i}_")
        lines += ["", plan.text.rstrip("\n")]
        lines += [f'macro note_c{i}_needs_{name} "{note_text(f"needs {name}.txt in Automata Library/ - the automaton file of the claim (prove writes it)")}";'
                  for name in plan.automata]
    return "\n".join(lines) + "\n"
