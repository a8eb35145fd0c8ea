"""The one Jinja environment of the emitters: the shipped templates (the repository's ``templates/``).

Undefined names fail (a template never prints an empty string by mistake), and block tags
leave no stray blank lines.  Escaping is for the HTML page only.
"""

from __future__ import annotations

import functools

import jinja2

from generator import shipped

TEMPLATES = shipped.path("templates")


@functools.cache
def environment(html: bool = False) -> jinja2.Environment:
    """The shared environment (one per ``html`` setting): templates from :data:`TEMPLATES`."""
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=html,
    )


def render(template: str, html: bool = False, **context: object) -> str:
    """``template`` (a path under ``templates/``) rendered with ``context``; the emitters pass typed
    objects (dataclasses), which the template only reads."""
    return environment(html).get_template(template).render(**context)
