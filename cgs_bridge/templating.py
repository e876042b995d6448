"""The one jinja2 environment of the package: templates in ``cgs_bridge/templates/`` (emitted
programs per target, ``generated_readme.md.j2``, ``report/``). Undefined variables are errors;
blocks trim their newlines; files keep their trailing newline."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import jinja2

TEMPLATES = Path(__file__).resolve().parent / "templates"


@lru_cache(maxsize=None)
def environment() -> jinja2.Environment:
    """The shared :class:`jinja2.Environment` over :data:`TEMPLATES` (cached)."""
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), autoescape=False,
                              keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True,
                              undefined=jinja2.StrictUndefined)


@lru_cache(maxsize=None)
def html_environment() -> jinja2.Environment:
    """The same templates with HTML autoescaping (reports, ``_repr_html_``)."""
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), autoescape=True,
                              trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined)
