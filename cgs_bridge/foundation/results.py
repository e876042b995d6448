"""The one result protocol every command returns (issue 19 item 3; recipe: docs/recipes/new-result.md).

A result (:class:`Result`) says three things itself, computed from what it holds:

- ``verdict()``: one line, the verdict the command prints (``all sources agree with python``);
- ``exit_code``: 0 agree / holds, 1 a disagreement or a failing claim, 2 an engine or input error
  (the CLI exits with it);
- ``frame``: a pandas DataFrame of its rows (differences, claims, cells, ...).

How it looks is not its business: text, HTML and figures are drawn by renderers that the
presentation layer registers here (:func:`renderer`), keyed by the result's class (the class
itself: the registering module imports it, so ``tests/test_layers.py`` sees the dependency) and a
format: ``"report"`` (the text the command prints), ``"text"`` (``str(result)``: the ``repr``, for
every result), ``"html"`` (``result._repr_html_()``, what a notebook shows) and ``"figure"`` (a
``plot()`` method's matplotlib Figure). The class and then its bases are looked up, so no lower
layer imports the presentation layer. The interface (``import cgs_bridge``) adds to
:data:`LOADERS` the loading of the presentation layer's renderer modules, which fill the registry
the first time a renderer is looked up in vain (so a command that renders nothing loads none).
"""

from __future__ import annotations

#: ``(class, format) -> function(result, **options)``; filled by the presentation layer.
RENDERERS: dict = {}
#: Functions that register more renderers, each called once, in order, when a look-up misses.
LOADERS: list = []


def position_text(position) -> str:
    """A position as the reports print it: ``(3, 1, 2)``, and a one-coordinate position as its
    number ``2`` (never Python's ``(2,)``)."""
    if getattr(position, "heaps", False):  # an option of a take-and-break game: ``3 + 5``
        return str(position)
    values = [int(v) for v in position]
    return str(values[0]) if len(values) == 1 else "(" + ", ".join(map(str, values)) + ")"


def key(cls) -> str:
    """A class's name in messages: ``"cgs_bridge.jobs.compare.Comparison"``."""
    return f"{cls.__module__}.{cls.__qualname__}"


def renderer(cls: type, fmt: str):
    """Decorator: register ``function(result, **options)`` as the ``fmt`` rendering of the results
    of class ``cls`` (or a subclass)."""
    def register(function):
        RENDERERS[(cls, fmt)] = function
        return function
    return register


def _lookup(result, fmt: str):
    for cls in type(result).__mro__:
        function = RENDERERS.get((cls, fmt))
        if function is not None:
            return function
    return None


def find(result, fmt: str):
    """The renderer of ``fmt`` for ``result`` (its class first, then its bases), or None; runs the
    :data:`LOADERS` not yet run, one at a time, while none is found."""
    function = _lookup(result, fmt)
    while function is None and LOADERS:
        LOADERS.pop(0)()
        function = _lookup(result, fmt)
    return function


def render(result, fmt: str, **options):
    """``result`` rendered as ``fmt`` by its registered renderer.

    Raises:
        LookupError: no renderer of ``fmt`` is registered for the result's class or its bases
            (the type has none: see the recipe).
    """
    function = find(result, fmt)
    if function is None:
        raise LookupError(f"no {fmt!r} renderer is registered for {key(type(result))} "
                          "(cgs_bridge.presentation.results registers them; docs/recipes/new-result.md)")
    return function(result, **options)


class Result:
    """Base of every command's result (a mixin: dataclasses inherit it unchanged).

    Subclasses define ``verdict()`` (a method), ``exit_code`` and ``frame``; ``str()`` and the notebook display
    go through the renderers registered for the class (:func:`render`)."""

    #: What a subclass defines (checked by the tests of every result type). ``exit_code`` and
    #: ``frame`` are not declared here: a dataclass field of that name must not inherit a default.
    PROTOCOL = ("verdict", "exit_code", "frame")

    def __str__(self) -> str:
        return render(self, "text")

    def _repr_html_(self) -> str:
        """Notebook display: the registered ``"html"`` rendering."""
        return render(self, "html")
