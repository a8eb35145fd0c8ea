"""FSF's variant (:class:`~.options.Rules`) in the model's terms, through the option table's read-back.

:func:`to_stated` writes the rules in the dialect our emitter writes (every option by its current
name, the pieces with their Betza, piece sets as letters) and reads that back with
:func:`generator.emit.fairy_stockfish.reading.read_section`, after :func:`refusals` has found every
option the catalogue has no equivalent for: a row of the table without a model field set to other
than FSF's default, a per-side option whose sides the catalogue states as one, a piece whose moves
the catalogue's Betza cannot say as FSF reads them.  Options that do not change play are
:data:`IGNORED`.

>>> from generator.importers.options import Rules, apply_section
>>> fen = "k7/8/8/8/8/8/8/R6K w - - 0 1"
>>> r = apply_section(Rules.defaults(), {"king": "k", "rook": "r", "connectN": "4", "startFen": fen})
>>> refusals(r)
['connectN = 4']
"""

from __future__ import annotations

import dataclasses
import re

from generator.betza import IMMOBILE, BetzaError, BetzaPiece, parse_betza
from generator.catalogue.model import Color, PawnRules, Square, absolute_rank
from generator.emit.fairy_stockfish.codecs import squares
from generator.emit.fairy_stockfish.reading import Stated, UnstatedRegion, read_section
from generator.emit.fairy_stockfish.table import CUSTOM_PIECE, MOBILITY_KEYS, ROW, ROWS, Opt, Row, mobility
from generator.emit.fidelity.fairy_stockfish import FSF_LAME, FSF_RIDERS, PawnDrops, fsf_hops
from generator.emit.fidelity.fsf_pieces import NAMED_BETZA, PieceKind
from generator.importers.options import ALL, PIECE_TYPES, PRIVATE, Rules

__all__ = ["IGNORED", "betza_of", "dialect", "fen_problem", "fsf_reading", "piece_order", "refusals", "to_stated"]

#: Options that do not change play (their rows say so): display, evaluation, and the GUI's template.
IGNORED = frozenset(row.key for row in ROWS if not row.plays)
#: per-side options the catalogue states once, for both sides (the shared row's field)
_ONE_FOR_BOTH = (Opt.passOnStalemate, Opt.pass_, Opt.castlingKingPiece, Opt.castlingRookPieces, Opt.flagPiece)
#: per-side regions the read-back takes from White's, which must be Black's mirror
_MIRRORED = (Opt.doubleStepRegionWhite, Opt.tripleStepRegionWhite, Opt.promotionRegionWhite)
_DEFAULTS = Rules.defaults()


def betza_of(pt: str, betza: str | None) -> str:
    """The Betza of piece type ``pt`` in this dialect; :class:`BetzaError` where FSF reads it otherwise."""
    if betza is None:
        if pt not in NAMED_BETZA:
            raise BetzaError(f"{pt}: Fairy-Stockfish's {pt} has no Betza here", pt, 0)
        return NAMED_BETZA[pt]
    piece = parse_betza(fsf_reading(betza)[0])
    for m in piece.moves:
        if m.range != 1 and m.atom not in FSF_RIDERS:
            raise BetzaError(f"Fairy-Stockfish gives a {m.atom} rider no moves", betza, 0)
        if m.lame and m.atom not in FSF_LAME:
            raise BetzaError(f"Fairy-Stockfish has no lame {m.atom}", betza, 0)
    return piece.render()


#: a move of FSF's Betza: its modifiers, its atom (twice: a rider), its range
_MOVE = re.compile(r"([a-z]*)([A-Z])(\2?)(\d*)")
#: the letters FSF 0.0.90 skips without a word (measured with pyffish: ``FaR`` plays as ``FR``, ``jN`` as ``N``)
_SKIPPED = "aj"


def fsf_reading(betza: str) -> tuple[str, list[str]]:
    """A custom piece's Betza as Fairy-Stockfish 0.0.90 plays it, in this dialect, and what it reads otherwise
    than written: the letters it skips, a range's second digit, and the moves it gives nothing (a rider off the
    W, F and N lines, a lame leap it has no table for). Measured with pyffish, on boards with pieces in the way.
    :class:`BetzaError` where this dialect cannot say what is left.

    >>> fsf_reading("FaR"), fsf_reading("R10")
    (('RF', ["skips 'a'"]), ('W', ['reads R10 as R1 (one digit of a range)']))
    >>> fsf_reading("WAAnC"), fsf_reading("fNaN")
    (('W', ['gives AA no moves (a rider of A)', 'gives nC no moves (no lame C)']), ('N', ["skips 'a'"]))
    """
    # an "e" makes the piece an en passant type (FSF's, read by the pawn rules); whitespace it skips
    text = re.sub(r"\s", "", betza.replace("e", ""))
    notes = [f"skips {ch!r}" for ch in _SKIPPED if ch in text]
    tokens, at = [], 0
    for m in _MOVE.finditer(text):
        tokens.append(text[at : m.start()])  # what is no move here: parse_betza refuses it
        at = m.end()
        mods, atom, twice, digits = m.groups()
        # a skipped letter ends a move too: "NaN" is two knights, not a nightrider
        mods = "".join(ch for ch in mods if ch not in _SKIPPED)
        if len(digits) > 1:
            notes.append(
                f"reads {m.group().replace(_SKIPPED[0], '')} as {mods}{atom}{twice}{digits[0]} (one digit of a range)"
            )
            digits = digits[0]
        token = f"{mods}{atom}{twice}{digits}"
        if set(mods) & set("pg"):
            tokens.append(_hop_token(mods, atom, digits, notes))
        elif (twice or digits not in ("", "1")) and atom not in "WFNRBQK":
            notes.append(f"gives {token} no moves (a rider of {atom})")
        elif "n" in mods and atom not in FSF_LAME + "WF":
            notes.append(f"gives {token} no moves (no lame {atom})")
        else:
            tokens.append(token)
    tokens.append(text[at:])
    moves = tuple(move for token in tokens if token for move in parse_betza(token).moves)
    if not moves:
        return IMMOBILE, notes
    piece = BetzaPiece(moves)
    try:
        played = fsf_hops(piece)
    except ValueError as e:
        raise BetzaError(f"Fairy-Stockfish plays a hop of {betza} otherwise: {e}", betza, 0) from None
    if played != piece:
        notes.append(f"hops as {played.render()} (another move along the line widens the hop's range)")
    return played.render(), notes


def _hop_token(mods: str, atom: str, digits: str, notes: list[str]) -> str:
    """A hopper's move as FSF 0.0.90 plays it: a range of 1 makes any hopper a grasshopper, a range of 2 or more
    a cannon landing within it (its tables know no ranged grasshopper); measured with pyffish.

    >>> notes: list[str] = []
    >>> _hop_token("g", "Q", "2", notes), _hop_token("p", "R", "1", notes), _hop_token("p", "B", "2", notes), notes
    ('pQ2', 'gR', 'pB2', ['plays gQ2 as pQ2 (a hop landing at most 2 squares away)', 'plays pR1 as gR'])
    """
    if not digits or atom not in "RBQ":
        return f"{mods}{atom}{digits}"  # parse_betza says what is wrong with the rest
    if digits == "1":
        token = f"{mods.replace('p', 'g')}{atom}"
        if "p" in mods:
            notes.append(f"plays {mods}{atom}1 as {token}")
        return token
    token = f"{mods.replace('g', 'p')}{atom}{digits}"
    if "g" in mods:
        notes.append(f"plays {mods}{atom}{digits} as {token} (a hop landing at most {digits} squares away)")
    return token


def piece_order(pt: str) -> tuple[int, int]:
    """The order a person lists pieces in: the king, the queen, rook, bishop and knight, the others in
    FSF's order, the pawn last."""
    first = (PieceKind.KING, PieceKind.QUEEN, PieceKind.ROOK, PieceKind.BISHOP, PieceKind.KNIGHT)
    if pt in first:
        return first.index(pt), 0
    return (len(first) + (pt == PieceKind.PAWN), PIECE_TYPES.index(pt) if pt in PIECE_TYPES else len(PIECE_TYPES))


def _letters(rules: Rules, types: frozenset[str]) -> str:
    present = [pt for pt in rules.pieces if pt in types or ALL in types]
    return "".join(rules.pieces[pt].letter for pt in sorted(present, key=piece_order)) or "-"


def _present(rules: Rules, types: frozenset[str]) -> frozenset[str]:
    return frozenset(rules.pieces) if ALL in types else types & frozenset(rules.pieces)


def _on_board(text: str, files: int, ranks: int, mirrored: bool = False) -> frozenset[Square]:
    """The squares of a Bitboard value on the board, ranks mirrored for Black."""
    on = squares(text, files, ranks)
    return frozenset(Square(sq.file, ranks - 1 - sq.rank) for sq in on) if mirrored else on


def _side_problems(rules: Rules) -> list[str]:
    out = []
    files, ranks = int(rules.value(Opt.maxFile)), int(rules.value(Opt.maxRank))
    for both in _ONE_FOR_BOTH:
        white, black = both.maps_to
        if white in rules.sets:
            if _present(rules, rules.sets[white]) != _present(rules, rules.sets[black]):
                out.append(
                    f"{white} = {_letters(rules, rules.sets[white])}, {black} = {_letters(rules, rules.sets[black])}"
                )
        elif rules.values[white] != rules.values[black]:
            out.append(f"{white} = {rules.values[white]}, {black} = {rules.values[black]}")
    initial = any(b and "i" in b for _, b in rules.pieces.values())
    fen = rules.value(Opt.startFen).split(" ")[0].lower()
    pawn = PieceKind.PAWN in rules.pieces and rules.pieces[PieceKind.PAWN].letter in fen
    steps = rules.on(Opt.doubleStep) and (pawn or initial)
    relevant = {
        Opt.doubleStepRegionWhite: steps,
        Opt.tripleStepRegionWhite: steps,
        # promotion by piece is on ranks counted from each side's own, the same for both
        Opt.promotionRegionWhite: bool(rules.promoted),
    }
    for row in _MIRRORED:
        key = row.of(Color.BLACK).key
        white, black = rules.value(row), rules.values[key]
        if relevant[row] and not _stated_per_side(row, white, black, files, ranks):
            out.append(f"{row.key} = {white}, {key} = {black} (not the mirror of White's)")
    return out


def _stated_per_side(row: Row, white: str, black: str, files: int, ranks: int) -> bool:
    """Whether the read-back states both sides' regions of ``row``: Black's the mirror of White's, or, for the
    double-step region, on the mirror of White's ranks (the catalogue's squares of each side: some, or none,
    as Fairy-Stockfish's default ``*7`` gives Black on a board of fewer ranks)."""
    on_white, on_black = _on_board(white, files, ranks, mirrored=True), _on_board(black, files, ranks)
    if row is not Opt.doubleStepRegionWhite or on_white == on_black:
        return on_white == on_black
    return {sq.rank for sq in on_black} <= {sq.rank for sq in on_white}


def _piece_problems(rules: Rules) -> list[str]:
    out = []
    for pt, (letter, betza) in rules.pieces.items():
        try:
            betza_of(pt, betza)
        except BetzaError as e:
            out.append(f"{pt} = {letter}:{betza or ''} ({e})")
    return out + _pawn_problems(rules)


def can_have(rules: Rules) -> tuple[frozenset[str], frozenset[str]]:
    """The piece types White and Black can ever have: in the start position or hand, promoted to (by pawn
    or by piece, and back), and with captures to hand, the other side's too."""
    types = {letter.lower(): pt for pt, (letter, _) in rules.pieces.items()}
    board, _, hand = rules.value(Opt.startFen).split(" ")[0].partition("[")
    have: list[set[str]] = [set(), set()]
    for x in re.sub(r"\d|[/*~+\]]", "", board + hand):
        if x.lower() in types:
            have[x.islower()].add(types[x.lower()])
    demotion = rules.on(Opt.pieceDemotion)
    for _ in range(2):  # a promotion, then what that piece promotes to
        for c in Color:
            if have[c] & (_pawn_types(rules) | {PieceKind.PAWN}):
                have[c] |= _present(rules, rules.types(Opt.promotionPieceTypesWhite.of(c)))
            have[c] |= {y for x, y in rules.promoted.items() if x in have[c]}
            have[c] |= {x for x, y in rules.promoted.items() if demotion and y in have[c]}
    if rules.on(Opt.capturesToHand):
        have = [have[0] | have[1]] * 2
    return frozenset(have[0]), frozenset(have[1])


def _pawn_types(rules: Rules) -> frozenset[str]:
    """The custom pawns of either side: the catalogue's pawn role is one for both sides."""
    return _present(rules, rules.types(Opt.promotionPawnTypesWhite) | rules.types(Opt.promotionPawnTypesBlack))


def _pawn_problems(rules: Rules) -> list[str]:
    """A side's promotion pawn types the catalogue cannot state: another side's pawn type this side can
    have, which would promote here; the pawn left out while a captured promoted piece goes to hand as
    the first pawn type (FSF's own pawn promotes whatever its promotion pawn types say)."""
    have, pawns = can_have(rules), _pawn_types(rules)
    white, black = (_present(rules, rules.types(Opt.promotionPawnTypesWhite.of(c))) for c in Color)
    out = []
    if any((pawns - own - {PieceKind.PAWN}) & have[c] for c, own in enumerate((white, black))):
        out.append(
            f"promotionPawnTypesWhite = {_letters(rules, white)}, promotionPawnTypesBlack = {_letters(rules, black)}"
        )
    held = PieceKind.PAWN in have[0] | have[1] and rules.on(Opt.capturesToHand)
    if held and PieceKind.PAWN not in white & black:
        out.append(f"promotionPawnTypes = {_letters(rules, white)} (without the pawn, and captures go to hand)")
    return out


def _move_rule_types(rules: Rules) -> dict[str, str]:
    """``nMoveRuleTypes`` as the emitter writes it: left out where each side's are its pawns (the pawn
    types, FSF's own pawn), once where both sides have the same, else per side; a piece type a side
    can never have is no matter."""
    if rules.value(Opt.nMoveRule) == "0":
        return {}
    have = can_have(rules)
    pawns = _pawn_types(rules) | ({PieceKind.PAWN} & set(rules.pieces))
    white, black = (_present(rules, rules.types(Opt.nMoveRuleTypesWhite.of(c))) & have[c] for c in Color)
    if white == pawns & have[0] and black == pawns & have[1]:
        return {}
    if white == black:
        return {Opt.nMoveRuleTypes.key: _letters(rules, white)}
    return {Opt.nMoveRuleTypesWhite.key: _letters(rules, white), Opt.nMoveRuleTypesBlack.key: _letters(rules, black)}


#: piece sets judged with the pawns, or meaningless without their rule
_WITH_THEIR_RULE = frozenset(
    key
    for row in (Opt.enPassantTypes, Opt.promotionPawnTypes, Opt.nMoveRuleTypes, Opt.mustDropType)
    for key in (row.key, *row.maps_to)
)


def _fieldless(rules: Rules) -> list[str]:
    """The rows without a model field that ``rules`` sets to other than FSF's default."""
    out = []
    covered = {key for row in ROWS if row.field for key in row.maps_to}
    for row in ROWS:
        key = row.key
        if row.field or key in IGNORED or key in covered or row.maps_to or row.deprecated:
            continue
        if key in rules.values and rules.values[key] != _DEFAULTS.values.get(key):
            out.append(f"{key} = {rules.values[key]}")
        elif key in rules.sets and _present(rules, rules.sets[key]) != _present(rules, _DEFAULTS.sets[key]):
            if key in _WITH_THEIR_RULE:
                continue  # judged with the pawns, or meaningless without their rule
            if key.startswith(Opt.connectPieceTypes.key) and rules.value(Opt.connectN) == "0":
                continue
            out.append(f"{key} = {_letters(rules, rules.sets[key])}")
    return out


def refusals(rules: Rules) -> list[str]:
    """Every option (``key = value``) of ``rules`` the catalogue cannot state, in table order."""
    out = [f"{key} = true" for key in (Opt.gating.key, Opt.cambodianMoves.key) if rules.values[key] == "true"]
    if rules.on(Opt.seirawanGating):  # gating's gates: stated by the model's gating
        out = [x for x in out if x != "gating = true"] if not rules.on(Opt.cambodianMoves) else out
        out += [] if rules.on(Opt.gating) else ["seirawanGating = true (without gating = true)"]
    out += _fieldless(rules) + _pseudo_royal_problems(rules) + _blast_problems(rules)
    out += _piece_promotion_limits(rules)
    triple, double = rules.value(Opt.tripleStepRegionWhite), rules.value(Opt.doubleStepRegionWhite)
    if triple != "-" and not set(triple.split()) <= set(double.split()):
        # the catalogue's pawns triple-step from some of the ranks they double-step from
        out.append(f"tripleStepRegionWhite = {triple} (not within the double-step region, {double})")
    mandatory = rules.value(Opt.mandatoryPawnPromotion), rules.value(Opt.mandatoryPiecePromotion)
    choices = rules.types(Opt.promotionPieceTypesWhite) | rules.types(Opt.promotionPieceTypesBlack)
    if PieceKind.PAWN in rules.promoted and mandatory[0] != mandatory[1] and not choices:
        # the catalogue's pawn that promotes by piece must where the pieces must
        out.append(f"mandatoryPawnPromotion = {mandatory[0]} (not mandatoryPiecePromotion, {mandatory[1]})")
    fen = rules.value(Opt.startFen).split(" ")[0]
    promotes = {
        rules.pieces[x].letter for x in rules.promoted if x in rules.pieces and rules.promoted[x] in rules.pieces
    }
    # a promoted piece at the start stands as what its letter promotes to, remembering what it was
    if any(x.lower() not in promotes for x in re.findall(r"\+([A-Za-z])", fen)):
        out.append(f"startFen = {rules.value(Opt.startFen)} (promoted pieces that promote to nothing)")
    if "~" in fen:  # FSF keeps the mark in every FEN, and a capture to hand turns the piece into a pawn
        out.append(f"startFen = {rules.value(Opt.startFen)} (pieces marked ~, promoted from a pawn, at the start)")
    out += _side_problems(rules) + _piece_problems(rules)
    return out or _en_passant_problems(rules)


def _pseudo_royal_problems(rules: Rules) -> list[str]:
    """Pseudo-royal pieces without extinction: FSF keeps them out of check all the same; the catalogue
    states pseudo-royalty as a form of extinction."""
    if rules.on(Opt.extinctionPseudoRoyal) and rules.value(Opt.extinctionValue) == "none":
        return ["extinctionPseudoRoyal = true (without extinctionValue)"]
    return []


def _piece_promotion_limits(rules: Rules) -> list[str]:
    """A promotion limit on what a piece promotes to: FSF holds promotion by piece to it too, the catalogue's
    limits hold pawns' promotion alone."""
    white, black = can_have(rules)
    promoted = {y for x, y in rules.promoted.items() if x in white | black and y in rules.pieces}
    limited = [pt for pt in rules.limits if pt in promoted]
    if not limited:
        return []
    text = " ".join(f"{rules.pieces[pt].letter}:{n}" for pt, n in rules.limits.items() if pt in rules.pieces)
    return [f"promotionLimit = {text} (on promotion by piece, to {_letters(rules, frozenset(limited))})"]


def _blast_problems(rules: Rules) -> list[str]:
    """Custom pawns where captures explode: FSF's explosions spare its own pawn alone, the catalogue's every
    pawn."""
    if not rules.on(Opt.blastOnCapture):
        return []
    white, black = can_have(rules)
    blasted = (_pawn_types(rules) - {PieceKind.PAWN} - rules.types(Opt.blastImmuneTypes)) & (white | black)
    if not blasted:
        return []
    letters = _letters(rules, frozenset(blasted))
    return [f"blastOnCapture = true (custom pawns {letters}: they explode, Fairy-Stockfish's own pawn does not)"]


def _en_passant_problems(rules: Rules) -> list[str]:
    """Each side's en passant region, where the catalogue's ``en_passant_ranks`` cannot state the pair (what
    the read-back finds, for a section with no other refusal)."""
    try:
        read_section(dialect(rules))
    except UnstatedRegion as e:
        white, black = (Opt.enPassantRegionWhite.of(c) for c in Color)
        return [f"{white.key} = {rules.value(white)}, {black.key} = {rules.value(black)} ({e})"]
    except (ValueError, KeyError, IndexError, StopIteration):
        return []  # the import's own read-back reports it, with its reason
    return []


def dialect(rules: Rules) -> dict[str, str]:
    """The section our emitter would write for ``rules``: what :func:`read_section` reads."""
    d = {k: v for k, v in rules.values.items() if k not in MOBILITY_KEYS}
    _piece_options(rules, d)
    for key, types in rules.sets.items():
        every = ALL in types and key in (Opt.extinctionPieceTypes.key, Opt.mustDropType.key)
        d[key] = "*" if every else _letters(rules, types)
    for key in (Opt.nMoveRuleTypes.key, Opt.nMoveRuleTypesWhite.key, Opt.nMoveRuleTypesBlack.key):
        d.pop(key, None)
    d.update(_move_rule_types(rules))
    pawns = _pawn_types(rules) - {PieceKind.PAWN}
    if pawns:
        d[Opt.pawnTypes.key] = _letters(rules, pawns)
    for both in (Opt.passOnStalemate, Opt.pass_):
        d[both.key] = rules.values[both.maps_to[0]]
    for both in (Opt.castlingKingPiece, Opt.castlingRookPieces, Opt.flagPiece):
        d[both.key] = d[both.maps_to[0]]
    _promotion_options(rules, d)
    d[Opt.startFen.key] = normal_fen(d[Opt.startFen.key])
    _presence(rules, d)
    return d


def _piece_options(rules: Rules, d: dict[str, str]) -> None:
    """Every piece by FSF's name or in a numbered custom slot, with its mobility regions."""
    slots = iter(range(1, 100))
    for pt, (letter, betza) in rules.pieces.items():
        plain = pt in (PieceKind.PAWN, PieceKind.SOLDIER) or (pt == PieceKind.KING and betza is None)
        key = f"{CUSTOM_PIECE}{next(slots)}" if pt.startswith((CUSTOM_PIECE, PRIVATE)) else pt
        d[key] = letter if plain else f"{letter}:{betza_of(pt, betza)}"
        regions = [rules.values.get(row.key, "-") for row in mobility(pt)] if pt in ROW else ["-", "-"]
        if set(regions) == {"-"}:
            continue
        for row, region in zip(mobility(key), regions, strict=True):
            # FSF's empty region is no region: that side's pieces go anywhere
            whole = " ".join(f"*{r}" for r in range(1, int(rules.value(Opt.maxRank)) + 1))
            d[row.key] = whole if region == "-" else region


def _promotion_options(rules: Rules, d: dict[str, str]) -> None:
    """The promotion choices (one option where both sides have the same), limits and promoted types."""
    white, black = d.pop(Opt.promotionPieceTypesWhite.key), d.pop(Opt.promotionPieceTypesBlack.key)
    if white == black:
        d[Opt.promotionPieceTypes.key] = white
    else:
        d[Opt.promotionPieceTypesWhite.key], d[Opt.promotionPieceTypesBlack.key] = white, black
    if rules.limits:
        d[Opt.promotionLimit.key] = " ".join(
            f"{rules.pieces[pt].letter}:{n}" for pt, n in rules.limits.items() if pt in rules.pieces
        )
    if rules.promoted:
        d[Opt.promotedPieceType.key] = " ".join(
            f"{rules.pieces[x].letter}:{rules.pieces[y].letter}"
            for x, y in rules.promoted.items()
            if x in rules.pieces and y in rules.pieces
        )


def _presence(rules: Rules, d: dict[str, str]) -> None:
    """The options whose presence, not value, the read-back reads, as the emitter writes them."""
    for key in (Opt.extinctionValue.key, Opt.countingRule.key):
        if d.get(key) == "none":
            del d[key]
    if PieceKind.KING not in rules.pieces:
        d.pop(Opt.checkmateValue.key, None)
    if d[Opt.flagRegionWhite.key] == "-" and d[Opt.flagRegionBlack.key] == "-":
        d.pop(Opt.flagPiece.key, None)
    if d.get(Opt.flagPiece.key) == _letters(rules, frozenset({ALL})):
        d[Opt.flagPiece.key] = "*"
    if Opt.promotedPieceType.key not in d:
        d.pop(Opt.mandatoryPiecePromotion.key, None)


def to_stated(rules: Rules) -> Stated:
    """What ``rules`` state in the model's terms (call :func:`refusals` first), settled as the catalogue
    states it: the pawn-drop
    flags mean nothing without FSF's pawn in hand (FSF's defaults then), nor the promotion zone's where no
    drop reaches it; multi-step ranks no pawn ever stands on are none; a piece never in play is none."""
    s = read_section(dialect(rules))
    pieces = s.pieces
    pawn = rules.pieces[PieceKind.PAWN].letter.upper() if PieceKind.PAWN in rules.pieces else None
    in_hand = s.drops is not None and (s.drops.captures_to_hand or any(x == pawn for _, x, _ in s.setup.pockets))
    pawn_drops = s.pawn_drops
    if s.drops is not None and pawn_drops is not None:
        promo = s.pawn_rules.promotion
        reached = promo is not None and any(r in s.drops.ranks for r in promo.ranks)
        held = PawnDrops(pawn_drops.first_rank, pawn_drops.zone or not reached) if in_hand else PawnDrops(False, False)
        pawn_drops = held if pawn else PawnDrops(True, True)
    used = _used_letters(s)
    pieces = tuple(p for p in pieces if p.letter in used)
    pawn_rules = _multi_steps(s) if any(p.pawn for p in pieces) else PawnRules()
    return dataclasses.replace(s, pieces=pieces, pawn_drops=pawn_drops, pawn_rules=pawn_rules)


def _used_letters(s: Stated) -> set[str]:
    """The letters of the pieces that can ever be in play, or that a rule names: a piece FSF's parent
    defines and the section never sets up nor lets come into play is no piece of the entry."""
    used = {x for _, _, x in s.setup.placement} | {x for _, x, _ in s.setup.pockets}
    promotion = s.pawn_rules.promotion
    if promotion is not None:
        used |= {*promotion.choices, *(promotion.black_choices or ()), *(x for x, _ in promotion.limits)}
    if s.piece_promotion is not None:
        used |= {y for pair in s.piece_promotion.pieces for y in pair}
    goals = s.goals
    used |= set(goals.extinction.pieces if goals.extinction else ())
    if goals.flag is not None and goals.flag.piece:
        used.add(goals.flag.piece)
    used |= set(s.explosions.immune if s.explosions else ()) | s.mutually_immune | s.petrify
    if s.drops is not None and s.drops.one_per_file:
        used.add(s.drops.one_per_file)
    return used


def _multi_steps(s: Stated) -> PawnRules:
    """The pawn rules without the multi-step ranks behind every pawn at the start, where pawns never
    come back (no drops, no backward moves)."""
    pr = s.pawn_rules
    pawns = {p.letter: p.betza for p in s.pieces if p.pawn}
    backward = any(v[1] < 0 for b in pawns.values() for m in parse_betza(b).moves for v in m.vectors())
    if s.drops is not None or backward or not pr.multi_step_ranks:
        return pr
    ranks = s.board.ranks
    stand = {sq.rank + 1 if c is Color.WHITE else ranks - sq.rank for sq, c, x in s.setup.placement if x in pawns}
    kept = tuple(r for r in pr.multi_step_ranks if stand and r >= min(stand))
    if kept == pr.multi_step_ranks:
        return pr
    if kept:
        return dataclasses.replace(pr, multi_step_ranks=kept, multi_step_squares=_kept_squares(pr, kept, ranks))
    return dataclasses.replace(
        pr, multi_step_ranks=(), max_steps=1, en_passant=False, multi_step_squares=None, en_passant_takers=None
    )


def _kept_squares(
    pr: PawnRules, kept: tuple[int, ...], ranks: int
) -> tuple[frozenset[Square], frozenset[Square]] | None:
    """The multi-step squares on the multi-step ranks kept."""
    if pr.multi_step_squares is None:
        return None
    rows = [{absolute_rank(c, r, ranks) - 1 for r in kept} for c in Color]
    white, black = (frozenset(sq for sq in pr.multi_step_squares[c] if sq.rank in rows[c]) for c in Color)
    return white, black


def normal_fen(fen: str) -> str:
    """``fen`` with the fields FSF lets a start position leave out: White to move, no castling, no en
    passant square; check counts (``3+3``) kept.

    >>> normal_fen("8/8 w 0 1"), normal_fen("8/8 b KQkq - 3+3 0 1")
    ('8/8 w - - 0 1', '8/8 b KQkq - 3+3 0 1')
    """
    fields = fen.split()
    side = fields[1] if len(fields) > 1 and fields[1] in ("w", "b") else "w"
    rest = fields[2:] if len(fields) > 1 and fields[1] in ("w", "b") else fields[1:]
    castling = rest[0] if rest and re.fullmatch(r"[A-Za-z]+|-", rest[0]) else "-"
    rest = rest[1:] if rest and re.fullmatch(r"[A-Za-z]+|-", rest[0]) else rest
    en_passant = rest[0] if rest and re.fullmatch(r"[a-z]\d+|-", rest[0]) else "-"
    rest = rest[1:] if rest and re.fullmatch(r"[a-z]\d+|-", rest[0]) else rest
    checks = [f for f in rest if "+" in f]
    return " ".join([fields[0], side, castling, en_passant, *checks, "0", "1"])


def fen_problem(fen: str, rules: Rules) -> str | None:
    """Why FSF's ``startFen`` does not fit the board or the pieces, or None."""
    files, ranks = int(rules.value(Opt.maxFile)), int(rules.value(Opt.maxRank))
    fields = fen.split()
    if not fields:
        return "startFen is empty"
    board = fields[0].partition("[")[0]
    rows = board.split("/")
    if len(rows) != ranks:
        return f"startFen has {len(rows)} ranks, the board {ranks}"
    letters = {letter.upper() for letter, _ in rules.pieces.values()}
    for row in rows:
        width = 0
        for number, piece in re.findall(r"(\d+)|(\+?[A-Za-z*~])", row):
            if number:
                width += int(number)
                continue
            if piece[-1] not in "*~" and piece[-1].upper() not in letters:
                return f"startFen: {piece[-1]!r} is no piece of this variant"
            width += piece[-1] != "~"
        if width != files:
            return f"startFen rank {row!r} is {width} squares wide, the board {files}"
    return None
