"""What both auditors share: normalising printed code (:mod:`.normalize`), the audit box
(:mod:`.sizes`), checks against the spec (:mod:`.judge`), the verdict rules (:mod:`.verdict`),
reports (:mod:`.report`) and the seeds' programs (:mod:`.seeds`)."""
