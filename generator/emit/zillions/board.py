"""The ``(board ...)`` of a game: grid, directions, symmetry, holes, dummy positions and zones.

Directions are the eight compass steps, plus one per leap vector a piece uses, named by their
steps from White's side (``nne``: two north, one east); ``symmetry Black`` mirrors each for Black.

>>> direction_name((1, 2)), direction_name((0, -2)), direction_name((-1, 1))
('nne', 'ss', 'nw')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping

from generator.betza import BetzaMove, parse_betza
from generator.catalogue.model import FILE_LETTERS, Color, PieceType, Square, Variant, absolute_rank
from generator.emit.fidelity.zillions_walks import immobile_ranks
from generator.emit.zillions.context import PLAYERS, BoardContext, Direction, HandBoard, Vector, Zone, ZoneSpec
from generator.emit.zillions.hands import HAND_START, HandLayout, hand_layout, hand_links, hand_zone, uses_hand
from generator.emit.zillions.images import BOARD_BORDER, SQUARE_SIZE, BoardPicture, Images

UNIT = ((0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1))  # n e s w ne nw se sw


def direction_name(v: Vector) -> str:
    """A direction's name from its (dx, dy) vector, White's view: the steps spelled out, vertical
    first (``(1, 2)`` -> ``nne``, ``(0, -2)`` -> ``ss``, ``(-1, 1)`` -> ``nw``)."""
    dx, dy = v
    return ("n" * dy if dy > 0 else "s" * -dy) + ("e" * dx if dx > 0 else "w" * -dx)


def mirror(v: Vector) -> Vector:
    """Black's view of a vector, turned half round as the reference turns it: forward is south, left is east."""
    return -v[0], -v[1]


def ordered_vectors(vectors: Iterable[Vector]) -> list[Vector]:
    """The compass steps first (n e s w ne nw se sw), then the rest shortest first."""
    vs = set(vectors)
    rest = sorted(vs - set(UNIT), key=lambda v: (max(abs(v[0]), abs(v[1])), abs(v[0]) + abs(v[1]), direction_name(v)))
    return [v for v in UNIT if v in vs] + rest


def squares_of_ranks(v: Variant, color: Color, relative: Iterable[int]) -> tuple[str, ...]:
    """Board squares (holes left out) on the given relative ranks of ``color``, a1 b1 ... order."""
    ranks = sorted({absolute_rank(color, r, v.board.ranks) for r in relative})
    return tuple(
        Square(f, r - 1).name
        for r in ranks
        if 1 <= r <= v.board.ranks
        for f in range(v.board.files)
        if Square(f, r - 1) not in v.board.holes
    )


#: Black's promotion squares, a zone of Black's alone: where the sides promote to different pieces, a
#: pawn landing in it is Black's (moves are shared by both players, zones are not)
BLACK_PROMOTION_ZONE = "black-promotion-zone"
#: where a pawn may take en passant, where not on every rank (horde: not on the squares a pawn passes from its
#: first rank)
EN_PASSANT_ZONE = "en-passant-zone"


MULTI_STEP_ZONE = "multi-step-zone"


def returning_pawn(p: PieceType) -> bool:
    """A pawn with initial moves that can come back to its multi-step ranks (by a sideways or backward move):
    its initial moves are made from those ranks (as Fairy-Stockfish's from its double-step region), not only
    before its first move."""
    return (
        p.pawn
        and p.advanced is None
        and any(m.initial for m in p.movement.moves)
        and any(vec[1] <= 0 for m in p.movement.moves if not m.initial for vec in m.vectors())
    )


def zones_of(v: Variant) -> dict[str, ZoneSpec]:
    """The zones the game's moves test, by name: their relative ranks or each player's squares."""
    zones = _pawn_zones(v) if any(p.pawn for p in v.pieces) else {}
    if v.drops is not None:
        zones["drop-zone"] = v.drops.ranks if v.drops.squares is None else v.drops.squares
        for letter, ranks in v.drops.piece_ranks:
            zones[drop_zone(v, letter)] = ranks if v.drops.squares is None else _on_ranks(v, v.drops.squares, ranks)
    if v.piece_promotion is not None:
        zones.setdefault(promotion_zone(v), v.piece_promotion.ranks)
    return zones | _piece_zones(v)


def _pawn_zones(v: Variant) -> dict[str, ZoneSpec]:
    """The zones of the pawns' rules: promotion, multi-steps, en passant."""
    zones: dict[str, ZoneSpec] = {}
    pr = v.pawn_rules
    if pr.promotion is not None:
        promo = pr.promotion
        zones["promotion-zone"] = promo.ranks if promo.squares is None else promo.squares
        if promo.black_choices is not None:
            zones[BLACK_PROMOTION_ZONE] = zones["promotion-zone"]
    if pr.multi_step_ranks and (pr.max_steps > 1 or any(returning_pawn(p) for p in v.pieces)):
        chosen = pr.multi_step_squares
        zones[MULTI_STEP_ZONE] = pr.multi_step_ranks if chosen is None else _on_ranks(v, chosen, pr.multi_step_ranks)
    if pr.en_passant and pr.en_passant_ranks is not None:
        # the squares a capturing pawn lands on, from its own side: the enemy pawns' en passant ranks mirrored
        zones[EN_PASSANT_ZONE] = tuple(sorted(v.board.ranks + 1 - r for r in pr.en_passant_ranks))
    return zones


def _piece_zones(v: Variant) -> dict[str, ZoneSpec]:
    """The zones of the pieces' own moves: where each may not stop, its region, its advanced zone, and
    the diagonal lines."""
    zones: dict[str, ZoneSpec] = {}
    for p in v.pieces:
        stuck = stuck_ranks(v, p)
        if stuck:
            zones[stuck_zone(p)] = stuck
        if p.region is not None:
            zones[region_zone(p)] = p.region
        if p.advanced is not None:
            zones[advanced_zone(p)] = tuple(range(p.advanced.rank, v.board.ranks + 1))
    if any(p.line_moves for p in v.pieces):
        zones[LINES_ZONE] = (v.diagonal_lines, v.diagonal_lines)
    return zones


def _on_ranks(
    v: Variant, squares: tuple[frozenset[Square], frozenset[Square]], ranks: tuple[int, ...]
) -> tuple[frozenset[Square], frozenset[Square]]:
    """Each side's ``squares`` on its relative ``ranks``."""
    rows = [{absolute_rank(c, r, v.board.ranks) - 1 for r in ranks} for c in Color]
    white, black = (frozenset(sq for sq in squares[c] if sq.rank in rows[c]) for c in Color)
    return white, black


def promotion_zone(v: Variant) -> str:
    """The zone of promotion by piece: the pawns' own where they promote on the same ranks."""
    promo, pp = v.pawn_rules.promotion, v.piece_promotion
    same = promo is None or pp is None or (promo.squares is None and set(promo.ranks) == set(pp.ranks))
    return "promotion-zone" if same else "piece-promotion-zone"


def drop_zone(v: Variant, letter: str) -> str:
    """The zone the piece ``letter`` is dropped in: ``drop-zone``, or one of its own."""
    own = v.drops is not None and letter in dict(v.drops.piece_ranks)
    return f"drop-zone-{letter.lower()}" if own else "drop-zone"


def stuck_ranks(v: Variant, p: PieceType) -> tuple[int, ...] | None:
    """The relative ranks ``p`` may not stop on, where it could never move again (``immobility_illegal``):
    none (empty or None) where the variant lets it."""
    return immobile_ranks(v, p) if v.immobility_illegal else None


def stuck_zone(p: PieceType) -> str:
    """The zone where ``p`` could never move again (``immobility_illegal``)."""
    return f"stuck-zone-{p.letter.lower()}"


#: Cambodian first moves (the reference's ``FirstLeaps``), by whether the piece is the king: a knight's leap
#: onto the rank ahead, the met's two squares straight ahead, both onto empty squares, before any other move
FIRST_LEAPS = {True: "imfsN", False: "imfD"}


def first_leaps(v: Variant, p: PieceType) -> tuple[BetzaMove, ...]:
    """``p``'s Cambodian first moves, as first-move-only Betza moves (none if it has none)."""
    leaps = v.first_leaps
    if leaps is None or p.letter not in (leaps.king, leaps.met):
        return ()
    return parse_betza(FIRST_LEAPS[p.letter == leaps.king]).moves


def moves_of(p: PieceType) -> tuple[BetzaMove, ...]:
    """Every Betza move ``p`` may make somewhere: its own, its advanced moves and those along the lines."""
    return p.movement.moves + (p.advanced.movement.moves if p.advanced else ()) + line_moves_of(p)


#: the squares of the variant's diagonal lines (``diagonal_lines``), the same for both players
LINES_ZONE = "diagonal-lines"


def line_moves_of(p: PieceType) -> tuple[BetzaMove, ...]:
    """``p``'s moves along the diagonal lines (its ``line_moves``), which start on a square of
    :data:`LINES_ZONE` and land on one, whatever they pass: ``(verify (in-zone? diagonal-lines))``
    before the first step and ``(if (in-zone? diagonal-lines) add)`` where they land.  The corpus's
    janggi (GlukKazan__Dagaz src/debug/games/xiangqi/janggi.zrf) tests its ``fortress`` zone, the
    palaces' corners and centres, so: ``(verify (in-zone? fortress))`` before each diagonal step or
    slide and after it; testing the landing only (as a region's landing does) lets a slide pass a
    square off the lines, as the reference's lines do, which on a palace never happens."""
    return p.line_moves.moves if p.line_moves is not None else ()


def region_zone(p: PieceType) -> str:
    """The zone of the squares ``p`` keeps to (its ``region``), which its landing tests on the square
    moved to: ``(if (in-zone? region-k) add)``.  ``in-zone?`` (Language Reference) tests the cursor's
    position against the zone of the player moving, as Chess.zrf's one ``Pawn-add`` promotes each side
    in its own ``promotion-zone``; the corpus's xiangqi files keep their general in the palace so
    (GlukKazan__Dagaz .../xiangqi/xiangqi.zrf and DagazProject__ZRF WojiaoQi/wojiaoqi.zrf: ``$1 (verify
    not-friend?) (verify (in-zone? $2)) add``, called ``(step n fortress)``)."""
    return f"region-{p.letter.lower()}"


def advanced_zone(p: PieceType) -> str:
    """The zone from whose squares ``p`` moves as its ``advanced`` moves say, which a move tests before
    its first step, on the square it starts from: ``(verify (in-zone? advanced-zone-p))`` (or
    ``not-in-zone?``), as wojiaoqi.zrf's ``step`` tests ``(verify (in-zone? $2))`` before ``$1`` (its
    soldier's ``(step e enemy)``) and RenShogi.zrf's ``leap`` ``(verify (in-zone? board-zone)) $1``."""
    return f"advanced-zone-{p.letter.lower()}"


def _vectors_used(v: Variant) -> set[Vector]:
    vecs: set[Vector] = set(UNIT)
    for p in v.pieces:
        for m in moves_of(p) + first_leaps(v, p):
            if not m.lame:
                vecs.update(m.vectors())
    for sw in v.swaps:
        for m in sw.adjacency_movement.moves:
            vecs.update(m.vectors())
    return vecs | {mirror(x) for x in vecs}


def board_context(images: Images, v: Variant, zones: Mapping[str, ZoneSpec], dummies: Iterable[str]) -> BoardContext:
    """The board of ``v``: its picture, grid, holes, the given dummy positions and zones."""
    holes = tuple(sorted(v.board.holes))
    stem = f"Board{v.board.files}x{v.board.ranks}" + "".join(
        f"-{s.name}" for s in sorted(v.board.holes, key=lambda s: (s.rank, s.file))
    )
    s, e = SQUARE_SIZE, BOARD_BORDER
    layout = hand_layout(v)
    left, right = (layout.left, layout.right) if layout else (0, 0)
    if layout:
        stem += f"-hands{left}"
    picture = BoardPicture(v.board.files, v.board.ranks, holes, left, right)
    board = BoardContext(
        image=images.path(stem, picture).replace("/", "\\"),
        start=(e + left * s, e, e + left * s + s, e + s),
        files="/".join(FILE_LETTERS[: v.board.files]),
        ranks="/".join(str(r) for r in range(v.board.ranks, 0, -1)),
        step=s,
        kill=tuple(x.name for x in sorted(v.board.holes, key=lambda q: (q.rank, q.file))),
        dummies=(*dummies, *((HAND_START,) if layout else ())),
        vectors=frozenset(),
        directions=(),
        symmetry=(),
        zones=(),
        hand=None if layout is None else _hand_board(v, layout),
    )
    return with_zones(with_directions(board, _vectors_used(v)), v, zones)


def _hand_board(v: Variant, layout: HandLayout) -> HandBoard:
    s, e = SQUARE_SIZE, BOARD_BORDER
    positions = tuple(
        (name, (e + col * s, e + row * s, e + col * s + s, e + row * s + s))
        for c in Color
        for name, (col, row) in layout.slots[c]
    )
    return HandBoard(
        positions=positions,
        links=hand_links(v, layout),
        symmetry=(("hand-first", "black-hand-first"),),
        # the drops' zone: pieces waiting to be gated are never dropped
        zones=tuple(Zone("hand-zone", player, names) for player, names in hand_zone(layout)) if uses_hand(v) else (),
    )


def with_directions(board: BoardContext, vectors: Iterable[Vector]) -> BoardContext:
    """``board`` declaring the directions of ``vectors``, their mirrors and the compass steps; its
    symmetry pairs each with its mirror, then the hand's links."""
    vecs = ordered_vectors(set(vectors) | {mirror(x) for x in vectors} | set(UNIT))
    return dataclasses.replace(
        board,
        vectors=frozenset(vecs),
        directions=tuple(Direction(direction_name(x), x[0], -x[1]) for x in vecs),
        symmetry=(
            *((direction_name(x), direction_name(mirror(x))) for x in vecs),
            *(board.hand.symmetry if board.hand else ()),
        ),
    )


def zone_squares(v: Variant, color: Color, zone: ZoneSpec) -> tuple[str, ...]:
    """The squares of ``zone`` for ``color`` on the board of ``v``, a1 b1 ... order."""
    ranks = [r for r in zone if isinstance(r, int)]
    if len(ranks) == len(zone):
        return squares_of_ranks(v, color, ranks)
    own = zone[color]
    assert isinstance(own, frozenset)
    return tuple(sq.name for sq in sorted(own, key=lambda sq: (sq.rank, sq.file)) if v.board.contains(sq))


def with_zones(board: BoardContext, v: Variant, zones: Mapping[str, ZoneSpec]) -> BoardContext:
    """``board`` declaring ``zones`` (name -> relative ranks or squares) for both players, Black's own
    for Black, then the hand's.  A player's zone with no square on this board (the region of a piece
    a variant inherits but does not place, off its smaller board) is left out where the other
    player's is not: a zone of one player only is empty for the other (GlukKazan__ZoG Rules/Chase.zrf
    tells which player moves by ``(in-zone? player-id A1)``, a zone of Red's alone)."""
    out: list[Zone] = []
    for z, spec in zones.items():
        own = [
            Zone(z, PLAYERS[c], zone_squares(v, c, spec))
            for c in Color
            if z != BLACK_PROMOTION_ZONE or c is Color.BLACK
        ]
        out += [zone for zone in own if zone.positions] or own
    return dataclasses.replace(board, zones=(*out, *(board.hand.zones if board.hand else ())))
