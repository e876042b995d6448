"""Layer 4, the outside systems: one package per system (:mod:`.cgsuite`, :mod:`.mathematica`), each
with its printer and templates, runner, reader and auditor behind one small interface
(:class:`.base.System`, defined in the package's ``system.py``), listed in :mod:`.registry`; what
they share: :mod:`.imported` (the one imported-table type every reader returns), :mod:`.engines`
(running a program under limits), :mod:`.sandbox` (bubblewrap), :mod:`.printing` (the
target-neutral game model and naming) and :mod:`.auditing` (judging a published program against
the spec, verdict rules, reports). A new system: docs/recipes/new-system.md."""
