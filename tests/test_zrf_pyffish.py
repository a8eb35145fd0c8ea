"""The ZRF interpreter against Fairy-Stockfish (pyffish) on real files: where a game of Zillions'
own ``Chess.zrf`` and ``fairychess.zrf`` or of the corpus is the same game as a Fairy-Stockfish
built-in, their perft agrees at depths 1-3 from the start.

Corpus games named like a built-in whose perft differs, and why (not tested here):

* Courier Chess, the first game of ``courier-chess.zrf`` (20 moves, Fairy-Stockfish 26): an
  older set-up; the file's second game is Fairy-Stockfish's and is tested;
* Horde Chess (``chess.zrf``), Micro Chess (``mini-chess.zrf``), Mini XiangQi, Janggi: other
  set-ups or rules (Fairy-Stockfish's Janggi lets a side pass and choose its set-up);
* Sittuyin: Fairy-Stockfish starts with the set-up phase, the Dagaz file with the pieces placed;
* Amazons: Fairy-Stockfish makes the move and the arrow one move, the Dagaz file two parts;
* Shogi (25,440 at depth 3, Fairy-Stockfish 25,470): the Dagaz file has promotion zones but no
  move that promotes (Dagaz promotes in JavaScript), so 1.c4 a6 2.Bxg7+ is missing, the first of
  the 30;
* Mini Shogi and Kyoto Shogi (depth 2): the files' goal is capturing the king
  (``pieces-remaining 0 King``), not checkmate, so 1.Rxe4+ has 15 replies there, 2 in
  Fairy-Stockfish; Kyoto Shogi's flips are also spelled as a new type (``a1a2r``, not ``a1a2-``);
* Hoppel-Poppel (9,038 at depth 3, Fairy-Stockfish 9,034): the file has no goal at all, so no
  move is illegal for check: 1.d3 Nh6 2.Kd2 walks into the knight's bishop-like capture, 4 times.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from shared_data import shared_file
from support import pyffish_perft

from generator.zrf import load, perft, start

pyffish = pytest.importorskip("pyffish")

DAGAZ = ("zillions", "corpus", "GlukKazan__Dagaz", "src", "debug", "games")

# (file under ../shared, game title or number, Fairy-Stockfish variant, perft 1-3)
SAME_GAMES = [
    (("zillions", "Chess.zrf"), "Chess", "chess", (20, 400, 8902)),
    (("zillions", "Chess.zrf"), "Knightmate", "knightmate", (18, 324, 6765)),
    # Zillions' Losing Chess; antichess and giveaway differ only in castling, which depth 3 does not reach
    (("zillions", "Chess.zrf"), "Losing Chess", "antichess", (20, 400, 8067)),
    (("zillions", "Chess.zrf"), "Extinction Chess", "extinction", (20, 400, 8902)),
    (("zillions", "Chess.zrf"), "Kinglet Chess", "kinglet", (20, 400, 8902)),
    (("zillions", "Chess.zrf"), "Pocket Knight Chess", "pocketknight", (52, 2565, 88617)),
    (("zillions", "fairychess.zrf"), "Fairy Chess", "fairy", (20, 400, 8902)),
    (("zillions", "fairychess.zrf"), "Shatranj", "shatranj", (16, 256, 4176)),
    (("zillions", "fairychess.zrf"), "Grand Chess", "grand", (65, 4225, 259514)),
    (("zillions", "fairychess.zrf"), "Berolina Chess", "berolina", (30, 900, 28328)),
    (("zillions", "fairychess.zrf"), "Grasshopper Chess", "grasshopper", (28, 782, 22314)),
    ((*DAGAZ, "chess", "chess.zrf"), "Chess", "chess", (20, 400, 8902)),
    ((*DAGAZ, "chess", "makruk.zrf"), "Makruk", "makruk", (23, 529, 12012)),
    ((*DAGAZ, "chess", "shatranj.zrf"), "Shatranj", "shatranj", (16, 256, 4176)),
    ((*DAGAZ, "chess", "chaturanga.zrf"), "Chaturanga", "chaturanga", (16, 256, 4176)),
    ((*DAGAZ, "chess", "courier-chess.zrf"), "2", "courier", (26, 678, 18406)),
    ((*DAGAZ, "chess", "mini-chess.zrf"), "Los Alamos Chess", "losalamos", (10, 100, 1212)),
    ((*DAGAZ, "chess", "troitzky-chess.zrf"), "Troitzky Chess", "troitzky", (20, 400, 8766)),
    ((*DAGAZ, "breakthrough", "jeson-mor.zrf"), "Jeson Mor", "jesonmor", (30, 900, 27960)),
    ((*DAGAZ, "xiangqi", "xiangqi.zrf"), "XiangQi", "xiangqi", (44, 1920, 79666)),
    (
        ("zillions", "corpus", "DagazProject__ZRF", "LeganChess", "legan-chess.zrf"),
        "Legan Chess",
        "legan",
        (8, 64, 724),
    ),
]


@pytest.mark.slow  # 1 min: fairychess.zrf's games at depth against pyffish
@pytest.mark.parametrize(
    ("parts", "title", "variant", "counts"), SAME_GAMES, ids=[f"{g[1]}-{g[2]}" for g in SAME_GAMES]
)
def test_perft_equals_fairy_stockfish(
    parts: tuple[str, ...], title: str, variant: str, counts: tuple[int, ...]
) -> None:
    path: Path = shared_file(*parts)
    state = start(load(path).game(title))
    fen = pyffish.start_fen(variant)
    ours = tuple(perft(state, d) for d in (1, 2, 3))
    theirs = tuple(pyffish_perft(variant, fen, [], d) for d in (1, 2, 3))
    assert ours == theirs == counts
