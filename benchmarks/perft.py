"""Perft speed of the reference engine, side by side with python-chess.

    python benchmarks/perft.py [--catalogue FILE] [--depth N]

Runs perft 4 from the chess start and perft 3 from "Kiwipete" with both
engines in the same process, printing nodes per second and the ratio, then
perft N (default 3) from the start of every catalogue variant, with times.
Both engines count the last ply without playing it (python-chess:
``legal_moves.count()``), the usual way to run perft.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import chess

from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
from generator.engine import Position
from generator.engine.perft import perft

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def python_chess_perft(board: chess.Board, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    n = 0
    for m in board.legal_moves:
        board.push(m)
        n += python_chess_perft(board, depth - 1)
        board.pop()
    return n


def timed(fn: Callable[[], int], repeat: int = 3) -> tuple[int, float]:
    """The count and the best wall time of ``repeat`` runs."""
    best, nodes = float("inf"), 0
    for _ in range(repeat):
        t = time.perf_counter()
        nodes = fn()
        best = min(best, time.perf_counter() - t)
    return nodes, best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--catalogue", default=str(DEFAULT_CATALOGUE))
    ap.add_argument("--depth", type=int, default=3, help="perft depth for the catalogue variants")
    args = ap.parse_args()
    catalogue = load_catalogue(args.catalogue)
    chess_variant = catalogue.get("chess")
    assert chess_variant is not None, "the catalogue needs the 'chess' calibration entry"

    print(f"{'position':<10} {'depth':>5} {'nodes':>9} {'variantgen nps':>15} {'python-chess nps':>17} {'ratio':>6}")
    for label, fen, depth in (("start", START, 4), ("kiwipete", KIWIPETE, 3)):
        pos = Position.from_fen(chess_variant, fen)
        ours, t_ours = timed(lambda pos=pos, depth=depth: perft(pos, depth))
        board = chess.Board(fen)
        theirs, t_theirs = timed(lambda board=board, depth=depth: python_chess_perft(board, depth))
        assert ours == theirs, f"{label}: variantgen {ours} != python-chess {theirs}"
        nps, ref = ours / t_ours, theirs / t_theirs
        print(f"{label:<10} {depth:>5} {ours:>9} {nps:>15,.0f} {ref:>17,.0f} {nps / ref:>6.2f}")

    print()
    print(f"perft {args.depth} from the start of every catalogue variant")
    print(f"{'variant':<38} {'nodes':>10} {'seconds':>8} {'nps':>10}")
    for v in catalogue.variants:
        pos = Position.start(v)
        nodes, t = timed(lambda pos=pos: perft(pos, args.depth), repeat=1)
        print(f"{v.name:<38} {nodes:>10} {t:>8.2f} {nodes / t:>10,.0f}")


if __name__ == "__main__":
    main()
