"""variantgen's version: ``pyproject.toml``'s in a checkout, the installed package's metadata otherwise.

A checkout reads its own ``pyproject.toml`` so that an editable install reports the version of the
code it runs, not the one it had when it was installed; a wheel has no ``pyproject.toml`` and
reports what it was built as.

>>> import re
>>> bool(re.fullmatch(r"\\d+\\.\\d+\\.\\d+", version()))
True
"""

from __future__ import annotations

import tomllib
from importlib import metadata

from generator import shipped


def version() -> str:
    """The version, as ``pyproject.toml`` states it."""
    if shipped.CHECKOUT is not None and (shipped.CHECKOUT / "pyproject.toml").is_file():
        with open(shipped.CHECKOUT / "pyproject.toml", "rb") as handle:
            found: str = tomllib.load(handle)["project"]["version"]
        return found
    return metadata.version("variantgen")
