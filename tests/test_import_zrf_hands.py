"""The bridge both ways: a Zillions download that ``variantgen build`` writes imports back, through
``variantgen import``, as the entry it was written from: the same board, start position and moves; and
pieces in hand kept on positions beside the board, as those downloads and Dagaz's little shogis keep them;
and promotion by piece, as in shogi."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from generator.catalogue import DEFAULT_CATALOGUE, FAIRY_STOCKFISH_CATALOGUE, load_catalogue, load_catalogue_text
from generator.catalogue.model import Variant
from generator.engine import Position
from generator.engine.perft import perft
from generator.importers.yaml_text import render_entry
from generator.importers.zillions.command import import_zrf
from generator.importers.zillions.game import read_game
from generator.importers.zillions.hands import held
from generator.importers.zillions.refused import Refused
from generator.zrf import perft as zrf_perft
from generator.zrf import start
from generator.zrf.layout import layout
from generator.zrf.model import load, load_text
from generator.zrf.program import Program
from tests.shared_data import shared_file
from tests.support import run


def _key(name: str) -> str:
    # the download spells a piece's name without its spaces (``Ajax Rook`` is ``AjaxRook``)
    return re.sub(r"[^a-z0-9]", "", name.lower())


def _renamed(fen: str, imported: Variant, original: Variant) -> str:
    """``fen`` of ``imported`` with each piece letter the original's for the piece of the same name."""
    by_name = {_key(p.name): letter for letter, p in original.piece_index.items()}
    letters = {letter: by_name[_key(p.name)] for letter, p in imported.piece_index.items()}
    letters |= {k.lower(): v.lower() for k, v in letters.items()}
    return "".join(letters.get(c, c) for c in fen)


def _rules(v: Variant, original: Variant) -> tuple[object, ...]:
    """``v``'s drops and pawn rules, each letter the original's for the piece of the same name."""
    by_name = {_key(p.name): letter for letter, p in original.piece_index.items()}
    letter = {k: by_name[_key(p.name)] for k, p in v.piece_index.items()}
    drops = v.drops and replace(v.drops, piece_ranks=tuple(sorted((letter[k], r) for k, r in v.drops.piece_ranks)))
    promotion = v.pawn_rules.promotion
    choices = sorted(letter[k] for k in promotion.choices) if promotion else []
    return drops, replace(v.pawn_rules, promotion=promotion and replace(promotion, choices=())), choices


@pytest.mark.parametrize(
    ("catalogue_file", "zip_name", "names"),
    [
        (DEFAULT_CATALOGUE, "Chess (variantgen).zip", ["chess"]),
        # pieces of its own, and two Ministers in hand dropped on the first rank
        (DEFAULT_CATALOGUE, "Ajax Bigamous Chess (variantgen).zip", ["ajax-bigamous", "ajax-bigamous-no-drops"]),
        # captured pieces to the captor's hand, kept on hand positions beside the board; a piece a pawn
        # promoted to goes back as a pawn (crazyhouse) or as itself (loop chess)
        (
            FAIRY_STOCKFISH_CATALOGUE,
            "Crazyhouse and Loop chess (variantgen).zip",
            ["crazyhouse", "loop"],
        ),
    ],
)
def test_a_download_imports_back_as_the_entry_it_was_written_from(
    catalogue_file: Path, zip_name: str, names: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "build", "--catalogue", str(catalogue_file), "--out", str(tmp_path / "out"), *names)
    assert code == 0, err
    catalogue = load_catalogue(catalogue_file)
    result = import_zrf(str(tmp_path / "out" / "zillions" / zip_name), zip_name)
    assert result.left_out == []
    assert len(result.entries) == len(names)
    for (key, data), name in zip(result.entries, names, strict=True):
        original = catalogue.get(name)
        imported = load_catalogue_text("variants:\n" + render_entry(key, data)).variants[0]
        assert imported.title == f"{original.title} (variantgen)"
        assert (imported.board.files, imported.board.ranks) == (original.board.files, original.board.ranks)
        start = _renamed(Position.start(imported).fen(), imported, original)
        assert start == Position.start(original).fen()
        # the rules the first plies do not reach (drops come only after a capture), letters renamed
        assert set(imported.castling) == set(original.castling)
        assert _rules(imported, original) == _rules(original, original)
        assert [perft(Position.start(imported), d) for d in (1, 2, 3)] == [
            perft(Position.start(original), d) for d in (1, 2, 3)
        ]


def test_hands_beside_the_board_are_not_squares_and_their_pieces_are_in_hand() -> None:
    # Simple Shogi (Dagaz's little shogis): a 9-column grid whose columns o and x are killed; the board is
    # the middle band a-c, the two bands beside it (m-n, y-z) the hands, where each side starts with a gold
    # and a silver
    path = shared_file("zillions", "corpus", "DagazProject__ZRF", "LittleShogiPack", "SimpleShogi.zrf")
    prog = Program(load(path).game("Simple Shogi"))
    lay = layout(prog)
    assert not isinstance(lay, str)
    assert (lay.files, lay.ranks) == (3, 5)
    assert sorted(lay.names(prog)) == [f"{f}{r}" for f in "abc" for r in range(1, 6)]
    assert sorted(prog.names[p] for p in lay.hands) == sorted(f"{f}{r}" for f in "mnyz" for r in range(1, 6))
    white = {prog.type_names[t]: n for t, n in held(prog, lay, lay.white).items()}
    black = {prog.type_names[t]: n for t, n in held(prog, lay, lay.black).items()}
    assert white == black == {"Gold": 1, "Silver": 1}


def test_treasure_shogi_promotes_by_piece_and_drops_what_it_captures() -> None:
    # GlukKazan's Treasure Shogi: silvers, knights and lances promote to golds entering or leaving the two
    # far ranks (a knight must, where it could never move again); captures go to the captor's hand as what
    # they promoted from; knights and lances in hand at the start, dropped where they can still move
    path = shared_file("zillions", "corpus", "GlukKazan__ZoG", "Rules", "TreasureShogi.zrf")
    result = import_zrf(str(path), path.name)
    [(name, d)] = result.entries
    assert d["piece_promotion"] == {"ranks": [4, 5], "pieces": {"S": "G", "N": "G", "L": "G"}}
    assert d["setup"]["pockets"] == {"white": {"N": 1, "L": 1}, "black": {"N": 1, "L": 1}}
    assert d["drops"] == {
        "ranks": [1, 2, 3, 4, 5],
        "captures_to_hand": True,
        "piece_ranks": {"N": [1, 2, 3], "L": [1, 2, 3, 4]},
    }
    # the proof (perft 3 and four random games through the interpreter) held
    game = load(path).game("Treasure Shogi")
    assert result.nodes[name] == zrf_perft(start(game), 3)


def test_a_zone_that_is_not_whole_ranks_is_refused() -> None:
    # Rocket Shogi's promotion zone is files a to c of the far three ranks
    path = shared_file("zillions", "corpus", "GlukKazan__ZoG", "Rules", "RocketShogi.zrf")
    with pytest.raises(Refused, match=r"^pieces promote on moves that no zone of ranks, entered or left, says$"):
        read_game(load(path).game("Rocket Shogi"))


def test_a_shogi_download_imports_back_with_its_hands_and_promotions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Fairy-Stockfish's shogi as its Zillions download plays it: promotion by piece, pieces dropped from
    # the hands beside the board, one pawn a file, and the pawn's drop that mates played and lost (a marker
    # on a dummy position, whose goal loses), read back as no_drop_mate
    code, _, err = run(capsys, "build", "--catalogue", str(FAIRY_STOCKFISH_CATALOGUE), "--out", str(tmp_path), "shogi")
    assert code == 0, err
    [download] = (tmp_path / "zillions").glob("Shogi (variantgen).zip")
    [(key, data)] = import_zrf(str(download), download.name).entries
    assert data["piece_promotion"]["ranks"] == [7, 8, 9]
    assert data["immobility_illegal"] is True
    drops = data["drops"]
    assert (drops["captures_to_hand"], drops["one_per_file"], drops["no_drop_mate"]) == (True, "P", "P")
    assert drops["piece_ranks"] == {"P": list(range(1, 9)), "L": list(range(1, 9)), "N": list(range(1, 8))}
    imported = load_catalogue_text("variants:\n" + render_entry(key, data)).variants[0]
    original = load_catalogue(FAIRY_STOCKFISH_CATALOGUE).get("shogi")
    assert Position.start(imported).fen() == Position.start(original).fen()
    assert perft(Position.start(imported), 3) == perft(Position.start(original), 3)


def test_a_drop_refused_where_it_would_mate_is_no_drop_mate() -> None:
    # a Man may not be dropped in front of the enemy King with a friend behind it: in the corner, the King
    # walled in by its own Men, that is the drop that mates; with no friend behind, the King takes it
    text = """(game (title "T") (players White Black) (turn-order White Black)
      (board (grid (dimensions ("a/b/c" (1 0)) ("4/3/2/1" (0 1)))
        (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0) (ne 1 -1) (nw -1 -1) (se 1 1) (sw -1 1)))
        (symmetry Black (n s) (s n) (ne se) (se ne) (nw sw) (sw nw)))
      (piece (name King) (moves (n add) (s add) (e add) (w add) (ne add) (nw add) (se add) (sw add)))
      (piece (name Guard) (moves (n add) (s add) (e add) (w add)))
      (piece (name Man) (moves (n add))
        (drops ((verify empty?) (verify (not (and (piece? King n) (enemy? n) (friend? s)))) add)))
      (board-setup (White (King a1) (Guard b1) (Man c1 off 1)) (Black (King c4) (Guard b4) (Man a4 off 1)))
      (loss-condition (White Black) (checkmated King)))"""
    d = read_game(load_text(text).games[0]).data
    assert d["drops"] == {"ranks": [1, 2, 3, 4], "no_drop_mate": "M"}
    # without the rule, the same game's drops have none
    free = text.replace("(verify (not (and (piece? King n) (enemy? n) (friend? s)))) ", "")
    assert read_game(load_text(free).games[0]).data["drops"] == {"ranks": [1, 2, 3, 4]}


def test_hands_that_no_capture_fills_are_refused() -> None:
    # Dagaz's shogi draws each side's hand on the grid beside the board, but its drops and captures to hand
    # are in Dagaz's JavaScript: in the rules file alone, nothing ever goes there
    path = shared_file("zillions", "corpus", "GlukKazan__Dagaz", "src", "debug", "games", "shogi-family", "shogi.zrf")
    with pytest.raises(Refused, match=r"^hands on the grid beside the board that no capture fills$"):
        read_game(load(path).game("Shogi"))


def test_a_loss_by_a_marker_that_no_mating_drop_creates_is_refused() -> None:
    # a goal on a dummy position reads as the drop that may not mate only where a mating drop creates its piece
    text = """(game (title "T") (players White Black) (turn-order White Black)
      (board (grid (dimensions ("a/b/c" (1 0)) ("4/3/2/1" (0 1)))
        (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0) (ne 1 -1) (nw -1 -1) (se 1 1) (sw -1 1)))
        (symmetry Black (n s) (s n) (ne se) (se ne) (nw sw) (sw nw)) (dummy flagged))
      (piece (name King) (moves (n add) (s add) (e add) (w add) (ne add) (nw add) (se add) (sw add)))
      (piece (name Guard) (moves (n add) (s add) (e add) (w add)))
      (piece (name Man) (moves (n add)) (drops ((verify empty?) add)))
      (piece (name Token) (dummy))
      (board-setup (White (King a1) (Guard b1) (Man c1 off 1)) (Black (King c4) (Guard b4) (Man a4 off 1)))
      (loss-condition (White Black) (absolute-config Token (flagged)))
      (loss-condition (White Black) (checkmated King)))"""
    with pytest.raises(Refused, match=r"^a loss by a piece on dummy positions that no drop that may not mate creates$"):
        read_game(load_text(text).games[0])
