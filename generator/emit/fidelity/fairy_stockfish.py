"""What each target cannot express, derived from the catalogue's features, never from names.

:func:`limitations` lists, for one variant and one target, the rules of the variant that the
target's output cannot carry, each as a :class:`Limitation` with a short id and one plain
sentence.  :func:`relaxed` returns the variant with exactly those rules switched off, so that the
reference engine plays what the target plays: the emitters write the relaxed variant, and the
checks compare the target with the reference engine on it.

A few limitations cannot be switched off in the model (``switchable=False``): Fairy-Stockfish
counts pieces for a race, for instance, and the model has no such rule.  They are reported all
the same; the relaxed variant keeps the catalogue's rule there, so a check may still see the
difference.  Two make a section impossible to write at all (:data:`UNWRITABLE`), such as a board
larger than Fairy-Stockfish's 12x10.

>>> from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
>>> cat = load_catalogue(DEFAULT_CATALOGUE)
>>> [x.rule for x in limitations(cat.get("prime-ministers-chess"), "fairy-stockfish")]
['swap']
>>> relaxed(cat.get("prime-ministers-chess"), "fairy-stockfish").swaps
()
>>> limitations(cat.get("chess"), "fairy-stockfish")
()

pychess-variants (:data:`PYCHESS`) is not a target of its own: its user-defined variants are
Fairy-Stockfish sections, so a variant is uploaded only where Fairy-Stockfish plays every rule of
it, and each rule it does not becomes a reason for no upload (:data:`EXACT_ONLY`).

>>> [x.rule for x in limitations(cat.get("prime-ministers-chess"), PYCHESS)]
['swap']
>>> writable(cat.get("prime-ministers-chess"), PYCHESS), writable(cat.get("chess"), PYCHESS)
(False, True)
"""

from __future__ import annotations

import dataclasses
import functools
import re

from generator.betza import BetzaMove, BetzaPiece, Modality, parse_betza
from generator.catalogue.model import (
    CastlingMove,
    Color,
    PieceType,
    Square,
    StalemateResult,
    Variant,
)
from generator.emit.fidelity.drops import fairy_stockfish_drops
from generator.emit.fidelity.notes import Changes, Limitation
from generator.emit.fidelity.notes import Notes as _Notes
from generator.emit.fidelity.zillions import goals_and_pieces, pawn_initial_moves, promotion_limits
from generator.emit.fidelity.zillions_goals import ZRF_MOST_CHOICES

__all__ = [
    "EXACT_ONLY",
    "FAIRY_STOCKFISH",
    "PYCHESS",
    "TARGETS",
    "UNWRITABLE",
    "ZILLIONS",
    "ZRF_MOST_CHOICES",
    "Limitation",
    "check_name",
    "fairy_stockfish_castling",
    "fairy_stockfish_pieces",
    "limitations",
    "relative_rank",
    "relaxed",
    "writable",
]

TARGETS = ("fairy-stockfish", "zillions")
FAIRY_STOCKFISH, ZILLIONS = TARGETS

#: pychess-variants' user-defined variants: Fairy-Stockfish sections, uploaded one at a time
PYCHESS = "pychess"

#: Rules whose limitation means the target gets no output at all for the variant.
UNWRITABLE = frozenset({"board-size", "piece-slots", "no-moves"})
#: Targets that get output for a variant only where they play every rule of it.
EXACT_ONLY = frozenset({PYCHESS})

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
FSF_STANDARD = {
    parse_betza(b): name
    for b, name in (("N", "knight"), ("B", "bishop"), ("R", "rook"), ("Q", "queen"), ("fW", "shogiPawn"))
}


_NAME_RE = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")


def check_name(name: object, what: str = "name") -> str:
    """``name`` if it is safe as a file name and an ini section header, else ``ValueError``.

    >>> check_name("ajax-chess")
    'ajax-chess'
    >>> check_name("x]\\n[chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: name 'x]\\n[chess' is not allowed: use a-z, 0-9 and '-', ...
    """
    if not isinstance(name, str) or not _NAME_RE.fullmatch(name):
        raise ValueError(
            f"{what} {name!r} is not allowed: use a-z, 0-9 and '-', starting with a letter or digit"
            " (at most 64 characters)"
        )
    return name


def limitations(variant: Variant, target: str) -> tuple[Limitation, ...]:
    """The rules of ``variant`` that ``target`` cannot express, in a fixed order."""
    return _analyse(variant, target)[0]


def relaxed(variant: Variant, target: str) -> Variant:
    """``variant`` with the switchable rules of :func:`limitations` switched off (itself if none)."""
    return _analyse(variant, target)[1]


def writable(variant: Variant, target: str) -> bool:
    """Whether ``target`` gets any output for ``variant`` (see :data:`UNWRITABLE` and :data:`EXACT_ONLY`)."""
    found = limitations(variant, target)
    return not found if target in EXACT_ONLY else not any(x.rule in UNWRITABLE for x in found)


def fairy_stockfish_pieces(variant: Variant) -> list[tuple[PieceType, str]]:
    """Each piece with the Fairy-Stockfish piece it becomes.

    ``"king"`` for the (first) royal piece, ``"pawn"`` for the one pawn-role piece that moves
    ``fmWfcF`` (FSF's pawn, which alone has multi-steps and en passant), ``"knight"``,
    ``"bishop"``, ``"rook"``, ``"queen"`` for pieces that move exactly like those (``"silver"``, the khon, for
    ``FfW`` under a counting rule, which weighs it; ``"fers"`` for the first leaps' met, which
    ``cambodianMoves`` knows by that type), ``"soldier"`` for the first piece that steps ``fW`` with
    ``fsW`` as its advanced moves, and ``"custom"`` for every other piece.
    """
    pawns = [p for p in variant.pieces if p.pawn]
    builtin_pawn = len(pawns) == 1 and pawns[0].movement == FSF_PAWN and not pawns[0].royal
    out: list[tuple[PieceType, str]] = []
    king_done = soldier_done = False
    for p in variant.pieces:
        if p.advanced is not None:
            soldier = not soldier_done and (p.movement, p.advanced.movement) == FSF_SOLDIER and not p.royal
            kind, soldier_done = ("soldier" if soldier else "custom"), soldier_done or soldier
        elif p.royal and not king_done:
            kind, king_done = "king", True
        elif p.pawn:
            kind = "pawn" if builtin_pawn else "custom"
        elif p.royal:
            kind = "custom"
        elif variant.first_leaps is not None and p.letter == variant.first_leaps.met:
            kind = "fers"
        else:  # a counting rule weighs Fairy-Stockfish's khons: the FfW piece must be one
            kind = "silver" if variant.draws.counting and p.movement == KHON else FSF_STANDARD.get(p.movement, "custom")
        out.append((p, kind))
    return out


# --- the analysis ----------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=512)
def _analyse(variant: Variant, target: str) -> tuple[tuple[Limitation, ...], Variant]:
    if target == FAIRY_STOCKFISH:
        found, changes = _fairy_stockfish(variant)
    elif target == ZILLIONS:
        found, changes = _zillions(variant)
    elif target == PYCHESS:
        found, changes = _pychess(variant), Changes()
    else:
        raise ValueError(f"unknown target {target!r}; known: {', '.join((*TARGETS, PYCHESS))}")
    out = dataclasses.replace(variant, **changes) if changes else variant
    return tuple(found), out


def _pychess(v: Variant) -> list[Limitation]:
    """Every rule Fairy-Stockfish does not play exactly, as a reason for no upload."""
    site = "pychess-variants refuses the countingRule option Fairy-Stockfish needs for the counting rule"
    leaps = "pychess-variants refuses the cambodianMoves option Fairy-Stockfish needs for the first leaps"
    return (
        [
            Limitation(PYCHESS, x.rule, f"no upload, as pychess-variants plays by Fairy-Stockfish: {x.text}", False)
            for x in _analyse(v, FAIRY_STOCKFISH)[0]
        ]
        + ([Limitation(PYCHESS, "counting", f"no upload: {site}.", False)] if v.draws.counting else [])
        + ([Limitation(PYCHESS, "first-leaps", f"no upload: {leaps}.", False)] if v.first_leaps else [])
    )


def _zillions(v: Variant) -> tuple[list[Limitation], Changes]:
    notes = _Notes(ZILLIONS)
    if v.draws.move_rule:
        notes.add("move-rule", f"Zillions has no move counter, so the {v.draws.move_rule}-move rule is left out.")
        notes.changes["draws"] = dataclasses.replace(v.draws, move_rule=0)
    if v.chess960_castling:  # the same castling, spelled otherwise: the check compares the king's move
        notes.add(
            "chess960-castling",
            "Zillions moves the king to its castling square, so castling is written as the king's own move "
            "(e1g1), not as Chess960's king onto its rook.",
        )
        notes.changes["chess960_castling"] = False
    if v.royal_held_in_check:  # Zillions' checkmate goal lets any move out of check
        notes.add("royal-held-in-check", "Zillions cannot forbid a royal piece to step out of check, so it may.")
        notes.changes["royal_held_in_check"] = False
    if v.first_leaps is not None:
        notes.add(
            "first-leaps",
            "The Zillions files have no first leaps of the king and met (a right a rook's move can take away), "
            "so both are left out.",
        )
        notes.changes["first_leaps"] = None
    goals_and_pieces(v, notes)
    pawn_initial_moves(v, notes)
    promotion_limits(v, notes)
    return notes.found, notes.changes


def _fairy_stockfish(v: Variant) -> tuple[list[Limitation], Changes]:
    notes = _Notes(FAIRY_STOCKFISH)
    board = v.board
    if board.files > FSF_MAX_FILES or board.ranks > FSF_MAX_RANKS:
        notes.add(
            "board-size",
            f"Fairy-Stockfish plays on at most {FSF_MAX_FILES} files and {FSF_MAX_RANKS} ranks, so this "
            f"{board.files}x{board.ranks} board gets no section.",
            switchable=False,
        )

    kinds = fairy_stockfish_pieces(v)
    _pieces(v, kinds, notes)
    _pawns(v, kinds, notes)
    _castling(v, notes)
    fairy_stockfish_drops(v, kinds, notes)
    _goals_and_draws(v, kinds, notes)

    if v.swaps:
        moves = "; ".join(_swap_words(v, s.piece, s.adjacency, s.unmoved_only, s.per_player) for s in v.swaps)
        notes.add("swap", f"Fairy-Stockfish has no swap move, so {moves} is left out.")
        notes.changes["swaps"] = ()
    return notes.found, notes.changes


def _swap_words(v: Variant, letter: str, adjacency: str, unmoved: bool, per_player: int) -> str:
    times = "once" if per_player == 1 else f"{per_player} times"
    partner = "an unmoved neighbouring piece" if unmoved else "a neighbouring piece"
    return f"the {v.piece(letter).name}'s swap with {partner} (where {adjacency} reaches, {times} per player)"


def _pieces(v: Variant, kinds: list[tuple[PieceType, str]], notes: _Notes) -> None:
    royals = [p for p, _ in kinds if p.royal]
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
    for p, kind in kinds:
        custom += kind == "custom"
        if p.advanced is not None and kind != "soldier":
            notes.add(
                "advanced-moves",
                f"Fairy-Stockfish switches moves by rank for its soldier alone (fW, then fsW), so the {p.name}'s "
                f"{p.advanced.betza} from relative rank {p.advanced.rank} on is left out.",
            )
            p = dataclasses.replace(p, advanced=None)
            changed = True
        if kind != "custom" and kind != "king":
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
        notes.changes["pieces"] = tuple(new)


def _fsf_move(p: PieceType, m: BetzaMove, span: int, notes: _Notes) -> BetzaMove | None:
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


def _pawns(v: Variant, kinds: list[tuple[PieceType, str]], notes: _Notes) -> None:
    pr = v.pawn_rules
    pawns = [p for p, _ in kinds if p.pawn]
    if not pawns:
        return
    builtin = any(kind == "pawn" for _, kind in kinds)
    if builtin and pr.max_steps > 3:
        notes.add(
            "pawn-steps",
            f"Fairy-Stockfish pawns advance at most three squares, so the {pr.max_steps}-square advance is cut "
            "to three.",
        )
        notes.changes["pawn_rules"] = dataclasses.replace(pr, max_steps=3)
    elif not builtin and (pr.max_steps > 1 or pr.en_passant):
        _custom_pawns(v, pawns, notes)


def _custom_pawns(v: Variant, pawns: list[PieceType], notes: _Notes) -> None:
    """Fairy-Stockfish's custom pawns multi-step by their initial moves (Betza ``i``) alone, from the
    double-step region, so a straight double step becomes ``ifmnD`` (for a pawn that steps straight
    ahead); they take en passant with moves that only capture."""
    pr = v.pawn_rules
    names = ", ".join(p.name for p in pawns)
    if pr.max_steps > 2:
        notes.add(
            "pawn-steps",
            f"Fairy-Stockfish's custom pawns advance at most two squares at once (an initial move ifmnD), so "
            f"the {pr.max_steps}-square advance of the {names} is cut to two.",
        )
    rules = dataclasses.replace(pr, max_steps=1)
    if pr.en_passant and any(m.modality is Modality.BOTH for p in pawns for m in p.movement.moves):
        notes.add(
            "pawn",
            f"Fairy-Stockfish's custom pawns take en passant only with moves that only capture, so the {names} "
            "play without en passant.",
        )
        rules = dataclasses.replace(rules, en_passant=False)
    notes.changes["pawn_rules"] = rules
    if pr.max_steps > 1:
        double = BetzaMove("D", "f", Modality.MOVE, True, True, 1)
        pieces = notes.changes.get("pieces", v.pieces)
        notes.changes["pieces"] = tuple(_with_move(p, double) if p.pawn and p.steps_ahead else p for p in pieces)


def _with_move(p: PieceType, m: BetzaMove) -> PieceType:
    movement = BetzaPiece((*p.movement.moves, m))
    return dataclasses.replace(p, movement=movement, betza=movement.render())


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


def _castling(v: Variant, notes: _Notes) -> None:
    kept, dropped = fairy_stockfish_castling(v)
    for cm, why in dropped:
        notes.add(
            "castling",
            f"Fairy-Stockfish cannot castle {cm.color.word} king {cm.king_from}-{cm.king_to} with rook "
            f"{cm.rook_from}-{cm.rook_to} ({why}), so that castling is left out.",
        )
    if dropped:
        notes.changes["castling"] = tuple(kept)


def _goals_and_draws(v: Variant, kinds: list[tuple[PieceType, str]], notes: _Notes) -> None:
    _race_count(v, notes)
    _bare_king(v, notes)
    _insufficient_material(v, kinds, notes)
    _double_pass(v, notes)
    _drop_move_rule(v, notes)
    if v.draws.counting and any(p.pawn and kind == "custom" for p, kind in kinds):  # FSF counts its own pawns only
        notes.add("counting-pawns", "Fairy-Stockfish's counting rule sees only its own pawns (fmWfcF), so it "
                  "may start counting while other pawns are on the board.", switchable=False)  # fmt: skip


def _race_count(v: Variant, notes: _Notes) -> None:
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


def _bare_king(v: Variant, notes: _Notes) -> None:
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
            notes.changes["goals"] = dataclasses.replace(goals, bare_king=off)
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


def _insufficient_material(v: Variant, kinds: list[tuple[PieceType, str]], notes: _Notes) -> None:
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
        kind_of = {p.letter: kind for p, kind in kinds}
        odd = [v.piece(x).name for x in minors if kind_of.get(x) not in ("knight", "bishop")]
        if odd:
            partial.append(f"it takes the {', '.join(odd)} for mating material")
        if exact:  # FSF's test then never reports a draw: switching the rule off matches it
            notes.add(
                "insufficient-material",
                f"Fairy-Stockfish's insufficient-material test {'; '.join(exact)}, so that draw is left out.",
            )
            notes.changes["draws"] = dataclasses.replace(draws, insufficient_material=())
        elif partial:
            notes.add(
                "insufficient-material",
                f"Fairy-Stockfish's insufficient-material test differs here: {'; '.join(partial)}.",
                switchable=False,
            )


def _double_pass(v: Variant, notes: _Notes) -> None:
    draws = v.draws
    if draws.stalemate is StalemateResult.PASS:
        notes.add(
            "double-pass",
            "Fairy-Stockfish ends the game drawn as soon as both sides have passed in a row, where the catalogue "
            "plays the passes on until the repetition draw"
            + (" (the same result, a few moves earlier)." if draws.repetition else "."),
        )
        notes.changes["draws"] = dataclasses.replace(notes.changes.get("draws", draws), double_pass=True)


def _drop_move_rule(v: Variant, notes: _Notes) -> None:
    draws = v.draws
    if v.drops is not None and draws.move_rule and not draws.drops_reset_move_rule:
        pawn_letters = {p.letter for p in v.pieces if p.pawn}
        droppable = {x for _, x, _ in v.setup.pockets}
        if v.drops.captures_to_hand:
            droppable |= {p.letter for p in v.pieces if not p.royal}
        if droppable - pawn_letters:
            notes.add(
                "drop-move-rule",
                f"Fairy-Stockfish restarts the {draws.move_rule}-move count on every drop, the catalogue only on "
                "captures and pawn moves (draws.drops_reset_move_rule: true plays it Fairy-Stockfish's way).",
                switchable=False,
            )
