"""Zillions of Games rules files: one ``.zrf`` per family, zipped with its pictures and a rules text.

Every decision is made here, in :func:`family_context`; the Jinja templates
(``templates/zillions/family.zrf.j2`` and the ZRF macro bodies in ``macros.zrf.j2``) only lay
the prepared context out.  Each variant is written *relaxed* for Zillions
(:func:`generator.emit.fidelity.relaxed`): what ZRF cannot say is switched off and listed, in the
game's description and in the download's text file.

How the catalogue becomes ZRF (see ``shared/research/zillions-zrf.md``):

* **File.** The family's first variant is the ``(game ...)``, the others ``(variant ...)``; every
  variant restates every section it relies on (board, setup, pieces, options, goals), so nothing
  of the first game leaks into another except piece types it never places.
* **Board.** A grid of 50-pixel squares, files ``a/b/...`` left to right and ranks from the top;
  holes are ``kill-positions`` (a killed position has no links: slides, steps and lame leaps stop
  there, while a true leap is one link of its own direction and jumps it).  The board picture is
  drawn here, holes shown dark.
* **Directions.** The eight compass steps, plus one direction per leap vector a piece uses
  (``nne`` is two north and one east).  ``symmetry Black`` lists every direction (Black's forward
  is south, left and right stay), as the other ZRF readers need.
* **Moves.** Each Betza move becomes macro calls, one per direction: ``step``/``leap`` (one
  link), ``slide``/``ride`` (repeated), ``slide-3`` (limited), ``lame-leap-2`` (a path of steps
  that must be empty), each optionally ``-no-capture`` or ``-capture-only`` and ``first-move-``
  (Betza ``i``).  The last argument says how the piece lands: ``add``, ``(add-as-moved)`` for
  pieces with a ``never-moved?`` attribute, or ``(add-or-promote-to-...)`` for pawns.
* **Pawns.** Multi-steps from the ``multi-step-zone`` with every passed square empty; en passant
  on each passed square, one macro per (steps before, steps after) pair, tested with ``mark``,
  ``last-to?`` and ``last-from?``; promotion ``(add A B ...)`` in the ``promotion-zone``.
* **Castling.** One macro per catalogue castling move, by squares: the king on its square and
  never moved, the squares between empty, the king's squares not attacked, the rook of that type
  never moved; the king lands with ``cascade``, the rook is picked up with ``from``.
* **Drops.** ``(Piece off N)`` in the setup and a ``drops`` block limited to the ``drop-zone``.
* **Swaps.** The swapping piece moves onto its unmoved neighbour and ``cascade``s it back; the
  right to swap is a token per player on a ``dummy`` position, captured by the swap.
* **Goals.** ``checkmated``; the race as ``absolute-config`` over the zone's squares; the bare
  king with ``pieces-remaining``/``total-piece-count``; ``stalemated``; ``repetition``; a forced
  pass is ``(option "pass turn" forced)``; Black first is the turn order.
"""

from __future__ import annotations

import functools
import io
import itertools
import re
import textwrap
import unicodedata
import zipfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from generator.betza import BetzaMove, Modality, lame_path
from generator.catalogue.model import (
    FILE_LETTERS,
    CastlingMove,
    Catalogue,
    Color,
    PieceType,
    Role,
    Square,
    StalemateResult,
    Variant,
    absolute_rank,
)
from generator.emit.fidelity import ZILLIONS, Limitation, limitations, relaxed
from generator.emit.glyphs import Glyph, Shape, bmp_bytes, glyph_set, raster
from generator.emit.jinja import render
from generator.emit.manifest import Manifest
from generator.emit.rules_text import ranks_phrase, rules_in_short

__all__ = [
    "BOARD_BORDER",
    "FOLDER",
    "PIECE_SIZE",
    "SQUARE_SIZE",
    "TARGET",
    "emit",
    "emit_zillions",
    "families",
    "family_context",
    "family_files",
    "render_family",
    "rules_text",
    "write_family_zip",
    "zrf_file_name",
    "zrf_piece_names",
]

TARGET = ZILLIONS
FOLDER = "zillions"  # under out/
TEMPLATE = "zillions/family.zrf.j2"

SQUARE_SIZE = 50  #: board squares, in pixels
PIECE_SIZE = 48  #: piece bitmaps (square), in pixels: a little smaller than a board square
BOARD_BORDER = 10  #: the frame around the squares, in pixels
LIGHT, DARK, HOLE, FRAME = (240, 217, 181), (181, 136, 99), (70, 70, 70), (110, 78, 52)
ZIP_DATE = (1980, 1, 1, 0, 0, 0)

PLAYERS = {Color.WHITE: "White", Color.BLACK: "Black"}
UNIT = ((0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1))  # n e s w ne nw se sw
ATTRIBUTE = "never-moved?"


# --- names ----------------------------------------------------------------------------------------------


def zrf_file_name(family_title: str) -> str:
    """The file name (without folder) of a family's rules file: its title, ASCII, ``.zrf``.

    >>> zrf_file_name("Ajax-Capablanca Chess")
    'Ajax-Capablanca Chess.zrf'
    """
    return _file_stem(family_title) + ".zrf"


def _file_stem(title: str) -> str:
    text = re.sub(r"[^A-Za-z0-9 ._()-]+", "-", _ascii(title)).strip(" .-")
    text = re.sub(r"\s+", " ", text)
    if not text:
        raise ValueError(f"family title {title!r} gives no usable file name")
    return text


_ASCII_MAP = {"\u2013": "-", "\u2014": "-", "\u2018": "'", "\u2019": "'", "\u201c": "`", "\u201d": "`", "\u00d7": "x"}


def _ascii(text: str) -> str:
    """``text`` in plain ASCII (Zillions reads rules files as Windows code pages)."""
    text = "".join(_ASCII_MAP.get(ch, ch) for ch in text)
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


def piece_id(name: str) -> str:
    """A ZRF piece name: the catalogue name's words joined, capitalised (``Ajax Rook`` -> ``AjaxRook``)."""
    words = re.findall(r"[A-Za-z0-9]+", _ascii(name))
    out = "".join(w[:1].upper() + w[1:] for w in words)
    if not out or not out[0].isalpha():
        out = "Piece" + out
    return out


def direction_name(v: tuple[int, int]) -> str:
    """A direction's name from its (dx, dy) vector, White's view: the steps spelled out, vertical
    first (``(1, 2)`` -> ``nne``, ``(0, -2)`` -> ``ss``, ``(-1, 1)`` -> ``nw``)."""
    dx, dy = v
    return ("n" * dy if dy > 0 else "s" * -dy) + ("e" * dx if dx > 0 else "w" * -dx)


def _mirror(v: tuple[int, int]) -> tuple[int, int]:
    return v[0], -v[1]


def _ordered_vectors(vectors: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    vs = set(vectors)
    rest = sorted(vs - set(UNIT), key=lambda v: (max(abs(v[0]), abs(v[1])), abs(v[0]) + abs(v[1]), direction_name(v)))
    return [v for v in UNIT if v in vs] + rest


def _zrf_text(text: str) -> str:
    """Text for a ZRF string: ASCII, no double quote (Zillions writes inner quotes as back-quotes),
    no backslash (a line break in ZRF), one line."""
    text = _ascii(text).replace('"', "`").replace("\\", "/")
    return re.sub(r"\s+", " ", text).strip()


def _zrf_paragraphs(paragraphs: Sequence[Sequence[str]]) -> str:
    """Paragraphs of lines as one ZRF string body: ``\\`` between lines, ``\\\\`` between paragraphs."""
    return "\\\\".join("\\".join(_zrf_text(line) for line in para if line.strip()) for para in paragraphs if para)


def _comment(text: str, first: str = "", rest: str = "") -> list[str]:
    """Comment lines (without the ``;``) of at most 100 characters."""
    return textwrap.wrap(text, 98, initial_indent=first, subsequent_indent=rest, break_on_hyphens=False)


def _wrap_string(body: str, indent: str, width: int = 100) -> list[str]:
    """A long ZRF string split over lines (Zillions reads the line breaks as spaces)."""
    lines = textwrap.wrap(body, width=width - len(indent), break_long_words=False, break_on_hyphens=False)
    return lines or [""]


# --- macros ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Macro:
    """One ZRF ``define``: ``kind`` selects its body in ``macros.zrf.j2``; ``params`` fill it in."""

    group: int  # where it is printed: 0 landing, 1 moves, 2 pawns, 3 castling, 4 swaps, 5 drops
    name: str
    kind: str
    params: tuple[tuple[str, object], ...]

    def context(self) -> dict[str, object]:
        return {"name": self.name, "kind": self.kind, "group": self.group, **dict(self.params)}


class _Macros:
    """The file's macros by name; a name asked for again with other parameters gets a suffix."""

    def __init__(self) -> None:
        self.by_name: dict[str, Macro] = {}

    def use(self, group: int, name: str, kind: str, **params: object) -> str:
        frozen = tuple(sorted((k, _freeze(v)) for k, v in params.items()))
        candidate, n = name, 1
        while True:
            m = self.by_name.get(candidate)
            if m is None:
                self.by_name[candidate] = Macro(group, candidate, kind, frozen)
                return candidate
            if m.kind == kind and m.params == frozen:
                return candidate
            n += 1
            candidate = f"{name}-{n}"

    def listing(self) -> list[dict[str, object]]:
        # by group, then in order of first use (the first game's pieces first)
        order = {name: i for i, name in enumerate(self.by_name)}
        return [m.context() for m in sorted(self.by_name.values(), key=lambda m: (m.group, order[m.name]))]


def _freeze(v: object) -> object:
    if isinstance(v, list | tuple):
        return tuple(_freeze(x) for x in v)
    if isinstance(v, dict):
        return tuple(sorted((k, _freeze(x)) for k, x in v.items()))
    return v


_MODALITY_SUFFIX = {Modality.BOTH: "", Modality.MOVE: "-no-capture", Modality.CAPTURE: "-capture-only"}
_MODALITY_WORD = {Modality.BOTH: "both", Modality.MOVE: "move", Modality.CAPTURE: "capture"}


# --- per variant ----------------------------------------------------------------------------------------


@dataclass
class _Names:
    """ZRF names of one variant's piece types and swap tokens."""

    piece: dict[str, str]  # letter -> ZRF piece name
    tokens: dict[int, str]  # swap index -> token piece name


def zrf_piece_names(v: Variant) -> dict[str, str]:
    """FEN letter -> ZRF piece name, for the pieces of ``v``."""
    return dict(_names(v).piece)


def _names(v: Variant) -> _Names:
    used: set[str] = set()
    out: dict[str, str] = {}
    for p in v.pieces:
        base = piece_id(p.name)
        name, n = base, 1
        while name in used:
            n += 1
            name = f"{base}{n}"
        used.add(name)
        out[p.letter] = name
    tokens = {}
    for i, sw in enumerate(v.swaps):
        base = f"{out[sw.piece]}SwapRight"
        name, n = base, 1
        while name in used:
            n += 1
            name = f"{base}{n}"
        used.add(name)
        tokens[i] = name
    return _Names(out, tokens)


def _squares_of_ranks(v: Variant, color: Color, relative: Iterable[int]) -> list[str]:
    """Board squares (holes left out) on the given relative ranks of ``color``, a1 b1 ... order."""
    ranks = sorted({absolute_rank(color, r, v.board.ranks) for r in relative})
    return [
        Square(f, r - 1).name
        for r in ranks
        if 1 <= r <= v.board.ranks
        for f in range(v.board.files)
        if Square(f, r - 1) not in v.board.holes
    ]


def _needs_attribute(v: Variant) -> set[str]:
    """Letters of the piece types that carry ``never-moved?``: castling kings and rooks, swapping
    pieces and their partners, pieces with first-move-only (``i``) moves, and pawns that may
    promote to one of those."""
    out: set[str] = set()
    for cm in v.castling:
        for sq in (cm.king_from, cm.rook_from):
            got = v.setup.piece_at(sq)
            if got is not None:
                out.add(got[1])
    for sw in v.swaps:
        if sw.unmoved_only:
            out.add(sw.piece)
            out |= {p.letter for p in _swap_partners(v, sw.piece, sw.excluded_roles)}
    out |= {p.letter for p in v.pieces if any(m.initial for m in p.movement.moves)}
    # A promoted piece has moved, but (add Rook ...) gives it the type's default, never-moved? true:
    # a pawn that may promote to such a type carries the attribute and clears it where it lands.
    promo = v.pawn_rules.promotion
    if promo is not None and out & set(promo.choices):
        out |= {p.letter for p in v.pieces if p.pawn}
    return out


def _swap_partners(v: Variant, letter: str, excluded: frozenset[Role]) -> list[PieceType]:
    return [p for p in v.pieces if not (p.roles & excluded) and p.letter != letter]


def _board_image_name(v: Variant) -> str:
    holes = "".join(f"-{s.name}" for s in sorted(v.board.holes, key=lambda s: (s.rank, s.file)))
    return f"Board{v.board.files}x{v.board.ranks}{holes}.bmp"


def _vectors_used(v: Variant) -> set[tuple[int, int]]:
    vecs: set[tuple[int, int]] = set(UNIT)
    for p in v.pieces:
        for m in p.movement.moves:
            if m.lame:
                continue
            for vec in m.vectors():
                vecs.add(vec)
    for sw in v.swaps:
        for m in sw.adjacency_movement.moves:
            vecs.update(m.vectors())
    return vecs | {_mirror(x) for x in vecs}


def _conditions(v: Variant, tokens: bool) -> list[dict[str, object]]:
    """The win/loss/draw conditions, each ``{"kind", "players", "goal", "comment"}``."""
    out: list[dict[str, object]] = []
    both = [PLAYERS[Color.WHITE], PLAYERS[Color.BLACK]]
    names = _names(v)
    royals = [names.piece[p.letter] for p in v.pieces if p.royal]
    if v.goals.checkmate and royals:
        out.append(
            {
                "kind": "loss-condition",
                "players": both,
                "goal": f"(checkmated {' '.join(royals)})",
                "comment": "checkmate wins; no move may leave the royal piece attacked",
            }
        )
    if v.goals.race is not None:
        types = " ".join(names.piece[p.letter] for p in v.pieces)
        for color in Color:
            squares = _squares_of_ranks(v, color, v.goals.race.ranks)
            out.append(
                {
                    "kind": "win-condition",
                    "players": [PLAYERS[color]],
                    "goal": f"(absolute-config {types} ({' '.join(squares)}))",
                    "comment": f"{PLAYERS[color]} wins with its pieces on every square of its goal ranks",
                }
            )
    bare = v.goals.bare_king
    if bare is not None and not tokens:
        if bare.both_bare_draw:
            out.append(
                {
                    "kind": "draw-condition",
                    "players": both,
                    "goal": "(total-piece-count 2)",
                    "comment": "both kings bare: a draw",
                }
            )
        # a side with its king alone loses at once when the other side keeps at least opponent_minimum
        # pieces besides its king, that is when the board holds at least opponent_minimum + 2 pieces
        excluded = range(2, max(2, bare.opponent_minimum + 1) + 1)
        parts = ["(pieces-remaining 1)"] + [f"(not (total-piece-count {n}))" for n in excluded]
        out.append(
            {
                "kind": "loss-condition",
                "players": both,
                "goal": f"(and {' '.join(parts)})",
                "comment": f"a bare king loses against {bare.opponent_minimum} or more other pieces",
            }
        )
    if v.draws.stalemate is StalemateResult.DRAW:
        out.append(
            {
                "kind": "draw-condition",
                "players": both,
                "goal": "stalemated",
                "comment": "a side without a legal move is stalemated: a draw",
            }
        )
    elif v.draws.stalemate is StalemateResult.LOSS:
        out.append(
            {
                "kind": "loss-condition",
                "players": both,
                "goal": "stalemated",
                "comment": "a side without a legal move loses",
            }
        )
    if v.draws.repetition:
        out.append(
            {"kind": "draw-condition", "players": both, "goal": "repetition", "comment": "threefold repetition draws"}
        )
    return out


class _Builder:
    """Builds the context of one family: macros shared by the file, a game context per variant."""

    def __init__(self) -> None:
        self.macros = _Macros()
        self.images: dict[str, tuple] = {}  # zip path -> what to draw
        self._image_keys: dict[tuple, str] = {}

    # -- images --------------------------------------------------------------------------------------

    def image(self, stem: str, key: tuple) -> str:
        """The zip path for a picture drawn from ``key``; pictures that differ get different names."""
        found = self._image_keys.get(key)
        if found is not None:
            return found
        path, n = f"images/{stem}.bmp", 1
        while path in self.images:
            n += 1
            path = f"images/{stem}{n}.bmp"
        self.images[path] = key
        self._image_keys[key] = path
        return path

    # -- landing -------------------------------------------------------------------------------------

    def landing(self, v: Variant, names: _Names, p: PieceType, moved: bool) -> str:
        promo = v.pawn_rules.promotion if p.pawn else None
        if promo is None:
            if moved:
                return "(" + self.macros.use(0, "add-as-moved", "add-as-moved") + ")"
            return "add"
        choices = [names.piece[x] for x in promo.choices]
        name = "add-" + ("as-moved-" if moved else "") + "or-promote-" + ("" if promo.mandatory else "optionally-")
        name += "to-" + "-".join(choices)
        return (
            "("
            + self.macros.use(0, name, "add-or-promote", choices=choices, mandatory=promo.mandatory, moved=moved)
            + ")"
        )

    # -- moves ---------------------------------------------------------------------------------------

    def moves(self, v: Variant, names: _Names, p: PieceType, land: str) -> list[dict[str, object]]:
        out: list[dict[str, object]] = []
        for m in p.movement.moves:
            out += self.betza_move(m, land)
        if p.pawn:
            out += self.pawn_moves(v, names, p, land)
        return out

    def betza_move(self, m: BetzaMove, land: str) -> list[dict[str, object]]:
        suffix = _MODALITY_SUFFIX[m.modality]
        prefix = "first-move-" if m.initial else ""
        mod = _MODALITY_WORD[m.modality]
        calls: list[dict[str, object]] = []
        for vec in _ordered_vectors(m.vectors()):
            unit = max(abs(vec[0]), abs(vec[1])) == 1
            d = direction_name(vec)
            if m.lame:
                steps = [*lame_path(*vec), vec]
                dirs = [direction_name((b[0] - a[0], b[1] - a[1])) for a, b in itertools.pairwise([(0, 0), *steps])]
                name = self.macros.use(
                    1,
                    f"{prefix}lame-leap-{len(dirs)}{suffix}",
                    "lame-leap",
                    steps=len(dirs),
                    modality=mod,
                    initial=m.initial,
                )
                args = dirs
            elif m.range == 1:
                base = "step" if unit else "leap"
                name = self.macros.use(1, f"{prefix}{base}{suffix}", "leap", modality=mod, initial=m.initial)
                args = [d]
            elif m.range == 0:
                base = "slide" if unit else "ride"
                name = self.macros.use(1, f"{prefix}{base}{suffix}", "slide", modality=mod, initial=m.initial)
                args = [d]
            else:
                base = "slide" if unit else "ride"
                name = self.macros.use(
                    1,
                    f"{prefix}{base}-{m.range}{suffix}",
                    "slide-limited",
                    range=m.range,
                    modality=mod,
                    initial=m.initial,
                )
                args = [d]
            calls.append({"macro": name, "args": [*args, land]})
        return calls

    def pawn_moves(self, v: Variant, names: _Names, p: PieceType, land: str) -> list[dict[str, object]]:
        pr = v.pawn_rules
        out: list[dict[str, object]] = []
        if pr.max_steps > 1 and pr.multi_step_ranks:
            name = self.macros.use(2, f"pawn-multi-step-{pr.max_steps}", "multi-step", steps=pr.max_steps)
            out.append({"macro": name, "args": ["n", land]})
        if pr.en_passant and pr.max_steps > 1:
            pawns = [names.piece[p.letter] for p in v.pieces if p.pawn]
            victim = f"(piece? {pawns[0]})"
            if len(pawns) > 1:
                victim = "(or " + " ".join(f"(piece? {x})" for x in pawns) + ")"
            # the squares this pawn could take on with a single leap are where it may take en passant
            capture_vectors: list[tuple[int, int]] = []
            for m in p.movement.moves:
                if m.modality & Modality.CAPTURE and m.range == 1 and not m.lame and not m.initial:
                    capture_vectors += [vec for vec in m.vectors() if vec not in capture_vectors]
            for vec in _ordered_vectors(capture_vectors):
                for total in range(2, pr.max_steps + 1):
                    for before in range(1, total):
                        after = total - before
                        name = self.macros.use(
                            2, f"en-passant-{before}-{after}", "en-passant", before=before, after=after
                        )
                        out.append({"macro": name, "args": [direction_name(vec), victim, land]})
        return out

    # -- castling and swaps --------------------------------------------------------------------------

    def castling(self, v: Variant, names: _Names, cm: CastlingMove) -> dict[str, object]:
        rank = cm.king_from.rank
        files = [cm.king_from.file, cm.king_to.file, cm.rook_from.file, cm.rook_to.file]
        span = [Square(f, rank) for f in range(min(files), max(files) + 1)]
        empty = [s for s in span if s not in (cm.king_from, cm.rook_from)]
        step = 1 if cm.king_to.file > cm.king_from.file else -1
        path = [Square(f, rank) for f in range(cm.king_from.file, cm.king_to.file + step, step)]
        rook = v.setup.piece_at(cm.rook_from)
        assert rook is not None  # the loader guarantees it
        name = f"castle-{cm.king_from}-{cm.king_to}-{cm.rook_from}-{cm.rook_to}"
        name = self.macros.use(
            3,
            name,
            "castle",
            king=cm.king_from.name,
            king_to=cm.king_to.name,
            rook=cm.rook_from.name,
            rook_to=cm.rook_to.name,
            rook_type=names.piece[rook[1]],
            empty=[s.name for s in empty],
            unattacked=[s.name for s in path],
        )
        return {"macro": name, "args": []}

    def swap(self, v: Variant, names: _Names, index: int) -> list[dict[str, object]]:
        sw = v.swaps[index]
        partners = _swap_partners(v, sw.piece, sw.excluded_roles)
        test = "(or " + " ".join(f"(piece? {names.piece[p.letter]})" for p in partners) + ")"
        if len(partners) == 1:
            test = f"(piece? {names.piece[partners[0].letter]})"
        tokens = [_token_position(c, names.piece[sw.piece], k) for c in Color for k in range(1, sw.per_player + 1)]
        name = f"swap-{names.piece[sw.piece]}" + ("-unmoved" if sw.unmoved_only else "")
        name = self.macros.use(4, name, "swap", unmoved=sw.unmoved_only, tokens=tokens)
        calls = []
        for m in sw.adjacency_movement.moves:
            for vec in _ordered_vectors(m.vectors()):
                calls.append({"macro": name, "args": [direction_name(vec), test]})
        return calls


def _token_position(color: Color, piece: str, k: int) -> str:
    return f"{color.word}-{piece.lower()}-swap-{k}"


def _swap_tokens(v: Variant, names: _Names) -> dict[Color, list[tuple[str, list[str]]]]:
    """Per colour: (token piece, its dummy positions) of every swap rule."""
    out: dict[Color, list[tuple[str, list[str]]]] = {c: [] for c in Color}
    for i, sw in enumerate(v.swaps):
        for c in Color:
            out[c].append(
                (names.tokens[i], [_token_position(c, names.piece[sw.piece], k) for k in range(1, sw.per_player + 1)])
            )
    return out


# --- rules text -----------------------------------------------------------------------------------------


def rules_summary(v: Variant) -> list[list[str]]:
    """The rules of ``v`` in short, as paragraphs of lines (plain text): what it is, its pieces, its rules."""
    paras: list[list[str]] = [[v.description]] if v.description else []
    pieces = []
    for p in v.pieces:
        roles = [r.value for r in sorted(p.roles, key=lambda r: r.value)]
        head = f"{p.name} ({p.letter}, Betza {p.betza}{', ' + ', '.join(roles) if roles else ''})"
        pieces.append(f"{head}: {p.help}" if p.help else head)
    paras.append(pieces)
    paras.append([f"{topic}: {text}" for topic, text in rules_in_short(v)])
    return paras


def _limitation_lines(lims: Sequence[Limitation]) -> list[str]:
    return [f"{x.rule}: {x.text}" for x in lims]


# --- the family -----------------------------------------------------------------------------------------


def families(catalogue: Catalogue) -> dict[str, list[Variant]]:
    """Family name -> its variants, both in catalogue order."""
    out: dict[str, list[Variant]] = {}
    for v in catalogue.variants:
        out.setdefault(v.family, []).append(v)
    return out


def _family(catalogue: Catalogue, family: str) -> list[Variant]:
    got = families(catalogue).get(family)
    if not got:
        raise ValueError(f"unknown family {family!r}; known: {', '.join(families(catalogue))}")
    return got


def family_context(catalogue: Catalogue, family: str) -> dict[str, object]:
    """Everything the template needs for one family's rules file.

    Keys: ``title``, ``file_name``, ``header`` (comment lines), ``macros`` (each ``{name, kind,
    ...}``, in print order), ``games`` (one per variant, see :func:`_game_context`) and
    ``images`` (zip path -> what :func:`family_files` draws there).
    """
    variants = _family(catalogue, family)
    title = variants[0].family_title
    b = _Builder()
    games = [_game_context(b, v, first=i == 0) for i, v in enumerate(variants)]
    for game in games[1:]:
        _declare_inherited(game, games[0])
    header = [
        f"{_zrf_text(title)}: Zillions of Games rules file, generated by variantgen from "
        f"{Path(catalogue.path).name or 'the catalogue'}.",
        "Do not edit: change the catalogue and rebuild (generator/emit/zillions.py, templates/zillions/).",
        *_comment(f"Games: {'; '.join(_zrf_text(g['title']) for g in games)}."),
        *_comment(
            "Directions are named by their steps from White's side (nne: two north, one east); Black's are mirrored."
        ),
    ]
    return {
        "title": _zrf_text(title),
        "file_name": zrf_file_name(title),
        "header": header,
        "macros": b.macros.listing(),
        "games": games,
        "images": dict(sorted(b.images.items())),
        "attribute": ATTRIBUTE,
        "forward": direction_name((0, 1)),
        "backward": direction_name((0, -1)),
    }


def _game_context(b: _Builder, variant: Variant, first: bool) -> dict[str, object]:
    lims = limitations(variant, TARGET)
    v = relaxed(variant, TARGET)
    names = _names(v)
    flagged = _needs_attribute(v)
    tokens = _swap_tokens(v, names)
    has_tokens = any(tokens[c] for c in Color)

    # board
    zones: dict[str, tuple[int, ...]] = {}
    pr = v.pawn_rules
    has_pawns = any(p.pawn for p in v.pieces)
    if has_pawns and pr.promotion is not None:
        zones["promotion-zone"] = pr.promotion.ranks
    if has_pawns and pr.max_steps > 1 and pr.multi_step_ranks:
        zones["multi-step-zone"] = pr.multi_step_ranks
    if v.drops is not None:
        zones["drop-zone"] = v.drops.ranks
    board_image = b.image(
        _board_image_name(v)[:-4], ("board", v.board.files, v.board.ranks, tuple(sorted(v.board.holes)))
    )
    s = SQUARE_SIZE
    board: dict[str, object] = {
        "image": board_image.replace("/", "\\"),
        "start": (BOARD_BORDER, BOARD_BORDER, BOARD_BORDER + s, BOARD_BORDER + s),
        "files": "/".join(FILE_LETTERS[: v.board.files]),
        "ranks": "/".join(str(r) for r in range(v.board.ranks, 0, -1)),
        "step": s,
        "kill": [x.name for x in sorted(v.board.holes, key=lambda q: (q.rank, q.file))],
        "dummies": [pos for c in Color for _, positions in tokens[c] for pos in positions],
    }
    _set_directions(board, _vectors_used(v))
    _set_zones(board, v, zones)

    # pieces
    glyphs = glyph_set(v.pieces)
    pieces = []
    for p in v.pieces:
        zname = names.piece[p.letter]
        moved = p.letter in flagged
        land = b.landing(v, names, p, moved)
        images = []
        for c in Color:
            g = glyphs[p.letter]
            images.append(
                (
                    PLAYERS[c],
                    b.image(f"{zname}{PLAYERS[c]}", ("piece", g.kind, g.marks, g.shapes, c.word)).replace("/", "\\"),
                )
            )
        moves = b.moves(v, names, p, land)
        needs = _piece_needs(v, p, zones, tokens)
        if v.castling and p.royal:
            moves += [
                b.castling(v, names, cm) for cm in v.castling if v.setup.piece_at(cm.king_from) == (cm.color, p.letter)
            ]
        for i, sw in enumerate(v.swaps):
            if sw.piece == p.letter:
                moves += b.swap(v, names, i)
        drops = []
        if v.drops is not None and _droppable(v, p):
            name = b.macros.use(5, "drop-in-zone", "drop")
            drops.append({"macro": name, "args": [land]})
        pieces.append(
            {
                "name": zname,
                "help": _zrf_text(f"{p.name}: {p.help}" if p.help else p.name),
                "description": _wrap_string(_piece_description(v, p), "      "),
                "images": images,
                "attributes": [(ATTRIBUTE, "true")] if moved else [],
                "moves": moves,
                "drops": drops,
                "needs": needs,
            }
        )
    for i, sw in enumerate(v.swaps):
        token = names.tokens[i]
        images = []
        for c in Color:
            images.append((PLAYERS[c], b.image(f"{token}{PLAYERS[c]}", ("token", c.word)).replace("/", "\\")))
        times = "once" if sw.per_player == 1 else f"{sw.per_player} times"
        pieces.append(
            {
                "name": token,
                "help": _zrf_text(f"The right to swap the {v.piece(sw.piece).name} {times} (kept off the board)"),
                "description": _wrap_string(
                    "Swap right\\"
                    + _zrf_text(
                        f"A token kept on an invisible square: the {v.piece(sw.piece).name}'s swap uses it up."
                    ),
                    "      ",
                ),
                "images": images,
                "attributes": [],
                "moves": [],
                "drops": [],
                "needs": {"vectors": frozenset(), "zones": {}, "dummies": []},
            }
        )

    # setup
    setup = []
    for c in Color:
        entries = []
        hand = v.setup.pocket(c)
        for p in v.pieces:
            squares = [sq.name for sq, col, letter in v.setup.placement if col is c and letter == p.letter]
            off = hand.get(p.letter, 0)
            if squares or off:
                entries.append({"name": names.piece[p.letter], "positions": squares, "off": off})
        for token, positions in tokens[c]:
            entries.append({"name": token, "positions": positions, "off": 0})
        setup.append({"player": PLAYERS[c], "entries": entries})

    order = [Color.BLACK, Color.WHITE] if v.setup.to_move is Color.BLACK else [Color.WHITE, Color.BLACK]
    options = [("pass turn", "forced" if v.draws.stalemate is StalemateResult.PASS else "false")]
    comment = _comment(f"{_zrf_text(variant.title)} (catalogue entry {variant.name})")
    if lims:
        comment.append("Not expressed in ZRF (see the description):")
        for line in _limitation_lines(lims):
            comment += _comment(_zrf_text(line), "- ", "  ")
    paras = [*rules_summary(variant)]
    if variant.notes:
        paras.append([f"Note: {n}" for n in variant.notes])
    if lims:
        paras.append(["Not in this rules file:", *(lim.text for lim in lims)])
    return {
        "form": "game" if first else "variant",
        "title": _zrf_text(variant.title),
        "name": variant.name,
        "comment": comment,
        "description": _wrap_string(_zrf_paragraphs(paras), "      "),
        "options": options,
        "players": [PLAYERS[Color.WHITE], PLAYERS[Color.BLACK]],
        "turn_order": [PLAYERS[c] for c in order],
        "board": board,
        "setup": setup,
        "pieces": pieces,
        "conditions": _conditions(v, has_tokens),
        "limitations": lims,
        "relaxed": v,
        "zone_ranks": zones,
    }


def _set_directions(board: dict[str, object], vectors: Iterable[tuple[int, int]]) -> None:
    vecs = _ordered_vectors(set(vectors) | {_mirror(x) for x in vectors} | set(UNIT))
    board["vectors"] = frozenset(vecs)
    board["directions"] = [{"name": direction_name(x), "dx": x[0], "dy": -x[1]} for x in vecs]
    board["symmetry"] = [(direction_name(x), direction_name(_mirror(x))) for x in vecs]


def _set_zones(board: dict[str, object], v: Variant, zones: dict[str, tuple[int, ...]]) -> None:
    board["zones"] = [
        {"name": z, "player": PLAYERS[c], "positions": _squares_of_ranks(v, c, ranks)}
        for z, ranks in zones.items()
        for c in Color
    ]


def _piece_needs(
    v: Variant, p: PieceType, zones: dict[str, tuple[int, ...]], tokens: dict[Color, list[tuple[str, list[str]]]]
) -> dict[str, object]:
    """What a piece's moves name on the board: directions (as vectors), zones, dummy positions.  A
    variant must declare them for the first game's pieces it inherits without placing them."""
    vectors = {vec for m in p.movement.moves if not m.lame for vec in m.vectors()}
    dummies: list[str] = []
    for i, sw in enumerate(v.swaps):
        if sw.piece == p.letter:
            vectors |= {vec for m in sw.adjacency_movement.moves for vec in m.vectors()}
            dummies += [pos for c in Color for pos in tokens[c][i][1]]
    used = set()
    if p.pawn:
        used |= {"promotion-zone", "multi-step-zone"}
    if v.drops is not None and _droppable(v, p):
        used.add("drop-zone")
    return {"vectors": frozenset(vectors), "zones": {z: r for z, r in zones.items() if z in used}, "dummies": dummies}


def _declare_inherited(game: dict[str, object], first: dict[str, object]) -> None:
    """A ``variant`` keeps the first game's piece types it does not redefine: declare what they name."""
    own = {p["name"] for p in game["pieces"]}  # type: ignore[index, union-attr]
    inherited = [p for p in first["pieces"] if p["name"] not in own]  # type: ignore[union-attr, index]
    if not inherited:
        return
    board = game["board"]
    assert isinstance(board, dict)
    vectors = set(board["vectors"])
    zones = dict(game["zone_ranks"])  # type: ignore[arg-type]
    for p in inherited:
        needs = p["needs"]
        vectors |= needs["vectors"]
        for z, ranks in needs["zones"].items():
            zones.setdefault(z, ranks)
        board["dummies"] = [*board["dummies"], *(d for d in needs["dummies"] if d not in board["dummies"])]
    _set_directions(board, vectors)
    v = game["relaxed"]
    assert isinstance(v, Variant)
    _set_zones(board, v, zones)


def _droppable(v: Variant, p: PieceType) -> bool:
    in_hand = any(letter == p.letter and n > 0 for _, letter, n in v.setup.pockets)
    return in_hand or bool(v.drops and v.drops.captures_to_hand and not p.royal)


def _piece_description(v: Variant, p: PieceType) -> str:
    lines = [p.help[:1].upper() + p.help[1:]] if p.help else []
    lines += [f"It {x}." for x in p.movement.describe()]
    if p.royal:
        lines.append("It is royal: it may not be left attacked, and checkmating it wins.")
    if p.pawn:
        pr = v.pawn_rules
        if pr.max_steps > 1 and pr.multi_step_ranks:
            lines.append(f"From its {ranks_phrase(pr.multi_step_ranks)} it may advance up to {pr.max_steps} squares.")
        if pr.en_passant:
            lines.append("It may take en passant a pawn that just passed a square it attacks.")
        if pr.promotion is not None:
            choices = ", ".join(v.piece(x).name for x in pr.promotion.choices)
            lines.append(f"On its {ranks_phrase(pr.promotion.ranks)} it promotes to {choices}.")
    return _zrf_text(p.name) + "\\" + "\\".join(_zrf_text(x) for x in lines)


# --- rendering ------------------------------------------------------------------------------------------


def render_family(catalogue: Catalogue, family: str) -> str:
    """The ``.zrf`` text of ``family``: ASCII, ``\\n`` line ends, nothing after the last parenthesis."""
    text = render(TEMPLATE, **family_context(catalogue, family))
    text = re.sub(r"[ \t]+\n", "\n", text).rstrip() + "\n"
    text.encode("ascii")  # raises if anything slipped through
    return text


def rules_text(catalogue: Catalogue, family: str) -> str:
    """The download's text file: each variant's rules in short and what the rules file leaves out."""
    variants = _family(catalogue, family)
    title = _ascii(variants[0].family_title)
    out = [title, "=" * len(title), ""]
    out += textwrap.wrap(
        f"Zillions of Games rules file {zrf_file_name(variants[0].family_title)}, generated by variantgen from the "
        "catalogue. Unpack the archive into one folder (the pictures go to images/) and open the .zrf in Zillions "
        "of Games; each entry below is one game in its Variants menu.",
        100,
    )
    for v in variants:
        head = f"{_ascii(v.title)} ({v.name})"
        out += ["", head, "-" * len(head)]
        for para in rules_summary(v):
            for line in para:
                out += textwrap.wrap(_ascii(line), 100, break_on_hyphens=False) or [""]
            out.append("")
        if v.notes:
            out.append("Notes:")
            for n in v.notes:
                out += textwrap.wrap(_ascii(n), 100, initial_indent="- ", subsequent_indent="  ")
            out.append("")
        lims = limitations(v, TARGET)
        if lims:
            out.append("Not in the Zillions rules file (fidelity notes):")
            for line in _limitation_lines(lims):
                out += textwrap.wrap(_ascii(line), 100, initial_indent="- ", subsequent_indent="  ")
        else:
            out.append("The Zillions rules file plays every rule of this entry.")
    return "\n".join(out).rstrip() + "\n"


# --- pictures -------------------------------------------------------------------------------------------


def _token_glyph() -> Glyph:
    """A swap-right token: a coin with two opposed arrows."""
    shapes = (
        Shape("circle", ((50.0, 50.0),), 34.0, "body"),
        Shape("line", ((30.0, 42.0), (70.0, 42.0), (62.0, 34.0)), 5.0, "ink"),
        Shape("line", ((70.0, 58.0), (30.0, 58.0), (38.0, 66.0)), 5.0, "ink"),
    )
    return Glyph("token", (), shapes)


def _board_pixels(files: int, ranks: int, holes: Iterable[Square]) -> list[list[tuple[int, int, int]]]:
    s, e = SQUARE_SIZE, BOARD_BORDER
    width, height = files * s + 2 * e, ranks * s + 2 * e
    holes = set(holes)
    rows = []
    for y in range(height):
        row = []
        for x in range(width):
            fx, ry = (x - e) // s, (y - e) // s
            if not (0 <= x - e < files * s and 0 <= y - e < ranks * s):
                row.append(FRAME)
                continue
            sq = Square(fx, ranks - 1 - ry)
            if sq in holes:
                row.append(HOLE)
            else:
                row.append(DARK if (sq.file + sq.rank) % 2 == 0 else LIGHT)
        rows.append(row)
    return rows


@functools.lru_cache(maxsize=256)
def _draw(key: tuple) -> bytes:
    if key[0] == "board":
        _, files, ranks, holes = key
        return bmp_bytes(_board_pixels(files, ranks, holes))
    if key[0] == "piece":
        _, kind, marks, shapes, color = key
        return bmp_bytes(raster(Glyph(kind, marks, shapes), color, PIECE_SIZE))
    if key[0] == "token":
        return bmp_bytes(raster(_token_glyph(), key[1], PIECE_SIZE))
    raise ValueError(f"unknown picture {key!r}")  # pragma: no cover


def family_files(catalogue: Catalogue, family: str) -> dict[str, bytes]:
    """Zip path -> contents: the ``.zrf``, every picture it names, the rules text."""
    ctx = family_context(catalogue, family)
    stem = str(ctx["file_name"])[:-4]
    files = {
        str(ctx["file_name"]): render_family(catalogue, family).encode("ascii"),
        f"{stem}.txt": rules_text(catalogue, family).encode("ascii"),
    }
    images = ctx["images"]
    assert isinstance(images, dict)
    for path, key in images.items():
        files[path] = _draw(key)
    return dict(sorted(files.items()))


def write_family_zip(catalogue: Catalogue, family: str, out_dir: Path) -> Path:
    """Write ``out_dir/<Family>.zip`` (same bytes for the same catalogue) and return its path."""
    files = family_files(catalogue, family)
    stem = zrf_file_name(_family(catalogue, family)[0].family_title)[:-4]
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for path, data in sorted(files.items()):
            info = zipfile.ZipInfo(path, date_time=ZIP_DATE)
            info.create_system = 3  # unix, so that the permissions below are read
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{stem}.zip"
    target.write_bytes(buf.getvalue())
    return target


def _selected_families(catalogue: Catalogue, names: Sequence[str] | None) -> list[str]:
    from generator.emit.fairy_stockfish import select  # the same selection and errors as every emitter

    chosen = {v.family for v in select(catalogue, names)}
    return [f for f in families(catalogue) if f in chosen]


def emit(catalogue: Catalogue, folder: Path, names: Sequence[str] | None = None) -> Manifest:
    """Write ``<Family>.zip`` into ``folder`` for every family with a selected variant (whole families);
    the files written.  The :class:`generator.emit.build.Emitter` signature."""
    paths = [write_family_zip(catalogue, f, Path(folder)) for f in _selected_families(catalogue, names)]
    return Manifest(target=TARGET, files=tuple(p.name for p in paths))


def emit_zillions(catalogue: Catalogue, out_dir: Path, names: Sequence[str] | None = None) -> list[str]:
    """Write ``out_dir/zillions/<Family>.zip`` for every family with a selected variant; lines to print."""
    folder = Path(out_dir) / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    return [f"wrote {folder / name}" for name in emit(catalogue, folder, names).files]
