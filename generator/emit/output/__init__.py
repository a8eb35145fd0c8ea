"""``variantgen build``: every emitter into a scratch folder, then swapped into the output folder.

The build is all or nothing.  Every emitter writes its folder (``fairy-stockfish/``,
``zillions/``, ``diagrams/``) or its one top-level file (``index.html``) inside a scratch folder
beside the output folder; only when all of them have succeeded are the files moved in
(:mod:`generator.emit.output.folder`, which also keeps the record of what the build wrote, so that
a rebuild replaces or removes only its own files).  A failure before that leaves the output folder
untouched; a failure during the swap puts back what was already moved.

The output folder is ``./out`` unless ``--out DIR`` says otherwise.  In a checkout, the
repository's own ``out/`` is committed and holds the build of the repository's catalogue only.

The output is a function of the catalogue alone: no timestamps, no paths, fixed order, ``\\n``
line ends; the Fairy-Stockfish header and the build record name the catalogue by file name and
sha256.  What the command prints is a summary of at most :data:`SUMMARY_LINES` lines, made from
each emitter's :class:`~generator.emit.manifest.Manifest`; ``-v`` adds every file and every rule a
target cannot express, in full.
"""

from __future__ import annotations

import argparse
import re
import shutil
import tempfile
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from generator import shipped
from generator.catalogue import DEFAULT_CATALOGUE
from generator.catalogue.model import Catalogue
from generator.catalogue.source import describe, identity
from generator.emit import fairy_stockfish, pychess, zillions
from generator.emit.fidelity import ANALYSED, EXACT_ONLY, PLAYING, UNWRITABLE, check_name, limitations, writable
from generator.emit.manifest import Manifest
from generator.emit.output import folder as build_folder
from generator.emit.output.folder import RECORD
from generator.emit.pictures import diagrams
from generator.emit.target import Target
from generator.emit.web import page, play
from generator.words import count

#: the parser class of the command line the sub-command joins
ParserT = TypeVar("ParserT", bound=argparse.ArgumentParser)

__all__ = [
    "DEFAULT_OUT",
    "EMITTERS",
    "SUMMARY_LINES",
    "Built",
    "Emitter",
    "build",
    "cmd_build",
    "holds_build_of",
    "limitation_lines",
    "register",
]

#: the output folder without ``--out``: ``out`` in the current folder
DEFAULT_OUT = Path("out")
#: the most lines ``variantgen build`` prints without ``-v``
SUMMARY_LINES = 25


@dataclass(frozen=True)
class Emitter:
    """One part of the build.

    ``folder`` is its folder under ``out/`` (a safe name); ``write(catalogue, folder, names)``
    fills that (already created, empty) folder and returns its
    :class:`~generator.emit.manifest.Manifest` (files relative to that folder), which names its
    :class:`~generator.emit.target.Target`: for a target that plays the rules
    (:data:`~generator.emit.fidelity.PLAYING`) the build also prints what it cannot play.

    With ``file=True``, ``folder`` is instead the name of one file at the top of ``out/``
    (``index.html``): ``write`` gets an empty scratch folder and must write exactly that file
    into it (its manifest lists just that name); the file is then swapped in like a folder.

    The build's summary says what each emitter wrote from its manifest alone
    (:meth:`~generator.emit.manifest.Manifest.summary`), and for a target that plays the rules which
    variants it cannot play exactly: a new emitter needs nothing else.
    """

    folder: str
    write: Callable[[Catalogue, Path, Sequence[str] | None], Manifest]
    file: bool = False


#: The emitters of every :class:`~generator.emit.target.Target`, in build order.
EMITTERS: tuple[Emitter, ...] = (
    Emitter(fairy_stockfish.FOLDER, fairy_stockfish.emit),
    Emitter(zillions.FOLDER, zillions.emit),
    Emitter(pychess.FOLDER, pychess.emit),
    Emitter(diagrams.FOLDER, diagrams.emit),
    Emitter(page.FILE_NAME, page.emit, file=True),
    Emitter(play.FOLDER, play.emit_files),
    Emitter(play.FILE_NAME, play.emit, file=True),
)

_FILE_NAME_RE = re.compile(r"[a-z0-9][a-z0-9-]{0,63}\.[a-z0-9]{1,8}")


def _check_output(e: Emitter) -> None:
    if not e.file:
        check_name(e.folder, "output folder")
    elif not _FILE_NAME_RE.fullmatch(e.folder):
        raise ValueError(
            f"output file {e.folder!r} is not allowed: use a safe name with one extension, e.g. index.html"
        )


def limitation_lines(catalogue: Catalogue, names: Sequence[str] | None, target: Target) -> list[str]:
    """``target: variant: rule: text`` for every limitation of the selected variants."""
    return [
        f"{target}: {v.name}: {lim.rule}: {lim.text}"
        for v in fairy_stockfish.select(catalogue, names)
        for lim in limitations(v, target)
    ]


def _write_file(e: Emitter, catalogue: Catalogue, names: Sequence[str] | None, scratch: Path, new: Path) -> Manifest:
    """A ``file=True`` emitter: its one file written in ``scratch``, then moved into ``new``."""
    manifest = e.write(catalogue, scratch, names)
    if manifest.files != (e.folder,) or not (scratch / e.folder).is_file():
        raise ValueError(f"the {e.folder} emitter must write exactly that one file")
    (scratch / e.folder).rename(new / e.folder)
    return manifest


def _write_all(
    emitters: Sequence[Emitter], catalogue: Catalogue, names: Sequence[str] | None, work: Path, new: Path
) -> list[tuple[Emitter, Manifest]]:
    """Every emitter into ``new``, with the manifest of what it wrote."""
    parts = []
    for i, e in enumerate(emitters):
        if e.file:
            scratch = work / f"file-{i}"
            scratch.mkdir()
            parts.append((e, _write_file(e, catalogue, names, scratch, new)))
            continue
        folder = new / e.folder
        folder.mkdir()
        parts.append((e, e.write(catalogue, folder, names)))
    return parts


@dataclass(frozen=True)
class Built:
    """What one build wrote into ``out``: each emitter with the manifest of what it wrote."""

    catalogue: Catalogue
    names: tuple[str, ...] | None
    out: Path
    parts: tuple[tuple[Emitter, Manifest], ...]

    def files(self) -> list[str]:
        """Every file written, relative to ``out``, in build order."""
        return [name if e.file else f"{e.folder}/{name}" for e, m in self.parts for name in m.files]

    def playing(self) -> list[Target]:
        """The targets built that play the rules, in build order."""
        return [m.target for _, m in self.parts if m.target in PLAYING]

    def details(self) -> list[str]:
        """``variantgen build -v``: every rule each target cannot express, then ``wrote PATH`` per file."""
        lines = [line for t in self.playing() for line in limitation_lines(self.catalogue, self.names, t)]
        return lines + [f"wrote {self.out / name}" for name in self.files()]

    def inexact(self) -> list[str]:
        """A line per variant that some target cannot play exactly: the targets and the rules' short names."""
        lines = []
        for v in fairy_stockfish.select(self.catalogue, self.names):
            missing = [(t, [x.rule for x in limitations(v, t)]) for t in self.playing()]
            said = "; ".join(f"{t} ({', '.join(rules)})" for t, rules in missing if rules)
            if said:
                lines.append(f"  {v.name}: {said}")
        return lines

    def unwritten(self, target: Target) -> str | None:
        """The line saying for how many variants ``target`` got nothing, why (the rules, by how many
        variants), and which keys would give them something; None if it got every variant."""
        missing = [v for v in fairy_stockfish.select(self.catalogue, self.names) if not writable(v, target)]
        if not missing:
            return None
        rules: Counter[str] = Counter()
        keys: dict[str, None] = {}
        for v in missing:
            why = [x for x in limitations(v, target) if target in EXACT_ONLY or x.rule in UNWRITABLE]
            rules.update({x.rule for x in why})
            keys.update(dict.fromkeys(k for x in why for k in x.keys))
        said = ", ".join(f"{rule} {n}" for rule, n in rules.most_common())
        would = f"; {', '.join(f'`{k}`' for k in keys)} would give one" if keys else ""
        return f"{target}: no {target.unit} for {count(len(missing), 'variant')} ({said}){would}"

    def next_steps(self) -> str:
        """What to do with the build: open its page, and check its files."""
        given = (
            ""
            if Path(self.catalogue.path).resolve() == DEFAULT_CATALOGUE.resolve()
            else (f" --catalogue {self.catalogue.path}")
        )
        out = "" if self.out == DEFAULT_OUT else f" --out {self.out}"
        engines = " and ".join(f"`variantgen check{given}{out} --engine {t}`" for t in self.playing() if t in ANALYSED)
        return f"next: open {self.out / page.FILE_NAME} in a browser; {engines} compare the files with the reference"

    def summary(self, max_lines: int = SUMMARY_LINES) -> list[str]:
        """At most ``max_lines`` lines: what each emitter wrote and, for a target that plays the rules,
        what it did not write and why, the variants a target cannot play exactly (cut short with a count if
        there are too many), where the list of files is, and what to do next."""
        lines = []
        for e, m in self.parts:
            lines.append(f"{m.target}: {m.summary(self.out if e.file else self.out / e.folder)}")
            unwritten = self.unwritten(m.target) if m.target in PLAYING else None
            if unwritten:
                lines.append(unwritten)
        tail = [f"{len(self.files())} files written, listed in {self.out / RECORD}", self.next_steps()]
        inexact = self.inexact()
        room = max_lines - len(lines) - len(tail) - 1  # less the heading of the list
        if inexact and room > 0:
            if len(inexact) > room:
                shown = room - 1
                inexact = [*inexact[:shown], f"  ... and {len(inexact) - shown} more (-v, or variantgen list)"]
            lines += ["not played exactly (-v says why):", *inexact]
        return [*lines[: max_lines - len(tail)], *tail]


def build(
    catalogue: Catalogue,
    out_dir: Path,
    names: Sequence[str] | None = None,
    emitters: Sequence[Emitter] | None = None,
) -> Built:
    """Render every emitter into ``out_dir`` and say what was written.  ``ValueError`` for an
    unknown variant name, an unsafe name, or an output folder that is neither new, empty nor a
    previous build, or holds something the build would replace that it did not write; nothing
    changes then."""
    emitters = EMITTERS if emitters is None else emitters
    names = None if names is None else list(dict.fromkeys(names))
    fairy_stockfish.select(catalogue, names)  # unknown names fail before anything is touched
    for e in emitters:
        _check_output(e)
    out_dir = Path(out_dir)
    before = build_folder.previous(out_dir)
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}-build-", dir=out_dir.parent))
    try:
        new, aside = work / "new", work / "aside"
        new.mkdir()
        aside.mkdir()
        built = Built(
            catalogue,
            None if names is None else tuple(names),
            out_dir,
            tuple(_write_all(emitters, catalogue, names, work, new)),
        )
        file_name, digest = identity(catalogue.path)
        record = build_folder.Record(file_name, digest, tuple(built.files()))
        (new / RECORD).write_text(record.text(), encoding="utf-8", newline="\n")
        build_folder.swap_in(new, aside, out_dir, record.files, () if before is None else before.files)
        return built
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _checkout_out() -> Path | None:
    """The checkout's committed out/, or None for an installed variantgen."""
    return None if shipped.CHECKOUT is None else shipped.CHECKOUT / "out"


def _reserved(catalogue: Catalogue, out: Path) -> bool:
    """Whether ``out`` is the checkout's committed out/ and ``catalogue`` is not the checkout's own."""
    committed = _checkout_out()
    return (
        committed is not None
        and out.resolve() == committed.resolve()
        and Path(catalogue.path).resolve() != DEFAULT_CATALOGUE.resolve()
    )


def holds_build_of(catalogue: Catalogue, out: Path) -> bool:
    """Whether ``out`` holds a build of ``catalogue``: its record names the same file name and
    sha256 (and the checkout's out/ is only ever the build of the checkout's own catalogue)."""
    record = build_folder.recorded(out)
    return (
        record is not None
        and (record.catalogue, record.sha256) == identity(catalogue.path)
        and not _reserved(catalogue, out)
    )


def register(subparsers: argparse._SubParsersAction[ParserT], parents: Sequence[ParserT]) -> ParserT:
    """Add the ``build`` sub-command (``run=cmd_build``)."""
    p = subparsers.add_parser(
        "build",
        parents=list(parents),
        help="write out/ (Fairy-Stockfish variants.ini, Zillions downloads, diagrams, index.html, play.html) "
        "from the catalogue",
        description="Render the catalogue into DIR (default: out in the current folder), replacing the files "
        f"of the previous build there only when everything has been written; a folder that is neither new, "
        f"empty nor a previous build (with its {RECORD}) is refused.  Prints a summary: what was written "
        "and which variants a target cannot play exactly.",
    )
    p.add_argument("--out", default=str(DEFAULT_OUT), metavar="DIR", help="output folder (default: ./%(default)s)")
    p.add_argument("-v", "--verbose", action="store_true", help="print every file written and every rule in full")
    p.add_argument("variants", nargs="*", metavar="VARIANT", help="only these variants (default: all)")
    p.set_defaults(run=cmd_build)
    return p


def cmd_build(catalogue: Catalogue, args: argparse.Namespace) -> int:
    """Run the build; unknown variant names or a refused folder raise ``ValueError`` (the CLI maps it to
    a usage error)."""
    out = Path(args.out)
    if _reserved(catalogue, out):
        raise ValueError(
            "the repository's out/ holds the build of the repository's catalogue; "
            "write the build of another catalogue elsewhere with --out DIR"
        )
    built = build(catalogue, out, list(args.variants) or None)
    print(describe(catalogue))
    for line in [*(built.details() if args.verbose else ()), *built.summary(SUMMARY_LINES - 1)]:
        print(line)
    return 0
