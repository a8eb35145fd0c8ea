"""The examples in the docstrings of every module of ``generator`` run and give what they show."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import generator

# __main__ runs the command line when imported.
MODULES = sorted(
    m.name for m in pkgutil.walk_packages(generator.__path__, "generator.") if m.name != "generator.__main__"
)


def test_every_module_is_found() -> None:
    assert "generator.engine.fen" in MODULES and "generator.zrf.reader" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples failed"
