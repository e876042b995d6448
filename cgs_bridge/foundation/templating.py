"""The jinja2 environments of the package: one per template folder (each system's
``templates/``, ``jobs/templates/``, ``presentation/templates/``). Undefined variables are errors;
blocks trim their newlines; files keep their trailing newline."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import jinja2


@lru_cache(maxsize=None)
def environment(folder) -> jinja2.Environment:
    """The :class:`jinja2.Environment` over the template folder ``folder`` (a path; cached)."""
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(Path(folder))), autoescape=False,
                              keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True,
                              undefined=jinja2.StrictUndefined)


@lru_cache(maxsize=None)
def html_environment(folder) -> jinja2.Environment:
    """The same over ``folder`` with HTML autoescaping (reports, ``_repr_html_``)."""
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(Path(folder))), autoescape=True,
                              trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined)
