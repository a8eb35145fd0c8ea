"""The examples in the docstrings run and give what they show (generator.betza: in test_betza.py)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "generator.catalogue.model",
    "generator.engine.geometry",
    "generator.engine.position",
    "generator.engine.fen",
    "generator.emit.rules_text",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
