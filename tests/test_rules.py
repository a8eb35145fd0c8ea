"""Each rule of the rule book, shown on a hand-built position of the reference engine."""

from __future__ import annotations

import pytest

from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
from generator.catalogue.model import Color
from generator.engine import FenError, Position, uci

CATALOGUE = load_catalogue(DEFAULT_CATALOGUE)


def position(variant: str, fen: str | None = None, *played: str) -> Position:
    v = CATALOGUE.get(variant)
    assert v is not None
    pos = Position.start(v) if fen is None else Position.from_fen(v, fen)
    pos.track_history()
    for m in played:
        pos.push_uci(m)
    return pos


def legal(pos: Position) -> set[str]:
    return {uci(pos.rules, m) for m in pos.legal_moves()}


def from_square(pos: Position, square: str) -> set[str]:
    return {m for m in legal(pos) if m.startswith(square) and not m[len(square)].isdigit()}


# -- castling ---------------------------------------------------------------------------------------

AJAX_CASTLE = "r3k4r/10/10/10/10/10/10/10/10/R4K3R w KQkq - 0 1"


def test_ajax_chess_castles_both_ways_for_white_king_on_f1() -> None:
    pos = position("ajax-chess", AJAX_CASTLE)
    assert {"f1b1", "f1i1"} <= legal(pos)
    pos.push_uci("f1i1")
    assert pos.fen().split()[0].endswith("/R6RK1")
    pos.pop()
    pos.push_uci("f1b1")
    assert pos.fen().split()[0].endswith("/1KR6R")


def test_ajax_chess_castles_both_ways_for_black_king_on_e10() -> None:
    pos = position("ajax-chess", AJAX_CASTLE.replace(" w ", " b "))
    assert {"e10b10", "e10i10"} <= legal(pos)
    pos.push_uci("e10i10")
    assert pos.fen().startswith("r6rk1/")
    pos.pop()
    pos.push_uci("e10b10")
    assert pos.fen().startswith("1kr6r/")
    assert pos.fen().split()[2] == "KQ"


@pytest.mark.parametrize(
    ("variant", "fen", "expected"),
    [
        ("ajax-bigamous-no-drops", "r3k3r/9/9/9/9/9/9/R3K3R w KQkq - 0 1", {"e1b1": "1KR5R", "e1h1": "R5RK1"}),
        ("ajax-bigamous-no-drops", "r3k3r/9/9/9/9/9/9/R3K3R b KQkq - 0 1", {"e8b8": "1kr5r", "e8h8": "r5rk1"}),
        ("prime-ministers-chess", "r3k3r/9/9/9/9/9/9/R3K3R w KQkq - 0 1", {"e1b1": "1KR5R", "e1h1": "R5RK1"}),
        ("prime-ministers-chess", "r3k3r/9/9/9/9/9/9/R3K3R b KQkq - 0 1", {"e8b8": "1kr5r", "e8h8": "r5rk1"}),
        ("ajax-capablanca", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1", {"f1c1": "2KR5R", "f1i1": "R6RK1"}),
        ("ajax-capablanca", "r4k3r/10/10/10/10/10/10/R4K3R b KQkq - 0 1", {"f8c8": "2kr5r", "f8i8": "r6rk1"}),
    ],
)
def test_castling_in_the_other_variants(variant: str, fen: str, expected: dict[str, str]) -> None:
    pos = position(variant, fen)
    assert set(expected) <= legal(pos)
    for move, rank in expected.items():
        pos.push_uci(move)
        rows = pos.fen().split()[0].split("/")
        assert (rows[-1] if pos.turn == 1 else rows[0]) == rank
        pos.pop()


def test_castling_refused_through_an_attacked_square() -> None:
    # the black rook on g10 attacks g1, which the king passes on its way f1 -> i1
    pos = position("ajax-chess", "4k1r3/10/10/10/10/10/10/10/10/R4K3R w KQ - 0 1")
    assert "f1b1" in legal(pos)
    assert "f1i1" not in legal(pos)


def test_castling_refused_in_check_onto_attack_and_after_the_rook_moved() -> None:
    in_check = position("ajax-chess", "4kr4/10/10/10/10/10/10/10/10/R4K3R w KQ - 0 1")
    assert not {"f1b1", "f1i1"} & legal(in_check)
    onto_attack = position("ajax-chess", "1r2k5/10/10/10/10/10/10/10/10/R4K3R w KQ - 0 1")
    assert "f1b1" not in legal(onto_attack) and "f1i1" in legal(onto_attack)
    rook_moved = position("ajax-chess", AJAX_CASTLE, "j1j2", "a10a9", "j2j1", "a9a10")
    assert "f1i1" not in legal(rook_moved) and "f1b1" in legal(rook_moved)
    assert rook_moved.fen().split()[2] == "Qk"


def test_castling_needs_empty_squares_between_king_and_rook() -> None:
    pos = position("ajax-chess", "r3k4r/10/10/10/10/10/10/10/10/RN3K3R w KQkq - 0 1")
    assert "f1b1" not in legal(pos) and "f1i1" in legal(pos)


# -- pawns ------------------------------------------------------------------------------------------

TRIPLE = "4k5/10/10/10/10/3p6/5p4/10/4P5/5K4 w - - 0 1"


def test_triple_step_then_en_passant_on_each_passed_square() -> None:
    pos = position("ajax-chess", TRIPLE)
    assert {"e2e3", "e2e4", "e2e5"} <= legal(pos)
    pos.push_uci("e2e5")
    assert pos.fen().split()[3] == "e3e4"
    assert {"d5e4", "f4e3"} <= legal(pos)
    for capture in ("d5e4", "f4e3"):
        pos.push_uci(capture)
        assert pos.by_type[pos.rules.type_of["P"]] & pos.by_color[Color.WHITE] == 0  # the e5 pawn is gone
        pos.pop()
    pos.push_uci("e10d10")
    pos.push_uci("f1g1")
    assert not {"d5e4", "f4e3"} & legal(pos)  # the next move only


def test_en_passant_field_round_trips() -> None:
    pos = position("ajax-chess", TRIPLE, "e2e5")
    again = position("ajax-chess", pos.fen())
    assert legal(again) == legal(pos)
    assert again.fen() == pos.fen()


def test_a_triple_step_needs_every_passed_square_empty() -> None:
    pos = position("ajax-chess", "4k5/10/10/10/10/10/4p5/10/4P5/5K4 w - - 0 1")
    assert from_square(pos, "e2") == {"e2e3"}


def test_ajax_ministers_pawns_step_at_most_two_with_orthodox_en_passant() -> None:
    pos = position("ajax-ministers-chess", "5k4/10/10/10/3p6/10/4P5/5K4 w - - 0 1")
    assert from_square(pos, "e2") == {"e2e3", "e2e4"}
    pos.push_uci("e2e4")
    assert "d4e3" in legal(pos)


def test_bipartite_messengers_double_step_without_en_passant() -> None:
    fen = "2k2/5/5/5/*3*/2m2/5/1M3/2K2 w - - 0 1"
    pos = position("bipartite-stage-two-white-diagonal", fen)
    assert {"b2b3", "b2b4"} <= legal(pos)
    pos.push_uci("b2b4")
    assert pos.fen().split()[3] == "-"
    assert "c4b3" not in legal(pos)


# -- promotion --------------------------------------------------------------------------------------


def test_ajax_promotion_on_the_last_rank_with_every_choice() -> None:
    pos = position("ajax-chess", "4k5/P9/10/10/10/10/10/10/10/5K4 w - - 0 1")
    assert from_square(pos, "a9") == {f"a9a10{c}" for c in "qrmbn"}


def test_promotion_to_soldier_on_either_zone_rank() -> None:
    fen = "2k2/5/M4/5/*3*/5/4m/5/2K2 w - - 0 1"
    pos = position("bipartite-stage-two-white-diagonal", fen)
    assert from_square(pos, "a7") == {"a7a8s"}
    pos.push_uci("a7a8s")
    assert from_square(pos, "e3") == {"e3e2s"}
    # a messenger that stands unpromoted on rank 8 (only a FEN can put it there) promotes on rank 9 too
    pos = position("bipartite-stage-two-white-diagonal", "2k1s/M4/5/5/*3*/5/5/5/2K2 w - - 0 1")
    assert from_square(pos, "a8") == {"a8a9s"}


# -- Ajax pieces ------------------------------------------------------------------------------------


def test_adopted_ajax_steps_never_capture() -> None:
    # Ajax Rook e2 with black pawns on d3 and e3: the rook takes e3 (its rook move) but not d3 (diagonal step)
    pos = position("ajax-chess", "4k5/10/10/10/10/10/10/3pp5/4R5/5K4 w - - 0 1")
    rook = from_square(pos, "e2")
    assert "e2e3" in rook and "e2d3" not in rook and {"e2d1", "e2f3"} <= rook
    # Ajax Bishop e2 with a black pawn on e3: no orthogonal capture, diagonal steps fine
    pos = position("ajax-chess", "4k5/10/10/10/10/10/10/4p5/4B5/5K4 w - - 0 1")
    bishop = from_square(pos, "e2")
    assert "e2e3" not in bishop and {"e2d2", "e2d3"} <= bishop
    # Ajax Knight e2 surrounded by black pawns: only its knight leaps capture
    pos = position("ajax-chess", "K3k5/10/10/10/10/10/10/3ppp4/3pNp4/3p1p4 w - - 0 1")
    knight = from_square(pos, "e2")
    assert not {"e2d3", "e2e3", "e2f3", "e2d2", "e2f2", "e2d1", "e2f1"} & knight
    assert knight == {"e2c3", "e2g3", "e2c1", "e2g1", "e2d4", "e2f4", "e2e1"}


def test_adopted_step_blocks_a_check() -> None:
    # black rook on a1 checks the king on f1 along the rank; the Ajax Bishop on c2 may block
    # with its orthogonal step c2c1 as well as with its diagonal moves, and may do nothing else
    pos = position("ajax-chess", "4k5/10/10/10/10/10/10/10/2B7/r4K4 w - - 0 1")
    assert from_square(pos, "c2") == {"c2b1", "c2c1", "c2d1"}


def test_minister_steps_and_jumps_over_pieces() -> None:
    empty = position("ajax-chess", "4k5/10/10/10/10/4M5/10/10/10/5K4 w - - 0 1")
    assert len(from_square(empty, "e5")) == 16
    # ringed by its own pawns it still jumps to the second ring, and captures there
    ringed = position("ajax-chess", "4k5/10/10/4p5/3PPP4/3PMP4/3PPP4/10/10/5K4 w - - 0 1")
    jumps = from_square(ringed, "e5")
    assert jumps == {"e5c3", "e5c5", "e5c7", "e5e3", "e5e7", "e5g3", "e5g5", "e5g7"}


# -- drops ------------------------------------------------------------------------------------------


def test_drops_only_on_the_first_rank_and_none_once_the_pocket_is_empty() -> None:
    pos = position("ajax-bigamous", None, "b1c3", "b8c6")
    drops = {m for m in legal(pos) if "@" in m}
    assert drops == {"M@b1"}
    pos.push_uci("M@b1")
    assert {m for m in legal(pos) if "@" in m} == {"M@b8"}
    pos = position("ajax-bigamous", "4k4/9/9/9/9/9/9/4K4[M] w - - 0 1")
    assert {m for m in legal(pos) if "@" in m} == {f"M@{f}1" for f in "abcdfghi"}
    pos.push_uci("M@a1")
    assert pos.fen().split()[0].endswith("[]")
    pos.push_uci("e8d8")
    assert not {m for m in legal(pos) if "@" in m}


def test_a_drop_blocks_a_check_and_captured_pieces_do_not_go_to_hand() -> None:
    pos = position("ajax-bigamous", "4k4/9/9/9/9/9/9/r3K4[Mm] w - - 0 1")
    assert {m for m in legal(pos) if "@" in m} == {"M@b1", "M@c1", "M@d1"}
    pos = position("ajax-bigamous", "4k4/9/9/9/9/9/4r4/4K4[] w - - 0 1")
    pos.push_uci("e1e2")
    assert pos.fen().split()[0].endswith("[]")


def test_no_drops_variant_has_no_pocket() -> None:
    pos = position("ajax-bigamous-no-drops")
    assert "[" not in pos.fen()
    assert not {m for m in legal(pos) if "@" in m}
    with pytest.raises(FenError):
        position("ajax-bigamous-no-drops", "4k4/9/9/9/9/9/9/4K4[M] w - - 0 1")


# -- the bishop swap --------------------------------------------------------------------------------


def test_bishop_swap_allowed_with_unmoved_orthogonal_neighbours() -> None:
    pos = position("prime-ministers-chess")
    swaps = {"c1b1", "c1d1", "g1f1", "g1h1"}
    assert swaps <= legal(pos)
    pos.push_uci("c1b1")
    assert pos.fen().split()[0].endswith("/RBNMKQBNR")
    pos.push_uci("g8h8")  # Black adjusts too
    # White's right is used up: the other bishop may not swap any more
    assert not swaps & legal(pos)
    assert "{unmoved:" in pos.fen()


def test_swap_state_round_trips_through_the_fen_extension() -> None:
    pos = position("prime-ministers-chess", None, "c1b1")
    again = position("prime-ministers-chess", pos.fen())
    assert legal(again) == legal(pos)
    assert again.fen() == pos.fen()
    assert "g8h8" in legal(again) and "g8f8" in legal(again)


def test_swap_refused_after_a_move_and_with_pawns_kings_or_diagonal_neighbours() -> None:
    pos = position("prime-ministers-chess", None, "b1c3", "a7a6", "c3b1", "a6a5")
    assert "c1b1" not in legal(pos)  # the knight has moved, even though it came back
    assert "c1d1" in legal(pos)
    # the extension marks every piece as unmoved, so only the partner's kind and place refuse the swap
    pos = position("prime-ministers-chess", "4k4/9/9/9/9/9/2NP5/2NBK4 w - - 0 1 {unmoved:c1,c2,d1,d2,e1;swaps:1/1}")
    swaps = {m for m in legal(pos) if m.startswith("d1")} & {"d1c1", "d1c2", "d1d2", "d1e1"}
    assert swaps == {"d1c1"}


def test_swap_refused_in_check() -> None:
    pos = position("prime-ministers-chess", "4k4/9/9/9/9/9/9/rNB1K4 w - - 0 1".replace("rNB1K4", "1NB1K3r"))
    assert pos.in_check()
    assert "c1b1" not in legal(pos)


# -- stage one: race and forced pass ----------------------------------------------------------------


def test_a_side_with_no_move_must_pass() -> None:
    # every white messenger is blocked by black ones in front of it
    fen = "2*2/5/5/5/5/5/mmmmm/MMMMM/2*2 w - - 0 1"
    pos = position("bipartite-stage-one", fen)
    assert legal(pos) == {"0000"}
    pos.push_uci("0000")
    assert pos.turn == Color.BLACK
    assert pos.outcome() is None


def test_both_sides_passing_is_drawn_by_repetition() -> None:
    fen = "2*2/5/5/5/5/5/mmmmm/MMMMM/2*2 w - - 0 1"
    pos = position("bipartite-stage-one", fen)
    blocked_black = "2*2/5/5/5/5/5/mmmmm/MMMMM/2*2"
    assert pos.fen().startswith(blocked_black)
    for _ in range(4):
        pos.push_uci("0000")
    outcome = pos.outcome()
    assert outcome is not None and outcome.winner is None and "repetition" in outcome.reason


def test_race_won_when_all_messengers_reach_the_far_home_ranks() -> None:
    fen = "MM*MM/MMMM1/4M/5/5/5/mm3/mmmmm/mm*mm w - - 0 1"
    pos = position("bipartite-stage-one", fen.replace("MMMM1/4M", "MMMM1/3M1"))
    pos.push_uci("d7e8")
    outcome = pos.outcome()
    assert outcome is not None and outcome.winner is Color.WHITE and outcome.reason == "race"
    assert pos.legal_moves() == []


# -- stage two: bare king ---------------------------------------------------------------------------


def test_bare_king_loses_at_once_against_two_pieces() -> None:
    pos = position("bipartite-stage-two-white-diagonal", "k4/5/5/5/*3*/5/5/S1S2/2K2 b - - 0 1")
    outcome = pos.outcome()
    assert outcome is not None and outcome.winner is Color.WHITE and outcome.reason == "bare king"
    assert pos.legal_moves() == []


def test_bare_king_against_one_piece_may_capture_it_for_a_draw() -> None:
    fen = "5/5/5/5/*3*/5/1S3/k4/2K2 b - - 0 1"
    pos = position("bipartite-stage-two-white-diagonal", fen)
    assert pos.outcome() is None
    assert "a2b3" in legal(pos)
    pos.push_uci("a2b3")
    drawn = pos.outcome()
    assert drawn is not None and drawn.winner is None
    pos.pop()
    pos.push_uci("a2a1")
    lost = pos.outcome()
    assert lost is not None and lost.winner is Color.WHITE and lost.reason == "bare king"


def test_capturing_the_last_piece_bares_the_king() -> None:
    # White takes Black's last non-royal piece while keeping two of its own: Black loses at once
    pos = position("bipartite-stage-two-white-diagonal", "k4/s4/1S3/5/*3*/5/5/4S/2K2 w - - 0 1")
    pos.push_uci("b7a8")
    outcome = pos.outcome()
    assert outcome is not None and outcome.winner is Color.WHITE


# -- holes and the Bipartite pieces -----------------------------------------------------------------


def test_holes_stop_riders_and_lame_leaps_but_not_the_captain() -> None:
    fen = "2k2/4s/5/5/*3*/R4/C4/D4/2K2 w - - 0 1"
    pos = position("bipartite-stage-two-white-orthogonal", fen)
    assert "a4a6" not in legal(pos)  # the rook cannot pass the hole at a5
    fen = "2k2/4s/5/5/*3*/5/D4/5/2K2 w - - 0 1"
    pos = position("bipartite-stage-two-white-orthogonal", fen)
    assert "a3a5" not in legal(pos) and "a3a1" in legal(pos)
    fen = "2k2/4s/5/5/*3*/5/1C3/5/2K2 w - - 0 1"
    pos = position("bipartite-stage-two-white-orthogonal", fen.replace("1C3/5", "5/C4"))
    assert {"a2b4", "a2c3", "a2a3", "a2a1"} <= from_square(pos, "a2")


def test_swordsman_captures_only_on_the_second_square_and_cannot_jump() -> None:
    pos = position("bipartite-stage-two-white-orthogonal", "2k2/5/5/5/*3*/5/c4/s4/D1K2 w - - 0 1")
    # s on a2 blocks: no move up; a capture on a3 would need a free a2
    assert not {"a1a2", "a1a3"} & from_square(pos, "a1")
    pos = position("bipartite-stage-two-white-orthogonal", "2k2/5/5/5/*3*/5/s4/5/D1K2 w - - 0 1")
    assert {"a1a2", "a1a3"} <= from_square(pos, "a1")
    pos = position("bipartite-stage-two-white-orthogonal", "2k2/5/5/5/*3*/5/5/s4/D1K2 w - - 0 1")
    assert "a1a2" not in from_square(pos, "a1")


def test_power_pieces_reach_at_most_three_squares() -> None:
    pos = position("bipartite-stage-two-white-diagonal", "2k2/4s/5/5/*3*/5/5/5/B1K2 w - - 0 1")
    assert from_square(pos, "a1") == {"a1b2", "a1c3", "a1d4"}


def test_guard_cannot_capture_backwards() -> None:
    pos = position("bipartite-stage-two-white-diagonal", "k3K/5/5/5/*3*/5/1sss1/1sGs1/1sss1 w - - 0 1")
    guard = from_square(pos, "c2")
    assert {"c2b3", "c2c3", "c2d3", "c2b2", "c2d2"} == guard


# -- draws ------------------------------------------------------------------------------------------


def test_fifty_move_rule_and_insufficient_material_in_chess() -> None:
    fifty = position("chess", "4k3/8/8/8/8/8/R7/4K3 w - - 100 80")
    assert fifty.outcome() is not None and "50-move" in str(fifty.outcome())
    lone = position("chess", "4k3/8/8/8/8/8/8/4KN2 w - - 0 1")
    outcome = lone.outcome()
    assert outcome is not None and outcome.reason == "insufficient material"
    assert position("chess", "4k3/8/8/8/8/8/8/3BKN2 w - - 0 1").outcome() is None


def test_checkmate_and_stalemate() -> None:
    mate = position("chess", None, "f2f3", "e7e5", "g2g4", "d8h4")
    outcome = mate.outcome()
    assert outcome is not None and outcome.winner is Color.BLACK and outcome.reason == "checkmate"
    stale = position("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    outcome = stale.outcome()
    assert outcome is not None and outcome.winner is None and outcome.reason == "stalemate"


# -- FEN --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "fen", "why"),
    [
        ("chess", "8/8/8/8/8/8/8 w - - 0 1", "ranks"),
        ("bipartite-stage-one", "mmmmm/mmmmm/5/5/5/5/5/MMMMM/MM*MM b - - 0 1", "hole"),
        ("chess", "4k3/8/8/8/8/8/8/4KM2 w - - 0 1", "not a piece letter"),
        ("chess", "4k3/8/8/8/8/8/8/8 w - - 0 1", "royal"),
        ("chess", "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "not to move"),
        ("chess", "4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling"),
        ("chess", "4k3/8/8/8/8/8/8/4K3 w - e3 0 1", "en passant"),
    ],
)
def test_bad_fens_are_refused_with_a_reason(variant: str, fen: str, why: str) -> None:
    with pytest.raises(FenError, match=why):
        position(variant, fen)


def test_start_fens_round_trip_for_every_variant() -> None:
    for v in CATALOGUE.variants:
        pos = Position.start(v)
        assert Position.from_fen(v, pos.fen()).fen() == pos.fen()


def test_without_the_both_bare_draw_the_game_goes_on() -> None:
    import dataclasses

    variant = CATALOGUE.get("bipartite-stage-two-white-diagonal")
    assert variant is not None and variant.goals.bare_king is not None
    goals = dataclasses.replace(
        variant.goals, bare_king=dataclasses.replace(variant.goals.bare_king, both_bare_draw=False)
    )
    fsf_like = dataclasses.replace(variant, goals=goals)
    pos = Position.from_fen(fsf_like, "5/5/5/5/*3*/5/1S3/k4/2K2 b - - 0 1")
    pos.push_uci("a2b3")
    assert pos.outcome() is None and pos.legal_moves()


def test_double_pass_draw_when_the_variant_has_it() -> None:
    import dataclasses

    variant = CATALOGUE.get("bipartite-stage-one")
    assert variant is not None
    fen = "2*2/5/5/5/5/5/mmmmm/MMMMM/2*2 w - - 0 1"
    strict = dataclasses.replace(variant, draws=dataclasses.replace(variant.draws, double_pass=True))
    pos = Position.from_fen(strict, fen)
    pos.push_uci("0000")
    assert pos.outcome() is None
    pos.push_uci("0000")
    outcome = pos.outcome()
    assert outcome is not None and outcome.winner is None and outcome.reason == "both sides passing"
    assert pos.legal_moves() == []
    plain = position("bipartite-stage-one", fen, "0000", "0000")
    assert plain.outcome() is None  # the catalogue's rule: only the third repetition draws


def test_en_passant_into_the_promotion_zone_promotes() -> None:
    import dataclasses

    chess = CATALOGUE.get("chess")
    assert chess is not None and chess.pawn_rules.promotion is not None
    deep = dataclasses.replace(chess.pawn_rules.promotion, ranks=(6, 7, 8))
    variant = dataclasses.replace(chess, pawn_rules=dataclasses.replace(chess.pawn_rules, promotion=deep))
    pos = Position.from_fen(variant, "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1")
    pos.push_uci("d7d5")
    assert from_square(pos, "e5") == {f"e5{sq}{c}" for sq in ("d6", "e6") for c in "qrbn"}
    pos.push_uci("e5d6n")
    assert pos.fen().startswith("4k3/8/3N4/8/8/8/8/4K3 b")
    pos.pop()
    assert pos.fen().startswith("4k3/8/8/3pP3/")


def test_a_16x16_board_with_holes_plays() -> None:
    from generator.catalogue import load_catalogue_text

    text = """
families:
  big: {title: Big, seed: null}
variants:
  big:
    title: Big
    family: big
    board: {files: 16, ranks: 16, holes: [h8]}
    pieces:
      K: {name: King, betza: K, roles: [royal]}
      Q: {name: Queen, betza: Q}
      Z: {name: Zebra rider, betza: ZZ}
    setup:
      white: {K: [a1], Q: [h1], Z: [p16]}
      black: {K: [p2]}
"""
    big = load_catalogue_text(text).get("big")
    assert big is not None
    pos = Position.start(big)
    # queen on h1: 6 west (b1..g1; a1 is its own king), 8 east (i1..p1), 6 up the h-file before the
    # hole on h8, 7 up-left to a8, 8 up-right to p9
    assert len(from_square(pos, "h1")) == 6 + 8 + 6 + 7 + 8
    assert "h1h9" not in legal(pos)
    # the zebra rider on p16 rides (-2,-3) and (-3,-2): n13 l10 j7 h4 f1 and m14 j12 g10 d8 a6
    zebra = from_square(pos, "p16")
    assert {"p16n13", "p16f1", "p16m14", "p16a6"} <= zebra and len(zebra) == 10
    assert pos.fen().startswith("15Z/16/16/16/16/16/16/16/7*8/")
