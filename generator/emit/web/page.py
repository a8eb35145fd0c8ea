"""``out/index.html``: the catalogue as one static page, each variant told by what differs from chess.

First how to install a download (once, for every target), then orthodox chess, the yardstick
(:mod:`generator.emit.web.orthodox`): its rules in short and a card per orthodox piece.  Then per
family a section, per variant: what differs from orthodox chess (the rules whose text differs,
the board when it does), its pieces (a card the first time a piece appears on the page; later,
and for orthodox pieces, a chip with its glyph that links to the card), the start position, what
each target plays (:func:`generator.emit.fidelity.limitations`), the downloads with the section or
game to pick, and, folded, the rules that are the same as in chess.

The page is self-contained: inline CSS, no JavaScript, no external URL; every link is relative
to ``out/``.  The chips' glyphs are inline SVG symbols defined once.  All decisions are made in
:func:`page_context`, a typed :class:`PageContext`; the Jinja template
(``templates/page/index.html.j2``, autoescaped) only lays it out.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from markupsafe import Markup

from generator.betza import BetzaPiece
from generator.catalogue.model import Catalogue, Color, PieceType, Role, Variant
from generator.emit import fairy_stockfish, pychess, zillions
from generator.emit.fidelity import ANALYSED, UNWRITABLE, limitations, writable
from generator.emit.jinja import render
from generator.emit.manifest import Manifest
from generator.emit.pictures import diagrams
from generator.emit.pictures.glyphs import Glyph, glyph_set, svg_symbol
from generator.emit.target import Target
from generator.emit.web import play
from generator.emit.web.orthodox import piece_key, rule_differences, yardstick
from generator.emit.web.rules_text import most_steps, ranks_phrase, rules_in_short

__all__ = ["FILE_NAME", "emit", "page_context", "pychess_upload", "render_page", "rules_in_short"]

FILE_NAME = "index.html"  # at the top of out/
TEMPLATE = "page/index.html.j2"
ORTHODOX_ANCHOR = "orthodox-chess"

#: The pychess-variants file of a variant, as a path under ``out/`` (None: the variant has none).
PychessFile = Callable[[Variant], str | None]


def pychess_upload(v: Variant) -> str | None:
    """The pychess-variants upload file the pychess emitter writes for ``v``, under ``out/``."""
    return f"{pychess.FOLDER}/{pychess.upload_file_name(v)}" if pychess.uploaded(v) else None


def _href(*parts: str) -> str:
    """A relative URL from path parts, each percent-encoded (spaces become ``%20``)."""
    return "/".join(quote(p, safe="") for p in parts)


@dataclass(frozen=True)
class Picture:
    src: str
    alt: str


@dataclass(frozen=True)
class PieceCard:
    """A piece's card: its diagram, Betza, roles and moves in words; ``anchor`` its id."""

    anchor: str
    name: str
    letter: str
    betza: str
    roles: tuple[str, ...]
    describe: tuple[str, ...]
    src: str
    alt: str
    crop: str  # the CSS aspect ratio of the diagram's heading and board, shown without its legend


@dataclass(frozen=True)
class PieceChip:
    """A piece shown by its glyph (the symbol ``glyph``) and name, linking to its card."""

    name: str
    betza: str
    glyph: str
    href: str


@dataclass(frozen=True)
class ChipGroup:
    """Pieces of a variant whose cards are in one place: ``label`` says where."""

    label: str
    chips: tuple[PieceChip, ...]


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
    game: str | None  # the game to pick in Zillions; None: the zip does not hold this variant


@dataclass(frozen=True)
class Link:
    href: str
    file: str


@dataclass(frozen=True)
class VariantEntry:
    """One variant's article: ``differences`` from orthodox chess first (empty for the yardstick
    itself, ``is_yardstick``), ``same`` the rules that are as in chess; ``new_pieces`` the cards of
    pieces the page shows here first, ``pieces`` a chip for every piece, grouped."""

    name: str
    title: str
    description: str
    is_yardstick: bool
    differences: tuple[tuple[str, str], ...]
    same: tuple[tuple[str, str], ...]
    new_pieces: tuple[PieceCard, ...]
    pieces: tuple[ChipGroup, ...]
    setup: Picture
    notes: tuple[str, ...]
    fidelity: tuple[TargetFidelity, ...]
    fairy_stockfish: FairyStockfishLink
    zillions: ZillionsLink
    pychess: Link | None
    play: str | None  # the play page opened on this variant (None: the page does not offer it)


@dataclass(frozen=True)
class FamilyEntry:
    name: str
    title: str
    anchor: str
    variants: tuple[VariantEntry, ...]


@dataclass(frozen=True)
class OrthodoxSection:
    """The yardstick: where it comes from (``variant``: the anchor of the catalogue's own entry,
    None for the built-in description), its rules in short and the orthodox pieces' cards."""

    anchor: str
    variant: str | None
    variant_title: str
    rules: tuple[tuple[str, str], ...]
    pieces: tuple[PieceCard, ...]


@dataclass(frozen=True)
class PageContext:
    """Everything ``templates/page/index.html.j2`` shows.  ``glyphs``: the inline SVG that
    defines every chip's glyph once; ``pychess``: whether any variant has a pychess-variants file;
    ``play``: the play page, if it offers any variant."""

    title: str
    source: str
    count: int
    orthodox: OrthodoxSection
    families: tuple[FamilyEntry, ...]
    ini: Link
    zillions_folder: str  # the folder the first family's zip holds: the example of an unzipped download
    zillions_suffix: str  # what ends every Zillions file name and game title
    pychess: bool
    play: str | None
    glyphs: Markup


# --- pieces -------------------------------------------------------------------------------------------------


def _card(v: Variant, p: PieceType) -> PieceCard:
    roles = tuple(r for r, on in (("royal", p.royal), ("pawn", p.pawn)) if on)
    words = p.movement.describe()
    pr = v.pawn_rules
    if p.pawn and pr.max_steps > 1 and pr.multi_step_ranks:
        words.append(f"from {ranks_phrase(pr.multi_step_ranks)}: {most_steps(pr)} straight ahead")
    width, height = diagrams.piece_board_box(v, p)
    return PieceCard(
        anchor=f"piece-{v.name}-{p.letter}",
        name=p.name,
        letter=p.letter,
        betza=p.betza,
        roles=roles,
        describe=tuple(words),
        src=_href(diagrams.FOLDER, diagrams.piece_file(v, p)),
        alt=f"How the {p.name} ({p.betza}) moves",
        crop=f"{width} / {height}",
    )


class _Pieces:
    """Which card each piece of the page links to: orthodox pieces to the yardstick's cards,
    other pieces to the first card of the same diagram; and the glyph symbols the chips use."""

    def __init__(self, ref: Variant, selected: Sequence[Variant]) -> None:
        self.orthodox: dict[tuple[BetzaPiece, frozenset[Role]], PieceCard] = {}
        for rp in ref.pieces:  # each card drawn from the first variant that has the piece
            found = next(((v, p) for v in selected for p in v.pieces if piece_key(p) == piece_key(rp)), None)
            if found:
                self.orthodox[piece_key(rp)] = _card(*found)
        self.cards: dict[str, tuple[PieceCard, str]] = {}  # diagram text -> its card, and where
        self.symbols: dict[Glyph, str] = {}

    def symbol(self, g: Glyph) -> str:
        return self.symbols.setdefault(g, f"glyph-{len(self.symbols) + 1}")

    def of(self, v: Variant) -> tuple[tuple[PieceCard, ...], tuple[ChipGroup, ...]]:
        """The cards ``v`` shows first on the page, and a chip for each of its pieces, grouped by
        where their cards are: orthodox, new here, or first shown by an earlier variant."""
        new: list[PieceCard] = []
        groups: dict[str, list[PieceChip]] = {}
        glyphs = glyph_set(v.pieces)
        for p in v.pieces:
            card = self.orthodox.get(piece_key(p))
            label = "Orthodox"
            if card is None:
                diagram = diagrams.piece_svg(v, p)
                if diagram not in self.cards:
                    self.cards[diagram] = (_card(v, p), v.title)
                    new.append(self.cards[diagram][0])
                card, where = self.cards[diagram]
                label = "New, below" if card in new else f"As in {where}"
            chip = PieceChip(p.name, p.betza, self.symbol(glyphs[p.letter]), f"#{card.anchor}")
            groups.setdefault(label, []).append(chip)
        return tuple(new), tuple(ChipGroup(label, tuple(chips)) for label, chips in groups.items())

    def defs(self) -> Markup:
        """An SVG holding every chip glyph as a ``<symbol>``, to draw with ``<use>``."""
        symbols = "".join(
            f'<symbol id="{sid}" viewBox="0 0 100 100">{svg_symbol(g, Color.WHITE, 100)}</symbol>'
            for g, sid in self.symbols.items()
        )
        return Markup(f'<svg class="glyph-defs" width="0" height="0" aria-hidden="true"><defs>{symbols}</defs></svg>')


# --- variants -----------------------------------------------------------------------------------------------


def _fidelity(v: Variant) -> tuple[TargetFidelity, ...]:
    out = []
    for target in ANALYSED:
        lims = limitations(v, target)
        title = target.product
        summary = f"{title} plays every rule." if not lims else f"{title} differs:"
        out.append(TargetFidelity(title, not lims, summary, tuple(x.text for x in lims)))
    return tuple(out)


def _downloads(
    catalogue: Catalogue, v: Variant, pychess: PychessFile | None
) -> tuple[FairyStockfishLink, ZillionsLink, Link | None]:
    why = "; ".join(x.text for x in limitations(v, Target.FAIRY_STOCKFISH) if x.rule in UNWRITABLE)
    zip_name = zillions.zip_file_name(zillions.download_of(catalogue, v.name).title)
    fsf = FairyStockfishLink(
        href=_href(fairy_stockfish.FOLDER, fairy_stockfish.FILE_NAME),
        file=f"{fairy_stockfish.FOLDER}/{fairy_stockfish.FILE_NAME}",
        section=fairy_stockfish.section_name(v) if writable(v, Target.FAIRY_STOCKFISH) else None,
        why=why,
    )
    game = zillions.game_title(v.title) if writable(v, Target.ZILLIONS) else None
    zrf = ZillionsLink(_href(zillions.FOLDER, zip_name), zip_name, game)
    path = pychess(v) if pychess else None
    return fsf, zrf, Link(_href(*path.split("/")), path) if path else None


def _variant_entry(
    v: Variant, catalogue: Catalogue, ref: Variant, pieces: _Pieces, pychess: PychessFile | None
) -> VariantEntry:
    differ, same = rule_differences(v, ref)
    new, chips = pieces.of(v)
    fsf, zrf, py = _downloads(catalogue, v, pychess)
    return VariantEntry(
        name=v.name,
        title=v.title,
        description=v.description,
        is_yardstick=v is ref,
        differences=tuple(differ),
        same=tuple(same),
        new_pieces=new,
        pieces=chips,
        setup=Picture(_href(diagrams.FOLDER, diagrams.setup_file(v)), f"{v.title}: the start position"),
        notes=v.notes,
        fidelity=_fidelity(v),
        fairy_stockfish=fsf,
        zillions=zrf,
        pychess=py,
        play=play.play_href(v),
    )


def page_context(
    catalogue: Catalogue, names: Sequence[str] | None = None, pychess: PychessFile | None = None
) -> PageContext:
    """Everything the template needs: the selected variants by family, in catalogue order;
    ``pychess`` gives a variant's pychess-variants file under ``out/`` (None: no such files)."""
    selected = fairy_stockfish.select(catalogue, names)
    ref = yardstick(selected)
    pieces = _Pieces(ref, selected)
    by_family: dict[str, list[Variant]] = {}
    for v in selected:
        by_family.setdefault(v.family, []).append(v)
    entry = functools.partial(_variant_entry, catalogue=catalogue, ref=ref, pieces=pieces, pychess=pychess)
    families = tuple(
        FamilyEntry(name, vs[0].family_title, f"family-{name}", tuple(map(entry, vs))) for name, vs in by_family.items()
    )
    in_catalogue = any(v is ref for v in selected)
    orthodox = OrthodoxSection(
        anchor=ORTHODOX_ANCHOR,
        variant=ref.name if in_catalogue else None,
        variant_title=ref.title,
        rules=tuple(rules_in_short(ref)),
        pieces=tuple(pieces.orthodox.values()),
    )
    ini = fairy_stockfish.FOLDER, fairy_stockfish.FILE_NAME
    return PageContext(
        title=catalogue.title,
        source=Path(catalogue.path).name or "the catalogue",
        count=len(selected),
        orthodox=orthodox,
        families=families,
        ini=Link(_href(*ini), "/".join(ini)),
        zillions_folder=families[0].variants[0].zillions.file.removesuffix(".zip") if families else "",
        zillions_suffix=zillions.SUFFIX.strip(),
        pychess=any(v.pychess for f in families for v in f.variants),
        play=play.FILE_NAME if any(v.play for f in families for v in f.variants) else None,
        glyphs=pieces.defs(),
    )


def render_page(
    catalogue: Catalogue, names: Sequence[str] | None = None, pychess: PychessFile | None = pychess_upload
) -> str:
    """The page's HTML text (deterministic)."""
    return render(TEMPLATE, html=True, page=page_context(catalogue, names, pychess))


def emit(catalogue: Catalogue, folder: Path, names: Sequence[str] | None = None) -> Manifest:
    """Write ``index.html`` into ``folder``; the files written.  The build swaps it in as
    ``out/index.html`` (see :class:`generator.emit.output.Emitter`, ``file=True``)."""
    path = Path(folder) / FILE_NAME
    path.write_bytes(render_page(catalogue, names).encode("utf-8"))
    return Manifest(target=Target.PAGE, files=(FILE_NAME,))
