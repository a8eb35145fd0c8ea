"""The ``variants.ini`` emitter: the section of each variant, its comment and start position, and the file."""

from __future__ import annotations

import textwrap
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path

from generator.catalogue.model import Catalogue, Variant
from generator.catalogue.source import identity
from generator.emit.fairy_stockfish.options import (
    CONTROL_CHARACTERS,
    OptionGroup,
    ini_value,
    needs,
    option_groups,
)
from generator.emit.fairy_stockfish.table import Opt
from generator.emit.fidelity import check_name, limitations, relaxed, writable
from generator.emit.jinja import render
from generator.emit.manifest import Manifest, SectionEntry
from generator.emit.target import Target
from generator.engine import Position

__all__ = [
    "BUILTIN_VARIANTS",
    "FILE_NAME",
    "FOLDER",
    "IniContext",
    "SectionContext",
    "catalogue_identity",
    "emit",
    "expected_start_fens",
    "ini_context",
    "renamed",
    "render_ini",
    "section_context",
    "section_entries",
    "section_name",
    "select",
    "start_fen",
]

FOLDER = "fairy-stockfish"  # under out/
FILE_NAME = "variants.ini"
TEMPLATE = "fairy-stockfish/variants.ini.j2"
RENAME_SUFFIX = "-variantgen"

#: The variants built into Fairy-Stockfish (pyffish 0.0.90, ``pyffish.variants()`` before any load).
_BUILTIN_NAMES = (
    "3check 5check ai-wok almost amazon amazons antichess armageddon asean ataxx atomar atomic berolina "
    "breakthrough bughouse cambodian capablanca capahouse caparandom centaur chancellor chaturanga checkshogi "
    "chess chessgi chigorin clobber clobber10 codrus coregal courier crazyhouse dobutsu dragon duck embassy "
    "euroshogi extinction fairy fischerandom flipello flipello10 flipersi fox-and-hounds gardner georgian "
    "giveaway gorogoro gothic grand grasshopper gustav3 hoppelpoppel horde isolation isolation7x7 janggi "
    "janggicasual janggimodern janggitraditional janus jesonmor joust judkins karouk kinglet kingofthehill "
    "knightmate koedem kyotoshogi legan loop losalamos losers makpong makruk manchu micro mini minishogi "
    "minixiangqi misere modern newzealand nightrider nocastle nocheckatomic normal okisakishogi omicron "
    "opulent paradigm pawnback pawnsideways perfect petrified placement pocketknight raazuvaa racingkings "
    "seirawan shako shatar shatranj shogi shoshogi shouse sittuyin snailtrail sortofalmost spartan suicide "
    "supply tencubed threekings torishogi torpedo troitzky wolf xiangqi yarishogi"
)
BUILTIN_VARIANTS = frozenset(_BUILTIN_NAMES.split())


def renamed(name: str, taken: Collection[str] = BUILTIN_VARIANTS) -> str:
    """``name``, or ``<name>-variantgen`` if ``taken`` (FSF's built-ins) has it: FSF keeps the first
    definition of a name.

    >>> renamed("chess"), renamed("ajax-chess")
    ('chess-variantgen', 'ajax-chess')
    """
    return name + RENAME_SUFFIX if name in taken else name


def section_name(variant: Variant) -> str:
    """The ini section name of ``variant``: the section it was imported from where FSF has no built-in
    of that name, else its name, or ``<name>-variantgen`` if FSF has that built in."""
    source = variant.source
    if (
        source is not None
        and source.section is not None
        and source.section not in BUILTIN_VARIANTS
        and ini_section_name(source.section)
    ):
        return source.section
    return renamed(check_name(variant.name, "variant name"))


def ini_section_name(name: str) -> bool:
    """Whether ``name`` can head an ini section that FSF reads back as ``name``.

    >>> ini_section_name("Orda"), ini_section_name("a:b"), ini_section_name(" x")
    (True, False, False)
    """
    return bool(name) and name == name.strip() and not CONTROL_CHARACTERS.search(name) and not set("[]:#;") & set(name)


def start_fen(variant: Variant) -> str:
    """The reference engine's start FEN of ``variant``, without the engine's extension field."""
    return " ".join(field for field in Position.start(variant).fen().split(" ") if not field.startswith("{"))


def select(catalogue: Catalogue, names: Sequence[str] | None = None) -> list[Variant]:
    """The catalogue's variants named in ``names`` (all if None), in catalogue order; ``ValueError``
    naming any unknown name."""
    if names is None:
        return list(catalogue.variants)
    known = set(catalogue.names())
    unknown = [n for n in names if n not in known]
    if unknown:
        raise ValueError(
            f"unknown variant{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))}; "
            f"known: {', '.join(catalogue.names())}"
        )
    wanted = set(names)
    return [v for v in catalogue.variants if v.name in wanted]


# --- the context ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SectionContext:
    """What the template writes for one catalogue variant.

    ``written`` is False when FSF cannot take the variant at all: then only the ``comment`` (lines
    without ``#``) is written, and ``groups`` is empty and ``start_fen`` None.
    """

    name: str
    variant: str
    written: bool
    comment: tuple[str, ...]
    groups: tuple[OptionGroup, ...] = ()
    start_fen: str | None = None


@dataclass(frozen=True)
class IniContext:
    """The whole file: the header's lines (without ``#``), then the sections in catalogue order."""

    header: tuple[str, ...]
    sections: tuple[SectionContext, ...]


def _wrap(text: str, first: str, rest: str) -> list[str]:
    return textwrap.wrap(text, width=100, initial_indent=first, subsequent_indent=rest, break_on_hyphens=False)


def _comment(variant: Variant, naming: str, source: str | None, written: bool) -> tuple[str, ...]:
    """The section's comment: title, source, why it is named so, and what FSF cannot express."""
    where = f"{source or 'the catalogue'}, line {variant.source_line}" if variant.source_line else (source or "code")
    seed = f"; seed page {variant.seed}" if variant.seed else ""
    comment = [f"{variant.title} ({variant.name})", f"source: {where}; family {variant.family_title}{seed}"]
    if naming:
        comment += _wrap(naming, "", "  ")
    lims = limitations(variant, Target.FAIRY_STOCKFISH)
    if not lims:
        comment.append("Fairy-Stockfish plays every rule of this entry.")
    else:
        comment.append("Not expressible in Fairy-Stockfish:")
        for lim in lims:
            comment += _wrap(f"{lim.rule}: {lim.text}", "- ", "    ")
    if not written:
        comment.append("No section is written for this entry.")
    for line in comment:
        if CONTROL_CHARACTERS.search(line):
            raise ValueError(f"comment line {line!r} has a control character: it cannot go into variants.ini")
    return tuple(comment)


def section_context(
    variant: Variant, source: str | None = None, name: str | None = None, naming: str = ""
) -> SectionContext:
    """Everything the template needs for one variant's section; ``source`` names the catalogue file
    in the comment.  The section is called :func:`section_name`, unless ``name`` says otherwise (a
    pychess-variants upload), with ``naming`` a sentence in the comment on why."""
    if name is None:
        name = section_name(variant)
        if name != variant.name:
            naming = (
                f"named {name}: Fairy-Stockfish has a built-in variant {variant.name} and keeps the first "
                "definition of a name"
            )
    written = writable(variant, Target.FAIRY_STOCKFISH)
    comment = _comment(variant, naming, source, written)
    if not written:
        return SectionContext(name, variant.name, False, comment)
    r = relaxed(variant, Target.FAIRY_STOCKFISH)
    fen = start_fen(r)
    setup = OptionGroup.of("setup", [(Opt.startFen.key, fen)])
    return SectionContext(name, variant.name, True, comment, (*option_groups(r), setup), fen)


def catalogue_identity(catalogue: Catalogue) -> tuple[str, str]:
    """The catalogue's file name and the sha256 of its bytes, as the headers name it."""
    file_name, digest = identity(catalogue.path)
    return ini_value(file_name, "catalogue file name"), digest


def _header(
    file_name: str, digest: str, sections: Sequence[SectionContext], selected: Sequence[Variant]
) -> tuple[str, ...]:
    written = sum(1 for s in sections if s.written)
    # the emitter's old path, now the package generator/emit/fairy_stockfish/: kept so that out/ stays byte-identical
    header = [
        "Fairy-Stockfish variant definitions, generated by `variantgen build` (generator/emit/fairy_stockfish.py,",
        "templates/fairy-stockfish/variants.ini.j2).  Do not edit: change the catalogue and rebuild.",
        f"catalogue: {file_name}, sha256 {digest}",
        f"{written} section{'s' if written != 1 else ''}, each without a parent: every option it relies on is "
        "written out.",
    ]
    version, date, newest = needs(key for s in sections for group in s.groups for key, _ in group.options)
    if newest:
        header += _wrap(
            f"Needs pyffish {version} or later, or Fairy-Stockfish built from sources of {date} or later, "
            f"for {', '.join(newest)}: an older build ignores an option it does not know without a word.",
            "",
            "",
        )
    if any(v.board.files > 8 or v.board.ranks > 8 for v in selected):
        header.append("Needs a large-board build (up to 12x10), such as pyffish: pyffish.load_variant_config(text).")
    else:
        header.append("Loads into any Fairy-Stockfish build, e.g. pyffish.load_variant_config(text).")
    return tuple(header)


def ini_context(catalogue: Catalogue, names: Sequence[str] | None = None) -> IniContext:
    """The context of the whole ``variants.ini``; ``ValueError`` if two variants would share a section."""
    file_name, digest = catalogue_identity(catalogue)
    selected = select(catalogue, names)
    sections = tuple(section_context(v, file_name) for v in selected)
    seen: dict[str, str] = {}
    for s in sections:
        if s.name in seen:
            raise ValueError(f"variants {seen[s.name]!r} and {s.variant!r} would share section [{s.name}]")
        seen[s.name] = s.variant
    return IniContext(_header(file_name, digest, sections, selected), sections)


def render_ini(catalogue: Catalogue, names: Sequence[str] | None = None) -> str:
    """The whole ``variants.ini`` text for the catalogue (or the variants in ``names``)."""
    return render(TEMPLATE, ini=ini_context(catalogue, names))


def section_entries(catalogue: Catalogue, names: Sequence[str] | None = None) -> tuple[SectionEntry, ...]:
    """The manifest's entries: every section :func:`render_ini` writes, with its start FEN."""
    return tuple(
        SectionEntry(v.name, section_name(v), start_fen(relaxed(v, Target.FAIRY_STOCKFISH)))
        for v in select(catalogue, names)
        if writable(v, Target.FAIRY_STOCKFISH)
    )


def expected_start_fens(catalogue: Catalogue, names: Sequence[str] | None = None) -> dict[str, str]:
    """Section name -> start FEN, for every section :func:`render_ini` writes."""
    return {s.section: s.start_fen for s in section_entries(catalogue, names)}


def emit(catalogue: Catalogue, folder: Path, names: Sequence[str] | None = None) -> Manifest:
    """Write ``variants.ini`` into ``folder``; what was written.  The
    :class:`generator.emit.output.Emitter` signature."""
    (folder / FILE_NAME).write_bytes(render_ini(catalogue, names).encode("utf-8"))
    return Manifest(target=Target.FAIRY_STOCKFISH, files=(FILE_NAME,), sections=section_entries(catalogue, names))
