"""What Fairy-Stockfish cannot express, by rule: the checks of
:func:`generator.emit.fidelity.limitations` for the Fairy-Stockfish target (pieces and their moves,
pawns, castling, hands and promotion by piece, goals and draws, swaps), each adding to one
:class:`~generator.emit.fidelity.notes.Notes`; and what the ini emitter shares with them: the
Fairy-Stockfish piece each catalogue piece becomes, the castling it can play, the ranks it drops on.

Fairy-Stockfish lets every piece be dropped in one region, less two restrictions of its own pawn
(none on its first rank, none in its promotion zone), each of which the ini can lift
(``firstRankPawnDrops``, ``promotionZonePawnDrops``); the ini's drop options read them here too.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import NamedTuple

from generator.betza import BetzaMove, BetzaPiece, Modality, parse_betza, spell
from generator.catalogue.model import (
    CastlingMove,
    Color,
    Drops,
    PieceType,
    Square,
    StalemateResult,
    Variant,
)
from generator.emit.fidelity.fsf_pieces import PieceKind
from generator.emit.fidelity.notes import Notes
from generator.engine.chasing import CANNON, ELEPHANT, FERS, HORSE, ROLES, ROOK

# Fairy-Stockfish (pyffish 0.0.90, large-board build): see shared/research/fairy-stockfish.md.
FSF_MAX_FILES, FSF_MAX_RANKS = 12, 10
FSF_CUSTOM_SLOTS = 25
FSF_MAX_RANGE = 9  # a range is one digit
FSF_RIDERS = "RBQN"  # canonical atoms that may ride: the W, F, K lines and the knight
FSF_LAME = "DNAZ"  # lame leapers with lookup tables
FSF_PAWN = parse_betza("fmWfcF")
#: Fairy-Stockfish's orthodox pieces, used for the catalogue pieces that move exactly like them.
KHON = parse_betza("FfW")
#: Fairy-Stockfish's soldier: fW, and fsW from ``soldierPromotionRank`` on
FSF_SOLDIER = (parse_betza("fW"), parse_betza("fsW"))
#: the bers of shatar, which Fairy-Stockfish's mate rule knows by its type
BERS = parse_betza("RF")
#: the pieces the rules on chasing know by their type, as the reference engine knows them by their moves
CHASING_KINDS = {
    movement: {
        ROOK: PieceKind.ROOK,
        HORSE: PieceKind.HORSE,
        CANNON: PieceKind.CANNON,
        ELEPHANT: PieceKind.ELEPHANT,
        FERS: PieceKind.FERS,
    }[role]
    for movement, role in ROLES.items()
}
#: Fairy-Stockfish's janggi cannon, which alone shuns its own type
JANGGI_CANNON = parse_betza("pR")
#: the moves Fairy-Stockfish's pieces make along the diagonal lines, by their type (its king too, but only
#: its built-in janggi's, which no section can make)
FSF_LINE_MOVES = {PieceKind.WAZIR: "F", PieceKind.SOLDIER: "fF", PieceKind.ROOK: "B", PieceKind.JANGGI_CANNON: "pB"}
_LINED = {parse_betza("W"): PieceKind.WAZIR, parse_betza("fsW"): PieceKind.SOLDIER, parse_betza("R"): PieceKind.ROOK}
#: the points of Fairy-Stockfish's ``materialCounting = janggi``, by its piece types
JANGGI_POINTS = {
    PieceKind.ROOK: 13,
    PieceKind.JANGGI_CANNON: 7,
    PieceKind.HORSE: 5,
    PieceKind.JANGGI_ELEPHANT: 3,
    PieceKind.WAZIR: 3,
    PieceKind.SOLDIER: 2,
}
#: the pieces it counts that are custom pieces elsewhere, by their moves
COUNTED_KINDS = {parse_betza("nN"): PieceKind.HORSE, parse_betza("nZ"): PieceKind.JANGGI_ELEPHANT}
FSF_STANDARD = {
    parse_betza(b): name
    for b, name in (
        ("N", PieceKind.KNIGHT),
        ("B", PieceKind.BISHOP),
        ("R", PieceKind.ROOK),
        ("Q", PieceKind.QUEEN),
        ("fW", PieceKind.SHOGI_PAWN),
    )
}


def fairy_stockfish_pieces(variant: Variant) -> list[tuple[PieceType, PieceKind]]:
    """Each piece with the Fairy-Stockfish piece it becomes.

    ``"king"`` for the (first) royal piece, ``"pawn"`` for the one pawn-role piece that moves
    ``fmWfcF`` (FSF's pawn, which alone has multi-steps and en passant), ``"knight"``,
    ``"bishop"``, ``"rook"``, ``"queen"`` for pieces that move exactly like those (``"silver"``, the khon, for
    ``FfW`` under a counting rule, which weighs it; ``"fers"`` for the first leaps' met, which
    ``cambodianMoves`` knows by that type; ``"bers"`` for ``RF`` under shatar's mate rule, which knows
    it by its type; ``"horse"``, ``"cannon"``, ``"elephant"``, ``"fers"`` for the pieces the rules on chasing
    know by their type), ``"soldier"`` for the first piece that steps ``fW`` with
    ``fsW`` as its advanced moves, ``"janggiCannon"`` for the first ``pR`` piece that shuns its own type,
    ``"immobile"`` for the first piece that never moves, and ``"custom"`` for every other piece (a second piece
    that moves like the knight, say, as FSF has one piece of each type).
    """
    pawns = [p for p in variant.pieces if p.pawn]
    builtin_pawn = len(pawns) == 1 and pawns[0].movement == FSF_PAWN and not pawns[0].royal
    out: list[tuple[PieceType, PieceKind]] = []
    king_done = soldier_done = False
    cannon = next((p.letter for p in variant.pieces if _janggi_cannon(variant, p)), None)
    for p in variant.pieces:
        if p.letter == cannon:
            kind = PieceKind.JANGGI_CANNON
        elif p.advanced is not None:
            soldier = not soldier_done and (p.movement, p.advanced.movement) == FSF_SOLDIER and not p.royal
            kind, soldier_done = (PieceKind.SOLDIER if soldier else PieceKind.CUSTOM), soldier_done or soldier
        elif p.royal and not king_done:
            kind, king_done = PieceKind.KING, True
        elif p.pawn:
            kind = PieceKind.PAWN if builtin_pawn else PieceKind.CUSTOM
        else:
            kind = PieceKind.CUSTOM if p.royal else _unused(_plain_kind(variant, p), out)
        out.append((p, kind))
    return _first_immobile(out)


def _unused(kind: PieceKind, out: list[tuple[PieceType, PieceKind]]) -> PieceKind:
    """FSF has one piece of each type: a second piece that moves alike (an A beside the N) is a custom one."""
    return PieceKind.CUSTOM if any(kind == k for _, k in out) else kind


def _first_immobile(kinds: list[tuple[PieceType, PieceKind]]) -> list[tuple[PieceType, PieceKind]]:
    """Fairy-Stockfish has one ``immobile`` piece: the first custom piece without moves becomes it."""
    still = next((i for i, (p, kind) in enumerate(kinds) if kind == PieceKind.CUSTOM and not p.movement.moves), None)
    if still is not None:
        kinds[still] = (kinds[still][0], PieceKind.IMMOBILE)
    return kinds


def _janggi_cannon(variant: Variant, p: PieceType) -> bool:
    shuns = p.letter in variant.shuns_own_type and p.movement == JANGGI_CANNON and p.advanced is None
    return shuns and _line_moves(p) == (FSF_LINE_MOVES[PieceKind.JANGGI_CANNON] if variant.diagonal_lines else None)


def _line_moves(p: PieceType) -> str | None:
    return None if p.line_moves is None else p.line_moves.render()


def _lined_kind(p: PieceType) -> PieceKind:
    """With diagonal lines, the kind whose moves along them are the piece's: Fairy-Stockfish gives its wazir,
    soldier and rook theirs wherever it stands on the lines, so such a piece without them is a custom one."""
    kind = _LINED.get(p.movement)
    if kind is not None and _line_moves(p) == FSF_LINE_MOVES[kind]:
        return kind
    standard = FSF_STANDARD.get(p.movement, PieceKind.CUSTOM)
    return PieceKind.CUSTOM if standard in FSF_LINE_MOVES else standard


def _plain_kind(variant: Variant, p: PieceType) -> PieceKind:
    """The kind of a piece neither royal nor a pawn: some rules know Fairy-Stockfish's pieces by type."""
    if variant.first_leaps is not None and p.letter == variant.first_leaps.met:
        return PieceKind.FERS
    if variant.goals.shatar_mate is not None and p.movement == BERS:
        return PieceKind.BERS
    if variant.draws.chasing is not None and p.movement in CHASING_KINDS:
        return CHASING_KINDS[p.movement]
    if variant.draws.points is not None and p.movement in COUNTED_KINDS:
        return COUNTED_KINDS[p.movement]
    if variant.diagonal_lines:
        return _lined_kind(p)
    # a counting rule weighs Fairy-Stockfish's khons: the FfW piece must be one
    return (
        PieceKind.SILVER
        if variant.draws.counting and p.movement == KHON
        else FSF_STANDARD.get(p.movement, PieceKind.CUSTOM)
    )


def relative_rank(color: Color, square: Square, ranks: int) -> int:
    """The 1-based rank of ``square`` counted from ``color``'s side."""
    return square.rank + 1 if color is Color.WHITE else ranks - square.rank


def fairy_stockfish_castling(v: Variant) -> tuple[list[CastlingMove], list[tuple[CastlingMove, str]]]:
    """The castling moves Fairy-Stockfish can play, and the others with the reason.

    FSF castles on one relative rank for both colours; per side (king- or queenside) the king's
    destination file and the rook's file are the same for both colours, and the rook always
    lands beside the king on the inside.  The first expressible move of a side fixes its files.
    """
    kept: list[CastlingMove] = []
    dropped: list[tuple[CastlingMove, str]] = []
    rank: int | None = None
    files: dict[bool, tuple[int, int]] = {}
    seen: set[tuple[Color, bool]] = set()
    ranks = v.board.ranks
    for cm in v.castling:
        r = relative_rank(cm.color, cm.king_from, ranks)
        inside = cm.king_to.file + (-1 if cm.kingside else 1)
        if any(relative_rank(cm.color, s, ranks) != r for s in (cm.king_to, cm.rook_from, cm.rook_to)):
            why = "king and rook do not start and end on one rank"
        elif cm.rook_to.file != inside:
            why = "the rook does not land beside the king on the inside"
        elif rank is not None and r != rank:
            why = "it castles on another rank than the other castling moves"
        elif cm.kingside in files and files[cm.kingside] != (cm.king_to.file, cm.rook_from.file):
            why = "its king destination or rook file differs from the other colour's on that side"
        elif (cm.color, cm.kingside) in seen:
            why = "it is a second castling move of that colour to the same side"
        else:
            rank = r
            files[cm.kingside] = (cm.king_to.file, cm.rook_from.file)
            seen.add((cm.color, cm.kingside))
            kept.append(cm)
            continue
        dropped.append((cm, why))
    return kept, dropped


class PawnDrops(NamedTuple):
    """Where Fairy-Stockfish's pawn may be dropped: on its first rank (``firstRankPawnDrops``), in its promotion
    zone (``promotionZonePawnDrops``)."""

    first_rank: bool
    zone: bool


def pawn_drop_flags(v: Variant, kinds: Sequence[tuple[PieceType, PieceKind]]) -> PawnDrops:
    """``firstRankPawnDrops`` and ``promotionZonePawnDrops``: whether the catalogue lets the piece
    played as Fairy-Stockfish's pawn (``kinds``: each piece with its Fairy-Stockfish kind) be
    dropped on its first rank and in its promotion zone.  Where no pawn ever reaches a hand, both are
    Fairy-Stockfish's defaults (false), which a section that inherits from this one plays by."""
    drops, promo = v.drops, v.pawn_rules.promotion
    pawn = next((p for p, kind in kinds if kind == PieceKind.PAWN), None)
    if drops is None or pawn is None:
        return PawnDrops(True, True)
    if not _ever_held(v, pawn):
        return PawnDrops(False, False)
    ranks = drops.ranks_of(pawn.letter)
    zone = [r for r in (promo.ranks if promo else ()) if r in drops.ranks]
    return PawnDrops(1 in ranks or 1 not in drops.ranks, not zone or any(r in ranks for r in zone))


def rook_drop_first_rank(v: Variant, kinds: Sequence[tuple[PieceType, PieceKind]]) -> bool:
    """``sittuyinRookDrop``: whether the catalogue lets the piece played as Fairy-Stockfish's rook be
    dropped on its first rank only, where the other pieces drop on more ranks."""
    rook = next((p for p, kind in kinds if kind == PieceKind.ROOK), None)
    if v.drops is None or rook is None or 1 not in v.drops.ranks or v.drops.ranks == (1,):
        return False
    return v.drops.ranks_of(rook.letter) == (1,)


def _ever_held(v: Variant, p: PieceType) -> bool:
    """Whether a piece of ``p``'s type can be in a hand: in a pocket at the start, or captured to hand."""
    return (v.drops is not None and v.drops.captures_to_hand) or any(x == p.letter for _, x, _ in v.setup.pockets)


def drop_ranks_played(v: Variant, kinds: Sequence[tuple[PieceType, PieceKind]]) -> dict[str, tuple[int, ...]]:
    """Per piece letter, the relative ranks Fairy-Stockfish lets it be dropped on (a pawn never in hand:
    the catalogue's, as none is ever dropped)."""
    assert v.drops is not None
    first, zone = pawn_drop_flags(v, kinds)
    promo = v.pawn_rules.promotion
    pawn = next((p for p, kind in kinds if kind == PieceKind.PAWN), None)
    pawn_ranks = tuple(
        r for r in v.drops.ranks if (first or r != 1) and (zone or promo is None or r not in promo.ranks)
    )
    if pawn is not None and not _ever_held(v, pawn):
        pawn_ranks = v.drops.ranks_of(pawn.letter)
    rook_ranks = (1,) if rook_drop_first_rank(v, kinds) else v.drops.ranks
    played = {PieceKind.PAWN: pawn_ranks, PieceKind.ROOK: rook_ranks}
    return {p.letter: played.get(kind, v.drops.ranks) for p, kind in kinds}


# --- the checks: each reads notes.variant, the variant relaxed by the checks before it -----------------


def checks(notes: Notes) -> None:
    """Every Fairy-Stockfish check, in the order of its notes.  Each piece's Fairy-Stockfish kind
    is decided once, from the catalogue's pieces."""
    v = notes.variant
    board = v.board
    if board.files > FSF_MAX_FILES or board.ranks > FSF_MAX_RANKS:
        notes.add(
            "board-size",
            f"Fairy-Stockfish plays on at most {FSF_MAX_FILES} files and {FSF_MAX_RANKS} ranks, so this "
            f"{board.files}x{board.ranks} board gets no section.",
            switchable=False,
        )
    _hop_ranges(notes)
    kind_of = {p.letter: kind for p, kind in fairy_stockfish_pieces(notes.variant)}
    _pieces(kind_of, notes)
    _pawns(kind_of, notes)
    _castling(notes)
    _drop_ranks(kind_of, notes)
    _set_up_drops(kind_of, notes)
    _piece_promotion(kind_of, notes)
    _goals_and_draws(kind_of, notes)
    _swaps(notes)
    _shuns_own_type(kind_of, notes)
    _diagonal_lines(kind_of, notes)


def fsf_hops(piece: BetzaPiece) -> BetzaPiece:
    """``piece`` as Fairy-Stockfish 0.0.90 plays its hops with a range: it keeps a hop's landing squares to the
    squares the piece's moves of that modality reach on an empty board, so another move along the same line
    widens the range (measured with pyffish).  :class:`ValueError` where the widened reach is no range.

    >>> fsf_hops(parse_betza("mBpB2")).render(), fsf_hops(parse_betza("mRpRmFpB2")).render()
    ('mBmpBcpB2', 'pRpB2mRmF')
    >>> fsf_hops(parse_betza("pR2mR3")).render(), fsf_hops(parse_betza("pR2mD")).render()
    ('mR3mpR3cpR2', 'pR2mD')
    """
    if not any(m.hop and m.range for m in piece.moves):
        return piece
    moves = [m for m in piece.moves if not (m.hop and m.range)]
    for m in piece.moves:
        if not (m.hop and m.range):
            continue
        for bit in (Modality.MOVE, Modality.CAPTURE):
            for v in m.vectors() if m.modality & bit else ():
                unit = "F" if v[0] and v[1] else "W"
                moves.append(
                    BetzaMove(unit, spell(unit, [v]) or "", bit, False, False, _widened(piece, m, bit, v), "p")
                )
    return BetzaPiece(tuple(moves))


def _widened(piece: BetzaPiece, hop: BetzaMove, bit: Modality, v: tuple[int, int]) -> int:
    """The range of ``hop`` along ``v`` for the moves of modality ``bit``, once the piece's other moves widen it
    (0: no limit)."""
    reach = set(range(1, hop.range + 1))
    for o in piece.moves:
        if o is hop or not o.modality & bit or o.initial:
            continue
        for u in o.vectors():
            k = u[0] // v[0] if v[0] else u[1] // v[1]
            if k < 1 or (u[0], u[1]) != (k * v[0], k * v[1]):
                continue
            if o.range == 0:
                return 0
            reach.update(k * i for i in range(1, o.range + 1))
    top = max(reach)
    if reach != set(range(1, top + 1)):
        raise ValueError(f"its other moves leave gaps in the squares its hop {hop.render()} may land on")
    return top


def _hop_ranges(notes: Notes) -> None:
    """Hops with a range that another move along the same line widens in Fairy-Stockfish."""
    pieces, widened, broken = [], [], []
    for p in notes.variant.pieces:
        try:
            movement = fsf_hops(p.movement)
        except ValueError:
            broken.append(p.name)
            movement = p.movement
        if movement != p.movement:
            widened.append(f"the {p.name} hops as {movement.render()}")
            p = dataclasses.replace(p, movement=movement, betza=movement.render())
        pieces.append(p)
    if broken:
        notes.add(
            "hop-range",
            f"Fairy-Stockfish keeps a hop with a range to the squares the piece's other moves reach as well, which "
            f"for the {', '.join(broken)} are no range, so it plays other hops.",
            switchable=False,
        )
    if widened:
        notes.add(
            "hop-range",
            "Fairy-Stockfish keeps a hop with a range to the squares the piece's moves of that kind reach on an empty "
            f"board, so another move along the same line widens it: {'; '.join(widened)}.",
        )
        notes.relax(pieces=tuple(pieces))


def _diagonal_lines(kind_of: dict[str, PieceKind], notes: Notes) -> None:
    """Along the diagonal lines Fairy-Stockfish moves its pieces by their type only."""
    v = notes.variant
    if not v.diagonal_lines:
        return
    off = [p for p in v.pieces if _line_moves(p) != FSF_LINE_MOVES.get(kind_of[p.letter])]
    if off:
        names = ", ".join(f"the {p.name}'s {_line_moves(p)}" for p in off)
        notes.add(
            "diagonal-lines",
            "Fairy-Stockfish moves only its wazir (F), soldier (fF), rook (B) and janggi cannon (pB) along the "
            f"diagonal lines, and the king of its built-in janggi, so {names} along them is left out.",
        )
        notes.relax(
            pieces=tuple(dataclasses.replace(p, line_moves=None) if p in off else p for p in notes.variant.pieces)
        )


def _shuns_own_type(kind_of: dict[str, PieceKind], notes: Notes) -> None:
    """Fairy-Stockfish's one piece that shuns its own type is its janggi cannon, a ``pR`` piece."""
    v = notes.variant
    left = [x for x in v.shuns_own_type if kind_of[x] != PieceKind.JANGGI_CANNON]
    if left:
        names = ", ".join(f"the {v.piece(x).name} ({v.piece(x).movement.render()})" for x in left)
        notes.add(
            "shuns-own-type",
            "Fairy-Stockfish's only piece that may neither hop over nor take its own type is its janggi cannon, "
            f"one pR piece, so {names} may.",
        )
        notes.relax(shuns_own_type=tuple(x for x in v.shuns_own_type if x not in left))


def _kinds(v: Variant, kind_of: dict[str, PieceKind]) -> list[tuple[PieceType, PieceKind]]:
    return [(p, kind_of[p.letter]) for p in v.pieces]


def _pieces(kind_of: dict[str, PieceKind], notes: Notes) -> None:
    v = notes.variant
    royals = [p for p in v.pieces if p.royal]
    if len(royals) > 1:
        names = ", ".join(p.name for p in royals[1:])
        notes.add(
            "royals",
            f"Fairy-Stockfish has one royal piece type, so the {names} is played as an ordinary piece.",
            switchable=False,
        )
    if royals and not v.goals.checkmate:
        notes.add(
            "checkmate",
            f"Fairy-Stockfish always ends the game when the {royals[0].name} is checkmated, which this "
            "variant does not.",
            switchable=False,
        )
    span = max(v.board.files, v.board.ranks) - 1
    custom = 0
    new: list[PieceType] = []
    changed = False
    for p, kind in _kinds(v, kind_of):
        custom += kind == PieceKind.CUSTOM
        if p.advanced is not None and kind != PieceKind.SOLDIER:
            notes.add(
                "advanced-moves",
                f"Fairy-Stockfish switches moves by rank for its soldier alone (fW, then fsW), so the {p.name}'s "
                f"{p.advanced.betza} from relative rank {p.advanced.rank} on is left out.",
            )
            p = dataclasses.replace(p, advanced=None)
            changed = True
        if kind != PieceKind.CUSTOM and kind != PieceKind.KING:
            new.append(p)
            continue
        moves: list[BetzaMove] = []
        for m in p.movement.moves:
            keep = _fsf_move(p, m, span, notes)
            if keep is not None:
                moves.append(keep)
        if not moves:
            notes.add(
                "no-moves",
                f"None of the {p.name}'s moves ({p.betza}) can be written for Fairy-Stockfish, so the "
                "variant gets no section.",
                switchable=False,
            )
            new.append(p)
            continue
        movement = BetzaPiece(tuple(moves))
        if movement != p.movement:
            changed = True
            new.append(dataclasses.replace(p, movement=movement, betza=movement.render()))
        else:
            new.append(p)
    if custom > FSF_CUSTOM_SLOTS:
        notes.add(
            "piece-slots",
            f"Fairy-Stockfish has {FSF_CUSTOM_SLOTS} custom piece slots and this variant needs {custom}, so it "
            "gets no section.",
            switchable=False,
        )
    if changed:
        notes.relax(pieces=tuple(new))


def _fsf_move(p: PieceType, m: BetzaMove, span: int, notes: Notes) -> BetzaMove | None:
    """The move as Fairy-Stockfish can play it (None: not at all), noting any difference."""
    what = f"the {p.name}'s move {m.render()} ({m.describe()})"
    if m.initial and not p.pawn:
        notes.add(
            "initial-move",
            f"Fairy-Stockfish ties the initial-move modifier to the double-step ranks and cannot capture "
            f"with it, so {what} is left out.",
        )
        return None
    if m.lame and m.atom not in FSF_LAME:
        notes.add(
            "lame-leap",
            f"Fairy-Stockfish has lame leaps only for D, N, A and Z, so {what} is left out.",
        )
        return None
    if m.range != 1 and m.atom not in FSF_RIDERS:
        notes.add(
            "rider",
            f"Fairy-Stockfish rides only along W, F and N lines, so {what} is played as a single leap.",
        )
        return dataclasses.replace(m, range=1)
    if m.range > FSF_MAX_RANGE:
        if m.range >= span:
            return dataclasses.replace(m, range=0)  # the board is too small for the limit to matter
        notes.add(
            "range",
            f"Fairy-Stockfish ranges have one digit, so {what} is played at most {FSF_MAX_RANGE} squares.",
        )
        return dataclasses.replace(m, range=FSF_MAX_RANGE)
    return m


def _pawns(kind_of: dict[str, PieceKind], notes: Notes) -> None:
    pr = notes.variant.pawn_rules
    if not any(p.pawn for p in notes.variant.pieces):
        return
    builtin = PieceKind.PAWN in kind_of.values()
    if builtin and pr.max_steps > 3:
        notes.add(
            "pawn-steps",
            f"Fairy-Stockfish pawns advance at most three squares, so the {pr.max_steps}-square advance is cut "
            "to three.",
        )
        notes.relax(pawn_rules=dataclasses.replace(pr, max_steps=3))
    elif not builtin and (pr.max_steps > 1 or pr.en_passant):
        _custom_pawns(notes)


def _custom_pawns(notes: Notes) -> None:
    """Fairy-Stockfish's custom pawns multi-step by their initial moves (Betza ``i``) alone, from the
    double-step region, so a straight double step becomes ``ifmnD`` (for a pawn that steps straight
    ahead); they take en passant with moves that only capture."""
    pr = notes.variant.pawn_rules
    pawns = [p for p in notes.variant.pieces if p.pawn]
    names = ", ".join(p.name for p in pawns)
    if pr.max_steps > 2:
        notes.add(
            "pawn-steps",
            f"Fairy-Stockfish's custom pawns advance at most two squares at once (an initial move ifmnD), so "
            f"the {pr.max_steps}-square advance of the {names} is cut to two.",
        )
    rules = dataclasses.replace(pr, max_steps=1)
    takers = [p for p in pawns if pr.en_passant_takers is None or p.letter in pr.en_passant_takers]
    if pr.en_passant and any(m.modality is Modality.BOTH for p in takers for m in p.movement.moves):
        names = ", ".join(p.name for p in takers)
        notes.add(
            "pawn",
            f"Fairy-Stockfish's custom pawns take en passant only with moves that only capture, so the {names} "
            "play without en passant.",
        )
        rules = dataclasses.replace(rules, en_passant=False)
    notes.relax(pawn_rules=rules)
    if pr.max_steps > 1:
        double = BetzaMove("D", "f", Modality.MOVE, True, True, 1)
        pieces = notes.variant.pieces
        notes.relax(pieces=tuple(_with_move(p, double) if p.pawn and p.steps_ahead else p for p in pieces))


def _with_move(p: PieceType, m: BetzaMove) -> PieceType:
    movement = BetzaPiece((*p.movement.moves, m))
    return dataclasses.replace(p, movement=movement, betza=movement.render())


def _castling(notes: Notes) -> None:
    kept, dropped = fairy_stockfish_castling(notes.variant)
    for cm, why in dropped:
        notes.add(
            "castling",
            f"Fairy-Stockfish cannot castle {cm.color.word} king {cm.king_from}-{cm.king_to} with rook "
            f"{cm.rook_from}-{cm.rook_to} ({why}), so that castling is left out.",
        )
    if dropped:
        notes.relax(castling=tuple(kept))


def _drop_ranks(kind_of: dict[str, PieceKind], notes: Notes) -> None:
    v = notes.variant
    drops = v.drops or Drops(())
    kinds = _kinds(v, kind_of)
    played = drop_ranks_played(v, kinds) if drops.piece_ranks else {}
    odd = [p.name for p, _ in kinds if p.letter in played and set(played[p.letter]) != set(drops.ranks_of(p.letter))]
    if odd:
        notes.add(
            "drop-ranks",
            f"Fairy-Stockfish drops every piece on the same ranks, a pawn only off its first rank or its "
            f"promotion zone, so the {', '.join(odd)} may be dropped where Fairy-Stockfish lets it.",
        )
        own = tuple((x, r) for x, r in played.items() if r != drops.ranks)
        notes.relax(drops=dataclasses.replace(drops, piece_ranks=own))


def _set_up_drops(kind_of: dict[str, PieceKind], notes: Notes) -> None:
    """Drops on both colours only for Fairy-Stockfish's bishop; castling by drops with the king on one
    file and the rook on the first or last file only."""
    v = notes.variant
    drops = v.drops
    if drops is not None and drops.opposite_colors and kind_of[drops.opposite_colors] != PieceKind.BISHOP:
        notes.add(
            "drop-colors",
            f"Fairy-Stockfish keeps only its bishop (B) on both colours when dropped, so the "
            f"{v.piece(drops.opposite_colors).name} may be dropped on any square.",
        )
        drops = dataclasses.replace(drops, opposite_colors=None)
        notes.relax(drops=drops)
    edges = (0, v.board.files - 1)
    odd = any(cm.rook_from.file not in edges for cm in v.castling) or len({cm.king_from.file for cm in v.castling}) > 1
    if drops is not None and drops.castling and odd:
        notes.add(
            "castling-by-drops",
            "Fairy-Stockfish gives castling to dropped pieces only with the king on one file and the rook on the "
            "first or last file, so drops give no castling.",
        )
        notes.relax(drops=dataclasses.replace(drops, castling=None))


def _piece_promotion(kind_of: dict[str, PieceKind], notes: Notes) -> None:
    """One promotion zone for pawns and pieces; mates by a drop forbidden only to the shogi pawn."""
    v = notes.variant
    pp, promo = v.piece_promotion, v.pawn_rules.promotion
    if pp is not None and promo is not None and set(pp.ranks) != set(promo.ranks):
        notes.add(
            "promotion-zones",
            "Fairy-Stockfish has one promotion zone for pawns and for promotion by piece, so pieces promote "
            "where pawns do.",
            switchable=False,
        )
    drops = v.drops
    if drops is not None and drops.no_drop_mate and kind_of[drops.no_drop_mate] != PieceKind.SHOGI_PAWN:
        notes.add(
            "drop-mate",
            f"Fairy-Stockfish forbids mating by a drop only to its shogi pawn (fW), so a mate by a dropped "
            f"{v.piece(drops.no_drop_mate).name} wins.",
        )
        notes.relax(drops=dataclasses.replace(drops, no_drop_mate=None))


def _swaps(notes: Notes) -> None:
    v = notes.variant
    if v.swaps:
        moves = "; ".join(_swap_words(v, s.piece, s.adjacency, s.unmoved_only, s.per_player) for s in v.swaps)
        notes.add("swap", f"Fairy-Stockfish has no swap move, so {moves} is left out.")
        notes.relax(swaps=())


def _swap_words(v: Variant, letter: str, adjacency: str, unmoved: bool, per_player: int) -> str:
    times = "once" if per_player == 1 else f"{per_player} times"
    partner = "an unmoved neighbouring piece" if unmoved else "a neighbouring piece"
    return f"the {v.piece(letter).name}'s swap with {partner} (where {adjacency} reaches, {times} per player)"


def _goals_and_draws(kind_of: dict[str, PieceKind], notes: Notes) -> None:
    _race_count(notes)
    _bare_king(notes)
    _insufficient_material(kind_of, notes)
    _double_pass(notes)
    _drop_move_rule(notes)
    _shatar_mate(kind_of, notes)
    _points(kind_of, notes)
    v = notes.variant
    custom_pawn = any(p.pawn and kind == PieceKind.CUSTOM for p, kind in _kinds(v, kind_of))
    if v.draws.counting and custom_pawn:  # FSF counts its own pawns only
        notes.add("counting-pawns", "Fairy-Stockfish's counting rule sees only its own pawns (fmWfcF), so it "
                  "may start counting while other pawns are on the board.", switchable=False)  # fmt: skip


def _points(kind_of: dict[str, PieceKind], notes: Notes) -> None:
    """Fairy-Stockfish counts points only as janggi does (``materialCounting = janggi``): its own pieces by type,
    and White wins with two points more, else Black."""
    points = notes.variant.draws.points
    if points is None:
        return
    same = all(points.of(letter) == JANGGI_POINTS.get(kind, 0) for letter, kind in kind_of.items())
    if not (same and 1 < points.bonus[1] - points.bonus[0] < 2):
        notes.add(
            "points",
            "Fairy-Stockfish counts points only as janggi does (chariot 13, cannon 7, horse 5, elephant and guard 3, "
            "soldier 2, Black 1.5 more), so a game end that would be a draw is a draw there.",
        )
        notes.relax(draws=dataclasses.replace(notes.variant.draws, points=None))


def _shatar_mate(kind_of: dict[str, PieceKind], notes: Notes) -> None:
    """Fairy-Stockfish's mate rule knows its pieces by type: its knights, rooks and bers give the decisive
    checks, and its knights may not mate alone."""
    goals = notes.variant.goals
    mate = goals.shatar_mate
    if mate is None:
        return
    letters = {
        kind: tuple(sorted(x for x, k in kind_of.items() if k == kind))
        for kind in (PieceKind.KNIGHT, PieceKind.ROOK, PieceKind.BERS)
    }
    decisive = tuple(sorted(letters[PieceKind.KNIGHT] + letters[PieceKind.ROOK] + letters[PieceKind.BERS]))
    knights = letters[PieceKind.KNIGHT]
    if (mate.decisive, mate.not_mating) != (decisive, knights):
        notes.add(
            "shatar-mate",
            "Fairy-Stockfish's shatar mate rule takes its decisive checks from its knights, rooks and bers and "
            f"forbids its knights' mates ({', '.join(decisive) or 'none'}; {', '.join(knights) or 'none'} "
            "here), so the mate rule is left out: every checkmate wins.",
        )
        notes.relax(goals=dataclasses.replace(goals, shatar_mate=None))


def _race_count(notes: Notes) -> None:
    v = notes.variant
    captures = any(m.modality & Modality.CAPTURE for p in v.pieces for m in p.movement.moves)
    flag = v.goals.flag
    if flag is not None and flag.count is None:
        counts = [sum(1 for _, c, x in v.setup.placement if c is col and flag.piece in (None, x)) for col in Color]
        why = (
            "pieces can be captured" if captures
            else "pieces enter the board from hand" if v.drops is not None
            else "the two sides start with different numbers of pieces" if counts[0] != counts[1]
            else None
        )  # fmt: skip
        if why:
            notes.add(
                "race-count",
                f"Fairy-Stockfish's race goal counts pieces in the zone ({counts[0]} here), which is the "
                f"catalogue's 'all pieces' only while that number holds, and here {why}.",
                switchable=False,
            )


def _bare_king(notes: Notes) -> None:
    v = notes.variant
    goals = v.goals
    in_hand = bool(v.setup.pockets) or bool(v.drops and v.drops.captures_to_hand)
    bare = goals.bare_king
    if bare is not None:
        if bare.both_bare_draw:
            notes.add(
                "both-bare",
                "When both kings are bare Fairy-Stockfish does not end the game: it goes on, king against king.",
            )
            off = dataclasses.replace(bare, both_bare_draw=False)
            notes.relax(goals=dataclasses.replace(notes.variant.goals, bare_king=off))
        if bare.opponent_minimum != 2:
            notes.add(
                "bare-king-threshold",
                "Fairy-Stockfish's bare-king rule gives the bared side one more move only against exactly one "
                f"piece, not against fewer than {bare.opponent_minimum}.",
                switchable=False,
            )
        if in_hand:
            notes.add(
                "bare-king-hand",
                "Fairy-Stockfish counts pieces in hand when it looks for a bare king.",
                switchable=False,
            )


def _insufficient_material(kind_of: dict[str, PieceKind], notes: Notes) -> None:
    v = notes.variant
    goals, draws = v.goals, v.draws
    bare = goals.bare_king
    minors = draws.insufficient_material
    if minors:
        exact, partial = [], []
        if bare is not None:
            exact.append("it is off while a bare-king rule is active")
        if v.drops is not None and v.drops.captures_to_hand:
            exact.append("it is off when captured pieces go to hand")
        flag = goals.flag
        if flag is not None and (flag.piece is None or v.piece(flag.piece).royal):
            exact.append(f"it is off while a {'race' if flag.race else 'flag'} goal is active")
        elif flag is not None and flag.piece is not None:
            partial.append(f"it is off for a side that has a {v.piece(flag.piece).name}, the flag goal's piece")
        if draws.stalemate is not StalemateResult.DRAW:
            partial.append("it counts any piece as mating material when stalemate does not draw")
        odd = [v.piece(x).name for x in minors if kind_of.get(x) not in (PieceKind.KNIGHT, PieceKind.BISHOP)]
        if odd:
            partial.append(f"it takes the {', '.join(odd)} for mating material")
        if exact:  # FSF's test then never reports a draw: switching the rule off matches it
            notes.add(
                "insufficient-material",
                f"Fairy-Stockfish's insufficient-material test {'; '.join(exact)}, so that draw is left out.",
            )
            notes.relax(draws=dataclasses.replace(notes.variant.draws, insufficient_material=()))
        elif partial:
            notes.add(
                "insufficient-material",
                f"Fairy-Stockfish's insufficient-material test differs here: {'; '.join(partial)}.",
                switchable=False,
            )


def _double_pass(notes: Notes) -> None:
    draws = notes.variant.draws
    if draws.stalemate is StalemateResult.PASS:
        notes.add(
            "double-pass",
            "Fairy-Stockfish ends the game drawn as soon as both sides have passed in a row, where the catalogue "
            "plays the passes on until the repetition draw"
            + (" (the same result, a few moves earlier)." if draws.repetition else "."),
        )
        notes.relax(draws=dataclasses.replace(notes.variant.draws, double_pass=True))
    elif notes.variant.passing and not draws.double_pass:
        notes.add(
            "double-pass",
            "Fairy-Stockfish ends the game drawn as soon as both sides have passed in a row, where the catalogue "
            "lets them pass on.",
        )
        notes.relax(draws=dataclasses.replace(notes.variant.draws, double_pass=True))


def _drop_move_rule(notes: Notes) -> None:
    v = notes.variant
    draws = v.draws
    if v.drops is not None and draws.move_rule and not draws.drops_reset_move_rule:
        resetting = set(v.move_rule_letters(Color.WHITE)) & set(v.move_rule_letters(Color.BLACK))
        droppable = {x for _, x, _ in v.setup.pockets}
        if v.drops.captures_to_hand:
            droppable |= {p.letter for p in v.pieces if not p.royal}
        if droppable - resetting:
            own = draws.move_rule_pieces is not None or draws.black_move_rule_pieces is not None
            pawns = "the move rule's pieces'" if own else "pawn"
            notes.add(
                "drop-move-rule",
                f"Fairy-Stockfish restarts the {draws.move_rule}-move count on every drop, the catalogue only on "
                f"captures and {pawns} moves (draws.drops_reset_move_rule: true plays it Fairy-Stockfish's way).",
                switchable=False,
                keys=("draws.drops_reset_move_rule",),
            )
