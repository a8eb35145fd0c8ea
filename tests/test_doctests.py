"""The examples in the docstrings of every module of ``generator`` run and give what they show."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import generator

PACKAGE = Path(generator.__file__).resolve().parent

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


def test_no_example_is_skipped() -> None:
    """A skipped example is a doctest that never runs: every example must run."""
    skipping = [
        f"{path.relative_to(PACKAGE.parent)}:{no}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "doctest:" in line and "SKIP" in line
    ]
    assert not skipping, skipping
