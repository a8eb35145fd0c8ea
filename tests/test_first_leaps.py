"""Cambodian chess's first leaps (``first_leaps``) and its counting rule (``counting: cambodian``), held
to pyffish's built-ins cambodian and karouk: the leaps themselves, their rights in the FEN's castling
field, a rook's move that takes the king's away, and a count that starts with pawns on the board."""

from __future__ import annotations

import pyffish
import pytest
from support import assert_random_games_agree, ini_options
from support import fsf_entry as entry
from support import legal_uci as moves

from generator.catalogue import find_catalogue, load_catalogue
from generator.check.compare import Query
from generator.check.zillions import Zillions
from generator.emit.fidelity import limitations
from generator.emit.web.rules_text import rules_in_short
from generator.engine import Position


def test_the_unmoved_king_and_met_leap_onto_empty_squares() -> None:
    fen = "rnsmksnr/8/pppp1ppp/8/8/PPPP1PPP/8/RNSKMSNR w DEde - 0 1"  # e3 gone: the met may leap e1-e3
    pos = Position.from_fen(entry("cambodian"), fen)
    assert {"d1b2", "d1f2", "e1e3"} <= moves(pos)
    assert moves(pos) == set(pyffish.legal_moves("cambodian", fen, []))
    pos.push_uci("d1f2")
    after = "rnsmksnr/8/pppp1ppp/8/8/PPPP1PPP/5K2/RNS1MSNR b Ede - 1 1"
    assert pos.fen() == pyffish.get_fen("cambodian", fen, ["d1f2"]) == after


def test_a_king_in_check_does_not_leap_and_without_the_right_never() -> None:
    checked = "4k3/8/8/8/8/8/8/r2KM3 w DE - 0 1"
    without = "4k3/8/8/8/8/8/8/3KM3 w E - 0 1"
    for fen in (checked, without):
        pos = Position.from_fen(entry("cambodian"), fen)
        assert not {"d1b2", "d1f2"} & moves(pos)
        assert moves(pos) == set(pyffish.legal_moves("cambodian", fen, []))


def test_a_rook_on_the_kings_line_takes_its_leap_away_whatever_stands_between() -> None:
    fen = "3mk3/8/4p3/8/8/8/8/R2KM3 w DEde - 0 1"
    for move, rights in (("a1a8", "DEd"), ("a1a2", "DEde")):
        pos = Position.from_fen(entry("cambodian"), fen)
        pos.push_uci(move)
        assert pos.fen().split()[2] == rights == pyffish.get_fen("cambodian", fen, [move]).split()[2]


def test_the_count_starts_with_pawns_on_the_board_once_a_side_has_three_pieces() -> None:
    fen = "3mk3/8/4p3/8/8/8/8/R2KM3 w DEde - 0 1"
    pos = Position.from_fen(entry("cambodian"), fen)
    pos.push_uci("a1a2")
    assert pos.fen() == pyffish.get_fen("cambodian", fen, ["a1a2"]) == "3mk3/8/4p3/8/8/8/R7/3KM3 b DEde 126 0 1"


@pytest.mark.parametrize("name", ["cambodian", "karouk"])
def test_random_games_agree_with_pyffish_move_by_move(name: str) -> None:
    assert_random_games_agree(name, games=3, plies=60)


def test_the_ini_declares_the_met_a_fers_and_turns_the_leaps_on() -> None:
    options = ini_options(entry("cambodian"))
    assert options["fers"] == "m" and options["gating"] == options["cambodianMoves"] == "true"
    assert options["countingRule"] == "cambodian"


def test_the_rules_text_names_the_leaps_and_the_cambodian_count() -> None:
    rules = dict(rules_in_short(entry("cambodian")))
    assert rules["First leaps"].startswith("While unmoved, the King may leap as a knight")
    assert "down to three pieces or fewer" in rules["Draws"]


@pytest.mark.parametrize(
    ("fen", "played"),
    [
        ("rnsmksnr/8/pppp1ppp/8/8/PPPP1PPP/8/RNSKMSNR w DEde - 0 1", ()),  # both leaps
        ("4k3/8/8/8/8/8/8/r2KM3 w DE - 0 1", ()),  # in check: no king's leap
        ("4k3/8/8/8/8/8/8/3KM3 w E - 0 1", ()),  # no right: no king's leap
        ("3mk3/8/4p3/8/8/8/8/R2KM3 w DEde - 0 1", ("a1a8",)),  # the rook on the king's rank takes its leap
        ("3mk3/8/4p3/8/8/8/8/R2KM3 w DEde - 0 1", ("a1a2",)),  # not on its lines: both keep theirs
        ("4k3/8/4p3/8/8/8/R7/3KM3 w DEe - 0 1", ("a2h2",)),  # a slide across its file, landing off it
        ("4k3/8/4p3/8/8/8/R7/3KM3 w DEe - 0 1", ("a2h2", "e6e5", "h2h8")),  # then onto its rank
    ],
)
def test_the_zillions_download_plays_the_first_leaps(fen: str, played: tuple[str, ...]) -> None:
    cat = load_catalogue(find_catalogue("fairy-stockfish"))
    v = cat.get("cambodian")
    assert v is not None and "first-leaps" not in {x.rule for x in limitations(v, "zillions")}
    pos = Position.from_fen(entry("cambodian"), fen)
    for m in played:
        pos.push_uci(m)
    assert moves(pos) == set(pyffish.legal_moves("cambodian", fen, list(played)))
    with Zillions(cat, [v]) as engine:
        [answer] = engine.probe(v.name, [Query(played, fen=fen)])
    assert answer.error is None and answer.moves == moves(pos)
