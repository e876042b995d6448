"""Layer 4, the outside systems: one package per system (:mod:`.cgsuite`, :mod:`.mathematica`), each
with its printer and templates, runner, reader and auditor, listed in :mod:`.registry`; what they
share: :mod:`.engines` (running a program under limits), :mod:`.sandbox` (bubblewrap),
:mod:`.printing` (the target-neutral game model and naming) and :mod:`.auditing` (judging a
published program against the spec, verdict rules, reports)."""
