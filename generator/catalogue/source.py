"""Which catalogue file a command reads, and how its output names it.

The default is ``variants.yaml`` in the current folder when there is one (a user's own catalogue
next to their work), else the one shipped with variantgen (:data:`DEFAULT_CATALOGUE`, the
repository's in a checkout).  ``--catalogue`` takes a path or the name of a shipped catalogue
(:data:`SHIPPED`), from any folder.  A build names its catalogue by file name and sha256, never
by path, so that the same catalogue builds the same bytes wherever it lies.

>>> file_name, digest = identity(DEFAULT_CATALOGUE)
>>> file_name, len(digest)
('variants.yaml', 64)
>>> find_catalogue("fairy-stockfish") == FAIRY_STOCKFISH_CATALOGUE
True
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from generator import shipped
from generator.catalogue.errors import CatalogueError
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


def find_catalogue(given: str | None) -> Path:
    """The catalogue file ``--catalogue`` names: a file by that path, else the shipped catalogue of that
    name, else :func:`default_catalogue` when nothing is given; :class:`CatalogueError` for anything else.

    >>> find_catalogue("no-such")
    Traceback (most recent call last):
    ...
    generator.catalogue.errors.CatalogueError: no-such: no such file, nor a catalogue shipped with variantgen \
by that name (shipped: variantgen, fairy-stockfish)
    """
    if given is None:
        return default_catalogue()
    if Path(given).exists() or (given not in SHIPPED and any(c in given for c in "/\\.")):
        return Path(given)  # a path: the loader says why it cannot be read, if it cannot
    if given in SHIPPED:
        return SHIPPED[given]
    names = ", ".join(SHIPPED)
    why = f"no such file, nor a catalogue shipped with variantgen by that name (shipped: {names})"
    raise CatalogueError(why, path=given)


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
    elif here in {file.resolve() for file in SHIPPED.values()}:
        where = f"the {here.name} shipped with variantgen ({catalogue.path})"
    else:
        where = catalogue.path
    n = len(catalogue.variants)
    return f"catalogue: {where}, {n} variant{'' if n == 1 else 's'}"
