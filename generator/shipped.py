"""The files variantgen ships beside its code: the catalogues, the Jinja templates, the play page's browser
files and the catalogue's JSON Schema (an imported catalogue's editor modeline points at it).

They exist once, at the top of the repository (``variants.yaml``, ``catalogues/``, ``templates/``,
``browser/``, ``docs/catalogue.schema.json``).  A checkout and an editable install read them there.  A wheel
carries them as package data under ``generator/shipped/`` with the same relative names (``setup.py`` copies
them in when it builds the wheel), so that an installed variantgen finds them with no checkout.
:func:`path` answers for both; :data:`CHECKOUT` says which of the two this is.

The lookup goes through the package's own folder (``importlib.resources.files`` of a package on
disk is that folder): the templates are read by Jinja's file loader and the catalogue by path, and
the Fairy-Stockfish ini names the catalogue by its file name, so they must be real files.

>>> path("templates").joinpath("fairy-stockfish", "variants.ini.j2").is_file()
True
>>> path("variants.yaml").name
'variants.yaml'
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

_PACKAGE = Path(str(resources.files("generator")))
_IN_WHEEL = _PACKAGE / "shipped"

#: the repository this package runs from, or None when it is an installed wheel
CHECKOUT: Path | None = None if _IN_WHEEL.is_dir() else _PACKAGE.parent


def path(name: str) -> Path:
    """The shipped file or folder ``name`` (a path relative to the repository's top, such as
    ``catalogues/fairy-stockfish.yaml``)."""
    return (_IN_WHEEL if CHECKOUT is None else CHECKOUT) / name
