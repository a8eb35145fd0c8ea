"""Walls placed by every move (``walling``: Fairy-Stockfish's ``wallingRule``, ``wallingRegion`` and
``wallOrMove``): duck chess, the built-in, held to pyffish (legal moves with the duck's square after a
comma, the duck as ``*`` in FEN, en passant past the duck, castling and promotion with it, perft, random
games); atomic duck chess, where the duck may shield a pseudo-royal king, through our own section; the
ini's rows and read-back, Zillions' named limitation, the words."""

from __future__ import annotations

import dataclasses
import random

import pyffish
import pytest
from support import assert_random_games_agree, fsf_entry, ini_options, legal_uci, pyffish_perft

from generator.catalogue.model import StalemateResult, Variant, Walling, WallingRule
from generator.emit.fairy_stockfish import start_fen
from generator.emit.fairy_stockfish.reading import read_section, stated
from generator.emit.fidelity import limitations, relaxed
from generator.emit.target import Target
from generator.emit.web.rules_text import rules_in_short
from generator.engine import Position
from generator.engine.perft import perft

DUCK_POSITIONS = (
    # castling both ways; the duck may go where the rook stood, not where king or rook land
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    # a pawn promoting, to any square but the one it lands on
    "8/P7/8/8/8/8/8/k6K w - - 0 1",
    # the duck on h5 and a pawn that may take en passant, the taken pawn's square free for the duck
    "rnbqkbnr/ppp1pppp/8/7*/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    # the duck blocks a rook and a pawn, and must leave a2 for another square
    "4k3/8/8/8/8/8/*PPPPPPP/R3K3 w Q - 0 1",
)


@pytest.mark.parametrize("fen", DUCK_POSITIONS)
def test_duck_moves_and_fens_as_in_pyffish(fen: str) -> None:
    pos = Position.from_fen(fsf_entry("duck"), fen)
    ours = legal_uci(pos)
    assert ours == set(pyffish.legal_moves("duck", fen, []))
    assert pos.fen() == fen
    for text in sorted(ours)[:: max(1, len(ours) // 25)]:
        pos.push_uci(text)
        assert pos.fen() == pyffish.get_fen("duck", fen, [text]), text
        pos.pop()


def test_the_duck_on_the_square_a_pawn_passed_leaves_no_en_passant() -> None:
    fen = "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    pos = Position.from_fen(fsf_entry("duck"), fen)
    pos.push_uci("e2e4,e4e3")
    assert (
        pos.fen()
        == pyffish.get_fen("duck", fen, ["e2e4,e4e3"])
        == ("rnbqkbnr/ppp1pppp/8/8/3pP3/4*3/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
    )
    assert not any(m.startswith("d4e3") for m in legal_uci(pos))


def test_duck_perft_and_random_games_agree_with_pyffish() -> None:
    duck = fsf_entry("duck")
    start = pyffish.start_fen("duck")
    assert [perft(Position.start(duck), d) for d in (1, 2)] == [640, 379440]
    assert perft(Position.start(duck), 2) == pyffish_perft("duck", start, [], 2)
    fen = DUCK_POSITIONS[2]
    assert perft(Position.from_fen(duck, fen), 2) == pyffish_perft("duck", fen, [], 2)
    assert_random_games_agree("duck", 3, 60)


def test_taking_the_king_ends_duck_chess_as_in_pyffish() -> None:
    fen, move = "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1", "e7e8,e8a1"
    pos = Position.from_fen(fsf_entry("duck"), fen)
    pos.push_uci(move)
    end = pos.outcome()
    assert end is not None and end.winner == 0 and not pyffish.legal_moves("duck", fen, [move])
    assert pyffish.game_result("duck", fen, [move]) == -32000  # lost for Black, to move


def _atomic_duck() -> Variant:
    atomic = fsf_entry("atomic")
    return dataclasses.replace(
        atomic,
        name="atomicduckwalls",
        walling=Walling(WallingRule.DUCK),
        draws=dataclasses.replace(atomic.draws, stalemate=StalemateResult.WIN),
        fairy_stockfish_builtin=None,
    )


def test_atomic_duck_through_our_own_section_agrees_with_pyffish() -> None:
    v = _atomic_duck()
    options = ini_options(v)
    assert options["wallingRule"] == "duck"
    pyffish.load_variant_config(
        f"[{v.name}]\n" + "".join(f"{k} = {x}\n" for k, x in options.items()) + f"startFen = {start_fen(v)}\n"
    )
    # the white king in check from the rook: a king's step, or the duck put between, answers it
    fen = "4r2k/8/8/8/8/8/8/4K3 w - - 0 1"
    pos = Position.from_fen(v, fen)
    ours = legal_uci(pos)
    assert ours == set(pyffish.legal_moves(v.name, fen, []))
    assert "a1a2,a2e4" not in ours and {m for m in ours if m.startswith("e1d1")}
    start = pyffish.start_fen(v.name)
    for game in range(2):
        rng = random.Random(f"atomic duck {game}")
        pos = Position.start(v)
        played: list[str] = []
        for _ in range(40):
            ours = legal_uci(pos)
            assert ours == set(pyffish.legal_moves(v.name, start, played)), played
            if not ours:
                break
            played.append(rng.choice(sorted(ours)))
            pos.push_uci(played[-1])
            assert pos.fen() == pyffish.get_fen(v.name, start, played), played
    assert perft(Position.start(v), 2) == pyffish_perft(v.name, start, [], 2)


def test_the_rows_the_read_back_zillions_and_the_words() -> None:
    duck = fsf_entry("duck")
    options = ini_options(duck)
    assert options["wallingRule"] == "duck" and "wallingRule" not in ini_options(fsf_entry("chess"))
    assert read_section({**options, "startFen": start_fen(duck)}).walling == stated(duck).walling
    assert "walling" in [x.rule for x in limitations(duck, Target.ZILLIONS)]
    assert relaxed(duck, Target.ZILLIONS).walling is None
    assert "moving the duck" in dict(rules_in_short(duck))["Walls"]
    regional = dataclasses.replace(
        duck,
        walling=Walling(WallingRule.STATIC, (frozenset(duck.setup.placement[0][:1]), frozenset()), or_move=True),
    )
    options = ini_options(regional)
    assert options["wallOrMove"] == "true" and options["wallingRegionBlack"] == "-"
    assert read_section({**options, "startFen": start_fen(regional)}).walling == stated(regional).walling
