"""What every system's printer shares: the target-neutral game model (:mod:`.model`), reserved
names (:mod:`.naming`), the template context and :class:`~.context.Target` record
(:mod:`.context`), general rules and the pass (:mod:`.moves`)."""
