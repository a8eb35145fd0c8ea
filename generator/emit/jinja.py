"""The one Jinja environment of the emitters: templates under the repository's ``templates/``.

Undefined names fail (a template never prints an empty string by mistake), and block tags
leave no stray blank lines.  Escaping is for the HTML page only.
"""

from __future__ import annotations

import functools
from pathlib import Path

import jinja2

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


@functools.cache
def environment(html: bool = False) -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=html,
    )


def render(template: str, html: bool = False, **context: object) -> str:
    return environment(html).get_template(template).render(**context)
