"""What every auditor shares, importing and naming no system: the characters a normalisation
replaces and its steps (:mod:`.changes`), the ``--scale`` option (:mod:`.scale`), the values an
audit reads (:mod:`.values`), checks against the spec (:mod:`.judge`), the verdict rules
(:mod:`.verdict`), reports (:mod:`.report`) and the seeds' programs (:mod:`.seeds`). The reading of
a language (the Wolfram Language's normalisation, lexer, reader and size of a run) is its
auditor's, in its system's folder."""
