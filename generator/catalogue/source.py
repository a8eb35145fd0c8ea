"""Which catalogue file a command reads, and how its output names it.

The default is ``variants.yaml`` in the current folder when there is one (a user's own catalogue
next to their work), else the one shipped with variantgen (:data:`DEFAULT_CATALOGUE`, the
repository's in a checkout).  A build names its catalogue by file name and sha256, never by
path, so that the same catalogue builds the same bytes wherever it lies.

>>> file_name, digest = identity(DEFAULT_CATALOGUE)
>>> file_name, len(digest)
('variants.yaml', 64)
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from generator import shipped
from generator.catalogue.model import Catalogue

#: the catalogue shipped with variantgen: the repository's own ``variants.yaml``
DEFAULT_CATALOGUE = shipped.path("variants.yaml")
#: Fairy-Stockfish's built-in variants as catalogue entries, each naming the built-in it reproduces
FAIRY_STOCKFISH_CATALOGUE = shipped.path("catalogues/fairy-stockfish.yaml")

#: the catalogues shipped with variantgen, by the name ``extends: NAME:ENTRY`` gives them
SHIPPED = {"variantgen": DEFAULT_CATALOGUE, "fairy-stockfish": FAIRY_STOCKFISH_CATALOGUE}

#: the catalogue a command reads without ``--catalogue`` when the current folder has one
LOCAL_NAME = "variants.yaml"


def default_catalogue() -> Path:
    """``./variants.yaml`` if the current folder has one, else :data:`DEFAULT_CATALOGUE`."""
    local = Path(LOCAL_NAME)
    return local if local.is_file() else DEFAULT_CATALOGUE


def identity(path: str | Path) -> tuple[str, str]:
    """The catalogue's file name and the sha256 of its bytes (a note instead if it cannot be read)."""
    try:
        digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        digest = "unknown (not read from a file)"
    return Path(path).name or str(path), digest


def describe(catalogue: Catalogue) -> str:
    """The line that tells the user which catalogue was read: where it comes from, and its size."""
    here = Path(catalogue.path).resolve()
    if here.parent == Path.cwd().resolve():
        where = f"{here.name} in this folder"
    elif here == DEFAULT_CATALOGUE.resolve():
        where = f"the {here.name} shipped with variantgen ({catalogue.path})"
    else:
        where = catalogue.path
    n = len(catalogue.variants)
    return f"catalogue: {where}, {n} variant{'' if n == 1 else 's'}"
