"""Templates read one typed context each and call nothing that is not defined.

Jinja runs with ``StrictUndefined``, but a branch no test renders would only fail in a user's
build; so every name a template uses without defining it must be the one context object its
emitter passes (a frozen dataclass or TypedDict built in Python).
"""

from __future__ import annotations

import jinja2
import pytest
from jinja2 import meta

from generator.emit.jinja import TEMPLATES, environment

#: template -> the names its emitter passes
CONTEXTS = {
    "fairy-stockfish/variants.ini.j2": {"ini"},
    "fairy-stockfish/section.ini.j2": set(),  # a macro, called with a SectionContext
    "page/index.html.j2": {"page"},
    "play/play.html.j2": {"play"},
    "pychess/variant.ini.j2": {"upload"},
    "zillions/family.zrf.j2": {"family"},
    "zillions/macros.zrf.j2": {"family"},  # imported "with context" by family.zrf.j2
}


def test_every_template_is_listed() -> None:
    found = {str(p.relative_to(TEMPLATES)) for p in TEMPLATES.rglob("*.j2")}
    assert found == set(CONTEXTS)


@pytest.mark.parametrize("name", sorted(CONTEXTS))
def test_a_template_uses_only_its_context(name: str) -> None:
    env = environment(html=name.startswith(("page/", "play/")))
    source = (TEMPLATES / name).read_text(encoding="utf-8")
    assert meta.find_undeclared_variables(env.parse(source)) == CONTEXTS[name]


def test_an_undefined_name_fails_instead_of_printing_nothing() -> None:
    with pytest.raises(jinja2.UndefinedError):
        environment().from_string("{{ family.nothing }}").render(family=object())
