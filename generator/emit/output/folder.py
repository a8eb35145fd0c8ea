"""A build's output folder: the record of what a build wrote there, and the swap of new files in.

Every build leaves a record, ``.variantgen-build.json``, in its folder: the catalogue it was built
from (file name and sha256) and every file it wrote, relative to the folder.  A build writes only
into a folder that is new, empty or holds such a record, and it replaces or removes only the
files the record lists: a file someone else put there survives every rebuild, and a new file that
would land on one stops the build before anything is touched.

The swap is all or nothing.  The new files wait in a scratch folder beside the output folder
(same file system, so every move is a rename); the previous build's files are moved aside, the
new ones moved in, and only when every move has succeeded are the old ones deleted.  A failure
in between moves everything back.

>>> record = Record("variants.yaml", "ab" * 32, ("fairy-stockfish/variants.ini", "index.html"))
>>> Record.parse(record.text(), "out/.variantgen-build.json") == record
True
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

#: the record's name in the output folder
RECORD = ".variantgen-build.json"
_ABOUT = "variantgen build: the files it wrote into this folder; a new build replaces or removes only these"


@dataclass(frozen=True)
class Record:
    """What one build wrote: the catalogue's file name and sha256, and the files (relative paths)."""

    catalogue: str
    sha256: str
    files: tuple[str, ...]

    def text(self) -> str:
        """The record as written: JSON with a fixed key order, one file a line."""
        body = {"about": _ABOUT, "catalogue": {"file": self.catalogue, "sha256": self.sha256}, "files": self.files}
        return json.dumps(body, indent=1) + "\n"

    @classmethod
    def parse(cls, text: str, where: str) -> Record:
        """The record in ``text``; ``ValueError`` naming ``where`` if it is not one, or if it lists a
        path outside the folder (a build must never remove a file it did not write)."""
        try:
            body = json.loads(text)
            catalogue, files = body["catalogue"], body["files"]
            name, digest = catalogue["file"], catalogue["sha256"]
        except (ValueError, TypeError, KeyError) as e:
            raise ValueError(f"{where} is not a variantgen build record ({type(e).__name__}: {e})") from None
        if not (isinstance(name, str) and isinstance(digest, str) and isinstance(files, list)):
            raise ValueError(f"{where} is not a variantgen build record (wrong value types)")
        for f in files:
            if not isinstance(f, str) or not _inside(f):
                raise ValueError(f"{where} lists {f!r}, which is not a path inside the build folder")
        return cls(name, digest, tuple(files))


def _inside(name: str) -> bool:
    path = PurePosixPath(name)
    return (
        bool(name) and not path.is_absolute() and "\\" not in name and all(p not in ("", ".", "..") for p in path.parts)
    ) and name != RECORD


def previous(out: Path) -> Record | None:
    """The record of the build in ``out``; None when ``out`` does not exist or is empty.
    ``ValueError`` (one line) for a file, a folder with other things in it, or a broken record."""
    if not out.exists() and not out.is_symlink():
        return None
    if not out.is_dir():
        raise ValueError(f"{out} is not a folder: give a new or empty folder, or a previous build, with --out DIR")
    record = out / RECORD
    if record.is_file():
        try:
            text = record.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise ValueError(f"{record}: cannot read the build record ({getattr(e, 'strerror', None) or e})") from None
        return Record.parse(text, str(record))
    if any(out.iterdir()):
        raise ValueError(
            f"{out} is not empty and is not a variantgen build (it has no {RECORD}): "
            "nothing was written; give a new or empty folder with --out DIR"
        )
    return None


def recorded(out: Path) -> Record | None:
    """The record in ``out`` if there is a readable one, else None (never an error)."""
    try:
        return previous(out)
    except ValueError:
        return None


def swap_in(new: Path, aside: Path, out: Path, files: Sequence[str], before: Collection[str]) -> None:
    """Move ``files`` and the record from ``new`` into ``out`` (created if need be); the previous
    build's files (``before``) that are there go to ``aside`` first, and are gone with it.  On a
    failure everything is moved back.  Then the folders that the previous build's removed files
    leave empty are removed (a folder with anything else in it stays)."""
    _refuse_foreign(out, [*files, RECORD], {*before, RECORD})
    moved: list[tuple[Path, Path]] = []
    made: list[Path] = []
    try:
        if not out.is_dir():
            out.mkdir()
            made.append(out)
        for name in sorted({*before, RECORD}):
            if (out / name).is_file() or (out / name).is_symlink():
                (aside / name).parent.mkdir(parents=True, exist_ok=True)
                _move(out / name, aside / name, moved)
        for name in [*files, RECORD]:
            _make_parents(out, name, made)
            _move(new / name, out / name, moved)
    except BaseException:
        for source, target in reversed(moved):
            target.rename(source)
        for folder in reversed(made):
            with contextlib.suppress(OSError):
                folder.rmdir()
        raise
    for name in set(before) - set(files):
        _prune(out, name)


def _move(source: Path, target: Path, moved: list[tuple[Path, Path]]) -> None:
    source.rename(target)
    moved.append((source, target))


def _make_parents(out: Path, name: str, made: list[Path]) -> None:
    folder = out
    for part in PurePosixPath(name).parts[:-1]:
        folder = folder / part
        if not folder.is_dir():
            folder.mkdir()
            made.append(folder)


def _prune(out: Path, name: str) -> None:
    """Remove the folders above ``out/name`` that are now empty, up to ``out`` itself."""
    folder = (out / name).parent
    while folder != out:
        try:
            folder.rmdir()
        except OSError:  # not empty (or gone): what is left there is not the build's to remove
            return
        folder = folder.parent


def _refuse_foreign(out: Path, files: Sequence[str], before: Collection[str]) -> None:
    """``ValueError`` if a new file would replace, or need to move, something the previous build
    did not write; checked before anything is touched."""
    for name in files:
        parts = PurePosixPath(name).parts
        for depth in range(1, len(parts) + 1):
            rel = "/".join(parts[:depth])
            path = out / rel
            if not (path.exists() or path.is_symlink()):
                continue
            folder = path.is_dir() and not path.is_symlink()
            if (folder and depth < len(parts)) or (not folder and rel in before):
                continue  # a folder to write into, or a file of the previous build
            raise ValueError(
                f"{path} is in the way of the build and variantgen did not write it: "
                "nothing was written; move it away, or build into another folder with --out DIR"
            )
