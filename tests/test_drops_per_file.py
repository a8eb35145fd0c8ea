"""Tori shogi's rules, each a catalogue feature: two swallows on a file before drops there stop
(``drops.per_file``), Black's pieces turned half round (the quails slide back to their own side), and
the side that brings a position back the fourth time loses (``repetition_winner: to_move``).  Held to
pyffish's built-in torishogi."""

from __future__ import annotations

import dataclasses

import pyffish
from support import fsf_entry, ini_options, load_section
from support import legal_uci as moves

from generator.catalogue import load_catalogue_text
from generator.catalogue.model import Color
from generator.emit.fairy_stockfish import start_fen
from generator.emit.fairy_stockfish.reading import read_section, stated
from generator.emit.web.rules_text import rules_in_short
from generator.engine import Position

TORI = fsf_entry("torishogi")


def test_a_swallow_may_be_dropped_on_a_file_with_one_but_not_two() -> None:
    fen = "3k3/7/7/7/S6/S5S/3K3[S] w - - 0 1"  # two on the a-file, one on the g-file
    pos = Position.from_fen(TORI, fen)
    drops = {m for m in moves(pos) if m.startswith("S@")}
    assert not {m for m in drops if m[2] == "a"}
    assert "S@g4" in drops
    assert moves(pos) == set(pyffish.legal_moves("torishogi", fen, []))


def test_black_quails_slide_back_to_their_own_side() -> None:
    # Black's right quail (fRlbBrbF) on c1 slides back up to its own left: c1-d2-e3 checks the phoenix
    fen = "3k3/7/7/7/4K2/7/2r4[] w - - 0 1"
    pos = Position.from_fen(TORI, fen)
    assert pos.in_check() and pyffish.gives_check("torishogi", fen, [])  # pyffish: the side to move is in check
    assert moves(pos) == set(pyffish.legal_moves("torishogi", fen, []))


def test_the_side_that_repeats_the_fourth_time_loses() -> None:
    fen = "3k3/7/7/7/7/7/3K3[] w - - 0 1"
    shuffle = ["d1c1", "d7c7", "c1d1", "c7d7"] * 3
    pos = Position.from_fen(TORI, fen)
    pos.track_history()
    for m in shuffle:
        assert pos.outcome() is None
        pos.push_uci(m)
    end = pos.outcome()
    assert end is not None and end.winner is Color.WHITE  # Black brought it back: White, to move, wins
    assert pyffish.is_optional_game_end("torishogi", fen, shuffle) == (True, 32000)


def test_the_ini_counts_two_swallows_and_gives_the_repetition_to_the_side_to_move() -> None:
    options = ini_options(TORI)
    assert options["dropNoDoubled"] == "s" and options["dropNoDoubledCount"] == "2"
    assert options["nFoldValue"] == "win" and "nFoldValueAbsolute" not in options


def test_the_rules_text_gives_two_swallows_a_file_and_the_repetition_to_the_side_to_move() -> None:
    rules = dict(rules_in_short(TORI))
    assert "never a Swallow on a file where its side has 2 already" in rules["Drops"]
    assert "the side that brings a position back for the 4th time loses" in rules["Draws"]


DRAGONFLY = """
families:
  fam: {title: Family}
variants:
  nopawndrops:
    extends: fairy-stockfish:crazyhouse
    title: No pawn drops
    family: fam
    drops: {one_per_file: P, per_file: 0}
"""


def test_none_per_file_keeps_the_piece_in_hand_as_dropnodoubledcount_0() -> None:
    """``per_file: 0``: no file has fewer than none, so the pawn stays in hand (dragonfly's pawns)."""
    v = load_catalogue_text(DRAGONFLY, "nopawndrops.yaml").get("nopawndrops")
    assert v is not None
    options = ini_options(v)
    assert options["dropNoDoubled"] == "p" and options["dropNoDoubledCount"] == "0"
    pyffish.load_variant_config("[nopawndrops:crazyhouse]\ndropNoDoubled = p\ndropNoDoubledCount = 0\n")
    fen = "4k3/8/8/8/8/8/8/4K3[PNpn] w - - 0 1"
    pos = Position.from_fen(v, fen)
    assert not {m for m in moves(pos) if m.startswith("P@")} and "N@e4" in moves(pos)
    assert moves(pos) == set(pyffish.legal_moves("nopawndrops", fen, []))
    assert "a Pawn is never dropped" in dict(rules_in_short(v))["Drops"]


def test_the_side_that_brings_the_position_back_wins_with_mover_as_nfoldvalue_loss() -> None:
    """``repetition_winner: mover`` (Fairy-Stockfish's ``nFoldValue = loss``: empire, mansindam, mandala):
    the side that brought the position back wins.  Our own section in pyffish, and read back."""
    v = dataclasses.replace(TORI, name="torimover", draws=dataclasses.replace(TORI.draws, repetition_winner="mover"))
    load_section(v)
    options = ini_options(v)
    assert options["nFoldValue"] == "loss" and "nFoldValueAbsolute" not in options
    assert read_section({**options, "startFen": start_fen(v)}).flags == stated(v).flags
    fen = "3k3/7/7/7/7/7/3K3[] w - - 0 1"
    shuffle = ["d1c1", "d7c7", "c1d1", "c7d7"] * 3
    pos = Position.from_fen(v, fen)
    pos.track_history()
    for m in shuffle:
        pos.push_uci(m)
    end = pos.outcome()
    assert end is not None and end.winner is Color.BLACK  # Black brought it back and wins
    assert pyffish.is_optional_game_end("torimover", fen, shuffle) == (True, -32000)
    assert "the side that brings a position back for the 4th time wins" in dict(rules_in_short(v))["Draws"]
