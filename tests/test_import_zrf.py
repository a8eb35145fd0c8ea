"""``variantgen import FILE.zrf``: Zillions games read through the interpreter, written as catalogue entries,
and proven against the game before they are written."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any
from unittest import mock

import pyffish
import pytest

from generator.catalogue import load_catalogue, load_catalogue_text
from generator.engine import Position
from generator.engine import moves as mv
from generator.engine.perft import perft as engine_perft
from generator.importers.yaml_text import render_entry
from generator.importers.zillions.command import import_zrf
from generator.importers.zillions.differences import genuine
from generator.importers.zillions.game import read_game
from generator.importers.zillions.proof import Disagreement, Unstatable, prove
from generator.importers.zillions.refused import Refused
from generator.zrf import Notation, State, open_game, start
from generator.zrf import perft as zrf_perft
from generator.zrf.model import load, load_text
from tests.shared_data import shared_file, zillions_file
from tests.support import legal_uci, run

#: Dagaz's games in the corpus, by kind
DAGAZ = ("GlukKazan__Dagaz", "src", "debug", "games")


def _corpus(*parts: str) -> Path:
    """A file of the Zillions corpus under ``../shared``."""
    return shared_file("zillions", "corpus", *parts)


@pytest.fixture(scope="module")
def chess_zrf() -> Path:
    return zillions_file("Chess.zrf")


def test_chess_reads_as_orthodox_chess(chess_zrf: Path) -> None:
    imported = read_game(load(chess_zrf).game("Chess"))
    d = imported.data
    assert {k: p["betza"] for k, p in d["pieces"].items()} == {
        "P": "fmWfcF", "N": "N", "B": "B", "R": "R", "Q": "Q", "K": "K",
    }  # fmt: skip
    assert d["pieces"]["K"]["roles"] == ["royal"] and d["pieces"]["P"]["roles"] == ["pawn"]
    assert d["pawns"] == {
        "max_steps": 2,
        "multi_step_ranks": [2],
        "en_passant": True,
        "promotion": {"ranks": [8], "choices": ["N", "B", "R", "Q"], "mandatory": True},
    }
    assert sorted((c["color"], c["king_to"], c["rook"], c["rook_to"]) for c in d["castling"]) == [
        ("black", "c8", "a8", "d8"), ("black", "g8", "h8", "f8"),
        ("white", "c1", "a1", "d1"), ("white", "g1", "h1", "f1"),
    ]  # fmt: skip
    # Chess.zrf has no repetition goal and no 50-move rule: Zillions plays on
    assert d["draws"] == {"move_rule": 0, "repetition": 0}
    variant = load_catalogue_text("variants:\n" + render_entry("chess", d)).variants[0]
    assert Position.start(variant).fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert prove(variant, load(chess_zrf).game("Chess"), imported.letters, imported.squares) == 8902


def test_the_proof_catches_an_entry_that_plays_otherwise(chess_zrf: Path) -> None:
    game = load(chess_zrf).game("Chess")
    imported = read_game(game)
    data = dict(imported.data, pieces=dict(imported.data["pieces"], N={"name": "Knight", "betza": "NW"}))
    variant = load_catalogue_text("variants:\n" + render_entry("chess", data)).variants[0]
    expected = r"after b1a3 a7a5: only the entry plays \['a3a4', 'a3b3'\], only the game \[\]"
    with pytest.raises(Disagreement, match=expected):
        prove(variant, game, imported.letters, imported.squares)


def test_a_file_imports_the_games_it_can_state_and_says_why_of_the_rest(chess_zrf: Path) -> None:
    result = import_zrf(str(chess_zrf), "Chess.zrf")
    names = [n for n, _ in result.entries]
    assert names[:3] == ["chess", "extinction-chess", "kinglet-chess"] and "knightmate" in names
    why = dict(result.left_out)
    # a piece that takes some pieces and not others is left out for what it is
    assert why["Non-Prise Chess"] == (
        "Knight: what it takes depends on the piece taken (a Pawn, not a Knight), which Betza cannot say"
    )
    assert "pocket-knight-chess" in names  # a knight in hand, dropped on any empty square
    assert why["Double-Move Chess (Checkmate)"] == "the turn order is not one move each by two players"
    assert "losing-chess" in names  # captures ranked first by move-priorities: a capture must be made
    assert len(result.entries) + len(result.left_out) == len(load(chess_zrf).games)
    # each entry's perft 3 is the game's own
    knightmate = open_game(chess_zrf, "Knightmate")
    assert result.nodes["knightmate"] == zrf_perft(knightmate, 3) == 6765


def test_a_player_with_no_turn_and_no_piece_plays_no_part() -> None:
    # fairychess.zrf names a third player, Neutral, that never moves and owns nothing: its games are
    # played by White and Black alone, and goals for those two are goals for every side
    path = _corpus("ludamad__zrflib", "zrflib", "examples", "fairychess.zrf")
    game = load(path).game("Shatranj")
    assert game.players == ["White", "Black", "Neutral"]
    imported = read_game(game)
    d = imported.data
    assert {k: p["betza"] for k, p in d["pieces"].items()} == {
        "P": "fmWfcF", "N": "N", "A": "A", "R": "R", "F": "F", "S": "K",
    }  # fmt: skip
    # (loss-condition (White Black) stalemated) and (pieces-remaining 1): a bare king loses
    assert d["draws"]["stalemate"] == "loss"
    assert d["goals"]["extinction"] == {"pieces": [], "count": 1, "result": "loss"}
    variant = load_catalogue_text("variants:\n" + render_entry("shatranj", d)).variants[0]
    assert prove(variant, game, imported.letters, imported.squares) == zrf_perft(start(game), 3)


def test_a_repetition_that_loses_for_both_players_is_won_by_the_side_that_brings_it_back() -> None:
    # Dagaz's chess games end (loss-condition (White Black) repetition): the side about to move at the third
    # occurrence loses, as the interpreter tests a repetition goal
    path = _corpus(*DAGAZ, "chess", "mini-chess.zrf")
    game = load(path).game("Gardner's Chess")
    imported = read_game(game)
    d = imported.data
    assert d["draws"] == {"move_rule": 0, "repetition": 3, "stalemate": "draw", "repetition_winner": "mover"}
    variant = load_catalogue_text("variants:\n" + render_entry("gardner", d)).variants[0]
    assert prove(variant, game, imported.letters, imported.squares) == zrf_perft(start(game), 3)
    # the knights out and back twice: the start comes back a third time with White to move, who loses
    pos, state = Position.start(variant), start(game)
    pos.track_history()
    state.track_history()
    notation = Notation(state.prog, letters=imported.letters, squares=imported.squares)
    for text in ("b1c3", "b5a3", "c3b1", "a3b5") * 2:
        pos.push(next(m for m in pos.legal_moves() if mv.uci(pos.rules, m) == text))
        state.push(notation.moves(state)[text])
    ours, theirs = pos.outcome(), state.outcome()
    assert ours is not None and theirs is not None and ours.result == theirs.result == "0-1"


def test_kinglet_chess_is_won_by_taking_every_pawn(chess_zrf: Path) -> None:
    d = read_game(load(chess_zrf).game("Kinglet Chess")).data
    assert d["goals"] == {"checkmate": False, "extinction": {"pieces": ["P"], "count": 0, "result": "loss"}}
    assert d["pawns"]["promotion"]["choices"] == ["K"] and "roles" not in d["pieces"]["K"]


def test_extinction_chess_is_lost_by_losing_every_piece_of_one_type(chess_zrf: Path) -> None:
    # an or of pieces-remaining goals, one type each, all at 0
    d = read_game(load(chess_zrf).game("Extinction Chess")).data
    extinction = {"pieces": ["K", "Q", "R", "B", "N", "P"], "count": 0, "result": "loss"}
    assert d["goals"] == {"checkmate": False, "extinction": extinction}
    assert d["pawns"]["promotion"]["choices"] == ["N", "B", "R", "Q", "K"]
    # counts that differ, or a type counted with others, are not one extinction
    text = """(game (title "T") (players White Black) (turn-order White Black)
      (board (grid (dimensions ("a/b/c" (1 0)) ("3/2/1" (0 1))) (directions (n 0 -1) (s 0 1))))
      (piece (name King) (moves (n add) (s add))) (piece (name Man) (moves (n add) (s add)))
      (board-setup (White (King a1) (Man b1)) (Black (King c3) (Man b3)))
      (loss-condition (White Black) (or %s)))"""
    for goals, why in [
        ("(pieces-remaining 0 King) (pieces-remaining 1 Man)", "pieces-remaining goals with different counts"),
        ("(pieces-remaining 0 King Man) (pieces-remaining 0 Man)", "a pieces-remaining goal of several piece types"),
        ("(pieces-remaining 0 King) stalemated", "an or of goals that are not all pieces-remaining"),
    ]:
        with pytest.raises(Refused, match=f"^{why}$"):
            read_game(load_text(text % goals).games[0])


def test_the_first_player_is_white_and_the_board_turns_when_it_starts_at_the_top() -> None:
    text = """(game (title "Upside") (players South North) (turn-order North South)
      (board (grid (dimensions ("a/b/c/d/e" (1 0)) ("5/4/3/2/1" (0 1)))
        (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0))) (symmetry South (n s) (s n)))
      (piece (name King) (moves (n (verify not-friend?) add) (s (verify not-friend?) add)
                                (e (verify not-friend?) add) (w (verify not-friend?) add)))
      (piece (name Rook) (moves (n (while empty? add n) (verify enemy?) add)
                                (s (while empty? add s) (verify enemy?) add)))
      (piece (name Guard) (moves (s (verify not-friend?) add)))
      (board-setup (North (King c5) (Rook a5) (Guard e5)) (South (King c1) (Rook e1) (Guard a1)))
      (loss-condition (North South) (checkmated King)))"""
    game = load_text(text).games[0]
    imported = read_game(game)
    d = imported.data
    # North moves first: it is White, seen from its side (its king on c5 is c1 of the entry)
    assert d["setup"]["white"] == {"R": ["e1"], "K": ["c1"], "G": ["a1"]}
    assert d["setup"]["black"] == {"G": ["e5"], "K": ["c5"], "R": ["a5"]}
    # its Guard steps towards the other side: forward
    assert d["pieces"]["G"]["betza"] == "fW" and d["pieces"]["R"]["betza"] == "vR"
    variant = load_catalogue_text("variants:\n" + render_entry("upside", d)).variants[0]
    assert prove(variant, game, imported.letters, imported.squares) == zrf_perft(start(game), 3)  # the game's own count


LITTLE_PALACE = """\
(define slide ($1 (while empty? add $1) (verify enemy?) add))
(define cannon ($1 (while empty? add $1) $1 (while empty? $1) (verify enemy?) add))
(define home ($1 (verify not-friend?) (verify (in-zone? palace)) add))
(game (title "Little Palace") (players White Black) (turn-order White Black)
  (board (grid (dimensions ("a/b/c/d/e" (1 0)) ("6/5/4/3/2/1" (0 1)))
    (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0)))
    (symmetry Black (n s) (s n))
    (zone (name palace) (players White) (positions b1 c1 d1 b2 c2 d2))
    (zone (name palace) (players Black) (positions b6 c6 d6 b5 c5 d5))
    (zone (name across) (players White) (positions a4 b4 c4 d4 e4 a5 b5 c5 d5 e5 a6 b6 c6 d6 e6))
    (zone (name across) (players Black) (positions a3 b3 c3 d3 e3 a2 b2 c2 d2 e2 a1 b1 c1 d1 e1)))
  (piece (name General) (moves (home n) (home s) (home e) (home w)))
  (piece (name Cannon) (moves (cannon n) (cannon s) (cannon e) (cannon w)))
  (piece (name Soldier) (moves (n (verify not-friend?) add)
    ((verify (in-zone? across)) e (verify not-friend?) add) ((verify (in-zone? across)) w (verify not-friend?) add)))
  (board-setup (White (General c1) (Cannon a1) (Soldier a3 e3)) (Black (General c6) (Cannon e6) (Soldier a4 e4)))
  (loss-condition (White Black) (checkmated General)))
"""


def test_a_cannon_a_general_kept_home_and_a_soldier_across_the_river() -> None:
    game = load_text(LITTLE_PALACE).games[0]
    imported = read_game(game)
    pieces = imported.data["pieces"]
    # the cannon moves as a rook and takes by hopping one screen: found with a screen on its line
    assert pieces["C"]["betza"] == "mRcpR"
    # the general's zone test keeps it home: a region of the squares it lands on
    assert pieces["G"]["betza"] == "W"
    assert pieces["G"]["region"] == {
        "white": ["b1", "b2", "c1", "c2", "d1", "d2"],
        "black": ["b5", "b6", "c5", "c6", "d5", "d6"],
    }
    # across its zone the soldier also steps sideways: advanced moves from the fourth rank
    assert (pieces["S"]["betza"], pieces["S"]["advanced"]) == ("fW", {"rank": 4, "betza": "fsW"})
    variant = load_catalogue_text("variants:\n" + render_entry("little-palace", imported.data)).variants[0]
    assert prove(variant, game, imported.letters, imported.squares) == zrf_perft(open_game_text(LITTLE_PALACE), 3)


def open_game_text(text: str) -> State:
    return start(load_text(text).games[0])


def test_refusals_name_what_the_catalogue_cannot_state() -> None:
    base = """(game (title "T") (players White Black) (turn-order White Black)
      (board (grid (dimensions ("a/b/c/d" (1 0)) ("4/3/2/1" (0 1)))
        (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0))) %s)
      (piece (name King) (moves (n add) (s add) (e add) (w add)))
      (piece (name Man) (moves (n add)) %s)
      (board-setup (White (King a1) (Man b1)) (Black (King d4) (Man c4)))
      (loss-condition (White Black) (checkmated King)))"""
    # no symmetry: both sides' Man steps north, which Betza (a mirror for Black) cannot say
    with pytest.raises(Refused, match=r"^Man: Black's moves are not White's mirrored$"):
        read_game(load_text(base % ("", "")).games[0])
    mirrored = base % ("(symmetry Black (n s) (s n))", "")
    assert read_game(load_text(mirrored).games[0]).data["pieces"]["M"]["betza"] == "fW"
    # a drop needs a piece in hand: a game that never has one plays without its drops
    drops = base % ("(symmetry Black (n s) (s n))", "(drops ((verify empty?) add))")
    assert read_game(load_text(drops).games[0]).data["pieces"]["M"]["betza"] == "fW"
    # a piece in hand at the start is dropped on every empty square of the ranks its drops reach
    in_hand = drops.replace("(Man b1)", "(Man b1 off 1)").replace("(Man c4)", "(Man c4 off 1)")
    d = read_game(load_text(in_hand).games[0]).data
    assert d["setup"]["pockets"] == {"white": {"M": 1}, "black": {"M": 1}}
    assert d["drops"] == {"ranks": [1, 2, 3, 4]}
    near = base % (
        "(symmetry Black (n s) (s n)) (zone (name near) (players White Black) (positions a1 b1))",
        "(drops ((verify empty?) (verify (in-zone? near)) add))",
    )
    near = near.replace("(Man b1)", "(Man b1 off 1)").replace("(Man c4)", "(Man c4 off 1)")
    with pytest.raises(Refused, match=r"^Man: its drops are not on every empty square of some ranks$"):
        read_game(load_text(near).games[0])


def test_the_command_writes_a_catalogue_whose_entries_name_their_game(
    chess_zrf: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "chess-games.yaml"
    code, printed, err = run(capsys, "import", str(chess_zrf), "--game", "Knightmate", "--out", str(out))
    assert (code, err) == (0, "")
    assert printed.splitlines()[-1] == f"1 of 1 game imported into {out}"
    catalogue = load_catalogue(out)
    assert [v.name for v in catalogue.variants] == ["knightmate"]
    code, listed, _ = run(capsys, "list", "--catalogue", str(out), "--json")
    assert code == 0
    # the file by its path from the catalogue's folder, where check looks for it
    where = Path(os.path.relpath(chess_zrf.resolve(), tmp_path.resolve())).as_posix()
    assert json.loads(listed)[0]["source"] == {"file": where, "game": "Knightmate"}


def test_bad_rules_files_are_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.zrf"
    broken.write_text('(game (title "Cut") (players White Black)', encoding="utf-8")
    code, out, err = run(capsys, "import", str(broken))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "broken.zrf" in err
    code, out, err = run(capsys, "import", str(tmp_path / "missing.zrf"))
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "broken.yaml").exists()


def test_check_compares_an_imported_entry_with_its_original_game(
    chess_zrf: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "games.yaml"
    assert run(capsys, "import", str(chess_zrf), "--game", "Losing Chess", "--out", str(out))[0] == 0
    # Losing Chess keeps castling although its king is not royal: the import finds it by what the king does
    assert load_catalogue(out).variants[0].castling
    code, printed, _ = run(
        capsys, "check", "--catalogue", str(out), "--engine", "zillions", "--depth", "2", "--games", "3"
    )
    assert code == 0, printed
    assert "losing-chess = 'Losing Chess' of " in printed and printed.rstrip().endswith("all agree")
    # the game is looked for where the entry names it, from the catalogue's folder
    moved = tmp_path / "elsewhere" / "games.yaml"
    moved.parent.mkdir()
    moved.write_text(out.read_text(encoding="utf-8"), encoding="utf-8")
    code, printed, _ = run(capsys, "check", "--catalogue", str(moved), "--engine", "zillions", "--depth", "1")
    assert code == 0 and "Chess.zrf: not found; losing-chess is not compared with its game" in printed


def test_check_compares_pieces_in_hand_with_the_original_game_s_store(
    chess_zrf: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "games.yaml"
    assert run(capsys, "import", str(chess_zrf), "--game", "Pocket Knight Chess", "--out", str(out))[0] == 0
    code, printed, _ = run(capsys, "check", "--catalogue", str(out), "--engine", "zillions", "--depth", "2")
    assert code == 0, printed
    assert "pocket-knight-chess = 'Pocket Knight Chess' of " in printed and printed.rstrip().endswith("all agree")


def test_a_piece_without_moves_is_the_immobile_piece() -> None:
    # fairychess.zrf's Stationary King Chess gives its King no moves block: it never leaves its square
    game = load(_corpus("ludamad__zrflib", "zrflib", "examples", "fairychess.zrf")).game("Stationary King Chess")
    imported = read_game(game)
    d = imported.data
    assert d["pieces"]["K"] == {"name": "King", "betza": "-", "roles": ["royal"]}
    assert "castling" not in d and d["goals"] == {"checkmate": True}
    variant = load_catalogue_text("variants:\n" + render_entry("stationary-king", d)).variants[0]
    assert prove(variant, game, imported.letters, imported.squares) == zrf_perft(start(game), 3)
    # a king that never moves has no moves in the tree: the start's 20 are the pawns' and knights'
    assert len(Position.start(variant).legal_moves()) == 20


def test_a_piece_only_promoted_to_is_read_too() -> None:
    # Pawn Wars' Queen stands nowhere at the start and has no moves: its pawns promote to it; the files
    # state no goal (Dagaz keeps it in JavaScript), which is what leaves them out
    path = _corpus(*DAGAZ, "chess", "pawn-wars.zrf")
    for game in load(path).games:
        with pytest.raises(Refused, match=r"^the game states no goal \(no win, loss or draw condition\)"):
            read_game(game)
    # given a goal (a side that cannot move loses), the 5x5 game reads with its Queen, and plays as the game
    text = path.read_text(encoding="latin-1").replace(
        "(board-setup", "(loss-condition (White Black) stalemated) (board-setup", 1
    )
    game = load_text(text).games[0]
    imported = read_game(game)
    d = imported.data
    assert d["pieces"] == {
        "P": {"name": "Pawn", "betza": "fmWfcF", "roles": ["pawn"]},
        "Q": {"name": "Queen", "betza": "-"},
    }
    assert d["pawns"]["promotion"] == {"ranks": [5], "choices": ["Q"], "mandatory": True}
    assert "Q" not in d["setup"]["white"] and d["draws"]["stalemate"] == "loss"
    variant = load_catalogue_text("variants:\n" + render_entry("pawn-wars", d)).variants[0]
    assert prove(variant, game, imported.letters, imported.squares) == zrf_perft(start(game), 3)


def test_moves_betza_cannot_say_are_refused_for_what_they_are() -> None:
    fairy = load(_corpus("ludamad__zrflib", "zrflib", "examples", "fairychess.zrf"))
    # the Emperor leaps to any square of the board
    with pytest.raises(Refused, match=r"^King: its moves reach every square of the board, which Betza cannot say"):
        read_game(fairy.game("Emperor King Chess"))
    # Dagaz's little shogis keep each side's hand on columns beside the board (kill-positions between), read
    # as hands; their pawn drop walks each file to one short of its end, so Black never drops on its first rank
    shogi = load(_corpus("DagazProject__ZRF", "LittleShogiPack", "SimpleShogi.zrf")).game("Simple Shogi")
    with pytest.raises(Refused, match=r"^Pawn: Black's drops do not mirror White's$"):
        read_game(shogi)
    # Dragonchess's three levels are one grid of 24 ranks; its links up and down join them
    dragon = load(_corpus(*DAGAZ, "chess", "dragonchess.zrf")).games[0]
    with pytest.raises(Refused, match=r"^King: its moves join separate parts .*; one is a move of \(0, -8\)$"):
        read_game(dragon)
    # Lines of Action's men jump over their own pieces: a line that goes on past them is no rider
    loa = load(_corpus(*DAGAZ, "arrange", "loa.zrf")).games[0]
    with pytest.raises(Refused, match=r"^Man: its line moves go on past a piece in their way, which Betza cannot say"):
        read_game(loa)
    # Free Chessence's King moves as the friends next to it let it: alone, it has no move
    free = load(_corpus("DagazProject__ZRF", "Chessence", "Chessence.zrf")).game("Free Chessence")
    with pytest.raises(Refused, match=r"^King: its moves need other pieces around it \(none on an empty board\)"):
        read_game(free)


def test_castling_the_catalogue_cannot_state_is_named() -> None:
    # Dagaz's chess.zrf castles by (O-O e w): the squares empty and a Rook beside them, nothing about
    # moves made or attacks, so a king that went away and came back castles, and so does one in check
    chess = _corpus(*DAGAZ, "chess", "chess.zrf")
    game = load(chess).game("Chess")
    # found while reading: the castling is still there once the king has moved
    with pytest.raises(Refused, match=r"^the game castles with a king or rook that has moved, which the"):
        read_game(game)
    # read without that test, the entry plays as the game to perft 3, and the proof names the rule where
    # the two part
    with _castling_kept():
        imported = read_game(game)
    assert len(imported.data["castling"]) == 4 and imported.data["pieces"]["K"]["roles"] == ["royal"]
    variant = load_catalogue_text("variants:\n" + render_entry("chess", imported.data)).variants[0]
    with pytest.raises(Unstatable, match=r"^the game castles with a king or rook that has moved, which the"):
        prove(variant, game, imported.letters, imported.squares)
    assert engine_perft(Position.start(variant), 3) == zrf_perft(start(game), 3) == 8902
    why = dict(import_zrf(str(chess), "chess.zrf", "Chess").left_out)
    assert why == {"Chess": "the game castles with a king or rook that has moved, which the catalogue cannot state"}
    anti_king = _corpus(*DAGAZ, "chess", "anti-king.zrf")
    assert dict(import_zrf(str(anti_king), "anti-king.zrf").left_out)["Anti King Chess (variant)"] == (
        "the game castles with a king or rook that has moved, which the catalogue cannot state"
    )
    with _castling_kept():
        why = dict(import_zrf(str(anti_king), "anti-king.zrf").left_out)
    # its anti-king takes pieces of its own side, as Zillions lets a block that does not verify not-friend? do
    assert why["Anti King Chess (variant)"] == "a piece takes a piece of its own side, which the catalogue cannot state"


def test_a_capture_by_leaping_over_the_piece_taken_is_named() -> None:
    path = _corpus(*DAGAZ, "checkers", "english-checkers.zrf")
    result = import_zrf(str(path), "english-checkers.zrf", "English Checkers")
    assert result.left_out == [
        (
            "English Checkers",
            "a piece takes by leaping over the piece taken (as in checkers), which the catalogue cannot state",
        )
    ]
    # the game's own jump: b4 takes c5 landing on d6, which the entry (its men step diagonally) lacks
    game = load(path).game("English Checkers")
    state = start(game)
    imported = read_game(game)
    notation = Notation(state.prog, letters=imported.letters, squares=imported.squares)
    for text in ("a3b4", "d6c5"):
        notation.push(state, text)
    assert "b4d6" in notation.moves(state)


def _castling_kept() -> contextlib.AbstractContextManager[object]:
    """The reading without its test that castling is lost once the king or rook has moved."""
    return mock.patch("generator.importers.zillions.game._castles_once", lambda *args: None)


def test_castling_through_an_attacked_square_is_named() -> None:
    chess = _corpus(*DAGAZ, "chess", "chess.zrf")
    game = load(chess).game("Chess")
    with _castling_kept():
        imported = read_game(game)
    variant = load_catalogue_text("variants:\n" + render_entry("chess", imported.data)).variants[0]
    pos, state = Position.start(variant), start(game)
    notation = Notation(state.prog, letters=imported.letters, squares=imported.squares)
    # Black's bishop on a6 looks at f1 along the emptied diagonal: the king may not pass it, in the game it may
    for text in ("e2e4", "b7b6", "f1c4", "c8a6", "g1f3", "d7d6", "c4d5", "g8f6"):
        pos.push_uci(text)
        notation.push(state, text)
    ours, theirs = {mv.uci(pos.rules, m) for m in pos.legal_moves()}, notation.moves(state)
    assert set(theirs) - ours == {"e1g1"}
    assert genuine(pos, state, theirs, ["e1g1"], notation) == (
        "the game castles through or into an attacked square, which the catalogue cannot state"
    )
    # a move only the game plays that is none of those rules is not named
    assert genuine(pos, state, theirs, ["d5a8"], notation) is None


def test_a_piece_turning_where_it_stands_or_changing_side_is_named() -> None:
    cubic = _corpus("GlukKazan__ZoG", "Rules", "CubicChess.zrf")
    game = load(cubic).game("Cubic Chess")
    state = start(game)
    imported = read_game(game)
    # the game's own move: the pawn on a2 becomes a bishop without moving
    assert "a2a2b" in Notation(state.prog, letters=imported.letters, squares=imported.squares).moves(state)
    why = dict(import_zrf(str(cubic), "CubicChess.zrf", "Cubic Chess").left_out)
    assert why == {"Cubic Chess": "a piece turns into another where it stands, which the catalogue cannot state"}
    # Anti-Andernach: a piece that moves without taking joins the other side (Ng1-f3 would check its own king)
    circe = _corpus("GlukKazan__ZoG", "Rules", "00.Circe.zrf")
    why = dict(import_zrf(str(circe), "00.Circe.zrf", "Anti-Andernach").left_out)
    assert why == {
        "Anti-Andernach": "a piece changes side as it moves (as in Andernach chess), which the catalogue cannot state"
    }


def test_a_capture_on_a_square_the_move_does_not_reach_is_named() -> None:
    # Makyek takes the enemies a move encloses (custodian capture): after b3b2 b6b3 the game's board has
    # lost pieces that the entry's board still holds
    path = _corpus("DagazProject__ZRF", "Makyek", "Makyek.zrf")
    game = load(path).game("Makyek")
    imported = read_game(game)
    variant = load_catalogue_text("variants:\n" + render_entry("makyek", imported.data)).variants[0]
    pos, state = Position.start(variant), start(game)
    notation = Notation(state.prog, letters=imported.letters, squares=imported.squares)
    for text in ("b3b2", "b6b3"):
        pos.push_uci(text)
        notation.push(state, text)
    assert sum(code >= 0 for code in state.board) < bin(pos.occupied).count("1")
    with pytest.raises(Unstatable, match=r"^a move takes a piece on a square it does not reach \(as custodian"):
        prove(variant, game, imported.letters, imported.squares)


def test_a_hop_over_pieces_of_one_side_only_is_refused() -> None:
    # 4-line Kono: (jump $1 (verify friend?) $1 (verify enemy?) add), a capture over one's own piece only,
    # was read as a grasshopper's capture, which hops over an enemy too (a2a4 at the start)
    path = _corpus(*DAGAZ, "elimination", "kono.zrf")
    with pytest.raises(Refused, match=r"^Ball: the piece hops over a screen of one side only along \(1, 0\)"):
        read_game(load(path).games[0])


def test_a_forced_pass_is_named() -> None:
    # High Jump: (option "pass turn" forced); a side left without a move passes, where the entry's side
    # without a move ends the game
    path = _corpus(*DAGAZ, "checkers-like", "high-jump.zrf")
    game = load(path).games[0]
    imported = read_game(game)
    variant = load_catalogue_text("variants:\n" + render_entry("high-jump", imported.data)).variants[0]
    pos, state = Position.start(variant), start(game)
    notation = Notation(state.prog, letters=imported.letters, squares=imported.squares)
    pos.push_uci("c2c3")
    notation.push(state, "c2c3")
    assert pos.legal_moves() == [] and set(notation.moves(state)) == {"0000"}
    why = dict(import_zrf(str(path), "high-jump.zrf").left_out)
    assert why == {"High Jump": "a side that has no move passes its turn, which the catalogue cannot state"}


def test_a_windows_1252_title_reads_as_written() -> None:
    # Zillions files are ANSI: troitzky-chess.zrf's byte 0x92 is Windows-1252's right quotation mark, which
    # Latin-1 would read as a control character that no YAML may hold
    path = _corpus(*DAGAZ, "chess", "troitzky-chess.zrf")
    assert [g.title for g in load(path).games] == ["Troitzky Chess (Byway\u2019s setup)", "Troitzky Chess"]
    # both games castle by landing the king on its own rook, which the catalogue cannot say: they are left out
    # under their titles as written
    result = import_zrf(str(path), path.name)
    assert [title for title, _ in result.left_out] == ["Troitzky Chess (Byway\u2019s setup)", "Troitzky Chess"]


def test_a_slide_and_a_leap_on_a_board_four_files_wide() -> None:
    # the middle of four files has one square on one side: the rook slides there too, the alfil leaps
    # there though the middle square had no room for it (not a grasshopper over the square between)
    path = _corpus(*DAGAZ, "chess", "shatranj.zrf")
    game = load(path).games[15]
    assert game.title == "Oblong Shatranj"
    imported = read_game(game)
    d = imported.data
    assert d["board"] == {"files": 4, "ranks": 16}
    assert {p["name"]: p["betza"] for p in d["pieces"].values()} == {
        "Shah": "K", "Fers": "F", "Rokh": "R", "Alfil": "A", "Asb": "N", "Sarbaz": "fmWfcF",
    }  # fmt: skip
    variant = load_catalogue_text("variants:\n" + render_entry("oblong", d)).variants[0]
    assert prove(variant, game, imported.letters, imported.squares) == zrf_perft(start(game), 3)


NARROW = """\
(define leap ($1 $2 (verify not-friend?) add))
(define step ($1 (verify not-friend?) add))
(game (title "Narrow") (players White Black) (turn-order White Black)
  (board (grid (dimensions ("a/b/c/d" (1 0)) ("5/4/3/2/1" (0 1)))
    (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0) (ne 1 -1) (nw -1 -1) (se 1 1) (sw -1 1)))
    (symmetry Black (n s) (s n) (ne se) (se ne) (nw sw) (sw nw)))
  (piece (name King) (moves (step n) (step s) (step e) (step w) (step ne) (step nw) (step se) (step sw)))
  (piece (name Knight) (moves (leap n ne) (leap n nw) (leap s se) (leap s sw)
                              (leap e ne) (leap e se) (leap w nw) (leap w sw)))
  (board-setup (White (King a1) (Knight b1 c1)) (Black (King d5) (Knight b5 c5)))
  (loss-condition (White Black) (checkmated King)))
"""


def test_a_knight_whose_leaps_no_one_square_has_room_for() -> None:
    # on four files no square has all eight knight's leaps: they are read from every square
    game = load_text(NARROW).games[0]
    imported = read_game(game)
    assert imported.data["pieces"]["N"]["betza"] == "N"
    variant = load_catalogue_text("variants:\n" + render_entry("narrow", imported.data)).variants[0]
    assert prove(variant, game, imported.letters, imported.squares) == zrf_perft(start(game), 3)


def test_castling_that_a_moved_king_keeps_is_refused() -> None:
    # Micro Chess castles with no never-moved test: a king that went away and came back castles again
    path = _corpus(*DAGAZ, "chess", "mini-chess.zrf")
    with pytest.raises(
        Refused,
        match=r"^the game castles with a king or rook that has moved, which the catalogue cannot state$",
    ):
        read_game(load(path).game("Micro Chess"))
    # Chess.zrf's castling needs both never to have moved: read
    assert len(read_game(load(zillions_file("Chess.zrf")).game("Chess")).data["castling"]) == 4


def test_a_berolina_pawn_steps_two_squares_diagonally_as_its_initial_move() -> None:
    path = _corpus("ludamad__zrflib", "zrflib", "examples", "fairychess.zrf")
    game = load(path).game("Berolina Chess")
    imported = read_game(game)
    d = imported.data
    pawn = next(p for p in d["pieces"].values() if p["name"] == "Berolina-Pawn")
    # as Fairy-Stockfish's berolina (mfFcfWimfnA): the two-square step is lame and from rank 2 only
    assert (pawn["betza"], pawn["roles"]) == ("fmFifmnAfcW", ["pawn"])
    assert {k: v for k, v in d["pawns"].items() if k != "promotion"} == {
        "max_steps": 1, "multi_step_ranks": [2], "en_passant": False,
    }  # fmt: skip
    variant = load_catalogue_text("variants:\n" + render_entry("berolina", d)).variants[0]
    assert prove(variant, game, imported.letters, imported.squares) == zrf_perft(start(game), 3)


def test_legan_pawns_walk_to_their_own_corner_turned_half_round_for_black() -> None:
    # White's pawn steps up-left and takes upwards or leftwards; Black's turned half round, as Betza's
    # Black moves are (not mirrored across the middle rank); each promotes in its corner's two edges
    game = load(_corpus("DagazProject__ZRF", "LeganChess", "legan-chess.zrf")).game("Legan Chess")
    imported = read_game(game)
    d = imported.data
    assert d["pieces"]["P"]["betza"] == "flmFflcW"
    assert d["pawns"]["promotion"] == {
        "white": ["a5", "a6", "a7", "a8", "b8", "c8", "d8"],
        "black": ["e1", "f1", "g1", "h1", "h2", "h3", "h4"],
        "choices": ["R", "N", "B", "Q"],
        "mandatory": True,
    }
    variant = load_catalogue_text("variants:\n" + render_entry("legan", d)).variants[0]
    assert prove(variant, game, imported.letters, imported.squares) == zrf_perft(start(game), 3)


def test_dunsany_pawns_that_step_two_for_black_only_are_refused() -> None:
    # Black's pawns step two from their third-rank zone, White's 32 pawns never do: multi-step ranks are
    # relative, both sides' alike, and White's multi-step squares cannot be none
    game = load(_corpus(*DAGAZ, "chess", "chess.zrf")).game("Dunsany's Chess")
    with pytest.raises(
        Refused, match=r"^Pawn: its multi-steps are one side's only, and the catalogue's are both sides'$"
    ):
        read_game(game)


def test_pieces_that_become_the_piece_of_the_square_they_land_on_are_refused() -> None:
    # Passive Chess: a piece landing on a General's square becomes a General, on a Horse's a Horse, ...
    game = load(_corpus("GlukKazan__ZoG", "Rules", "PassiveChess.zrf")).game("Passive Chess (Chinese)")
    with pytest.raises(Refused, match=r"^General: what it promotes to depends on the square, which the catalogue"):
        read_game(game)


def test_a_king_that_never_moves() -> None:
    # Stationary King Chess's king has no moves block: a royal piece that never moves ("-"), and so
    # no castling
    game = load(_corpus("ludamad__zrflib", "zrflib", "examples", "fairychess.zrf")).game("Stationary King Chess")
    imported = read_game(game)
    d = imported.data
    assert (d["pieces"]["K"]["betza"], d["pieces"]["K"]["roles"]) == ("-", ["royal"])
    assert "castling" not in d
    variant = load_catalogue_text("variants:\n" + render_entry("stationary", d)).variants[0]
    assert prove(variant, game, imported.letters, imported.squares) == zrf_perft(start(game), 3)


@pytest.mark.parametrize(
    ("where", "game", "builtin"),
    [
        (("ludamad__zrflib", "zrflib", "examples", "Chess.zrf"), "Knightmate", "knightmate"),
        (("ludamad__zrflib", "zrflib", "examples", "Chess.zrf"), "Pocket Knight Chess", "pocketknight"),
        (("ludamad__zrflib", "zrflib", "examples", "Chess.zrf"), "Extinction Chess", "extinction"),
        (("ludamad__zrflib", "zrflib", "examples", "fairychess.zrf"), "Shatranj", "shatranj"),
        (("ludamad__zrflib", "zrflib", "examples", "fairychess.zrf"), "Berolina Chess", "berolina"),
        (("ludamad__zrflib", "zrflib", "examples", "fairychess.zrf"), "Grand Chess", "grand"),
        ((*DAGAZ, "chess", "makruk.zrf"), "Makruk", "makruk"),
        ((*DAGAZ, "xiangqi", "xiangqi.zrf"), "XiangQi", "xiangqi"),
    ],
)
def test_a_game_that_is_a_fairy_stockfish_built_in_comes_out_as_the_built_in(
    where: tuple[str, ...], game: str, builtin: str
) -> None:
    """The built-in's letters (Zillions' Shatranj has an Alfil ``A``; Fairy-Stockfish's is ``B``), so that
    its start position is the built-in's, and every move two plies deep as pyffish plays the built-in."""
    result = import_zrf(str(_corpus(*where)), where[-1], only=game)
    [(name, data)] = result.entries
    entry = load_catalogue_text("variants:\n" + render_entry(name, data)).variants[0]
    pos = Position.start(entry)
    fen = pyffish.start_fen(builtin)
    assert pos.fen().split()[:3] == fen.split()[:3]
    assert legal_uci(pos) == set(pyffish.legal_moves(builtin, fen, []))
    for first in sorted(legal_uci(pos)):
        after = Position.start(entry)
        after.push_uci(first)
        assert legal_uci(after) == set(pyffish.legal_moves(builtin, fen, [first])), first


@pytest.fixture(scope="module")
def grand() -> tuple[str, dict[str, Any]]:
    where = ("ludamad__zrflib", "zrflib", "examples", "fairychess.zrf")
    [entry] = import_zrf(str(_corpus(*where)), where[-1], only="Grand Chess").entries
    return entry


@pytest.mark.parametrize(
    "fen",
    [
        "r8r/1P2k5/10/10/10/10/10/10/4K5/10 w - - 0 1",  # every piece lost: every choice
        "r8r/1P2k5/10/10/10/10/10/10/1NBQK5/10 w - - 0 1",  # the queen not lost: no queen
        "r8r/1P2k5/10/10/10/10/10/10/RNBQKCANBR/10 w - - 0 1",  # nothing lost: no promotion, no last rank
    ],
)
def test_grand_chess_promotes_only_to_a_piece_its_side_has_lost(grand: tuple[str, dict[str, Any]], fen: str) -> None:
    """fairychess.zrf's Grand Chess returns a captured piece to its owner's store ("recycle captures") and
    promotes only to what the store holds ("recycle promotions"): promotion limited to the pieces a side
    starts with; and a pawn may not stay a pawn on the last rank, where it could never move again."""
    name, data = grand
    assert data["pawns"]["promotion"]["limits"] == {"N": 2, "B": 2, "R": 2, "Q": 1, "A": 1, "C": 1}
    assert data["immobility_illegal"] is True
    entry = load_catalogue_text("variants:\n" + render_entry(name, data)).variants[0]
    assert legal_uci(Position.from_fen(entry, fen)) == set(pyffish.legal_moves("grand", fen, []))


def test_each_side_checkmated_on_its_own_royal_piece() -> None:
    # fairychess.zrf's Maharaja and the Sepoys: White loses when its King is mated, Black when its lone
    # Maharaja (an amazon) is; neither side ever has the other's royal piece (the pawns do not promote)
    game = load(_corpus("ludamad__zrflib", "zrflib", "examples", "fairychess.zrf")).game("Maharaja and the Sepoys")
    imported = read_game(game)
    d = imported.data
    assert {k for k, p in d["pieces"].items() if p.get("roles") == ["royal"]} == {"K", "M"}
    assert d["setup"]["black"] == {"M": ["e8"]} and d["goals"] == {"checkmate": True}
    variant = load_catalogue_text("variants:\n" + render_entry("maharaja", d)).variants[0]
    assert prove(variant, game, imported.letters, imported.squares) == zrf_perft(start(game), 3)
