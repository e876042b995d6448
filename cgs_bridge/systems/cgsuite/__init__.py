"""CGSuite 2.x (CGScript): printer (:mod:`.printer`, :mod:`.nimsum`, ``templates/``), static check of
emitted code (:mod:`.check`), JVM sizes (:mod:`.jvm`), reader of transcripts (:mod:`.reader`), the
one CGScript language and interpreter (:mod:`.cgscript`) and the auditor (:mod:`.audit`)."""
