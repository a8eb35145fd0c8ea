"""What both importers write: a catalogue file, all at once, that marks itself as theirs, with its editor
modeline, and entry names."""

from __future__ import annotations

import os
import re
import stat
import tempfile
from pathlib import Path

from generator import shipped

__all__ = ["MARK", "entry_name", "modeline", "write_catalogue"]

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


def modeline(out_path: Path) -> str:
    """The editor's modeline for a catalogue written at ``out_path``: the shipped JSON Schema (in a checkout,
    ``docs/``; in a wheel, beside the code), relative to it where it can be; no modeline where there is none.

    >>> modeline(Path("mine.yaml")).startswith("# yaml-language-server: $schema=")
    True
    """
    schema = shipped.path("docs/catalogue.schema.json")
    if not schema.is_file():
        return ""
    try:
        where = os.path.relpath(schema, out_path.resolve().parent)
    except ValueError:  # another drive (Windows): no relative path
        where = schema.as_uri()
    return f"# yaml-language-server: $schema={where}\n"


def _mode(out_path: Path) -> int:
    """The replaced file's permissions, or a new file's under the user's umask."""
    if out_path.exists():
        return stat.S_IMODE(out_path.stat().st_mode)
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def write_catalogue(text: str, out_path: Path, force: bool) -> None:
    """Write ``text`` at ``out_path`` all at once (a file beside it, then renamed); ``ValueError`` if a
    file is there that this command did not write, unless ``force``."""
    if out_path.exists() and not force:
        head = out_path.read_text(encoding="utf-8", errors="replace").split("\n", 3)[:3]
        if not any(line.startswith(MARK) for line in head):
            raise ValueError(
                f"{out_path} exists and was not written by `variantgen import`: give --force to replace it"
            )
    mode = _mode(out_path)
    fd, tmp = tempfile.mkstemp(prefix=f".{out_path.name}.", dir=out_path.parent or Path("."))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.chmod(tmp, mode)  # mkstemp's file is the user's alone
        os.replace(tmp, out_path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
