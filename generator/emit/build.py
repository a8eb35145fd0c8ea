"""``variantgen build``: every emitter into a temporary folder, then swapped into ``out/``.

The build is all or nothing.  Every emitter writes its folder (``fairy-stockfish/``,
``zillions/``, ``diagrams/``) or its one top-level file (``index.html``) inside a temporary
directory beside ``out/``; only when all of them have succeeded is each folder or file swapped
into place: the old one renamed away, the new one renamed in, and the old one deleted at the end.
A failure at any point before the swap leaves ``out/`` untouched; a failure during the swap puts
back what was already moved.

The output is a function of the catalogue alone: no timestamps, no paths, fixed order, ``\\n``
line ends; the Fairy-Stockfish header names the catalogue by file name and sha256.
"""

from __future__ import annotations

import argparse
import re
import shutil
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from generator.catalogue import DEFAULT_CATALOGUE
from generator.catalogue.model import Catalogue
from generator.emit import diagrams, fairy_stockfish, page, pychess, zillions
from generator.emit.fidelity import check_name, limitations
from generator.emit.manifest import Manifest

#: the parser class of the command line the sub-command joins
ParserT = TypeVar("ParserT", bound=argparse.ArgumentParser)

__all__ = ["DEFAULT_OUT", "EMITTERS", "Emitter", "build", "cmd_build", "limitation_lines", "register"]

DEFAULT_OUT = Path(__file__).resolve().parents[2] / "out"


@dataclass(frozen=True)
class Emitter:
    """One part of the build.

    ``folder`` is its folder under ``out/`` (a safe name); ``write(catalogue, folder, names)``
    fills that (already created, empty) folder and returns its
    :class:`~generator.emit.manifest.Manifest` (files relative to that folder); ``target``, if
    set, is the :data:`~generator.emit.fidelity.TARGETS` entry whose limitations the build prints.

    With ``file=True``, ``folder`` is instead the name of one file at the top of ``out/``
    (``index.html``): ``write`` gets an empty scratch folder and must write exactly that file
    into it (its manifest lists just that name); the file is then swapped in like a folder.
    """

    folder: str
    write: Callable[[Catalogue, Path, Sequence[str] | None], Manifest]
    target: str | None = None
    file: bool = False


#: The emitters, in build order.
EMITTERS: list[Emitter] = [
    Emitter(fairy_stockfish.FOLDER, fairy_stockfish.emit, fairy_stockfish.TARGET),
    Emitter(zillions.FOLDER, zillions.emit, zillions.TARGET),
    Emitter(pychess.FOLDER, pychess.emit, pychess.TARGET),
    Emitter(diagrams.FOLDER, diagrams.emit),
    Emitter(page.FILE_NAME, page.emit, file=True),
]

_FILE_NAME_RE = re.compile(r"[a-z0-9][a-z0-9-]{0,63}\.[a-z0-9]{1,8}")


def _check_output(e: Emitter) -> None:
    if not e.file:
        check_name(e.folder, "output folder")
    elif not _FILE_NAME_RE.fullmatch(e.folder):
        raise ValueError(
            f"output file {e.folder!r} is not allowed: use a safe name with one extension, e.g. index.html"
        )


def limitation_lines(catalogue: Catalogue, names: Sequence[str] | None, target: str) -> list[str]:
    """``target: variant: rule: text`` for every limitation of the selected variants."""
    return [
        f"{target}: {v.name}: {lim.rule}: {lim.text}"
        for v in fairy_stockfish.select(catalogue, names)
        for lim in limitations(v, target)
    ]


def _write_file(e: Emitter, catalogue: Catalogue, names: Sequence[str] | None, scratch: Path, new: Path) -> None:
    """A ``file=True`` emitter: its one file written in ``scratch``, then moved into ``new``."""
    manifest = e.write(catalogue, scratch, names)
    if manifest.files != (e.folder,) or not (scratch / e.folder).is_file():
        raise ValueError(f"the {e.folder} emitter must write exactly that one file")
    (scratch / e.folder).rename(new / e.folder)


def _write_all(
    emitters: Sequence[Emitter], catalogue: Catalogue, names: Sequence[str] | None, work: Path, new: Path
) -> tuple[list[str], list[str]]:
    """Every emitter into ``new``: the limitation lines, and every file written (relative to ``new``)."""
    lines: list[str] = []
    written: list[str] = []
    for i, e in enumerate(emitters):
        if e.file:
            scratch = work / f"file-{i}"
            scratch.mkdir()
            _write_file(e, catalogue, names, scratch, new)
            written.append(e.folder)
            continue
        folder = new / e.folder
        folder.mkdir()
        written += [f"{e.folder}/{name}" for name in e.write(catalogue, folder, names).files]
        if e.target is not None:
            lines += limitation_lines(catalogue, names, e.target)
    return lines, written


def build(
    catalogue: Catalogue,
    out_dir: Path,
    names: Sequence[str] | None = None,
    emitters: Sequence[Emitter] | None = None,
) -> list[str]:
    """Render every emitter's folder into ``out_dir``; the lines to print (limitations, then what was
    written).  ``ValueError`` for an unknown variant name or an unsafe name; nothing changes then."""
    emitters = EMITTERS if emitters is None else emitters
    names = None if names is None else list(dict.fromkeys(names))
    fairy_stockfish.select(catalogue, names)  # unknown names fail before anything is touched
    for e in emitters:
        _check_output(e)
    out_dir = Path(out_dir)
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}-build-", dir=out_dir.parent))
    try:
        new, old = work / "new", work / "old"
        new.mkdir()
        old.mkdir()
        lines, written = _write_all(emitters, catalogue, names, work, new)
        _swap(new, old, out_dir, [e.folder for e in emitters])
        return lines + [f"wrote {out_dir / name}" for name in written]
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _swap(new: Path, old: Path, out_dir: Path, folders: list[str]) -> None:
    """Move each folder of ``new`` into ``out_dir``, the previous one into ``old``; undo on failure."""
    done: list[str] = []
    out_dir.mkdir(exist_ok=True)
    try:
        for name in folders:
            target = out_dir / name
            if target.exists() or target.is_symlink():
                target.rename(old / name)
            done.append(name)
            (new / name).rename(target)
    except BaseException:
        for name in reversed(done):
            target = out_dir / name
            if (target.exists() or target.is_symlink()) and not (new / name).exists():
                target.rename(new / name)  # the new folder made it in: take it out again
            if (old / name).exists() or (old / name).is_symlink():
                (old / name).rename(target)
        raise


def register(subparsers: argparse._SubParsersAction[ParserT], parents: Sequence[ParserT]) -> ParserT:
    """Add the ``build`` sub-command (``run=cmd_build``)."""
    p = subparsers.add_parser(
        "build",
        parents=list(parents),
        help="write out/ (Fairy-Stockfish variants.ini, Zillions downloads, diagrams, index.html) from the catalogue",
        description="Render the catalogue into OUT (default: the repository's out/), replacing its "
        "folders only when everything has been written; prints what each target cannot express.",
    )
    p.add_argument("--out", default=str(DEFAULT_OUT), metavar="DIR", help="output folder (default: %(default)s)")
    p.add_argument("variants", nargs="*", metavar="VARIANT", help="only these variants (default: all)")
    p.set_defaults(run=cmd_build)
    return p


def cmd_build(catalogue: Catalogue, args: argparse.Namespace) -> int:
    """Run the build; unknown variant names raise ``ValueError`` (the CLI maps it to a usage error)."""
    names = list(args.variants) or None
    private = Path(catalogue.path).resolve() != DEFAULT_CATALOGUE.resolve()
    if private and Path(args.out).resolve() == DEFAULT_OUT.resolve():
        raise ValueError(
            "the repository's out/ holds the build of the repository's catalogue; "
            "write the build of another catalogue elsewhere with --out DIR"
        )
    for line in build(catalogue, Path(args.out), names):
        print(line)
    return 0
