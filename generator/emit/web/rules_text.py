"""The rules of a variant in plain words, from the model: for people reading the page, a rules text or the CLI.

>>> from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
>>> dict(rules_in_short(load_catalogue(DEFAULT_CATALOGUE).get("chess")))["Promotion"]
'On rank 8 a pawn must promote to Queen, Rook, Bishop or Knight.'
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.catalogue.model import (
    CastlingMove,
    Color,
    Counting,
    DrawRules,
    Drops,
    Extinction,
    FirstLeaps,
    Flag,
    PawnRules,
    PieceType,
    Points,
    Promotion,
    Result,
    ShatarMate,
    Square,
    StalemateResult,
    Swap,
    Variant,
    Walling,
    WallingRule,
)
from generator.catalogue.rule_kinds import TOGGLES


def _words(items: Sequence[str], conjunction: str = "and") -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


def _sentence(parts: Sequence[str]) -> str:
    text = "; ".join(parts) or "none"
    return text[:1].upper() + text[1:] + "."


def _a(noun: str) -> str:
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def ranks_phrase(ranks: Sequence[int]) -> str:
    """``rank 8`` or ``ranks 8 and 9``."""
    return f"rank{'s' if len(ranks) > 1 else ''} {_words([str(r) for r in ranks])}"


def _castling(moves: Sequence[CastlingMove], chess960: bool, opposite: bool) -> str:
    per = []
    for c in Color:
        mine = [f"king {m.king_from}→{m.king_to} with rook {m.rook_from}→{m.rook_to}" for m in moves if m.color is c]
        if mine:
            per.append(f"{c.word.capitalize()}: {'; or '.join(mine)}.")
    text = " ".join(per) + " King and rook unmoved, the squares between empty, the king's squares not attacked."
    if opposite:
        text += " Castling on one side (kingside or queenside) takes away the opponent's castling on that side."
    return text + (" Written as in Chess960: the king's move onto its own rook." if chess960 else "")


def _first_leaps(v: Variant, leaps: FirstLeaps) -> str:
    king, met, rook = (v.piece(x).name for x in (leaps.king, leaps.met, leaps.rook))
    return (
        f"While unmoved, the {king} may leap as a knight onto an empty square of the rank ahead, unless in check, "
        f"and the {met} two squares straight ahead onto an empty square; an enemy {rook} that moves onto the "
        f"unmoved {king}'s rank or file takes its leap away."
    )


def _gating(v: Variant) -> str:
    start = [_a(v.piece(letter).name) for color, letter, _ in v.setup.pockets if color is Color.WHITE]
    hand = f"Each side starts with {_words(start)} in hand" if start else "The hands start empty"
    captured = ", and captured pieces go to hand" if v.drops and v.drops.captures_to_hand else ""
    return (
        f"{hand}{captured}. When a piece leaves its square on the first rank for the first time, castling "
        "included, a piece from hand may be put on the square it left in the same move (castling: the king's "
        "square or the rook's, where neither lands); the move must be legal without the piece put down."
    )


def rules_in_short(v: Variant) -> list[tuple[str, str]]:
    """The rules of ``v`` as (topic, one or two sentences), from the model; ranks are counted
    from each player's own side."""
    out = [
        ("Board", _board(v)),
        ("First move", f"{'Black' if v.setup.to_move is Color.BLACK else 'White'} moves first."),
        ("Castling", _castling(v.castling, v.chess960_castling, v.opposite_castling) if v.castling else "None."),
    ]
    out += _pawns(v)
    if v.piece_promotion is not None and len(_pawn_forms(v)) < len(v.piece_promotion.pieces):
        out.append(("Promotion by piece", _piece_promotion(v)))
    if v.drops is not None:
        out.append(("Drops", _drops(v, v.drops)))
    out += [("Swap", _swap(v, sw)) for sw in v.swaps]
    out += _piece_topics(v)
    royal = next((p.name for p in v.pieces if p.royal), "king")
    if v.first_leaps is not None:
        out.append(("First leaps", _first_leaps(v, v.first_leaps)))
    if v.gating:
        out.append(("Gating", _gating(v)))
    if v.walling is not None:
        out.append(("Walls", _walls(v.walling)))
    moves = [
        *(["a side that can capture must (en passant included)"] if v.must_capture else []),
        *toggle_words(v, ""),
        *([f"the two {royal}s may never face each other on an open rank or file"] if v.flying_general else []),
        *([f"either side may pass instead of moving, unless its {royal} is in check"] if v.passing else []),
        *(
            f"a {v.piece(x).name} may neither hop over nor take another {v.piece(x).name}, of either side"
            for x in v.shuns_own_type
        ),
    ]
    if moves:
        out.append(("Moves", _sentence(moves)))
    out.append(("Goal", _goals(v)))
    out.append(("Draws", _draws(v)))
    return out


def _board(v: Variant) -> str:
    b = v.board
    board = f"{b.files} files × {b.ranks} ranks"
    if b.holes:
        holes = ", ".join(s.name for s in sorted(b.holes, key=lambda s: (s.rank, s.file)))
        board += f", without {holes}: holes, where nothing stands and only true leaps cross"
    return board + "."


def _pawns(v: Variant) -> list[tuple[str, str]]:
    """The pawns' advance and en passant, and promotion; nothing if the variant has no pawns."""
    pawns = [p for p in v.pieces if p.pawn]
    if not pawns:
        return []
    pr = v.pawn_rules
    straight = [p for p in pawns if p.steps_ahead]  # only a pawn that steps straight ahead multi-steps so
    if pr.max_steps > 1 and pr.multi_step_ranks and straight:
        steppers = _words([p.name for p in straight])
        text = (
            f"{steppers}: from {ranks_phrase(pr.multi_step_ranks)} {most_steps(pr)} straight ahead, "
            "every square passed empty; "
            + ("en passant on any square passed, on the next move only." if pr.en_passant else "no en passant.")
        )
    else:
        text = f"{_words([p.name for p in pawns])}: no multi-step advance, no en passant."
    text += _initial_moves(v, pawns, straight) + _multi_step_limits(v)
    by_piece = v.piece_promotion and any(v.piece(x).pawn for x, _ in v.piece_promotion.pieces)
    none = "By piece (below)." if by_piece else "None."
    return [("Pawns", text), ("Promotion", _promotion(v, pr.promotion) if pr.promotion else none)]


def _multi_step_limits(v: Variant) -> str:
    """Where pawns multi-step from some squares of their ranks only, and where only some take en passant."""
    pr, text = v.pawn_rules, ""
    if pr.multi_step_squares is not None:
        white, black = (_one_by_one(squares) or "no square" for squares in pr.multi_step_squares)
        text += f" Multi-steps and initial moves start only from {white} (White), {black} (Black)."
    if pr.en_passant and pr.en_passant_takers is not None:
        text += f" En passant is taken only by the {_words([v.piece(x).name for x in pr.en_passant_takers])}."
    if pr.en_passant and pr.en_passant_ranks is not None:
        text += (
            f" A pawn is taken en passant only on a square it passed on its own {ranks_phrase(pr.en_passant_ranks)}."
        )
    return text


def most_steps(pr: PawnRules) -> str:
    """How far a pawn multi-steps: ``up to 3 squares``, or where only some ranks triple-step, says which."""
    if pr.triple_step_ranks is not None:
        return f"up to 2 squares (3 from {ranks_phrase(pr.triple_step_ranks)})"
    return f"up to {pr.max_steps} squares"


def _initial_moves(v: Variant, pawns: list[PieceType], straight: list[PieceType]) -> str:
    """The pawns' initial moves, naming the pawns that have them where not every pawn does."""
    pr = v.pawn_rules
    initial = [m for p in pawns for m in p.movement.moves if m.initial]
    if not initial or not pr.multi_step_ranks:
        return ""
    holders = [p for p in pawns if any(m.initial for m in p.movement.moves)]
    who = "" if holders == straight or len(holders) == len(pawns) else f" the {_words([p.name for p in holders])}"
    moves = "; ".join(m.describe().removesuffix(" (only if the piece has not moved yet)") for m in initial)
    passed = "en passant on any square passed, on the next move only" if pr.en_passant else "no en passant"
    return f" From {ranks_phrase(pr.multi_step_ranks)} also{who}: {moves}; {passed}."


def _promotion(v: Variant, promo: Promotion) -> str:
    if promo.own_move:
        return _promotion_by_move(v, promo)
    must = "must" if promo.mandatory else "may"
    choices = {c: _words([v.piece(x).name for x in promo.choices_of(c)], "or") for c in Color}
    whose = (
        f"a pawn {must} promote to {choices[Color.WHITE]}"
        if promo.black_choices is None
        else f"a white pawn {must} promote to {choices[Color.WHITE]}, a black one to {choices[Color.BLACK]}"
    )
    text = f"On {_promotion_zone(promo)} {whose}."
    if promo.limits:
        limits = _words([f"{v.piece(x).name} {n}" for x, n in promo.limits])
        text += f" It may promote to a piece only while its side has fewer of it on the board than: {limits}."
    if v.immobility_illegal and not promo.mandatory:
        text += " It may not stay a pawn where it could never move again."
    forms = _pawn_forms(v)
    if forms:
        pairs = _words([f"{v.piece(x).name} to {v.piece(y).name}" for x, y in forms])
        text += f" Beside these, a pawn may become its promoted form ({pairs}), which remembers it was a pawn."
    return text


def _pawn_forms(v: Variant) -> list[tuple[str, str]]:
    """The promoted forms pawns may become beside their promotion choices (wolf's elephant)."""
    pp = v.piece_promotion
    if pp is None or v.pawn_rules.promotion is None:
        return []
    return [(x, y) for x, y in pp.pieces if v.piece(x).pawn]


def _promotion_by_move(v: Variant, promo: Promotion) -> str:
    choices = {c: _words([v.piece(x).name for x in promo.choices_of(c)], "or") for c in Color}
    what = (
        choices[Color.WHITE]
        if promo.black_choices is None
        else f"{choices[Color.WHITE]} (Black: {choices[Color.BLACK]})"
    )
    text = (
        f"Promotion is a move of its own: a pawn on {_promotion_zone(promo)}, or a side's last pawn anywhere, "
        f"may instead of moving become {what}, on its square or on an empty square that piece attacks from "
        "there, if the piece then attacks no enemy piece and the move gives no check; entering those squares "
        "promotes nothing."
    )
    if promo.limits:
        limits = _words([f"{v.piece(x).name} {n}" for x, n in promo.limits])
        text += f" It may promote to a piece only while its side has fewer of it on the board than: {limits}."
    return text + " A side left with its king and one pawn, not in check, whose every move is a promotion, draws."


def toggle_words(v: Variant, group: str) -> list[str]:
    """The clauses of the yes-or-no rule kinds (:data:`~generator.catalogue.rule_kinds.TOGGLES`) of ``group``
    that ``v`` has."""
    return [toggle.words for toggle in TOGGLES if toggle.group == group and toggle.on(v)]


def _drops_that_check(v: Variant, drops: Drops) -> list[str]:
    """The drops refused for the check or the mate they give."""
    parts = toggle_words(v, "drops")
    if drops.no_drop_mate:
        parts.append(f"a side that checkmates by dropping a {v.piece(drops.no_drop_mate).name} loses")
    return parts


def _drops(v: Variant, drops: Drops) -> str:
    hand = {c: _words([f"{n} × {v.piece(x).name}" for c2, x, n in v.setup.pockets if c2 is c and n]) for c in Color}
    held = (
        f"each side holds {hand[Color.WHITE] or 'nothing'}" if hand[Color.WHITE] == hand[Color.BLACK]
        else f"White holds {hand[Color.WHITE] or 'nothing'}, Black {hand[Color.BLACK] or 'nothing'}"
    )  # fmt: skip
    where = f"on an empty square of the player's {ranks_phrase(drops.ranks)}"
    if drops.squares is not None:
        white, black = (_one_by_one(s) for s in drops.squares)
        where = f"on an empty square of {white} (White) or {black} (Black)"
    parts = [f"In hand, {held}", f"a drop is a whole move, {where}"]
    parts += [f"a {v.piece(x).name} only on {ranks_phrase(ranks)}" for x, ranks in drops.piece_ranks]
    if drops.one_per_file and not drops.per_file:
        parts.append(f"a {v.piece(drops.one_per_file).name} is never dropped")
    elif drops.one_per_file:
        has = "one" if drops.per_file == 1 else f"{drops.per_file} already"
        parts.append(f"never a {v.piece(drops.one_per_file).name} on a file where its side has {has}")
    if drops.promoted:
        parts.append("a piece that promotes may also be dropped as what it promotes to, remembering what it was")
    parts += _set_up_drops(v, drops) + _drops_that_check(v, drops)
    if drops.captures_to_hand:
        kept = "as they stand" if drops.keep_promoted else "a promoted one as what it was promoted from"
        parts.append(f"captured pieces go to the captor's hand, {kept}")
    else:
        parts.append("captures stay off")
    return "; ".join(parts) + "."


def _set_up_drops(v: Variant, drops: Drops) -> list[str]:
    """A set-up phase by drops: forced drops, pieces kept on both colours, castling gained by drops."""
    parts = []
    if drops.must and drops.must_piece:
        name = v.piece(drops.must_piece).name
        parts.append(f"while a side holds a {name}, it must drop one if it can, and drops nothing else")
    elif drops.must:
        parts.append("a side with pieces in hand must drop one if it can")
    if drops.opposite_colors:
        name = v.piece(drops.opposite_colors).name
        parts.append(f"no drop may keep the {name}s from standing half on light squares and half on dark")
    if drops.castling:
        parts.append("a king and rook dropped onto their castling squares may castle")
    return parts


def _piece_promotion(v: Variant) -> str:
    promo = v.piece_promotion
    assert promo is not None
    forms = _pawn_forms(v)  # said with the pawns' promotion
    pairs = _words([f"{v.piece(x).name} to {v.piece(y).name}" for x, y in promo.pieces if (x, y) not in forms])
    must = "must" if promo.mandatory else "may"
    text = f"On a move that starts or ends on {ranks_phrase(promo.ranks)}, a piece {must} promote: {pairs}."
    if promo.on_capture:
        text += " Only a capture promotes (or demotes)."
    started = [(sq, x, v.setup.piece_at(sq)) for sq, x in v.setup.promoted]
    if started:
        pieces = [f"a {v.piece(at[1]).name} on {sq} promoted from a {v.piece(x).name}" for sq, x, at in started if at]
        text += f" Some pieces start promoted: {_words(pieces)}."
    if promo.demotion:
        text += f" On the same moves a promoted piece {must} instead demote, back to what it was promoted from."
    if v.immobility_illegal:
        text += " No piece may move or be dropped where it could never move again."
    return text


def _swap(v: Variant, sw: Swap) -> str:
    times = "Once" if sw.per_player == 1 else f"{sw.per_player} times"
    unmoved = "unmoved " if sw.unmoved_only else ""
    excluded = " or ".join(r.value for r in sorted(sw.excluded_roles, key=lambda r: r.value))
    partner = f"{_a(unmoved + 'friendly')} piece next to it (where {sw.adjacency} reaches)"
    partner += f", not a {excluded} piece" if excluded else ""
    mover = _a(unmoved + v.piece(sw.piece).name)
    return f"{times} per player, as a move, {mover} may swap places with {partner}."


def _goals(v: Variant) -> str:
    goals = []
    g = v.goals
    royal = next((p for p in v.pieces if p.royal), None)
    if g.checkmate and royal is not None and g.checkmate_result is Result.LOSS:
        goals.append(f"checkmating the {royal.name} wins")
    elif g.checkmate and royal is not None:
        goals.append(f"a side whose {royal.name} is checkmated wins")
    if g.shatar_mate is not None:
        goals.append(_shatar_mate(v, g.shatar_mate))
    if v.royal_held_in_check and royal is not None:
        goals.append(f"a {royal.name} in check may not move, unless it takes the one piece giving check")
    if g.flag is not None:
        goals.append(_flag(v, g.flag))
    if g.bare_king is not None:
        goals.append(
            f"a bare {royal.name if royal else 'king'} loses at once against {g.bare_king.opponent_minimum} or more "
            "other pieces, else it has one more move and taking the last piece draws"
        )
    if g.check_count is not None:
        nth = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(g.check_count, f"{g.check_count}th")
        goals.append(f"the side that gives the {nth} check wins")
    if g.extinction is not None:
        goals += _extinction(v, g.extinction)
    if g.castling_wins:
        goals.append(_castling_wins(g.castling_wins))
    goals += _captures(v)
    return _sentence(goals)


def _castling_wins(rights: tuple[str, ...]) -> str:
    names = {"K": "White kingside", "Q": "White queenside", "k": "Black kingside", "q": "Black queenside"}
    listed = _words([names[x] for x in rights], "or")
    return (
        f"castling {listed} wins, and a side that can no longer castle on any of its sides listed here (its king "
        "or that rook moved or taken) loses"
    )


def _shatar_mate(v: Variant, mate: ShatarMate) -> str:
    decisive = _words([v.piece(x).name.lower() for x in mate.decisive], "or")
    text = (
        "but only if a check of the unbroken series of checks that gives it, the mate included, came from "
        f"{_a(decisive)}; otherwise the mate draws"
    )
    if mate.not_mating:
        alone = _words([v.piece(x).name.lower() + "s" for x in mate.not_mating], "or")
        text += f", and a mate by {alone} alone loses for the side that gives it"
    return text


def _extinction(v: Variant, ext: Extinction) -> list[str]:
    """The extinction rule, and its pieces' royalty where they are pseudo-royal."""
    kinds = [v.piece(x).name + "s" for x in ext.pieces]
    names = _words(kinds, "or")
    out = []
    if ext.pseudo_royal:
        few = "while a side has one of a kind" if ext.count == 0 else f"while a side has {ext.count + 1} or fewer"
        out.append(
            f"{names} are royal {few}: no move may leave one attacked, and a side that cannot move while one is "
            "attacked is checkmated"
        )
        if ext.duple_check:
            out.append(
                f"a side with more of them is in check only while all its {names} are attacked: no move may leave "
                "them all attacked, and a side that cannot move while they are is checkmated"
            )
        if v.explosions is None:
            return out
        out.append(f"a move may not blow up its own {names}, and one that blows up the other side's wins")
    left = "no" if ext.count == 0 else f"{ext.count} or fewer"
    what = " or ".join(f"{left} {k}" for k in kinds or ["pieces"])  # a side loses (or wins) once any one kind runs out
    verb = {Result.WIN: "wins", Result.LOSS: "loses", Result.DRAW: "draws"}[ext.result]
    out.append(f"a side with {what} left {verb}")
    return out


def _captures(v: Variant) -> list[str]:
    """Explosions, mutually immune and petrifying pieces."""
    out = []
    if v.explosions is not None:
        immune = _words([v.piece(x).name + "s" for x in v.explosions.immune], "and")
        out.append(
            "a capture explodes: the capturing piece and every piece on the squares around the target square go "
            "with the captured one, except the pawns around it"
            + (f" and {immune} anywhere" if immune else "")
            + (
                "; each piece blown up goes to its owner's opponent's hand"
                if v.drops and v.drops.captures_to_hand
                else ""
            )
        )
        out += toggle_words(v, "explosions")
    if v.mutually_immune:
        out.append(
            f"{_words([v.piece(x).name + 's' for x in v.mutually_immune], 'and')} may not take one of their kind"
        )
    if v.petrify:
        names = _words([v.piece(x).name + "s" for x in v.petrify], "and")
        out.append(f"{names} turn to stone where they capture: an immobile wall that nothing takes or passes")
    return out


#: where each walling rule puts the wall a move places
_WALL_PLACES = {
    WallingRule.ARROW: "on a square the moved piece could move on to from where it landed",
    WallingRule.DUCK: "by moving the duck, the one wall, to another empty square (the one the piece left included)",
    WallingRule.EDGE: "on an empty square on the edge of the board or beside a wall, so the board is eaten away",
    WallingRule.PAST: "on the square the piece left",
    WallingRule.STATIC: "on any empty square",
}


def _walls(walling: Walling) -> str:
    """Walls every move places (duck chess): squares no piece of either side may enter, take or pass."""
    text = (
        (
            "A side either moves or, without moving, places a wall "
            if walling.or_move
            else "Every move also places a wall "
        )
        + _WALL_PLACES[walling.rule]
        + ": a square no piece may enter, take or pass."
    )
    if walling.region is not None:
        text += f" White may place walls on {_area(walling.region[0])}, Black on {_area(walling.region[1])}."
    return text


def _area(squares: frozenset[Square]) -> str:
    """Squares in words: a rectangle as its corners (``d1-f3``), else one by one."""
    files = [sq.file for sq in squares]
    ranks = [sq.rank for sq in squares]
    low, high = Square(min(files), min(ranks)), Square(max(files), max(ranks))
    if len(squares) == (high.file - low.file + 1) * (high.rank - low.rank + 1):
        return low.name if low == high else f"{low.name}-{high.name}"
    return _one_by_one(squares)


def _one_by_one(squares: frozenset[Square]) -> str:
    """Squares named one by one, rank by rank."""
    return ", ".join(sq.name for sq in sorted(squares, key=lambda sq: (sq.rank, sq.file)))


def _promotion_zone(promo: Promotion) -> str:
    """The promotion zone in words: relative ranks, or each side's squares."""
    if promo.squares is None:
        return ranks_phrase(promo.ranks)
    white, black = (_one_by_one(s) or "no square" for s in promo.squares)
    return f"{white} (White) and {black} (Black)"


def _piece_region(p: PieceType) -> str:
    """Where a piece confined to a region may go."""
    assert p.region is not None
    where = {c: _area(p.region[c]) for c in Color}
    return (
        f"The {p.name} moves, captures and attacks only within {where[Color.WHITE]} (White) and "
        f"{where[Color.BLACK]} (Black)."
    )


def _advanced(p: PieceType) -> str:
    assert p.advanced is not None
    moves = "; ".join(m.describe() for m in p.advanced.movement.moves)
    return f"From its rank {p.advanced.rank} on, the {p.name} moves instead: {moves}."


def _piece_topics(v: Variant) -> list[tuple[str, str]]:
    """Where each piece may go, and the moves it has only on some squares."""
    out = [("Region", _piece_region(p)) for p in v.pieces if p.region is not None]
    out += [("Advanced moves", _advanced(p)) for p in v.pieces if p.advanced is not None]
    return out + [("Diagonal lines", _line_moves(v, p)) for p in v.pieces if p.line_moves is not None]


def _line_moves(v: Variant, p: PieceType) -> str:
    assert p.line_moves is not None
    moves = "; ".join(m.describe() for m in p.line_moves.moves)
    lines = " ".join(sq.name for sq in sorted(v.diagonal_lines, key=lambda sq: (sq.rank, sq.file)))
    return f"From a square of the diagonal lines ({lines}) to another, the {p.name} also {moves}."


def _region(v: Variant, flag: Flag, color: Color) -> str:
    """A side's flag region: its relative ranks, whole ranks of the board, or its squares."""
    if flag.ranks:
        return f"its {ranks_phrase(flag.ranks)}"
    region = flag.regions[color]
    ranks = sorted({sq.rank + 1 for sq in region})
    whole = {Square(f, r - 1) for r in ranks for f in range(v.board.files)} - v.board.holes
    if region == whole:
        return ranks_phrase(ranks)
    squares = sorted(region, key=lambda sq: (sq.rank, sq.file))
    return _words([sq.name for sq in squares], "or" if flag.count == 1 else "and")


def _flag(v: Variant, flag: Flag) -> str:
    """The flag goal in words; a race as it always was."""
    if flag.race:
        return f"a side wins when all its pieces stand on its {ranks_phrase(flag.ranks)}"
    what = "pieces" if flag.piece is None else f"{v.piece(flag.piece).name}s"
    if flag.count is None:
        who = f"all its {what}"
    elif flag.count == 1:
        who = f"its {v.piece(flag.piece).name}" if flag.piece is not None else "one of its pieces"
    else:
        who = f"{flag.count} of its {what}"
    regions = {c: _region(v, flag, c) for c in Color if flag.regions[c]}
    side = "a side" if len(regions) == 2 else f"{next(iter(regions)).word.title()} (only)"
    where = (
        next(iter(regions.values()))
        if len(set(regions.values())) == 1 or flag.ranks
        else f"{regions[Color.WHITE]} (White), {regions[Color.BLACK]} (Black)"
    )
    text = f"{side} wins when {who} {'stands' if flag.count == 1 else 'stand'} on {where}"
    if flag.blocked_win:
        text += ", or when one does and pieces fill the whole region"
    if flag.reply and flag.piece is not None and v.piece(flag.piece).royal:
        text += (
            "; but when White gets there first, Black moves once more if its piece can get there at once, "
            "and getting there draws"
        )
    elif flag.reply:
        text += "; but the opponent moves once more, and the side wins only if it is still there"
    if flag.safe:
        them = "it" if flag.count == 1 else "any of them"
        text += (
            f" where no enemy piece attacks {them}, or, arrived attacked, on its next turn if still there and no "
            "longer attacked; both sides there at once draw"
        )
    return text


_STALEMATE = {
    StalemateResult.DRAW: "stalemate draws",
    StalemateResult.LOSS: "the stalemated side loses",
    StalemateResult.WIN: "the stalemated side wins",
    StalemateResult.PASS: "a side without a legal move passes",
}


_COUNTING = {
    Counting.MAKRUK: "once no pawn is left, the game is drawn unless the stronger side mates within 64 moves "
    "(the board's honour), or, against a bare king, within 8 to 64 moves by its material, counted from the "
    "number of pieces on the board (the pieces' honour, makruk rules)",
    Counting.ASEAN: "once no pawn is left and a king is bare, the game is drawn unless the other side mates within "
    "16 moves with a rook, 44 with a khon or 64 with a knight (ASEAN rules)",
    Counting.CAMBODIAN: "once a side is down to three pieces or fewer, pawns or not, the game is drawn unless the "
    "other side mates within 63 moves (the board's honour), or, against a bare king and with no pawn left, within "
    "7 to 63 moves by its material, counted from the number of pieces on the board (Cambodian rules)",
}


def _repetition(d: DrawRules) -> str:
    winner = d.repetition_winner
    if winner is None:
        return f"{d.repetition}-fold repetition draws"
    if winner == "to_move":
        return f"the side that brings a position back for the {d.repetition}th time loses"
    if winner == "mover":
        return f"the side that brings a position back for the {d.repetition}th time wins"
    return f"{d.repetition}-fold repetition wins for {winner.word.capitalize()}"


def _move_rule_moves(v: Variant) -> str:
    """The moves besides captures that restart the move rule's count, in words."""
    d = v.draws
    if d.move_rule_pieces is None and d.black_move_rule_pieces is None:
        return "a pawn move"
    sides: list[tuple[Color | None, tuple[str, ...]]] = [(c, v.move_rule_letters(c)) for c in Color]
    if sides[0][1] == sides[1][1]:
        sides = [(None, sides[0][1])]
    moves = [
        ("a " if c is None else f"{c.word.title()}'s ") + _words([v.piece(x).name.lower() for x in letters], "or")
        for c, letters in sides
        if letters
    ]
    if not moves:
        return "a promotion"
    return f"a promotion or a move of {_words(moves, 'or')} that it could not take straight back"


def _draws(v: Variant) -> str:
    d = v.draws
    draws = [_STALEMATE[d.stalemate]]
    if d.stalemate_piece_count and d.stalemate in (StalemateResult.WIN, StalemateResult.LOSS):
        fewer = "wins" if d.stalemate is StalemateResult.WIN else "loses"
        draws = [f"on stalemate the side with fewer pieces {fewer}, and equal numbers draw"]
    if d.repetition:
        draws.append(_repetition(d))
    if d.repetition and d.perpetual_check_loses:
        draws.append("but a side that gave check with every move of the repetition loses (perpetual check)")
    if d.repetition and d.chasing is not None:
        draws.append(
            "a side that attacked one same piece with every move of the repetition, a piece left unprotected "
            "(or, with a horse or cannon, a chariot; with an elephant or advisor, a chariot, horse or cannon), "
            "loses (perpetual chase; both sides chasing draw)"
        )
    if d.repetition and d.move_repetition_loses:
        draws.append(
            "a side that moves one piece (one that may enter the other royal piece's region) back and forth five "
            "times in a row, or four with a pass among them, never in check, loses"
        )
    if d.move_rule:
        later = ", two plies later for each check beyond ten that one side gave in that time" if d.chasing else ""
        draws.append(f"{d.move_rule} moves each without a capture or {_move_rule_moves(v)} draw{later}")
    if d.counting is not None:
        draws.append(_COUNTING[d.counting])
    if d.double_pass:
        draws.append("two passes in a row draw at once")
    if d.bikjang:
        draws.append(
            "while the royal pieces face each other with nothing between, the side to move must part them or pass "
            "(even in check), and a pass that leaves them facing (bikjang) draws at once"
        )
    if d.insufficient_material:
        lone = _words([v.piece(x).name for x in d.insufficient_material], "or")
        draws.append(f"too little material to mate draws (a single {lone} cannot mate)")
    text = _sentence(draws)
    if d.draw_odds is not None:
        text += (
            f" {d.draw_odds.word.title()} has draw odds: a stalemate, move rule, repetition or double pass that "
            f"would draw is {d.draw_odds.word.title()}'s win."
        )
    if d.points is not None:
        text += " " + _points(v, d.points)
    return text


def _points(v: Variant, points: Points) -> str:
    counted = _words([f"{v.piece(x).name} {n}" for x, n in points.pieces], "and")
    bonus = [f"{c.word.title()} {points.bonus[c]:g} more" for c in Color if points.bonus[c]]
    return (
        "Every game end that would draw goes to the side with more points instead (equal points draw), each "
        f"piece on the board counting: {counted}" + (f"; {_words(bonus, 'and')}." if bonus else ".")
    )
