"""What both importers write: a catalogue file, all at once, that marks itself as theirs, and entry names."""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

__all__ = ["MARK", "entry_name", "write_catalogue"]

#: the header line that marks a catalogue ``variantgen import`` wrote, which it may overwrite
MARK = "# Written by `variantgen import`"


def entry_name(section: str, taken: set[str]) -> str:
    """A catalogue name for ``section``: lower case, ``-`` for anything else, a letter first, unique.

    >>> entry_name("Orda_Mirror", set()), entry_name("3check", set()), entry_name("a", {"a"})
    ('orda-mirror', 'v3check', 'a-2')
    """
    name = re.sub("[^a-z0-9]+", "-", section.lower()).strip("-")[:60].strip("-") or "variant"
    if not name[0].isalpha():
        name = "v" + name
    base, n = name, 1
    while name in taken:
        n += 1
        name = f"{base}-{n}"
    return name


def write_catalogue(text: str, out_path: Path, force: bool) -> None:
    """Write ``text`` at ``out_path`` all at once (a file beside it, then renamed); ``ValueError`` if a
    file is there that this command did not write, unless ``force``."""
    if out_path.exists() and not force:
        head = out_path.read_text(encoding="utf-8", errors="replace").split("\n", 3)[:3]
        if not any(line.startswith(MARK) for line in head):
            raise ValueError(
                f"{out_path} exists and was not written by `variantgen import`: give --force to replace it"
            )
    fd, tmp = tempfile.mkstemp(prefix=f".{out_path.name}.", dir=out_path.parent or Path("."))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, out_path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
