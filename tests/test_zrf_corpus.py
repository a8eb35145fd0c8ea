"""The ZRF interpreter on real files of the corpus (``../shared/zillions/corpus``): constructs
Zillions accepts that the corpus uses, each proved on a file that uses it."""

from __future__ import annotations

import random
from pathlib import Path

from shared_data import shared_file

from generator.zrf import load, perft, start
from generator.zrf.notation import Notation


def corpus(*parts: str) -> Path:
    return shared_file("zillions", "corpus", *parts)


def first_perft(path: Path, games: int | None = None) -> list[tuple[str, int]]:
    """``(title, perft 1)`` of the first ``games`` games of a file (all by default)."""
    rules = load(path)
    return [(g.title, perft(start(g), 1)) for g in rules.games[:games]]


def test_variants_before_the_game_build_on_the_files_game() -> None:
    # Pyon Pyon Shogi opens with a variant; the game (Yonin Shogi's board) comes after it
    pyon = first_perft(corpus("GlukKazan__ZoG", "Rules", "PyonPyonShogi.zrf"))
    assert [t for t, _ in pyon] == ["Pyon Pyon Shogi", "Pyon Pyon Shogi (extended)"]
    assert all(n > 0 for _, n in pyon)
    mini = load(corpus("GlukKazan__Dagaz", "src", "debug", "games", "chess", "mini-chess.zrf"))
    titles = mini.titles()
    assert titles[0] == "Silverman's Chess" and len(titles) == 15
    # Silverman's 4x4 (pawns a2-d2 face pawns a3-d3): only the six pawn captures
    assert perft(start(mini.games[0]), 1) == 6


def test_version_one_allow_flipping_is_an_option() -> None:
    # (allow-flipping false): the version-1 keyword of "prevent flipping", how the board is shown
    qxo = load(corpus("GlukKazan__ZoG", "Rules", "QXO.zrf"))
    assert qxo.games[0].option("allow flipping") == "false"
    assert perft(start(qxo.games[0]), 1) == 1


def test_attacked_by_a_move_type() -> None:
    # REN Shogi's pawn drop may not mate: (attacked? no-king) asks whether a piece other than the
    # king (their moves are of type no-king) could take the dropped pawn
    ren = load(corpus("GlukKazan__ZoG", "Rules", "RenShogi.zrf")).games[0]
    state = start(ren)
    assert (perft(state, 1), perft(state, 2)) == (7, 49)
    king = state.prog.types["King"]
    no_king = state.prog.mtypes["no-king"]

    def attackers(mtype: int) -> set[int]:
        return {
            key >> 4 for side in (0, 1) for sq in state.prog.candidates(side, mtype) for _, keys in sq for key in keys
        }

    assert king in attackers(-1) and king not in attackers(no_king) and attackers(no_king)


def test_fifteen_players() -> None:
    # Qiguo Xiangqi: seven kingdoms, each with a random partner, and Zhou
    kingdoms = load(corpus("GlukKazan__ZoG", "Rules", "7kingdoms.zrf")).games[0]
    assert len(kingdoms.players) == 15
    assert perft(start(kingdoms), 1) == 73


def test_big_blocks_load_and_check_quickly() -> None:
    # Gwangsanghui's and Escalation's blocks are hundreds of nodes with loops in loops: their
    # attack functions are compiled only when the check test needs them, Python code is shared
    # between blocks that differ in constants only, and the reach analysis gives up on them
    # within its budget (the check test then runs them on every target)
    gwang = load(corpus("GlukKazan__ZoG", "Rules", "Gwangsanghui.zrf")).games[0]
    state = start(gwang)
    assert perft(state, 1) == 78
    shared = state.prog.candidates(1)
    assert shared[0][-1] is shared[1][-1] or not shared[0]
    escalation = load(corpus("DagazProject__ZRF", "Escalation", "Escalation.zrf")).games[0]
    assert perft(start(escalation), 1) == 20


def test_opposite_as_a_square_and_on_board_without_argument() -> None:
    # Chu Shogi's Lion asks (empty? (opposite n)); its drops ask a bare on-board? (the cursor's square)
    chu = load(corpus("DagazProject__ZRF", "ChuShogi", "Chu_Shogi_Original_v1.3.zrf"))
    assert perft(start(chu.games[0]), 1) == 36
    thud = load(corpus("GlukKazan__ZoG", "Rules", "02.Thud.zrf"))
    assert [perft(start(g), 1) for g in thud.games] == [656, 388, 390]


def test_attacked_answers_are_remembered_per_board() -> None:
    # every move block of Chess_mandatory.zrf scans the board for its king and asks attacked?:
    # the same question on the same board is answered once
    state = start(load(corpus("GlukKazan__ZoG", "Rules", "Chess_mandatory.zrf")).games[0])
    assert perft(state, 2) == 400
    assert 0 < len(state._attacked_memo) < 10_000


def test_create_without_a_piece_makes_the_moving_pieces_type() -> None:
    # GufuuShogi's (create North) and KoShogi's (create pass-flag): a player or a position only
    gufuu = load(corpus("GlukKazan__ZoG", "Rules", "GufuuShogi.zrf"))
    assert [perft(start(g), 1) for g in gufuu.games] == [24, 24]
    ko = load(corpus("GlukKazan__ZoG", "Rules", "KoShogi.zrf"))
    assert [perft(start(g), 1) for g in ko.games] == [222, 233, 5]


def test_absolute_config_on_a_bare_position_and_unlink_of_one_direction() -> None:
    # Luzhanqi: (absolute-config FieldMarshalFlag b1); Sahkku: (unlink (a2 dn) ...).  Luzhanqi's first turn drops
    # its Start piece with ((verify empty?) capture add): the capture on the landing square takes the piece that
    # arrives, so each of the 63 drops only uses the piece up, one move
    luzhanqi = load(corpus("GlukKazan__ZoG", "Rules", "Luzhanqi.zrf"))
    assert [perft(start(g), 1) for g in luzhanqi.games] == [1, 1, 1, 1]
    assert [perft(start(g), 2) > 1 for g in luzhanqi.games] == [True] * 4
    sahkku = load(corpus("GlukKazan__ZoG", "Rules", "Sahkku.zrf")).games[0]
    board = sahkku.board
    assert board.links["dn"][board.index["a2"]] == -1
    assert perft(start(sahkku), 1) == 12


def test_a_move_onto_a_piece_of_its_own_side_replaces_it() -> None:
    # Zillions' own Beer Square: every mug is MrBeer's; a Half-Mug drops on an empty square or on a Full-Mug,
    # an Empty-Mug on anything but an Empty-Mug: after each of the 27 first drops, 24 drops on the 8 empty
    # squares and 2, 1 or 0 on the mug there
    tictactoes = corpus("ludamad__zrflib", "zrflib", "zillions-zrf", "TicTacToes", "TicTacToe.zrf")
    beer = start(load(tictactoes).game("Beer Square"))
    assert (perft(beer, 1), perft(beer, 2)) == (27, 9 * 26 + 9 * 25 + 9 * 24)
    # Traffic Lights: a Red-Light on any empty square, a Yellow-Light only onto a Red-Light (its block verifies
    # (piece? Red-Light) and adds): after each of the 9 first drops, 8 red drops and the yellow one
    lights = start(load(tictactoes).game("Traffic Lights"))
    assert (perft(lights, 1), perft(lights, 2)) == (9, 81)
    # Stavropol Chess: every piece is the third player's, and a piece takes by its type's colour
    stavropol = start(load(corpus("GlukKazan__ZoG", "Rules", "StavropolChess.zrf")).games[0])
    notation = Notation(stavropol.prog)
    for text in ("e2e4", "d7d5"):
        notation.push(stavropol, text)
    takes = notation.moves(stavropol)["e4d5"]
    assert [stavropol.prog.type_names[c >> 4 & 0xFFF] for c in takes.captured] == ["BPawn"]


def test_a_capture_on_the_landing_square_removes_the_piece_that_arrives() -> None:
    # Duke's strike: (mark $1 (verify enemy?) to capture back (create $2) add): the piece moves onto the enemy's
    # square, its flipped form is created where it stood, and the capture takes both the enemy and the arriving
    # piece, as Zillions and Dagaz apply a move (pieces, then creations, then captures).  Along seeded random
    # games every strike leaves the target square empty and the flipped piece at home
    game = load(corpus("GlukKazan__ZoG", "Rules", "Duke.zrf")).games[0]
    strikes = 0
    for seed in range(6):
        rng, state = random.Random(seed), start(game)
        for _ in range(60):
            moves = state.legal_moves()
            if not moves:
                break
            for m in moves:
                after = dict(m.changes)
                if m.captured and m.frm >= 0 and after.get(m.frm, -1) >= 0:
                    strikes += 1
                    assert after[m.to] == -1, m
                    assert (
                        state.prog.type_names[after[m.frm] >> 4 & 0xFFF] != state.prog.type_names[m.piece >> 4 & 0xFFF]
                    )
            state.push(rng.choice(moves))
    assert strikes > 10


def test_set_up_turns_of_a_move_type_then_the_repeated_turns() -> None:
    # Mana's (turn-order (White setup-mode) x6 (Black setup-mode) x6 repeat White Black): each side places its
    # six pieces, one a turn and only by its setup-mode moves, then the two move in turn with every move type
    game = load(corpus("DagazProject__ZRF", "Mana", "Mana.zrf")).games[0]
    state, rng = start(game), random.Random(1)
    setup = state.prog.mtypes["setup-mode"]
    players = []
    for _ in range(12):
        moves = state.legal_moves()
        assert moves and state.turn.mtype == setup and {m.mtype for m in moves} == {setup}
        players.append(state.player)
        state.push(rng.choice(moves))
    assert players == ["White"] * 6 + ["Black"] * 6
    assert (state.player, state.turn.mtype, state.turn_after(state.ply + 2)) == ("White", -1, state.turn)
    assert state.legal_moves() and setup not in {m.mtype for m in state.legal_moves()}
