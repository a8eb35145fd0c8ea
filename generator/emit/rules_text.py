"""The rules of a variant in plain words, from the model: for people reading the page, a rules text or the CLI.

>>> from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
>>> dict(rules_in_short(load_catalogue(DEFAULT_CATALOGUE).get("chess")))["Promotion"]
'On rank 8 a pawn must promote to Queen, Rook, Bishop or Knight.'
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.catalogue.model import CastlingMove, Color, Counting, Drops, Result, StalemateResult, Swap, Variant


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


def _castling(moves: Sequence[CastlingMove]) -> str:
    per = []
    for c in Color:
        mine = [f"king {m.king_from}→{m.king_to} with rook {m.rook_from}→{m.rook_to}" for m in moves if m.color is c]
        if mine:
            per.append(f"{c.word.capitalize()}: {'; or '.join(mine)}.")
    return " ".join(per) + " King and rook unmoved, the squares between empty, the king's squares not attacked."


def rules_in_short(v: Variant) -> list[tuple[str, str]]:
    """The rules of ``v`` as (topic, one or two sentences), from the model; ranks are counted
    from each player's own side."""
    out = [
        ("Board", _board(v)),
        ("First move", f"{'Black' if v.setup.to_move is Color.BLACK else 'White'} moves first."),
        ("Castling", _castling(v.castling) if v.castling else "None."),
    ]
    out += _pawns(v)
    if v.drops is not None:
        out.append(("Drops", _drops(v, v.drops)))
    out += [("Swap", _swap(v, sw)) for sw in v.swaps]
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
    names = _words([p.name for p in pawns])
    if pr.max_steps > 1 and pr.multi_step_ranks:
        text = (
            f"{names}: from {ranks_phrase(pr.multi_step_ranks)} up to {pr.max_steps} squares straight ahead, "
            "every square passed empty; "
            + ("en passant on any square passed, on the next move only." if pr.en_passant else "no en passant.")
        )
    else:
        text = f"{names}: no multi-step advance, no en passant."
    initial = [m for p in pawns for m in p.movement.moves if m.initial]
    if initial and pr.multi_step_ranks:
        moves = "; ".join(m.describe().removesuffix(" (only if the piece has not moved yet)") for m in initial)
        passed = "en passant on any square passed, on the next move only" if pr.en_passant else "no en passant"
        text += f" From {ranks_phrase(pr.multi_step_ranks)} also: {moves}; {passed}."
    if pr.promotion is None:
        return [("Pawns", text), ("Promotion", "None.")]
    must = "must" if pr.promotion.mandatory else "may"
    choices = _words([v.piece(x).name for x in pr.promotion.choices], "or")
    return [
        ("Pawns", text),
        ("Promotion", f"On {ranks_phrase(pr.promotion.ranks)} a pawn {must} promote to {choices}."),
    ]


def _drops(v: Variant, drops: Drops) -> str:
    hand = {c: _words([f"{n} × {v.piece(x).name}" for c2, x, n in v.setup.pockets if c2 is c and n]) for c in Color}
    held = (
        f"each side holds {hand[Color.WHITE] or 'nothing'}" if hand[Color.WHITE] == hand[Color.BLACK]
        else f"White holds {hand[Color.WHITE] or 'nothing'}, Black {hand[Color.BLACK] or 'nothing'}"
    )  # fmt: skip
    where = f"on an empty square of the player's {ranks_phrase(drops.ranks)}"
    captured = "captured pieces go to the captor's hand" if drops.captures_to_hand else "captures stay off"
    return f"In hand, {held}; a drop is a whole move, {where}; {captured}."


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
    if g.checkmate and royal is not None:
        goals.append(f"checkmating the {royal.name} wins")
    if v.royal_held_in_check and royal is not None:
        goals.append(f"a {royal.name} in check may not move, unless it takes the one piece giving check")
    if g.race is not None:
        goals.append(f"a side wins when all its pieces stand on its {ranks_phrase(g.race.ranks)}")
    if g.bare_king is not None:
        goals.append(
            f"a bare {royal.name if royal else 'king'} loses at once against {g.bare_king.opponent_minimum} or more "
            "other pieces, else it has one more move and taking the last piece draws"
        )
    if g.extinction is not None:
        ext = g.extinction
        what = f"any one of {_words([v.piece(x).name + 's' for x in ext.pieces], 'or')}" if ext.pieces else "pieces"
        left = "no" if ext.count == 0 else f"{ext.count} or fewer"
        goals.append(f"a side with {left} {what} left {'wins' if ext.result is Result.WIN else 'loses'}")
    return _sentence(goals)


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
}


def _draws(v: Variant) -> str:
    d = v.draws
    draws = [_STALEMATE[d.stalemate]]
    if d.repetition:
        draws.append(f"{d.repetition}-fold repetition draws")
    if d.move_rule:
        draws.append(f"{d.move_rule} moves each without a capture or a pawn move draw")
    if d.counting is not None:
        draws.append(_COUNTING[d.counting])
    if d.insufficient_material:
        lone = _words([v.piece(x).name for x in d.insufficient_material], "or")
        draws.append(f"too little material to mate draws (a single {lone} cannot mate)")
    return _sentence(draws)
