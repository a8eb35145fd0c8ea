"""The ZRF interpreter: Zillions' own Chess.zrf against the reference engine, fairychess.zrf, and the
movement language on small hand-written games."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from shared_data import shared_file, zillions_file

from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
from generator.engine import Position, uci
from generator.engine.perft import perft as ref_perft
from generator.zrf import Notation, State, ZrfError, load, load_text, open_game, perft, start
from generator.zrf.command import perft_zrf
from generator.zrf.compiler import EMPTY

PIECES = {"p": "Pawn", "n": "Knight", "b": "Bishop", "r": "Rook", "q": "Queen", "k": "King"}


def _shared(name: str) -> Path:
    return zillions_file(name)


@pytest.fixture(scope="module")
def chess_zrf() -> Path:
    return _shared("Chess.zrf")


@pytest.fixture(scope="module")
def fairy_zrf() -> Path:
    return _shared("fairychess.zrf")


@pytest.fixture(scope="module")
def chess_start(chess_zrf: Path) -> State:
    return open_game(chess_zrf, "Chess")


@pytest.fixture(scope="module")
def reference():
    return load_catalogue(DEFAULT_CATALOGUE).get("chess")


def fresh(state: State) -> State:
    s = state.copy()
    s.stack = []
    return s


def from_fen(state: State, fen: str) -> State:
    """A Chess.zrf position from a FEN: castling rights become ``never-moved?``, the en passant square
    the last move (a double step), the side to move the turn."""
    state = fresh(state)
    prog = state.prog
    placement, turn, castling, ep = fen.split()[:4]
    board = state.board
    board[:] = [EMPTY] * len(board)
    unmoved = prog.attrs["never-moved?"]
    corners = {"K": ("e1", "h1"), "Q": ("e1", "a1"), "k": ("e8", "h8"), "q": ("e8", "a8")}
    for r, row in enumerate(placement.split("/")):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
                continue
            sq = "abcdefgh"[f] + str(8 - r)
            code = prog.code(prog.types[PIECES[ch.lower()]], 0 if ch.isupper() else 1) & ~unmoved
            if any(sq in corners[c] for c in castling if c in corners):
                code |= unmoved
            board[prog.index[sq]] = code
            f += 1
    state.ply = 0 if turn == "w" else 1
    if ep != "-":
        file, rank = ep[0], int(ep[1])
        step = 1 if rank == 3 else -1
        state.last_from = prog.index[f"{file}{rank - step}"]
        state.last_to = prog.index[f"{file}{rank + step}"]
    return state


def moves_of(state: State, notation: Notation) -> set[str]:
    return set(notation.moves(state))


# -- Zillions' Chess ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("depth", "nodes"), [(1, 20), (2, 400), (3, 8902)])
def test_chess_perft(chess_start: State, depth: int, nodes: int) -> None:
    assert perft(fresh(chess_start), depth) == nodes


@pytest.mark.parametrize(
    ("fen", "depth", "nodes"),
    [
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2, 2039),  # "Kiwipete"
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3, 2812),
        ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3, 9467),
        ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 2, 1486),
        ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 2, 707),
    ],
)
def test_chess_perft_positions(chess_start: State, reference, fen: str, depth: int, nodes: int) -> None:
    assert perft(from_fen(chess_start, fen), depth) == nodes == ref_perft(Position.from_fen(reference, fen), depth)


def test_chess_moves_equal_the_reference_engine(chess_start: State, reference) -> None:
    """Random games: at every position the UCI move sets are equal, and so are the results."""
    notation = Notation(chess_start.prog)
    rng = random.Random(7)
    seen = set()
    for _ in range(10):
        state, pos = fresh(chess_start), Position.start(reference)
        for _ in range(120):
            ours = moves_of(state, notation)
            theirs = {uci(pos.rules, m) for m in pos.legal_moves()}
            assert ours == theirs, pos.fen()
            if not ours:
                assert state.outcome().result == pos.outcome().result, pos.fen()
                break
            text = rng.choice(sorted(ours))
            seen.add(len(text))
            notation.push(state, text)
            pos.push_uci(text)
    assert 5 in seen  # promotions were played


def test_en_passant_and_castling(chess_start: State) -> None:
    n = Notation(chess_start.prog)
    state = fresh(chess_start)
    for text in ("e2e4", "a7a6", "e4e5", "d7d5"):
        n.push(state, text)
    assert "e5d6" in moves_of(state, n)
    n.push(state, "e5d6")
    d5 = state.prog.index["d5"]
    assert state.board[d5] == EMPTY  # the pawn taken in passing is gone
    state.pop()
    for text in ("g1f3", "g8f6", "f1c4", "b8c6"):
        n.push(state, text)
    assert "e5d6" not in moves_of(state, n)  # only right after the double step
    assert "e1g1" in moves_of(state, n)
    n.push(state, "e1g1")
    assert (
        state.prog.names[
            state.board.index(state.prog.code(state.prog.types["Rook"], 0) & ~state.prog.attrs["never-moved?"])
        ]
        == "f1"
    )
    # castling out of, through or into check is not allowed
    state = from_fen(chess_start, "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1")
    assert {"e8g8", "e8c8"} <= moves_of(state, n)
    for fen, gone in [
        ("r3k2r/8/8/8/8/8/8/R3K1R1 b Qkq - 0 1", set()),  # a rook on g1: g8 attacked
        ("r3k2r/8/8/8/8/8/8/R3KR2 b Qkq - 0 1", {"e8g8"}),  # f8 attacked: not through
        ("r3k2r/8/8/8/8/8/8/R3RK2 b kq - 0 1", {"e8g8", "e8c8"}),
    ]:  # in check
        got = moves_of(from_fen(chess_start, fen), n)
        assert not gone & got and ("e8c8" in got) == ("e8c8" not in gone)
    assert "e8g8" not in moves_of(from_fen(chess_start, "r3k2r/8/8/8/8/8/8/R3K1R1 b Qkq - 0 1"), n)


def test_outcomes(chess_start: State) -> None:
    n = Notation(chess_start.prog)
    state = fresh(chess_start)
    for text in ("f2f3", "e7e5", "g2g4", "d8h4"):
        n.push(state, text)
    end = state.outcome()
    assert end is not None and end.result == "0-1" and end.loser == "White" and "checkmate" in str(end)
    stalemate = from_fen(chess_start, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    end = stalemate.outcome()
    assert end is not None and end.result == "1/2-1/2"


def test_notation_hooks(chess_start: State) -> None:
    state = from_fen(chess_start, "8/P6k/8/8/8/8/8/K7 w - - 0 1")
    assert {"a7a8q", "a7a8r", "a7a8b", "a7a8n"} <= moves_of(state, Notation(state.prog))
    mine = Notation(state.prog, letters={"Knight": "S"}, squares={"a8": "top"})
    assert "a7tops" in moves_of(state, mine)


# -- other games of Zillions' files -----------------------------------------------------------------------


def test_chess_variants(chess_zrf: Path) -> None:
    rf = load(chess_zrf)
    pocket = start(rf.game("Pocket Knight Chess"))
    n = Notation(pocket.prog)
    got = moves_of(pocket, n)
    assert len(got) == 20 + 32 and "N@e4" in got
    n.push(pocket, "N@d6")  # a knight from the pocket, checking the king
    assert pocket.stores[0][pocket.prog.types["Knight"]] == 0
    assert moves_of(pocket, n) <= {"e7d6", "c7d6", "e8e7", "e8f8"} and "N@d3" not in moves_of(pocket, n)
    losing = start(rf.game("Losing Chess"))
    n = Notation(losing.prog)
    for text in ("e2e4", "d7d5"):
        n.push(losing, text)
    assert moves_of(losing, n) == {"e4d5"}  # captures come first (move-priorities)
    double = start(rf.game("Double-Move Chess (Checkmate)"))
    assert perft(double, 2) == 445 and double.player == "White"
    assert perft(start(rf.game("Cylindrical Chess")), 2) == 392  # f7 pinned along the wrapped diagonal
    hunt = start(rf.game("Knight Hunting"))
    assert "0000" in moves_of(hunt, Notation(hunt.prog))  # (option "pass turn" true)


def test_fairy_chess_games_play(fairy_zrf: Path) -> None:
    rf = load(fairy_zrf)
    assert rf.titles()[0] == "Fairy Chess" and "Grand Chess" in rf.titles()
    assert perft(start(rf.game("Fairy Chess")), 2) == 400
    assert len(start(rf.game("Emperor King Chess")).legal_moves()) == 28  # the emperor leaps to defended squares
    for title in ("Grand Chess", "Shatranj", "Grasshopper Chess", "Berolina Chess", "No High Ground"):
        state = start(rf.game(title))
        n = Notation(state.prog)
        rng = random.Random(title)
        for _ in range(6):
            moves = sorted(moves_of(state, n))
            assert moves, title
            n.push(state, rng.choice(moves))
    grand = start(rf.game("Grand Chess"))
    assert len(grand.board) == 100 and len(grand.legal_moves()) == 65


# -- the movement language on small games -----------------------------------------------------------------------


def small(
    body: str, setup: str, goals: str = "(loss-condition (White Black) (pieces-remaining 0))", options: str = ""
) -> tuple[State, Notation]:
    text = f"""
(game (title "T") (players White Black) (turn-order White Black) {options}
  (board (grid (dimensions ("a/b/c/d/e" (1 0)) ("3/2/1" (0 1)))
               (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0)))
         (symmetry Black (n s) (s n) (e e) (w w))
         (zone (name far) (players White) (positions a3 b3 c3 d3 e3))
         (zone (name far) (players Black) (positions a1 b1 c1 d1 e1)))
  {body}
  (board-setup {setup})
  {goals})"""
    state = start(load_text(text).game())
    return state, Notation(state.prog)


def test_slide_capture_and_friendly_squares() -> None:
    state, n = small(
        "(piece (name R) (moves (e (while empty? add e) (verify not-friend?) add)))(piece (name X) (moves))",
        "(White (R a1) (X e1)) (Black (X c1))",
    )
    assert moves_of(state, n) == {"a1b1", "a1c1"}
    # without the verify, a piece that lands on a friend takes it, as in Zillions (its own Beer Square drops a
    # mug on a mug of the same player; tests/test_zrf_corpus.py)
    state, n = small(
        "(piece (name R) (moves (e e add) (e add)))(piece (name X) (moves))", "(White (R a1) (X c1)) (Black (X b1))"
    )
    assert moves_of(state, n) == {"a1b1", "a1c1"}
    [takes_own] = [m for m in state.legal_moves() if m.to == state.prog.index["c1"]]
    assert [state.prog.type_names[c >> 4 & 0xFFF] for c in takes_own.captured] == ["X"]


def test_promotion_choices_and_symmetry() -> None:
    state, n = small(
        "(piece (name P) (moves (n (verify empty?) (if (in-zone? far) (add Q K) else add))))"
        "(piece (name Q) (moves)) (piece (name K) (moves))",
        "(White (P a2 c1)) (Black (P e2 b3))",
    )
    assert moves_of(state, n) == {"a2a3q", "a2a3k", "c1c2"}
    n.push(state, "a2a3k")
    assert state.board[state.prog.index["a3"]] == state.prog.code(state.prog.types["K"], 0)
    assert moves_of(state, n) == {"e2e1q", "e2e1k", "b3b2"}  # Black's n is south (symmetry)


def test_cascade_mark_back_and_attributes() -> None:
    # a swap with a neighbour (cascade onto a friend), and an attribute that allows it once
    state, n = small(
        "(piece (name S) (attribute fresh? true)"
        " (moves ((verify fresh?) e (verify friend?) (set-attribute fresh? false) cascade back add)))"
        "(piece (name X) (moves))",
        "(White (S a1) (X b1)) (Black (X e3))",
    )
    assert moves_of(state, n) == {"a1b1"}
    n.push(state, "a1b1")
    p = state.prog
    assert state.board[p.index["b1"]] == p.code(p.types["S"], 0) & ~p.attrs["fresh?"]
    assert state.board[p.index["a1"]] == p.code(p.types["X"], 0)


def test_zones_where_a_move_starts_and_where_it_lands() -> None:
    # the xiangqi idioms: a landing that lands only in the mover's zone, wrapping the landing it is given
    # (wojiaoqi.zrf's fortress); steps tested on the square they start from (wojiaoqi.zrf's soldier); a
    # zone of White's alone, empty for Black (Chase.zrf's player-id)
    text = """
(define in-region (if (in-zone? $1) $2))
(define step ($1 (verify not-friend?) $2))
(define advanced-step ((verify (in-zone? far)) $1 (verify not-friend?) $2))
(define unadvanced-step ((verify (not-in-zone? far)) $1 (verify not-friend?) $2))
(game (title "T") (players White Black) (turn-order White Black)
  (board (grid (dimensions ("a/b/c/d/e" (1 0)) ("3/2/1" (0 1)))
               (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0)))
         (symmetry Black (n s) (s n) (e e) (w w))
         (zone (name far) (players White) (positions a3 b3 c3 d3 e3))
         (zone (name far) (players Black) (positions a1 b1 c1 d1 e1))
         (zone (name home) (players White) (positions a1 b1 c1)))
  (piece (name G) (moves (step n (in-region home add)) (step e (in-region home add)) (step w (in-region home add))))
  (piece (name S) (moves (unadvanced-step n add) (advanced-step e add)))
  (board-setup (White (G b1) (S d2 a3)) (Black (G e3) (S c3)))
  (loss-condition (White Black) (pieces-remaining 0)))"""
    state = start(load_text(text).game())
    n = Notation(state.prog)
    assert moves_of(state, n) == {"b1a1", "b1c1", "d2d3", "a3b3"}
    n.push(state, "b1a1")
    assert moves_of(state, n) == {"c3c2"}  # Black's general has no home: it lands nowhere


def test_drops_and_pass() -> None:
    state, n = small(
        "(piece (name M) (drops ((verify empty?) (verify (not-in-zone? far)) add)))",
        "(White (M off 2)) (Black (M off 1))",
        options='(option "pass turn" forced)',
    )
    assert len(moves_of(state, n)) == 10 and "M@a1" in moves_of(state, n)
    n.push(state, "M@a1")
    n.push(state, "M@c3")  # Black's far zone is rank 1
    n.push(state, "M@b2")
    assert moves_of(state, n) == {"0000"}  # Black's hand is empty: a forced pass


def test_a_copy_added_on_its_own_square_is_a_pass_that_check_forbids() -> None:
    # Tenjiku Shogi's common-nomove, (add-copy $1) where the lion stands: the piece stays put, a move that
    # changes nothing (spelled 0000); a royal piece may not stay so while attacked, as it may not move into check
    def game(rook: str) -> tuple[State, Notation]:
        return small(
            "(piece (name K) (moves ((add-copy K)) (n (verify not-friend?) add) (e (verify not-friend?) add)))"
            " (piece (name R) (moves (w (while empty? add w) (verify enemy?) add)))",
            f"(White (K a1)) (Black (K e3) (R {rook}))",
            goals="(loss-condition (White Black) (checkmated K))",
        )

    state, n = game("e2")  # the rook holds rank 2
    assert moves_of(state, n) == {"0000", "a1b1"}
    board = list(state.board)
    n.push(state, "0000")
    assert state.board == board and state.turn.gen == 1  # nothing moved; Black is to move
    state, n = game("e1")  # the rook checks along rank 1
    assert moves_of(state, n) == {"a1a2"}


def test_priorities_and_goals() -> None:
    state, n = small(
        "(piece (name M) (moves (move-type take) (n (verify enemy?) add) (move-type walk) (e (verify empty?) add)))",
        "(White (M a1 c1)) (Black (M a2))",
        goals="(loss-condition (Black) (captured M))",
        options="(move-priorities take walk)",
    )
    assert moves_of(state, n) == {"a1a2"}
    n.push(state, "a1a2")
    end = state.outcome()
    assert end is not None and end.winner == "White" and end.result == "1-0"


# -- command-line hooks -----------------------------------------------------------------------------------------


def test_perft_zrf(chess_zrf: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert perft_zrf(chess_zrf, "Chess", 2, divide=True) == 400
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "Nodes searched: 400" and "e2e4: 20" in out and len(out) == 21
    assert perft_zrf(chess_zrf, None, 1, moves=["e2e4"]) == 20
    with pytest.raises(ZrfError, match="no game titled or numbered 'Chess 2'; the file has: 1 'Chess', 2 'Extinction"):
        perft_zrf(chess_zrf, "Chess 2", 1)
    with pytest.raises(ZrfError, match="no game titled or numbered '25'"):
        perft_zrf(chess_zrf, "25", 1)
    with pytest.raises(ValueError, match="'e2e5' is not legal"):
        perft_zrf(chess_zrf, None, 1, moves=["e2e5"])


def test_a_game_by_its_number_reaches_a_second_game_of_one_title(capsys: pytest.CaptureFixture[str]) -> None:
    """courier-chess.zrf has a game and a variant both titled "Courier Chess": the title finds the
    first (12 pawn steps, 2 knights and 2 alfils with 2 leaps each: 20 first moves), the number the
    second, whose White pawn starts on a4."""
    courier = shared_file(
        "zillions", "corpus", "GlukKazan__Dagaz", "src", "debug", "games", "chess", "courier-chess.zrf"
    )
    assert perft_zrf(courier, "Courier Chess", 1) == perft_zrf(courier, "1", 1) == 20
    first, second = open_game(courier, "1"), open_game(courier, "2")
    assert second.prog.game.title == first.prog.game.title == "Courier Chess"
    a4 = second.prog.index["a4"]
    pawn = second.prog.types["Pawn"]
    assert first.board[a4] == -1 and second.board[a4] >> 4 & 0xFFF == pawn
    capsys.readouterr()


NOUGHTS = """
(game (title "Three in a row") (players X O) (turn-order X O)
  (board (grid (dimensions ("t/m/b" (0 10)) ("1/2/3" (10 0)))
               (directions (up -1 0) (right 0 1) (upleft -1 -1) (upright -1 1))))
  (piece (name man) (drops ((verify empty?) add)))
  (board-setup (X (man off 5)) (O (man off 4)))
  (draw-condition (X O) stalemated)
  (win-condition (X O) (or (relative-config man up man up man) (relative-config man right man right man)
                           (relative-config man upleft man upleft man) (relative-config man upright man upright man))))
"""


def test_drops_relative_config_and_game_ends_in_perft() -> None:
    state = start(load_text(NOUGHTS).game())
    # no line before the fifth move; then the games X won at move 5 (1440 of them) have no moves
    assert [perft(state, d) for d in (1, 2, 3, 5, 6)] == [9, 72, 504, 15120, (15120 - 1440) * 4]
    n = Notation(state.prog)
    assert sorted(n.moves(state))[:2] == ["M@b1", "M@b2"]  # squares: file from the first dimension
    for text in ("M@t1", "M@m1", "M@t2", "M@m2", "M@t3"):
        n.push(state, text)
    end = state.outcome()
    assert end is not None and end.winner == "X" and "relative-config" in end.reason


def test_repetition_and_opposite(chess_zrf: Path) -> None:
    kings = start(load(chess_zrf).game("King vs. King"))
    kings.track_history()
    n = Notation(kings.prog)
    assert perft(kings, 2) == 9
    plies = 0
    while kings.outcome() is None:
        n.push(kings, ("a1b1", "a8b8", "b1a1", "b8a8")[plies % 4])
        plies += 1
    # the third time after plies 2, 6, 10: the start position itself never comes back, as the kings
    # there still have their never-moved? attribute set
    assert plies == 10
    end = kings.outcome()
    assert end is not None and end.winner == "Black" and end.reason == "repetition"
    state, n = small("(piece (name B) (moves (e e (opposite e) (verify empty?) add)))", "(White (B a1)) (Black (B e3))")
    assert moves_of(state, n) == {"a1b1"}  # two steps east, one back west
    state, n = small(
        "(piece (name B) (moves (e e mark (opposite e) (verify empty?) back add)))", "(White (B a1)) (Black (B e3))"
    )
    assert moves_of(state, n) == {"a1c1"}


def test_a_repetition_goal_is_for_the_side_about_to_move() -> None:
    # Chess.zrf states King vs. King's repetition once for each side: a repetition goal for (White Black)
    # ends the game for whichever side is to move at the third occurrence, not for the first one listed
    # the start comes back a third time after ply 8, White to move; in the second game the position after
    # White's first move does after ply 9, Black to move
    games = {"White": "a1b1 a3b3 b1a1 b3a3 " * 2, "Black": "a1b1" + " a3b3 b1c1 b3a3 c1b1" * 2}
    for loser, plies in games.items():
        state, n = small(
            "(piece (name K) (moves (e add) (w add)))",
            "(White (K a1)) (Black (K a3))",
            "(loss-condition (White Black) repetition)",
        )
        state.track_history()
        for text in plies.split():
            assert state.outcome() is None
            n.push(state, text)
        end = state.outcome()
        assert end is not None and end.reason == "repetition" and end.loser == loser, (loser, end)


def test_partial_moves() -> None:
    state, n = small(
        "(piece (name J) (moves (e (verify enemy?) capture e (verify empty?) (add-partial hop))"
        " (move-type hop) (e (verify enemy?) capture e (verify empty?) add)))",
        "(White (J a1)) (Black (J b1 d1 a3))",
    )
    assert moves_of(state, n) == {"a1c1"}
    n.push(state, "a1c1")
    assert state.player == "White" and moves_of(state, n) == {"c1e1"}  # the same piece goes on
    n.push(state, "c1e1")
    assert state.player == "Black"
