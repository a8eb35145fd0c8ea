"""Where a rules file comes from: a ``.zrf`` on disk, or one inside a ``.zip`` (a Zillions download).

A download holds a folder with the rules file, its pictures and perhaps an include file or
a second game.  :func:`open_rules` takes

* ``FILE.zrf``: the file;
* ``FILE.zip``: the one ``.zrf`` inside, wherever it is (Apple's ``__MACOSX`` copies aside);
* ``FILE.zip:NAME``: the ``.zrf`` named ``NAME`` inside, by its path in the zip or its file
  name alone, when the zip holds several (the error for ``FILE.zip`` lists them).

An ``(include "x")`` is found beside the including file, in the zip if it came from one.
Every problem is a :class:`~generator.zrf.reader.ZrfError` of one line.

>>> import io, zipfile, tempfile, pathlib
>>> zpath = pathlib.Path(tempfile.mkdtemp()) / "Game.zip"
>>> with zipfile.ZipFile(zpath, "w") as zf:
...     zf.writestr("Game/Game.zrf", '(include "Moves.inc") (game (title "G"))')
...     zf.writestr("Game/Moves.inc", "(define step (n add))")
...     zf.writestr("Game/Images/board.bmp", b"BM")
>>> rules = open_rules(zpath)
>>> rules.label.endswith("Game.zip:Game/Game.zrf"), rules.read(rules.label.replace("Game.zrf", "Moves.inc"))
(True, b'(define step (n add))')
"""

from __future__ import annotations

import io
import posixpath
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from generator.zrf.reader import ZrfError, decode

MAX_MEMBER = 64 << 20  # a file unzipped to more is no rules file (a zip bomb)


@dataclass(frozen=True)
class Rules:
    """A rules file's text, the name its messages use (``label``), and how to read a file it includes
    (``read``: a label, the including file's folder joined with the include's name, to bytes)."""

    label: str
    text: str
    read: Callable[[str], bytes]


def _read_disk(label: str) -> bytes:
    return Path(label).read_bytes()


def open_rules(path: str | Path, member: str | None = None) -> Rules:
    """The rules file ``path`` names (see the module doc); ``member`` picks a ``.zrf`` of a zip."""
    p = Path(path)
    if member is None and not p.exists() and ".zip:" in str(path):
        head, _, member = str(path).rpartition(".zip:")
        p = Path(head + ".zip")
    try:
        data = p.read_bytes()
    except OSError as e:
        raise ZrfError(p, 0, f"cannot read the file: {e.strerror or e}") from None
    if not zipfile.is_zipfile(p):
        if member is not None:
            raise ZrfError(p, 0, f"not a zip, so it holds no {member!r}")
        return Rules(str(p), decode(data), _read_disk)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            name = _member(p, [n for n in zf.namelist() if not n.endswith("/")], member)
            text = decode(_unzip(zf, name, p))
    except ZrfError:
        raise
    except (zipfile.BadZipFile, OSError, RuntimeError, ValueError) as e:  # RuntimeError: encrypted
        raise ZrfError(p, 0, f"cannot read the zip: {e}") from None
    prefix = f"{p}:"

    def read(label: str) -> bytes:
        inside = posixpath.normpath(label[len(prefix) :].replace("\\", "/")) if label.startswith(prefix) else ""
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            names = zf.namelist()
            found = [n for n in names if n == inside] or [n for n in names if n.lower() == inside.lower()]
            if not found:
                raise FileNotFoundError(2, f"no {inside!r} in {p.name}")
            return _unzip(zf, found[0], p)

    return Rules(prefix + name, text, read)


def _unzip(zf: zipfile.ZipFile, name: str, zpath: Path) -> bytes:
    size = zf.getinfo(name).file_size
    if size > MAX_MEMBER:
        raise ZrfError(zpath, 0, f"{name} is {size:,} bytes unzipped: not a rules file")
    return zf.read(name)


def _member(zpath: Path, names: list[str], wanted: str | None) -> str:
    """The ``.zrf`` of the zip to read: ``wanted`` (a path in the zip or a file name), else the only one."""
    rules = [n for n in names if n.lower().endswith(".zrf") and not _apple(n)]
    if wanted is not None:
        exact = [n for n in names if n == wanted] or [n for n in rules if posixpath.basename(n) == wanted]
        if len(exact) == 1:
            return exact[0]
        raise ZrfError(zpath, 0, f"no {wanted!r} inside (its .zrf files: {', '.join(rules) or 'none'})")
    if len(rules) == 1:
        return rules[0]
    if not rules:
        raise ZrfError(zpath, 0, "the zip holds no .zrf file")
    example = f"{zpath}:{posixpath.basename(rules[0])}"
    raise ZrfError(zpath, 0, f"the zip holds {len(rules)} .zrf files ({', '.join(rules)}): name one, as {example}")


def _apple(name: str) -> bool:
    """A macOS copy of a file's metadata (``__MACOSX/...``, ``._name``), not the file."""
    return name.startswith("__MACOSX/") or posixpath.basename(name).startswith("._")
