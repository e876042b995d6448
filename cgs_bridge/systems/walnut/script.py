"""The Walnut script of a game's claims (what ``generate --target walnut`` writes): every claim
translated into the proof language (:func:`solvers.logic.translate.translate_claims`, issue 32)
and printed by :func:`.printer.print_problem`; a claim that cannot be stated says why in a note.
"""

from __future__ import annotations

from solvers.logic.translate import claim_notes, translate_claims

from .printer import XOR_NAME, note_text, print_problem


def game_script(ruleset) -> str:
    """The Walnut script of every claim of ``ruleset``: a header, then per claim its notes and,
    when it is expressible and applicable, its definitions and sentences (obligation names
    prefixed ``c1_``, ``c2_``, ...). Deterministic; never raises for a claim that cannot be
    stated (it says why in a note)."""
    head = [f"Walnut 6 script of the claims of {ruleset.name} written by cgs-bridge",
            f"needs {XOR_NAME}.txt (a xor b = c) in the folder Automata Library/ beside it",
            "each eval prints TRUE or FALSE, each def NAME_fails saves the failing positions"]
    lines = [f'macro note_{i} "{note_text(t)}";' for i, t in enumerate(head, 1)]
    for i, tr in enumerate(translate_claims(ruleset), 1):
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
