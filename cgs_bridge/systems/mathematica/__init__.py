"""Mathematica / Mathics3 (Wolfram Language): printer (:mod:`.printer`, ``templates/``), the locked
Mathics3 launcher (:mod:`.launcher`, a standalone file copied into the sandbox), reader of what the
programs print (:mod:`.reader`) and the auditor of published programs (:mod:`.audit`)."""
