"""``out/index.html``: the catalogue as one static page.

Per family a section, per variant its title and description, the setup diagram and the piece
diagrams of :mod:`generator.emit.diagrams` (with each piece's Betza and its moves in words), the
rules in short (generated here from the model), the catalogue's notes, what each target plays
(:func:`generator.emit.fidelity.limitations`), and links to the Zillions download and to
``variants.ini`` with the section to look for.  A table of contents comes first.

The page is self-contained: inline CSS, no JavaScript, no external URL; every link is relative
to ``out/`` (diagrams under ``diagrams/``, downloads under ``zillions/`` and
``fairy-stockfish/``).  All decisions are made in :func:`page_context`, a typed :class:`PageContext`; the Jinja
template (``templates/page/index.html.j2``, autoescaped) only lays it out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from generator.catalogue.model import Catalogue, PieceType, Variant
from generator.emit import diagrams, fairy_stockfish, zillions
from generator.emit.fidelity import FAIRY_STOCKFISH, TARGETS, UNWRITABLE, ZILLIONS, limitations, writable
from generator.emit.jinja import render
from generator.emit.manifest import Manifest
from generator.emit.rules_text import ranks_phrase, rules_in_short

__all__ = ["FILE_NAME", "emit", "page_context", "render_page", "rules_in_short"]

FILE_NAME = "index.html"  # at the top of out/
TEMPLATE = "page/index.html.j2"
TARGET_TITLES = {FAIRY_STOCKFISH: "Fairy-Stockfish", ZILLIONS: "Zillions of Games"}


def _href(*parts: str) -> str:
    """A relative URL from path parts, each percent-encoded (spaces become ``%20``)."""
    return "/".join(quote(p, safe="") for p in parts)


@dataclass(frozen=True)
class Picture:
    src: str
    alt: str


@dataclass(frozen=True)
class PieceEntry:
    """A piece's card: its diagram, Betza, roles and moves in words."""

    name: str
    letter: str
    betza: str
    roles: tuple[str, ...]
    help: str
    describe: tuple[str, ...]
    src: str
    alt: str


@dataclass(frozen=True)
class TargetFidelity:
    """What one target plays of a variant: ``ok`` if every rule, else the texts of what differs."""

    target: str
    ok: bool
    summary: str
    texts: tuple[str, ...]


@dataclass(frozen=True)
class FairyStockfishLink:
    """The ini file and the variant's section in it (None, with ``why``, if it has none)."""

    href: str
    file: str
    section: str | None
    why: str


@dataclass(frozen=True)
class ZillionsLink:
    href: str
    file: str
    writable: bool


@dataclass(frozen=True)
class VariantEntry:
    """One variant's article on the page."""

    name: str
    title: str
    description: str
    setup: Picture
    pieces: tuple[PieceEntry, ...]
    rules: tuple[tuple[str, str], ...]
    notes: tuple[str, ...]
    fidelity: tuple[TargetFidelity, ...]
    fairy_stockfish: FairyStockfishLink
    zillions: ZillionsLink


@dataclass(frozen=True)
class FamilyEntry:
    name: str
    title: str
    anchor: str
    variants: tuple[VariantEntry, ...]


@dataclass(frozen=True)
class PageContext:
    """Everything ``templates/page/index.html.j2`` shows."""

    title: str
    source: str
    count: int
    families: tuple[FamilyEntry, ...]
    ini_href: str


def _fidelity(v: Variant) -> tuple[TargetFidelity, ...]:
    out = []
    for target in TARGETS:
        lims = limitations(v, target)
        title = TARGET_TITLES.get(target, target)
        summary = f"{title} plays every rule." if not lims else f"{title} differs:"
        out.append(TargetFidelity(title, not lims, summary, tuple(x.text for x in lims)))
    return tuple(out)


def _piece_entry(v: Variant, p: PieceType) -> PieceEntry:
    roles = tuple(r for r, on in (("royal", p.royal), ("pawn", p.pawn)) if on)
    words = p.movement.describe()
    pr = v.pawn_rules
    if p.pawn and pr.max_steps > 1 and pr.multi_step_ranks:
        words.append(f"from {ranks_phrase(pr.multi_step_ranks)}: up to {pr.max_steps} squares straight ahead")
    return PieceEntry(
        name=p.name,
        letter=p.letter,
        betza=p.betza,
        roles=roles,
        help=p.help,
        describe=tuple(words),
        src=_href(diagrams.FOLDER, diagrams.piece_file(v, p)),
        alt=f"How the {p.name} ({p.betza}) moves",
    )


def _variant_entry(v: Variant) -> VariantEntry:
    fsf_ok = writable(v, FAIRY_STOCKFISH)
    why = "; ".join(x.text for x in limitations(v, FAIRY_STOCKFISH) if x.rule in UNWRITABLE)
    zip_name = zillions.zrf_file_name(v.family_title)[: -len(".zrf")] + ".zip"
    return VariantEntry(
        name=v.name,
        title=v.title,
        description=v.description,
        setup=Picture(_href(diagrams.FOLDER, diagrams.setup_file(v)), f"{v.title}: the start position"),
        pieces=tuple(_piece_entry(v, p) for p in v.pieces),
        rules=tuple(rules_in_short(v)),
        notes=v.notes,
        fidelity=_fidelity(v),
        fairy_stockfish=FairyStockfishLink(
            href=_href(fairy_stockfish.FOLDER, fairy_stockfish.FILE_NAME),
            file=f"{fairy_stockfish.FOLDER}/{fairy_stockfish.FILE_NAME}",
            section=fairy_stockfish.section_name(v) if fsf_ok else None,
            why=why,
        ),
        zillions=ZillionsLink(_href(zillions.FOLDER, zip_name), zip_name, writable(v, ZILLIONS)),
    )


def page_context(catalogue: Catalogue, names: Sequence[str] | None = None) -> PageContext:
    """Everything the template needs: the selected variants by family, in catalogue order."""
    selected = fairy_stockfish.select(catalogue, names)
    by_family: dict[str, list[Variant]] = {}
    for v in selected:
        by_family.setdefault(v.family, []).append(v)
    families = tuple(
        FamilyEntry(name, vs[0].family_title, f"family-{name}", tuple(_variant_entry(v) for v in vs))
        for name, vs in by_family.items()
    )
    return PageContext(
        title="Chess variants: the variantgen catalogue",
        source=Path(catalogue.path).name or "the catalogue",
        count=len(selected),
        families=families,
        ini_href=_href(fairy_stockfish.FOLDER, fairy_stockfish.FILE_NAME),
    )


def render_page(catalogue: Catalogue, names: Sequence[str] | None = None) -> str:
    """The page's HTML text (deterministic)."""
    return render(TEMPLATE, html=True, page=page_context(catalogue, names))


def emit(catalogue: Catalogue, folder: Path, names: Sequence[str] | None = None) -> Manifest:
    """Write ``index.html`` into ``folder``; the files written.  The build swaps it in as
    ``out/index.html`` (see :class:`generator.emit.build.Emitter`, ``file=True``)."""
    path = Path(folder) / FILE_NAME
    path.write_bytes(render_page(catalogue, names).encode("utf-8"))
    return Manifest(target="page", files=(FILE_NAME,))
