"""Orthodox chess as the page's yardstick: which pieces are orthodox, and what of a variant differs.

The page shows each variant by what differs from orthodox chess.  The yardstick is the
catalogue's own plain-chess entry when it has one (a variant whose rules equal the built-in
description below, whatever its name), else that built-in description itself: FIDE chess
written as a catalogue entry and loaded by the catalogue's own loader, so it is checked like
any entry.

A piece is orthodox when its moves (Betza) and roles are those of a piece of the yardstick; its
name does not count.  A rule differs when the topic's text in :func:`rules_in_short` differs
from the yardstick's, the orthodox pieces called by the yardstick's names for the comparison (a
topic the yardstick lacks, such as drops, always differs; one the variant lacks, such as
promotion without pawns, reads "None.").
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable

from generator.betza import BetzaPiece
from generator.catalogue.loader import load_catalogue_text
from generator.catalogue.model import PieceType, Role, Variant
from generator.emit.web.rules_text import rules_in_short

__all__ = ["ORTHODOX_CHESS", "orthodox_chess", "piece_key", "rule_differences", "same_rules", "yardstick"]

ORTHODOX_CHESS = """\
families:
  orthodox: {title: Orthodox chess, seed: null}
variants:
  orthodox-chess:
    title: Orthodox chess
    family: orthodox
    description: The rules of chess (FIDE), the yardstick of every variant on the page.
    board: {files: 8, ranks: 8}
    pieces:
      K: {name: King, betza: K, roles: [royal]}
      Q: {name: Queen, betza: Q}
      R: {name: Rook, betza: R}
      B: {name: Bishop, betza: B}
      N: {name: Knight, betza: N}
      P: {name: Pawn, betza: fmWfcF, roles: [pawn]}
    setup:
      white: {K: [e1], Q: [d1], R: [a1, h1], B: [c1, f1], N: [b1, g1], P: [a2-h2]}
      black: {K: [e8], Q: [d8], R: [a8, h8], B: [c8, f8], N: [b8, g8], P: [a7-h7]}
    castling:
      - {color: white, king: e1, king_to: g1, rook: h1, rook_to: f1}
      - {color: white, king: e1, king_to: c1, rook: a1, rook_to: d1}
      - {color: black, king: e8, king_to: g8, rook: h8, rook_to: f8}
      - {color: black, king: e8, king_to: c8, rook: a8, rook_to: d8}
    pawns:
      max_steps: 2
      multi_step_ranks: [2]
      en_passant: true
      promotion: {ranks: [8], choices: [Q, R, B, N], mandatory: true}
    draws: {insufficient_material: [B, N]}
"""
"""FIDE chess as a catalogue entry (see ``docs/catalogue.md``)."""

#: Fields of a variant that name, describe or place it rather than rule it (``pieces`` is
#: compared by letter, moves and roles, without names and help texts).
_NOT_RULES = frozenset(
    {"name", "title", "family", "family_title", "seed", "notes", "description", "fairy_stockfish_builtin",
     "source_line", "pieces", "piece_index"}
)  # fmt: skip


@functools.cache
def orthodox_chess() -> Variant:
    """The built-in description of orthodox chess, loaded by the catalogue loader."""
    return load_catalogue_text(ORTHODOX_CHESS, "<orthodox chess>").variants[0]


def piece_key(piece: PieceType) -> tuple[BetzaPiece, frozenset[Role]]:
    """What makes two pieces the same piece: moves and roles, never the name."""
    return piece.movement, piece.roles


def same_rules(a: Variant, b: Variant) -> bool:
    """Whether ``a`` and ``b`` play the same game: every field of the model that is a rule,
    and their pieces by letter, moves and roles."""
    for f in dataclasses.fields(Variant):
        if f.name not in _NOT_RULES and getattr(a, f.name) != getattr(b, f.name):
            return False
    return {(p.letter, *piece_key(p)) for p in a.pieces} == {(p.letter, *piece_key(p)) for p in b.pieces}


def yardstick(variants: Iterable[Variant]) -> Variant:
    """The first of ``variants`` that plays orthodox chess, else the built-in description."""
    return next((v for v in variants if same_rules(v, orthodox_chess())), orthodox_chess())


def rule_differences(v: Variant, ref: Variant) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The rules of ``v`` in short, as (topic, text), split into those that differ from ``ref``
    and those that are the same, each in :func:`rules_in_short` order; a topic ``ref`` has and
    ``v`` lacks differs, as ``None.``"""
    # compared with the orthodox pieces under the yardstick's names: a King called Sovereign
    # does not make "checkmating the King wins" a different rule
    names = {piece_key(p): p.name for p in ref.pieces}
    renamed = tuple(dataclasses.replace(p, name=names.get(piece_key(p), p.name)) for p in v.pieces)
    mine, theirs = dict(rules_in_short(v)), dict(rules_in_short(ref))
    compared = dict(rules_in_short(dataclasses.replace(v, pieces=renamed)))
    for topic in theirs:
        mine.setdefault(topic, "None.")
        compared.setdefault(topic, "None.")
    differ = [(t, text) for t, text in mine.items() if theirs.get(t) != compared[t]]
    same = [(t, text) for t, text in mine.items() if theirs.get(t) == compared[t]]
    return differ, same
