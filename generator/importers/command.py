"""``variantgen import FILE.ini``: a ``variants.ini`` as a catalogue, each entry proven before it is written.

Each section is read as Fairy-Stockfish reads it (:mod:`.ini`, :mod:`.options`, :mod:`.resolve`),
stated in the model through the option table's read-back (:mod:`.translate`), and written as an entry
(:mod:`.entry`) that ``extends`` its parent (the nearest imported section above it, or the shipped
``fairy-stockfish:`` entry of a built-in) and restates only what differs.  An entry is kept when

1. the catalogue written loads with our loader,
2. Fairy-Stockfish plays the entry exactly, and its variant reads back as the section did, and
3. pyffish agrees, on the start position, perft to :data:`~.proof.DEPTH` and the moves and game ends
   along random games, between the original section (loaded from the original file) and the entry's
   own section (:mod:`.proof`);

else it is left out with the reason, and its children extend its parent instead.
"""

from __future__ import annotations

import argparse
import dataclasses
import re
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from generator.catalogue import CatalogueError
from generator.catalogue.loader import load_catalogue_data, load_catalogue_text
from generator.catalogue.model import Catalogue
from generator.emit.fairy_stockfish import BUILTIN_VARIANTS, render_ini, section_name
from generator.emit.fairy_stockfish.reading import Stated, stated
from generator.emit.fairy_stockfish.table import ROW
from generator.emit.fidelity import limitations, relaxed
from generator.emit.target import Target
from generator.importers.entry import difference, entry_data
from generator.importers.ini import IniError, Section, read_ini_file
from generator.importers.proof import Progress, counts, first_difference
from generator.importers.resolve import Resolved, builtin_entries, builtin_rules, resolve
from generator.importers.translate import to_stated
from generator.importers.writing import MARK, entry_name, modeline, write_catalogue
from generator.importers.yaml_text import render_entry
from generator.importers.zillions.command import import_zillions, zillions_file
from generator.words import count, readable

__all__ = ["MARK", "Import", "cmd_import", "entry_name", "import_ini", "register", "summary", "write_catalogue"]

ParserT = TypeVar("ParserT", bound=argparse.ArgumentParser)


@dataclass
class _Candidate:
    section: Section
    rules_stated: Stated
    data: dict[str, Any]
    name: str


@dataclass
class Import:
    """What an import found: the catalogue text, the sections imported, each section left out with
    its one line, the options ignored per section, and, per option, how many sections it kept out."""

    path: str
    text: str = ""
    imported: list[str] = field(default_factory=list)
    left_out: list[tuple[str, str]] = field(default_factory=list)
    ignored: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    by_option: dict[str, int] = field(default_factory=dict)
    #: the options Fairy-Stockfish does not know, a line each
    unknown: list[str] = field(default_factory=list)


def _candidates(resolved: Sequence[Resolved], result: Import) -> dict[str, _Candidate]:
    out: dict[str, _Candidate] = {}
    taken: set[str] = set()
    sections = {r.name: r.section for r in resolved}
    for r in resolved:
        if r.ignored:
            result.ignored.append((r.name, r.ignored))
        result.unknown += r.unknown
        if r.problems:
            result.left_out += [(r.name, p) for p in r.problems]
            continue
        if r.refused or r.rules is None:
            why = "; ".join(f"{x}{_whence(x, r.section, sections)}" for x in r.refused)
            result.left_out.append(
                (r.name, f"{result.path}:{r.section.line}: section [{r.name}]: no equivalent for {why}")
            )
            for option in r.refused:
                key = option.split(" ")[0]
                result.by_option[key] = result.by_option.get(key, 0) + 1
            continue
        try:
            s = to_stated(r.rules)
            data = entry_data(s, r.rules)
        except (ValueError, KeyError, IndexError, StopIteration) as e:
            result.left_out.append((r.name, f"section [{r.name}]: the read-back fails: {type(e).__name__}: {e}"))
            result.by_option["read-back"] = result.by_option.get("read-back", 0) + 1
            continue
        name = entry_name(r.name, taken)
        taken.add(name)
        out[r.name] = _Candidate(r.section, s, data, name)
    return out


def _whence(refused: str, section: Section, sections: dict[str, Section]) -> str:
    """Where the options a refusal names come from: their lines, the parent that sets them, or Fairy-Stockfish's
    defaults (which assume 8 ranks), so that the person who wrote the file knows what to change.

    >>> from generator.importers.ini import Section
    >>> six = Section("six", "", 2, {"maxRank": ("6", 3), "doubleStepRegionWhite": ("*2", 4)})
    >>> print(_whence("doubleStepRegionWhite = *2", six, {}))
     (line 4)
    >>> print(_whence("doubleStepRegionBlack = *7", six, {}))
     (not written: Fairy-Stockfish's default, made for 8 ranks; write it to change it)
    """
    lines, inherited, unwritten = [], [], []
    for key in dict.fromkeys(re.findall(r"\b([a-z]\w*) =", refused)):
        s: Section | None = section
        seen: set[str] = set()
        while s is not None and key not in s.options and s.name not in seen:
            seen.add(s.name)
            s = sections.get(s.parent) if s.parent not in BUILTIN_VARIANTS else None
        if s is section:
            lines.append(str(section.options[key][1]))
        elif s is not None and key in s.options:
            inherited.append(f"{key} on line {s.options[key][1]}, in [{s.name}]")
        else:
            unwritten.append(key)
    notes = [f"line{'s' if len(lines) > 1 else ''} {', '.join(lines)}"] if lines else []
    notes += inherited
    if unwritten:
        alone = not lines and not inherited
        notes.append(_unwritten(unwritten, alone, _builtin_parent(section, sections)))
    return f" ({'; '.join(notes)})" if notes else ""


def _unwritten(keys: list[str], alone: bool, parent: str | None) -> str:
    """The note on options a section does not write: whose values they are (``parent``: the built-in the
    section descends from), and that Fairy-Stockfish's regions assume 8 ranks; ``alone``: no other option named."""
    one = len(keys) == 1
    origin = f"the built-in {parent}'s" if parent else "Fairy-Stockfish's " + ("default" if one else "defaults")
    ranks = not parent and any(k in ROW and ROW[k].kind == "bitboard" and ROW[k].default not in ("", "-") for k in keys)
    return (
        ("" if alone else f"{' and '.join(keys)} ")
        + f"not written: {origin}"
        + (", made for 8 ranks" if ranks else "")
        + f"; write {'it' if one else 'them'} to change {'it' if one else 'them'}"
    )


def _builtin_parent(section: Section, sections: dict[str, Section]) -> str | None:
    """The built-in variant the section's line of parents ends at, if any."""
    seen = set()
    s = section
    while s.parent and s.parent not in seen:
        if s.parent in BUILTIN_VARIANTS:
            return s.parent
        seen.add(s.parent)
        nxt = sections.get(s.parent)
        if nxt is None:
            return None
        s = nxt
    return None


def _builtin_data(name: str) -> dict[str, Any]:
    """The shipped entry of a built-in as :func:`entry_data` writes it, for the difference a child restates."""
    return entry_data(stated(relaxed(builtin_entries()[name], Target.FAIRY_STOCKFISH)), builtin_rules(name))


#: the longest first line of a comment that is read as the section's title
TITLE_LENGTH = 32


def titled(comment: str) -> tuple[str, str]:
    """A section's title and description from the comment above it: a short first line followed by more
    (``Indian great chess`` then its link) is the title, the rest the description; else all is description.

    >>> titled("Indian great chess\\nhttps://www.chessvariants.com/historic.dir/indiangr1.html")
    ('Indian great chess', 'https://www.chessvariants.com/historic.dir/indiangr1.html')
    >>> titled("Hybrid variant of makruk and crazyhouse")
    ('', 'Hybrid variant of makruk and crazyhouse')
    """
    lines = _printable(comment).splitlines()
    if len(lines) > 1 and len(lines[0]) <= TITLE_LENGTH and "://" not in lines[0]:
        return lines[0].rstrip(".:"), _described("\n".join(lines[1:]))
    return "", _described(comment)


def _described(comment: str) -> str:
    """A section's comment as one paragraph: its lines joined, a ``;`` after a line that ends without a stop.

    >>> _described("pawns that move sideways\\nan example, see https://x.org/p.html")
    'pawns that move sideways; an example, see https://x.org/p.html'
    """
    out = ""
    for line in _printable(comment).splitlines():
        out += ("" if not out else " " if out[-1] in ".,;:!?" else "; ") + line.strip()
    return out


def _printable(text: str) -> str:
    """``text`` without the control characters a catalogue's text may not hold (a newline aside)."""
    return "".join(ch if ch == "\n" or ch.isprintable() else " " for ch in text).strip()


def _entries(
    candidates: dict[str, _Candidate], kept: Sequence[str], sections: dict[str, Section], file: str
) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for key in kept:
        c = candidates[key]
        parent = c.section.parent
        # FSF's parent is a built-in if there is one of that name (a section of that name is ignored)
        while parent in sections and parent not in kept and parent not in BUILTIN_VARIANTS:
            parent = sections[parent].parent
        entry: dict[str, Any] = {}
        if parent in kept:
            entry["extends"] = candidates[parent].name
            base = candidates[parent].data
        elif parent in builtin_entries():
            entry["extends"] = f"fairy-stockfish:{builtin_entries()[parent].name}"
            base = _builtin_data(parent)
        else:
            base = {}
        title, description = titled(c.section.comment)
        entry["title"] = title or _printable(readable(c.section.name)) or c.section.name
        entry["description"] = description or f"Section [{c.section.name}] of {file}, imported."
        entry.update(difference(base, c.data))
        for letter, piece in (entry.get("pieces") or {}).items():
            # a region restated as squares replaces a parent's given as ranks
            if piece and "region" in piece and letter in base.get("pieces", {}):
                piece["region"] = {"ranks": None, **piece["region"]}
        entry["source"] = {"file": file, "section": c.section.name}
        out.append((c.name, entry))
    return out


def _header(path: str, out_path: Path) -> str:
    return (
        modeline(out_path) + f"{MARK} from {path}: one entry per section, each proven against\n"
        "# the original section in pyffish (start position, perft, random games) before it was written.\n\n"
        "variants:\n\n"
    )


def _leave_out(result: Import, kept: list[str], key: str, why: str, step: str, at: str = "") -> None:
    """Leave the section ``key`` out for ``why``, counted under ``step`` (an option, or a step of the import);
    ``at``: the ``file:line: `` its line starts with."""
    kept.remove(key)
    result.left_out.append((key, f"{at}section [{key}]: {why}"))
    result.by_option[step] = result.by_option.get(step, 0) + 1


def _ancestors(key: str, sections: dict[str, Section]) -> set[str]:
    out = set()
    parent = sections[key].parent
    while parent in sections and parent not in BUILTIN_VARIANTS and parent not in out:
        out.add(parent)
        parent = sections[parent].parent
    return out


def _refuse_unloadable(
    result: Import, kept: list[str], at: tuple[str, dict[str, Section]], path: str, e: CatalogueError
) -> None:
    """A section whose entry the loader refuses, refused by the options that state the field it names (the
    catalogue's own field only where no option states it)."""
    key, sections = at
    stating = _stating(e.field or "", sections[key], sections)
    if not stating:
        where_in = f"field {e.field}: " if e.field else ""
        _leave_out(result, kept, key, f"the entry does not load: {where_in}{e.message}", "catalogue")
        return
    named = "; ".join(stating)
    why = f"no equivalent for {named}{_whence(named, sections[key], sections)}: {e.message}"
    _leave_out(result, kept, key, why, stating[0].split(" ")[0], f"{path}:{sections[key].line}: ")


def _stating(field: str, section: Section, sections: dict[str, Section]) -> list[str]:
    """The options of ``section``, or of the sections it inherits from, whose rows state the catalogue
    ``field`` (or a field within it, or the field it is within), as ``key = value``.

    >>> from generator.importers.ini import Section
    >>> halma = Section("halma", "", 1, {"flagPieceCount": ("9", 5), "maxRank": ("8", 2)})
    >>> _stating("goals.flag.count", halma, {})
    ['flagPieceCount = 9']
    """
    out: dict[str, str] = {}
    seen: set[str] = set()
    s: Section | None = section
    while field and s is not None and s.name not in seen:
        seen.add(s.name)
        for key, (value, _) in s.options.items():
            row = ROW.get(key)
            if row is not None and row.field and _within(row.field, field):
                out.setdefault(key, f"{key} = {value}")
        s = sections.get(s.parent) if s.parent not in BUILTIN_VARIANTS else None
    return list(out.values())


def _within(a: str, b: str) -> bool:
    return a == b or b.startswith(a + ".") or a.startswith(b + ".")


def _screen(
    candidates: dict[str, _Candidate],
    kept: list[str],
    sections: dict[str, Section],
    where: tuple[str, Path],
    result: Import,
) -> None:
    """Load each entry with its imported ancestors alone, and leave out each one the loader refuses, FSF
    cannot play exactly, or that reads back otherwise (one small catalogue each: the loader stops at the
    first error of a file)."""
    path, out_path = where
    for key in list(kept):
        above = _ancestors(key, sections)
        entries = _entries(candidates, [k for k in kept if k in above or k == key], sections, Path(path).name)
        try:
            # as the data the entries' text reads as: the text of all of them is loaded once, at the end
            catalogue = load_catalogue_data({"variants": dict(entries)}, str(out_path))
        except CatalogueError as e:
            _refuse_unloadable(result, kept, (key, sections), path, e)
            continue
        _reads_back(catalogue, [key], candidates, result, kept)


def _unordered(s: Stated) -> Stated:
    """``s`` with the lists whose order does not change play sorted: promotion choices, extinction pieces,
    the pairs of promotion by piece."""
    promotion = s.pawn_rules.promotion
    if promotion is not None:
        black = None if promotion.black_choices is None else tuple(sorted(promotion.black_choices))
        promotion = dataclasses.replace(promotion, choices=tuple(sorted(promotion.choices)), black_choices=black)
    extinction = s.goals.extinction
    if extinction is not None:
        extinction = dataclasses.replace(extinction, pieces=tuple(sorted(extinction.pieces)))
    by_piece = s.piece_promotion
    if by_piece is not None:
        by_piece = dataclasses.replace(by_piece, pieces=tuple(sorted(by_piece.pieces)))
    return dataclasses.replace(
        s,
        pawn_rules=dataclasses.replace(s.pawn_rules, promotion=promotion),
        goals=dataclasses.replace(s.goals, extinction=extinction),
        piece_promotion=by_piece,
    )


def _reads_back(
    catalogue: Catalogue, keys: list[str], candidates: dict[str, _Candidate], result: Import, kept: list[str]
) -> None:
    """Leave out each entry of ``keys`` FSF cannot play exactly or that reads back otherwise."""
    for key in keys:
        c = candidates[key]
        v = catalogue.get(c.name)
        assert v is not None
        played = relaxed(v, Target.FAIRY_STOCKFISH)
        # a note whose rule the entry already states as FSF plays it relaxes nothing
        lims = [x for x in limitations(v, Target.FAIRY_STOCKFISH) if not x.switchable or played != v]
        why = None
        if lims:
            why = f"Fairy-Stockfish cannot play the entry exactly: {lims[0].rule}: {lims[0].text}"
        else:
            own, want = _unordered(stated(played)), _unordered(c.rules_stated)
            # without a note FSF plays the entry as it is: a rewrite the emitter makes silently (FSF's pawn
            # among custom pawns written as one of them) states the section as well as the entry does
            if own != want and not lims:
                own = _unordered(stated(v))
            diff = [f for f in own.__dataclass_fields__ if getattr(own, f) != getattr(want, f)]
            if diff:
                why = f"the entry reads back otherwise ({', '.join(diff)})"
        if why:
            _leave_out(result, kept, key, why, "read-back")


def _prove(
    original: str,
    catalogue: Catalogue,
    kept: list[str],
    candidates: dict[str, _Candidate],
    result: Import,
    workers: tuple[int | None, Progress | None],
) -> None:
    pairs = []
    for key in kept:
        v = catalogue.get(candidates[key].name)
        assert v is not None
        pairs.append((key, section_name(v)))
    own = render_ini(catalogue, [candidates[k].name for k in kept])
    theirs, ours = counts(original, own, pairs, jobs=workers[0], progress=workers[1])
    for key, own in pairs:
        a, b = theirs.get(key), ours.get(own)
        why = None
        if a is None:
            why = "pyffish does not load the original section"
        elif b is None:
            why = f"pyffish does not load the entry's section [{own}]"
        else:
            found = first_difference(a, b)
            why = f"pyffish disagrees: {found}" if found else None
        if why:
            _leave_out(result, kept, key, why, "proof")


def _text(
    candidates: dict[str, _Candidate], kept: list[str], sections: dict[str, Section], where: tuple[str, Path]
) -> str:
    path, out_path = where
    entries = _entries(candidates, kept, sections, Path(path).name)
    body = "".join(render_entry(name, data) + "\n" for name, data in entries)
    return (_header(path, out_path) + body).rstrip("\n") + "\n"


def _catalogue(
    candidates: dict[str, _Candidate], kept: list[str], sections: dict[str, Section], where: tuple[str, Path]
) -> Catalogue:
    return load_catalogue_text(_text(candidates, kept, sections, where), str(where[1]))


def import_ini(
    path: str, out_path: Path, prove: bool = True, jobs: int | None = None, progress: Progress | None = None
) -> Import:
    """Import the ``variants.ini`` at ``path`` as the catalogue to be written at ``out_path``, the proofs on
    ``jobs`` worker processes (default: one per core), told to ``progress``; :class:`~.ini.IniError` if the
    file cannot be read at all."""
    text, sections = read_ini_file(path)
    result = Import(path)
    candidates = _candidates(resolve(sections, path), result)
    by_name = {s.name: s for s in sections}
    kept = list(candidates)
    _screen(candidates, kept, by_name, (path, out_path), result)
    if prove and kept:
        own = _catalogue(candidates, kept, by_name, (path, out_path))
        _prove(text, own, kept, candidates, result, (jobs, progress))
    result.text = _text(candidates, kept, by_name, (path, out_path))
    if kept:  # every entry loaded alone, with its ancestors: the whole file loads as well
        _catalogue(candidates, kept, by_name, (path, out_path))
    result.imported = list(kept)
    order = {s.name: i for i, s in enumerate(sections)}
    result.left_out.sort(key=lambda x: order.get(x[0], 0))
    return result


def summary(result: Import, out_path: Path, verbose: bool) -> list[str]:
    """The lines the command prints: each section left out, the options ignored (``verbose``), and the
    counts."""
    lines = [f"warning: {why}" for why in result.unknown]
    lines += [f"left out: {why}" for _, why in result.left_out]
    if verbose:
        lines += [f"ignored in [{name}]: {', '.join(options)}" for name, options in result.ignored]
    sections = len(result.imported) + len({name for name, _ in result.left_out})
    lines.append(
        f"{len(result.imported)} of {count(sections, 'section')} imported into {out_path}"
        if result.imported
        else f"no section of {sections} imported; {out_path} not written"
    )
    if result.by_option:
        counted = sorted(result.by_option.items(), key=lambda x: (-x[1], x[0]))
        lines.append("left out, by option: " + ", ".join(f"{key} {n}" for key, n in counted))
    return lines


def register(subparsers: argparse._SubParsersAction[ParserT], parents: Sequence[ParserT] = ()) -> ParserT:
    """Add the ``import`` sub-command (it reads no catalogue: ``alone=cmd_import``)."""
    p = subparsers.add_parser(
        "import",
        parents=list(parents),
        help="a Fairy-Stockfish variants.ini or a Zillions .zrf as a catalogue, each entry proven against its original",
        description="Read a Fairy-Stockfish variants.ini as Fairy-Stockfish reads it, or a Zillions .zrf (or a .zip "
        "download holding one) as Zillions plays it, and write a catalogue: one entry per section or game the "
        "catalogue can state exactly, proven against the original (in pyffish, or through the ZRF interpreter: "
        "start position, perft and random games) before it is written.  A section or game that cannot be "
        "stated, or that Fairy-Stockfish would skip (an unknown parent, a broken header), is left out with its "
        "line; the others import.  Exit status 0 when something was imported, 1 when the file was read and "
        "nothing could be, 2 when it could not be read.",
    )
    p.add_argument("ini", metavar="FILE", help="a variants.ini, or a Zillions .zrf (or a .zip download holding one)")
    p.add_argument("--game", metavar="N", help="a .zrf's one game to import, by title or number (default: every game)")
    p.add_argument("--out", metavar="CATALOGUE.yaml", help="default: FILE.yaml beside FILE")
    p.add_argument("--force", action="store_true", help="replace --out even if variantgen import did not write it")
    p.add_argument("-v", "--verbose", action="store_true", help="also list the options ignored (display only)")
    p.add_argument(
        "--jobs", type=int, metavar="J", help="an ini's proofs: pyffish worker processes (default: one per core)"
    )
    p.set_defaults(alone=cmd_import)
    return p


class _Shown:
    """The proofs' progress on standard error, a line per chunk proved while more are to come, once the
    import has taken over :data:`QUIET` seconds (a small file imports without a word there; the summary
    follows the last chunk)."""

    def __init__(self, started: float) -> None:
        self.started = started

    def __call__(self, proved: int, total: int) -> None:
        taken = time.perf_counter() - self.started
        if taken > QUIET and proved < total:
            print(f"proved in pyffish: {proved} of {count(total, 'section')} ({taken:.0f} s)", file=sys.stderr)


#: an import that takes longer shows its progress
QUIET = 2.0


def cmd_import(args: argparse.Namespace) -> int:
    if zillions_file(args.ini):
        return import_zillions(args.ini, args.game, args.out, args.force)
    if args.game is not None:
        raise ValueError("--game picks a game of a Zillions .zrf; a variants.ini has sections")
    if args.jobs is not None and args.jobs < 1:
        raise ValueError(f"--jobs {args.jobs} must be 1 or more")
    out_path = Path(args.out) if args.out else Path(args.ini).with_suffix(".yaml")
    if out_path.resolve() == Path(args.ini).resolve():
        raise ValueError(f"--out {out_path} is the ini file itself")
    try:
        result = import_ini(args.ini, out_path, jobs=args.jobs, progress=_Shown(time.perf_counter()))
    except IniError as e:
        raise ValueError(str(e)) from None
    if result.imported:
        try:
            write_catalogue(result.text, out_path, args.force)
        except OSError as e:
            raise ValueError(f"{out_path}: cannot write the catalogue: {e.strerror or e}") from None
    for line in summary(result, out_path, args.verbose):
        print(line)
    return 0 if result.imported else 1
