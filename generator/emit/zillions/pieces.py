"""The ``(piece ...)`` sections: names, pictures, the ``never-moved?`` attribute and the moves.

Each Betza move becomes macro calls, one per direction: ``step``/``leap`` (one link),
``slide``/``ride`` (repeated), ``slide-3`` (limited), ``lame-leap-2`` (a path of steps that must
be empty), each optionally ``-no-capture`` or ``-capture-only`` and ``first-`` (Betza ``i``).
The last argument says how the piece lands: ``add``, ``(add-as-moved)`` for pieces with a
``never-moved?`` attribute, or ``(add-or-promote)`` for pawns.  Pawns add multi-steps from
the ``multi-step-zone`` and en passant; the pieces on the castling kings' squares castle; swapping
pieces swap, using up a token on a ``dummy`` position.
"""

from __future__ import annotations

import dataclasses
import itertools
from typing import TypedDict

from generator.betza import BetzaMove, Modality, lame_path
from generator.catalogue.model import CastlingMove, Color, PieceType, Role, Square, Variant
from generator.emit.fidelity.zillions_royal import royal_letters
from generator.emit.fidelity.zillions_set_up import castling_pieces
from generator.emit.pictures.glyphs import Glyph
from generator.emit.zillions import blasts
from generator.emit.zillions.blasts import exploding, immune
from generator.emit.zillions.board import (
    BLACK_PROMOTION_ZONE,
    EN_PASSANT_ZONE,
    LINES_ZONE,
    advanced_zone,
    direction_name,
    drop_zone,
    first_leaps,
    moves_of,
    ordered_vectors,
    promotion_zone,
    region_zone,
    stuck_ranks,
    stuck_zone,
)
from generator.emit.zillions.context import ATTRIBUTE, PLAYERS, Call, PieceContext, PieceNeeds, Vector, ZoneSpec
from generator.emit.zillions.descriptions import piece_description
from generator.emit.zillions.drop_mate import mating_landing
from generator.emit.zillions.drops import drop_calls, droppable, never_dropped
from generator.emit.zillions.facing import parting_landing, pass_call
from generator.emit.zillions.forced import safe_landing
from generator.emit.zillions.forms import pawn_forms, promoted_form, promotions
from generator.emit.zillions.gating import Gating, gate_pieces
from generator.emit.zillions.hands import PROMOTED, hand_entries, marks_promotions, uses_hand
from generator.emit.zillions.held import held_moves
from generator.emit.zillions.images import Images, PiecePicture, StonePicture, TokenPicture
from generator.emit.zillions.macros import MODALITY_SUFFIX, MODALITY_WORD, Group, MacroParams, Macros
from generator.emit.zillions.names import Names
from generator.emit.zillions.own_promotion import own_promotions
from generator.emit.zillions.pairs import pair_up, paired_landing
from generator.emit.zillions.pawns import en_passant_steps
from generator.emit.zillions.quiet import quiet_moves
from generator.emit.zillions.set_up import drop_type
from generator.emit.zillions.starts import Start, start_prefix, switched_moves
from generator.emit.zillions.text import wrap_string, zrf_text


def needs_attribute(v: Variant) -> set[str]:
    """Letters of the piece types that carry ``never-moved?``: castling kings and rooks, swapping
    pieces and their partners, pieces with first-move-only (``i``) moves, and pawns that may
    promote to one of those."""
    out: set[str] = set()
    for cm in v.castling:
        out |= set(castling_pieces(v, cm) or ())
    for sw in v.swaps:
        if sw.unmoved_only:
            out.add(sw.piece)
            out |= {p.letter for p in swap_partners(v, sw.piece, sw.excluded_roles)}
    out |= {p.letter for p in v.pieces if any(m.initial for m in p.movement.moves)}
    if v.first_leaps is not None:
        out |= {v.first_leaps.king, v.first_leaps.met}
    out |= gate_pieces(v)
    # A promoted piece has moved, but (add Rook ...) gives it the type's default, never-moved? true:
    # a pawn that may promote to such a type carries the attribute and clears it where it lands.
    promo = v.pawn_rules.promotion
    if promo is not None and out & set(promo.all_choices):
        out |= {p.letter for p in v.pieces if p.pawn}
    return out


def castles_once_dropped(v: Variant, p: PieceType) -> bool:
    """Whether ``p`` is a king or rook that gains castling by its drop (``drops.castling``)."""
    return v.drops is not None and v.drops.castling is not None and (p.royal or p.letter == v.drops.castling)


def swap_partners(v: Variant, letter: str, excluded: frozenset[Role]) -> list[PieceType]:
    """The piece types the piece ``letter`` may swap with."""
    return [p for p in v.pieces if not (p.roles & excluded) and p.letter != letter]


def token_position(color: Color, piece: str, k: int) -> str:
    """The dummy position of ``color``'s ``k``-th swap right of the ZRF piece ``piece``."""
    return f"{color.word}-{piece.lower()}-swap-{k}"


def swap_tokens(v: Variant, names: Names) -> dict[Color, list[tuple[str, tuple[str, ...]]]]:
    """Per colour: (token piece, its dummy positions) of every swap rule."""
    out: dict[Color, list[tuple[str, tuple[str, ...]]]] = {c: [] for c in Color}
    for i, sw in enumerate(v.swaps):
        for c in Color:
            positions = tuple(token_position(c, names.piece[sw.piece], k) for k in range(1, sw.per_player + 1))
            out[c].append((names.tokens[i], positions))
    return out


#: the move types of a game where captures are forced, in ``move-priorities`` order
MOVE_TYPES = ("capture-type", "quiet-type")


class _Where(TypedDict):
    """The parameters every Betza move's macro takes: its modality, the zone a promoting piece's move
    notes it starts in, the zone it must start in (or outside), and whether it is made only while the
    piece is not attacked (a king's first leap)."""

    modality: str
    zone: str
    start_zone: str
    start_inside: bool
    held: bool


class PieceMoves:
    """The macro calls of one variant's pieces, defining the macros they need in ``macros``."""

    def __init__(self, macros: Macros, v: Variant, names: Names) -> None:
        self.macros = macros
        self.v = v
        self.names = names
        #: the pieces whose moves promote by piece (a pawn's form is one of its pawn promotion's choices)
        self.by_piece = set(names.promoted) - set(pawn_forms(v))
        #: the macro a landing calls first where captured pieces go to the captor's hand ("" for none)
        self.to_hand = (
            macros.use(Group.HANDS, "to-hand", "to-hand", entries=hand_entries(v, names.piece, names.promoted))
            if uses_hand(v)
            else ""
        )
        self.gating = Gating(macros, v, names.letters())

    def turns_into(self, p: PieceType) -> str | None:
        """The ZRF type ``p`` becomes by promotion by piece: its promoted form (paired, where the file retypes
        it: :func:`pairing`), or for a promoted form where promoted pieces demote, what it was promoted from
        (Dagaz's kyoto-shogi.zrf turns its pieces over the same way, ``(add Knight)`` on a Gold's move); None
        if it never changes type."""
        if p.letter in self.by_piece:
            return self.names.paired.get(f"+{p.letter}", self.names.promoted[p.letter])
        pp = self.v.piece_promotion
        demotes = pp is not None and pp.demotion and p.letter.startswith("+")
        return self.names.piece[p.letter[1:]] if demotes else None

    def landing(self, p: PieceType, moved: bool) -> str:
        """How ``p`` lands: ``add``, or a macro that also clears ``never-moved?`` or promotes."""
        promo = self.v.pawn_rules.promotion if p.pawn else None
        if promo is not None and promo.own_move:  # entering the zone promotes nothing: the pawn's own move does
            promo = None
        stuck = stuck_ranks(self.v, p)
        if promo is None and (self.turns_into(p) or stuck or self.to_hand):
            return self._piece_landing(p, moved, bool(stuck), self.to_hand)
        if promo is None:
            return self._plain_landing(moved)
        choices, black, mandatory = self._pawn_choices(p)
        if promo.limits or (stuck and not mandatory):
            return self._limited_landing(p, moved, choices, bool(stuck), mandatory)
        name = "add-" + ("as-moved-" if moved else "") + "or-" + ("promote" if mandatory else "may-promote")
        name += "-to-hand" if self.to_hand else ""
        macro = self.macros.use(
            Group.LANDING,
            name,
            "add-or-promote",
            choices=choices,
            black_choices=black,
            zone=BLACK_PROMOTION_ZONE,
            mandatory=mandatory,
            moved=moved,
            to_hand=self.to_hand,
            marks=marks_promotions(self.v),
        )
        return f"({macro})"

    def _pawn_choices(self, p: PieceType) -> tuple[tuple[str, ...], tuple[str, ...], bool]:
        """The pawn ``p``'s own choices, Black's own ones (empty where both sides share the choices) and
        whether it must promote: its promoted form, if it has one, beside the pawns' choices, which
        mandatory promotion by piece makes it take if it does not take a choice."""
        promo = self.v.pawn_rules.promotion
        assert promo is not None
        form = (self.names.promoted[p.letter],) if p.letter in pawn_forms(self.v) else ()
        pp = self.v.piece_promotion
        choices = tuple(self.names.piece[x] for x in promo.choices) + form
        black = tuple(self.names.piece[x] for x in promo.black_choices or ()) + (form if promo.black_choices else ())
        return choices, black, promo.mandatory or bool(form and pp and pp.mandatory)

    def _limited_landing(
        self, p: PieceType, moved: bool, choices: tuple[str, ...], stuck: bool, mandatory: bool
    ) -> str:
        """A pawn's landing where a choice has a promotion limit, or where it may not stay a pawn on the
        squares it could never leave: in the zone the landing first counts the player's pieces of each
        limited type up to its limit (``count-limited``: flags set square by square, walking the board
        row by row with ``(while (on-board? e) e ...)``, as the drops' walk along a file does, and
        flags as Chess_mandatory.zrf's walk sets them), then promotes to each choice whose limit is
        not reached; it stays a pawn only where promotion is optional, off ``stuck``'s zone."""
        promo = self.v.pawn_rules.promotion
        assert promo is not None
        limits = tuple((self.names.piece[x], n) for x, n in promo.limits)
        count = ""
        if limits:
            tally = self.macros.use(Group.LANDING, "tally-limited", "tally", limits=limits)
            walk = self.macros.use(Group.LANDING, "walk-board", "walk-board")
            count = self.macros.use(Group.LANDING, "count-limited", "count", limits=limits, tally=tally, walk=walk)
        words = ["add", "as-moved" if moved else "", "or", "promote" if mandatory else "may-promote"]
        words += ["limited" if limits else "", "unstuck" if stuck else "", "to-hand" if self.to_hand else ""]
        macro = self.macros.use(
            Group.LANDING,
            "-".join(w for w in words if w),
            "add-or-promote-limited",
            choices=choices,
            limits=limits,
            flags=tuple(f"{c}-{dict(limits)[c]}?" if c in dict(limits) else "" for c in choices),
            count=count,
            mandatory=mandatory,
            moved=moved,
            stuck=stuck,
            to_hand=self.to_hand,
        )
        return f"({macro} {stuck_zone(p)})" if stuck else f"({macro})"

    def drop_landing(self, p: PieceType, moved: bool) -> str:
        """How ``p`` lands when dropped from a hand position: on an empty square, never promoted."""
        stuck = stuck_ranks(self.v, p)
        if stuck:
            return self._piece_landing(p, moved, True, "", promoting=False)
        return self._plain_landing(moved)

    def confined(self, p: PieceType, land: str) -> str:
        """``land``, only on the squares of ``p``'s region where it has one."""
        if p.region is None:
            return land
        return f"({self.macros.use(Group.LANDING, 'in-region', 'in-region')} {region_zone(p)} {land})"

    def lined(self, land: str, start: Start) -> str:
        """``land``, for a move along the diagonal lines only on their squares."""
        if start is None or start[0] != LINES_ZONE:
            return land
        return f"({self.macros.use(Group.LANDING, 'in-region', 'in-region')} {LINES_ZONE} {land})"

    def kin(self, p: PieceType) -> str:
        """The ZRF name of ``p`` where it shuns its own type (``shuns_own_type``), else ""."""
        return self.names.piece[p.letter] if p.letter in self.v.shuns_own_type else ""

    def shunning(self, p: PieceType, land: str) -> str:
        """``land``, for a piece that shuns its own type only where no piece of that type stands: the
        corpus's janggi cannon tests ``(verify (not-piece? Cannon))`` on its target (and on its hurdle,
        which the hop's macro tests, :meth:`betza_move`)."""
        kin = self.kin(p)
        if not kin:
            return land
        return f"({self.macros.use(Group.LANDING, 'not-onto', 'not-onto')} {kin} {land})"

    def stoned(self, p: PieceType, land: str) -> str:
        """``land``, where pieces turn to stone: onto no wall (``(not-onto Stone ...)``, as fairychess.zrf's
        ``available`` shuns its ``Block``), and for a piece that turns to stone where it takes, as the wall
        (``add-or-stone``); a piece that never captures lands as it does."""
        stone = self.names.stone
        if not stone or not any(m.modality & Modality.CAPTURE for m in p.movement.moves):
            return land
        if p.letter in self.v.petrify:
            land = f"({self.macros.use(Group.LANDING, 'add-or-stone', 'stone')} {stone} {land})"
        return f"({self.macros.use(Group.LANDING, 'not-onto', 'not-onto')} {stone} {land})"

    def _plain_landing(self, moved: bool) -> str:
        """``add``, or where the piece's first move matters, the landing that clears ``never-moved?``."""
        return "(" + self.macros.use(Group.LANDING, "add-as-moved", "add-as-moved") + ")" if moved else "add"

    def hand_drops(self, p: PieceType) -> list[Call]:
        """Where pieces in hand stand on hand positions: ``p``'s drops from there (none if never in hand)."""
        if not (self.to_hand and p.letter in self.names.piece and droppable(self.v, p)) or never_dropped(self.v, p):
            return []
        assert self.v.drops is not None
        one = self.v.drops.one_per_file == p.letter
        name = "drop-from-hand" + ("-one-per-file" if one else "")
        name = self.macros.use(
            Group.HANDS, name, "drop-from-hand", one_per_file=one, per_file=self.v.drops.per_file if one else 1
        )
        land = self.confined(p, self.drop_landing(p, p.letter in needs_attribute(self.v)))
        if self.v.drops.no_drop_mate == p.letter:
            land = mating_landing(self.macros, self.v, self.names.letters(), land)
        zone = drop_zone(self.v, p.letter)
        calls = [Call(name, (self.names.piece[p.letter], land, zone))]
        form = self.names.promoted.get(p.letter)
        if form is not None and self.v.drops.promoted:
            # dropped as its promoted form too, on the same squares (one per file counts for both)
            landing = self.confined(promoted_form(self.v, p.letter), f"(add {form})")
            calls.append(Call(name, (self.names.piece[p.letter], landing, zone)))
        return calls

    def _piece_landing(self, p: PieceType, moved: bool, stuck: bool, to_hand: str, promoting: bool = True) -> str:
        """Landing with promotion by piece (on a move that started in the zone, as the move's flag says,
        or ends there), where ``stuck`` not on the squares the piece could never leave, and with
        ``to_hand`` sending a captured piece to the captor's hand."""
        target = self.turns_into(p) if promoting else None
        pp = self.v.piece_promotion
        mandatory = bool(pp and pp.mandatory)
        on_capture = bool(target and pp and pp.on_capture)
        words = [
            "add",
            "as-moved" if moved else "",
            ("taking-" if on_capture else "or-") + ("must-promote" if mandatory else "may-promote") if target else "",
            "unstuck" if stuck else "",
            "to-hand" if to_hand else "",
        ]
        name = "-".join(w for w in words if w)
        pair = pair_up(self.macros) if target and target in self.names.paired.values() else ""
        macro = self.macros.use(
            Group.LANDING,
            name + ("-paired" if pair else ""),
            "add-or-promote-piece",
            mandatory=mandatory,
            moved=moved,
            promotes=bool(target),
            on_capture=on_capture,
            stuck=stuck,
            zone=promotion_zone(self.v),
            to_hand=to_hand,
            pair=pair,
        )
        args = ([target] if target else []) + ([stuck_zone(p)] if stuck else [])
        return "(" + " ".join([macro, *args]) + ")"

    def moves(self, p: PieceType, land: str) -> list[Call]:
        """Every move of ``p``: its Betza moves (landing in its region, if it has one), a pawn's
        extras, castling and swaps; where captures are forced, the captures first, under one move
        type, and the other moves under another.  The flying general's capture of the other royal
        piece is a check, not a move to its square: no region confines it."""
        names = self.names.letters()
        paired = paired_landing(self.macros, self.names, p, parting_landing(self.macros, self.v, self.names, p, land))
        taking = exploding(self.macros, self.v, names, p, paired, always=False, victor=self.names.victor)
        blasted = immune(self.macros, self.v, names, p, taking)
        confined = self.rook_landing(p, self.confined(p, self.shunning(p, self.stoned(p, blasted))))
        # en passant takes no piece on its landing square: it explodes there whatever stands on it
        passed = exploding(self.macros, self.v, names, p, land, always=True, victor=self.names.victor)
        passing = self.rook_landing(p, self.confined(p, passed))
        if self.v.must_capture:
            return self._typed_moves(p, confined, passing)
        out: list[Call] = []
        unroll = self.v.first_leaps is not None and p.letter == self.v.first_leaps.rook
        for m, vectors, start in switched_moves(p):
            if unroll and m.range != 1 and not (m.hop or m.lame):
                out += self.unrolled(m, confined, vectors, start)
            else:
                out += self.betza_move(m, confined, self.turns_into(p) is not None, vectors, start, kin=self.kin(p))
        if p.royal and self.v.royal_held_in_check:
            out = held_moves(self.macros, self.v, self.names.letters(), out)
        if self.v.no_checks:
            out = quiet_moves(self.macros, self.v, self.names.letters(), p, out)
        if p.royal and self.v.flying_general:
            out += self.flying_general(p, land)
        if p.pawn:
            out += self.multi_steps(p, confined) + self.en_passants(p, passing)
            out += own_promotions(self.macros, self.v, self.names.letters(), p)
        return self.gating.moves(p, out + self.first_leaps(p, confined)) + self._whole_moves(p) + self.hand_drops(p)

    def first_leaps(self, p: PieceType, land: str) -> list[Call]:
        """Cambodian first moves, as first-move-only Betza moves onto empty squares: the king's knight
        leaps onto the rank ahead while it is not attacked, the met's two squares ahead."""
        king = self.v.first_leaps is not None and p.letter == self.v.first_leaps.king
        return [c for m in first_leaps(self.v, p) for c in self.betza_move(m, land, held=king)]

    def unrolled(self, m: BetzaMove, land: str, vectors: frozenset[Vector], start: Start) -> list[Call]:
        """A slide as one blocked leap per length: a landing that changes other squares (a rook taking
        the enemy king's first leap) must not run inside the slide's loop, where each ``add`` would
        keep the changes the landings before it made (as a checker's jumps keep their captures)."""
        zone, inside = start or ("", False)
        land = self.lined(land, start)
        where = _Where(modality=MODALITY_WORD[m.modality], zone="", start_zone=zone, start_inside=inside, held=False)
        longest = max(self.v.board.files, self.v.board.ranks) - 1
        calls: list[Call] = []
        for vec in ordered_vectors(vectors):
            for k in range(1, (m.range or longest) + 1):
                name = f"{start_prefix(start)}{'first-' if m.initial else ''}lame-leap-{k}{MODALITY_SUFFIX[m.modality]}"
                name = self.macros.use(Group.MOVES, name, "lame-leap", steps=k, initial=m.initial, **where)
                calls.append(Call(name, (*(direction_name(vec),) * k, land)))
        return calls

    def rook_landing(self, p: PieceType, land: str) -> str:
        """``land``, for a rook whose move onto the rank or file of the enemy king takes its first leap
        away: its landing first walks the four lines from the square, clearing the enemy king's
        ``never-moved?`` (an attribute set on another square than the landing one, as
        CheckersCollection.zrf's ``markit`` marks the pieces it captures)."""
        leaps = self.v.first_leaps
        if leaps is None or p.letter != leaps.rook:
            return land
        name = self.macros.use(Group.LANDING, "add-taking-leap", "takes-leap", royal=self.names.piece[leaps.king])
        return f"({name} {land})"

    def _typed_moves(self, p: PieceType, land: str, passing: str) -> list[Call]:
        split = [
            (dataclasses.replace(m, modality=modality), vectors, start)
            for m, vectors, start in switched_moves(p)
            for modality in ((Modality.CAPTURE, Modality.MOVE) if m.modality is Modality.BOTH else (m.modality,))
        ]
        promoting, kin = self.turns_into(p) is not None, self.kin(p)
        names = self.names.letters()
        captures = [
            Call(c.macro, (*c.args[:-1], safe_landing(self.macros, self.v, names, p, c.args[0], c.args[-1])))
            for m, vs, st in split
            if m.modality is Modality.CAPTURE
            for c in self.betza_move(m, land, promoting, vs, st, kin=kin)
        ]
        quiet = [
            c
            for m, vs, st in split
            if m.modality is Modality.MOVE
            for c in self.betza_move(m, land, promoting, vs, st, kin=kin)
        ]
        if p.pawn:
            captures += self.en_passants(p, passing)
            quiet += self.multi_steps(p, land)
        quiet += self._whole_moves(p) + self.hand_drops(p)
        return [Call("move-type", (MOVE_TYPES[0],)), *captures, Call("move-type", (MOVE_TYPES[1],)), *quiet]

    def _whole_moves(self, p: PieceType) -> list[Call]:
        """Castling and swaps, moves of two pieces at once, and a royal piece's pass: a copy of it added on its
        own square (``(add-copy General)``), which the checkmated goal forbids in check."""
        v = self.v
        stay = v.passing and p.royal
        facing = pass_call(self.macros, v, self.names, self.names.piece[p.letter]) if stay else None
        if facing is not None:
            out = [Call(*facing)]
        elif stay:
            out = [Call(self.macros.use(Group.MOVES, "pass-by-staying", "stay"), (self.names.piece[p.letter],))]
        else:
            out = []
        out += [self.castling(cm) for cm in v.castling if (castling_pieces(v, cm) or ("",))[0] == p.letter]
        for i, sw in enumerate(v.swaps):
            if sw.piece == p.letter:
                out += self.swap(i)
        return out

    def betza_move(
        self,
        m: BetzaMove,
        land: str,
        promoting: bool = False,
        vectors: frozenset[Vector] | None = None,
        start: Start = None,
        held: bool = False,
        kin: str = "",
    ) -> list[Call]:
        """One call per direction of a Betza move (of ``vectors`` only, if given); a ``promoting``
        piece's moves first note whether they start in the promotion zone (the flag its landing
        reads); with ``start``, a move is made only from inside (or outside) that zone, and along
        the diagonal lines lands only on them; ``held``, only while the piece is not attacked
        (``(verify not-attacked?)`` where it stands, as the corpus's Chess.zrf tests the king's
        square before castling); a hop over no piece of the type ``kin`` (see :meth:`kin`)."""
        suffix = MODALITY_SUFFIX[m.modality]
        prefix = start_prefix(start) + ("promoting-" if promoting else "") + ("first-" if m.initial else "")
        start_zone, start_inside = start or ("", False)
        land = self.lined(land, start)
        prefix = ("unchecked-" if held else "") + prefix
        where = _Where(
            modality=MODALITY_WORD[m.modality],
            zone=promotion_zone(self.v) if promoting else "",
            start_zone=start_zone,
            start_inside=start_inside,
            held=held,
        )
        calls: list[Call] = []
        for vec in ordered_vectors(vectors if vectors is not None else m.vectors()):
            unit = max(abs(vec[0]), abs(vec[1])) == 1
            args: tuple[str, ...] = (direction_name(vec),)
            if m.lame:
                steps = [*lame_path(*vec), vec]
                args = tuple(
                    direction_name((b[0] - a[0], b[1] - a[1])) for a, b in itertools.pairwise([(0, 0), *steps])
                )
                name = f"{prefix}lame-leap-{len(args)}{suffix}"
                name = self.macros.use(Group.MOVES, name, "lame-leap", steps=len(args), initial=m.initial, **where)
            elif m.hop:
                name = f"{prefix}{'grasshop' if m.hop == 'g' else 'cannon-hop'}{suffix}{'-shunning' * bool(kin)}"
                name = self.macros.use(Group.MOVES, name, "hop", hop=m.hop, kin=kin, **where)
            elif m.range == 1:
                name = f"{prefix}{'step' if unit else 'leap'}{suffix}"
                name = self.macros.use(Group.MOVES, name, "leap", initial=m.initial, **where)
            elif m.range == 0:
                name = f"{prefix}{'slide' if unit else 'ride'}{suffix}"
                name = self.macros.use(Group.MOVES, name, "slide", initial=m.initial, **where)
            else:
                name = f"{prefix}{'slide' if unit else 'ride'}-{m.range}{suffix}"
                name = self.macros.use(Group.MOVES, name, "slide-limited", range=m.range, initial=m.initial, **where)
            calls.append(Call(name, (*args, land)))
        return calls

    def flying_general(self, p: PieceType, land: str) -> list[Call]:
        """The royal piece takes the enemy royal along open rook lines: a move that leaves the two facing
        each other is then one that leaves a royal attacked, which Zillions' checkmate goal forbids."""
        name = self.macros.use(Group.MOVES, "fly-to-royal", "royal-capture", royal=self.names.piece[p.letter])
        return [Call(name, (direction_name(vec), land)) for vec in ordered_vectors([(0, 1), (0, -1), (1, 0), (-1, 0)])]

    def multi_steps(self, p: PieceType, land: str) -> list[Call]:
        """A pawn's straight multi-step, if it has one (only a pawn that steps straight ahead does)."""
        pr = self.v.pawn_rules
        if pr.max_steps > 1 and pr.multi_step_ranks and p.steps_ahead:
            name = self.macros.use(Group.PAWNS, f"pawn-multi-step-{pr.max_steps}", "multi-step", steps=pr.max_steps)
            return [Call(name, ("n", land))]
        return []

    def en_passants(self, p: PieceType, land: str) -> list[Call]:
        """A pawn's en passant captures, one per capture direction, enemy multi-step and passed square:
        straight multi-steps, and the pawns' first-move leaps along a line (Berolina's diagonal
        one, passing the square between)."""
        v = self.v
        takers = v.pawn_rules.en_passant_takers
        if not v.pawn_rules.en_passant or (takers is not None and p.letter not in takers):
            return []
        pawns = [self.names.piece[x.letter] for x in v.pieces if x.pawn]
        victim = f"(piece? {pawns[0]})"
        if len(pawns) > 1:
            victim = "(or " + " ".join(f"(piece? {x})" for x in pawns) + ")"
        zone = EN_PASSANT_ZONE if v.pawn_rules.en_passant_ranks is not None else ""
        out: list[Call] = []
        for vec in ordered_vectors(_single_captures(p)):
            for before, after, toward, away in en_passant_steps(v):
                name = f"en-passant-{before}-{after}" + (f"-{toward}" if toward else "")
                name = self.macros.use(
                    Group.PAWNS,
                    name + ("-to-hand" if self.to_hand else "") + ("-in-zone" if zone else ""),
                    "en-passant",
                    before=before,
                    after=after,
                    toward=toward,
                    away=away,
                    to_hand=self.to_hand,
                    zone=zone,
                )
                d = direction_name(vec)
                safe = safe_landing(self.macros, v, self.names.letters(), p, d, land, (after, toward, away))
                out.append(Call(name, (d, victim, safe)))
        return out

    def castling(self, cm: CastlingMove) -> Call:
        """One castling move, as a macro of its own squares."""
        rank = cm.king_from.rank
        files = [cm.king_from.file, cm.king_to.file, cm.rook_from.file, cm.rook_to.file]
        span = [Square(f, rank) for f in range(min(files), max(files) + 1)]
        empty = tuple(s.name for s in span if s not in (cm.king_from, cm.rook_from))
        step = 1 if cm.king_to.file > cm.king_from.file else -1
        path = tuple(Square(f, rank).name for f in range(cm.king_from.file, cm.king_to.file + step, step))
        pieces = castling_pieces(self.v, cm)
        assert pieces is not None  # the loader guarantees them
        king, rook = pieces
        params = MacroParams(
            king=cm.king_from.name,
            king_to=cm.king_to.name,
            rook=cm.rook_from.name,
            rook_to=cm.rook_to.name,
            rook_type=self.names.piece[rook],
            empty=empty,
            unattacked=path if king in royal_letters(self.v) else (),  # only a royal king can be in check
        )
        squares = self.gating.castle_squares(cm)
        if squares:
            params.update(MacroParams(gates=self.gating.types, gate_squares=squares, picker=self.gating.picker()))
        name = self.macros.use(
            Group.CASTLING, f"castle-{cm.king_from}-{cm.king_to}-{cm.rook_from}-{cm.rook_to}", "castle", **params
        )
        return Call(name, ())

    def swap(self, index: int) -> list[Call]:
        """The calls of swap rule ``index``: one per direction of its adjacency."""
        v, names = self.v, self.names
        sw = v.swaps[index]
        partners = swap_partners(v, sw.piece, sw.excluded_roles)
        test = "(or " + " ".join(f"(piece? {names.piece[p.letter]})" for p in partners) + ")"
        if len(partners) == 1:
            test = f"(piece? {names.piece[partners[0].letter]})"
        tokens = tuple(token_position(c, names.piece[sw.piece], k) for c in Color for k in range(1, sw.per_player + 1))
        name = f"swap-{names.piece[sw.piece]}" + ("-unmoved" if sw.unmoved_only else "")
        name = self.macros.use(Group.SWAPS, name, "swap", unmoved=sw.unmoved_only, tokens=tokens)
        return [
            Call(name, (direction_name(vec), test))
            for m in sw.adjacency_movement.moves
            for vec in ordered_vectors(m.vectors())
        ]


def _single_captures(p: PieceType) -> list[Vector]:
    """The vectors of a pawn's single-leap captures: where it may also take en passant."""
    out: list[Vector] = []
    for m in p.movement.moves:
        if m.modality & Modality.CAPTURE and m.range == 1 and not m.lame and not m.initial:
            out += [vec for vec in m.vectors() if vec not in out]
    return out


def piece_needs(
    v: Variant,
    p: PieceType,
    zones: dict[str, ZoneSpec],
    tokens: dict[Color, list[tuple[str, tuple[str, ...]]]],
) -> PieceNeeds:
    """What a piece's moves name on the board: directions (as vectors), zones, dummy positions.  A
    variant must declare them for the first game's pieces it inherits without placing them."""
    vectors = {vec for m in moves_of(p) if not m.lame for vec in m.vectors()} | blasts.needed(v)
    dummies: list[str] = []
    for i, sw in enumerate(v.swaps):
        if sw.piece == p.letter:
            vectors |= {vec for m in sw.adjacency_movement.moves for vec in m.vectors()}
            dummies += [pos for c in Color for pos in tokens[c][i][1]]
    used = _zones_used(v, p)
    return PieceNeeds(frozenset(vectors), {z: r for z, r in zones.items() if z in used}, tuple(dummies))


def _zones_used(v: Variant, p: PieceType) -> set[str]:
    """The zones ``p``'s moves test: its pawn zones, promotion and demotion, drops, region, advanced moves
    and diagonal lines."""
    used = {"promotion-zone", BLACK_PROMOTION_ZONE, "multi-step-zone"} if p.pawn else set()
    demotes = bool(v.piece_promotion and v.piece_promotion.demotion and p.letter.startswith("+"))
    if (p.letter in dict(promotions(v)) and p.letter not in pawn_forms(v)) or demotes:
        used.add(promotion_zone(v))
    if v.immobility_illegal:
        used.add(stuck_zone(p))
    if droppable(v, p):
        used.add(drop_zone(v, p.letter))
    return used | {region_zone(p), advanced_zone(p)} | ({LINES_ZONE} if p.line_moves else set())


def piece_context(
    builder: PieceMoves, images: Images, p: PieceType, glyph: Glyph, needs: PieceNeeds, name: str = ""
) -> PieceContext:
    """The ``(piece ...)`` of ``p`` (under ``name``, where it is a form of its own: a paired form)."""
    v = builder.v
    zname = name or builder.names.letters()[p.letter]
    moved = p.letter in needs_attribute(v)
    land = builder.landing(p, moved)
    # a king or rook that castles once dropped lands from the hand never moved
    dropped = builder.landing(p, moved and not castles_once_dropped(v, p))
    pictures = tuple(
        (
            PLAYERS[c],
            images.path(f"{zname}{PLAYERS[c]}", PiecePicture(glyph.kind, glyph.marks, glyph.shapes, c.word)).replace(
                "/", "\\"
            ),
        )
        for c in Color
    )
    moves = builder.moves(p, land)
    names = builder.names.piece
    promo = v.pawn_rules.promotion
    marked = marks_promotions(v) and promo is not None and p.letter in promo.all_choices
    return PieceContext(
        name=zname,
        help=zrf_text(f"{p.name}: {p.help}" if p.help else p.name),
        description=tuple(wrap_string(piece_description(v, p), "      ")),
        images=pictures,
        attributes=((ATTRIBUTE, "true"),) * moved + ((PROMOTED, "false"),) * marked,
        moves=tuple(moves),
        drops=() if builder.to_hand else tuple(drop_calls(builder.macros, v, names, p, builder.confined(p, dropped))),
        drop_type=drop_type(v),
        needs=needs,
    )


def stone_context(images: Images, name: str) -> PieceContext:
    """The ``(piece ...)`` of the wall a capturing piece turns into: no moves, one picture for both sides."""
    picture = images.path(name, StonePicture()).replace("/", "\\")
    return PieceContext(
        name=name,
        help="Stone: a wall, which nothing takes or passes",
        description=tuple(
            wrap_string(
                "Stone\\A piece that captured turned to stone: it never moves, and no piece lands on it.", "      "
            )
        ),
        images=tuple((PLAYERS[c], picture) for c in Color),
        attributes=(),
        moves=(),
        drops=(),
        needs=PieceNeeds(frozenset(), {}, ()),
    )


def token_context(images: Images, v: Variant, names: Names, index: int) -> PieceContext:
    """The ``(piece ...)`` of swap rule ``index``'s token: the right to swap, kept off the board."""
    sw = v.swaps[index]
    token = names.tokens[index]
    pictures = tuple(
        (PLAYERS[c], images.path(f"{token}{PLAYERS[c]}", TokenPicture(c.word)).replace("/", "\\")) for c in Color
    )
    times = "once" if sw.per_player == 1 else f"{sw.per_player} times"
    piece = v.piece(sw.piece).name
    return PieceContext(
        name=token,
        help=zrf_text(f"The right to swap the {piece} {times} (kept off the board)"),
        description=tuple(
            wrap_string(
                "Swap right\\" + zrf_text(f"A token kept on an invisible square: the {piece}'s swap uses it up."),
                "      ",
            )
        ),
        images=pictures,
        attributes=(),
        moves=(),
        drops=(),
        needs=PieceNeeds(frozenset(), {}, ()),
        dummy=True,
    )
